"""`make emulate PICO_FIRMWARE=...`: the real MicroPython firmware on an erased emulated Pico, the project put on it by make flash, then played in this terminal like the simulator (same keys, same drawing), paced to real time.

    python3 tools/pico/emulate.py [--board pico_ssd1306|pico_sh1106] [--keep]

--keep plays on the flash the last run left (build/pico/emulate-flash.bin) instead of an
erased Pico: the saves and settings are still there, and make flash copies only what
changed."""

import argparse
import os
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import paths  # noqa: E402,F401  (firmware/ and tools/ on sys.path)
from flash.errors import DeployError  # noqa: E402
from flash.image import board_profile  # noqa: E402
from pico import device, firmware, provision  # noqa: E402
from simulator.keys import TAP_MS  # noqa: E402
from simulator.terminal import KEYS_LINE, Terminal, render_braille, render_half  # noqa: E402

FLASH = os.path.join(provision.BUILD, "emulate-flash.bin")
LONG_B_MS = 700  # Esc: a long press of B, as in the simulator
FRAME_S = 0.03  # how often keys are read and the panel redrawn
ARROWS = {ord("A"): "UP", ord("B"): "DOWN", ord("C"): "RIGHT", ord("D"): "LEFT"}


def keys_to_presses(data):
    """[(button, hold ms)] for typed bytes (the simulator's keys: arrows, z/Enter = A,
    x/Backspace = B, Esc = long B) and whether q (or Ctrl-C / Ctrl-D) was typed."""
    out = []
    i = 0
    while i < len(data):
        c = data[i]
        if c == 0x1B:
            if i + 2 < len(data) and data[i + 1] in (0x5B, 0x4F):
                if data[i + 2] in ARROWS:
                    out.append((ARROWS[data[i + 2]], TAP_MS))
                i += 3
                continue
            out.append(("B", LONG_B_MS))
        elif c in (0x7A, 0x5A, 0x0D, 0x0A):
            out.append(("A", TAP_MS))
        elif c in (0x78, 0x58, 0x7F, 0x08):
            out.append(("B", TAP_MS))
        elif c in (0x71, 0x51, 0x03, 0x04):
            return out, True
        i += 1
    return out, False


def draw(term, pico, braille):
    image = pico.image()
    lines = render_braille(image) if braille else render_half(image)
    width = len(lines[0])
    body = ["\u2502" + line + "\u2502" for line in lines]
    status = "" if pico.panel.lit() else "  (display off: any key wakes it)"
    term.write("\x1b[H" + "\r\n".join(["\u250c" + "\u2500" * width + "\u2510"] + body
                                      + ["\u2514" + "\u2500" * width + "\u2518",
                                         KEYS_LINE + status]) + "\x1b[K")


def play(pico):
    """The terminal loop: typed keys become presses at the emulated time they arrive."""
    try:
        term = Terminal()
    except Exception as e:  # termios.error, OSError: stdin is not a terminal
        print("make emulate: no terminal to play in (%s)" % e)
        return 1
    cols, rows = shutil.get_terminal_size((80, 24))
    braille = rows < 36 or cols < 130
    queue = []
    free_at = 0.0  # emulated ms when the next press may start (one press at a time)
    seen = -1
    quitting = False
    try:
        term.write("\x1b[2J\x1b[?25l")
        pico.go(pace=1.0)
        while True:
            presses, quit_ = keys_to_presses(term.read(int(FRAME_S * 1000)))
            queue += presses
            quitting = quitting or quit_
            if queue and pico.ms < free_at:
                pico.stats()  # the emulated clock now (no frame may have come since)
            if queue and pico.ms >= free_at:
                name, hold = queue.pop(0)
                now = pico.button(name, True)
                pico.button(name, False, at_ms=now + hold)
                free_at = now + hold + 40  # the release seen by a poll, then debounce
            if len(pico.i2c) != seen:
                seen = len(pico.i2c)
                draw(term, pico, braille)
            if quitting and not queue:
                return 0
            if pico.proc.poll() is not None:
                raise device.PicoError("the emulator stopped")
    finally:
        term.restore()
        stats = pico.stats()
        print("emulated %.1f s; CPU busy %.1f %% of it" % (
            stats["t"] / 1e9, 100.0 * stats["busy_ns"] / max(1, stats["t"])))


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--board", default=os.environ.get("BOARD") or "pico_ssd1306")
    p.add_argument("--keep", action="store_true", default=bool(os.environ.get("KEEP")))
    args = p.parse_args(argv)
    try:
        board_profile(args.board)  # a name that is not a profile: refused before anything
        image = firmware.from_env()
    except (DeployError, firmware.FirmwareError) as e:
        print("make emulate: %s" % e, file=sys.stderr)
        return 2
    os.makedirs(provision.BUILD, exist_ok=True)
    if not (args.keep and os.path.exists(FLASH)):
        device.erased_flash(FLASH, image)
        print("an erased emulated Pico, given %s" % os.path.basename(os.environ[firmware.ENV]))
    panel = "sh1106" if "sh1106" in args.board else "ssd1306"
    t0 = time.time()
    with device.Pico(FLASH, panel=panel) as pico:
        pico.run(provision.BOOT_MS)
        rc, _ = provision.make_flash(pico, args.board, echo=True)
        if rc:
            print("make emulate: make flash failed (exit %d)" % rc, file=sys.stderr)
            return rc
        print("flashed in %.0f s; playing (q quits)" % (time.time() - t0))
        time.sleep(1)
        try:
            return play(pico)
        finally:
            pico.pause()
            pico.save_flash(FLASH)


if __name__ == "__main__":
    sys.exit(main())
