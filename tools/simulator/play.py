"""The simulator: the firmware on the emulated board under the MicroPython unix port.

    micropython tools/sim.py [--panel sh1106] [--seed S]        play in this terminal
    micropython tools/sim.py --link NAME          one console of a link game (2-6 terminals)
    python3 tools/sim.py --headless --keys A,DOWN,B:800 --out DIR [--seed S]
    python3 tools/sim.py --headless --keys-file FILE --out DIR [--keep-data]
    python3 tools/sim.py --headless --out DIR --keys-file A --keys-file B [...]   linked

Interactive keys: arrows = directions, z or Enter = A, x or Backspace = B (hold x for a
long press of B, or press Esc), q quits. Headless: the buttons are pressed in order
(`NAME:MS` holds one for MS ms, `WAIT:MS` waits, on virtual time) and every frame that
changed is written as DIR/NNNN.png (4x, white on black) and DIR/NNNN.bin (display RAM).
A keys file holds the same keys, separated by commas, spaces or new lines (`#` starts a
comment); RESTART switches the console off there and on again with its flash kept (what
make screenshots' key files use to show "Continue game?"). The emulated flash is DIR/.data,
emptied at each start unless --keep-data (so a second run can show "Continue game?" for
the game the first one left). Interactive play keeps its saves in .emu-data/ (the emulated
/data, in the folder it runs from): delete that folder for a console that was never used.

The unix port stores each command-line argument as a qstr, whose length must fit a byte:
an argument of 256 bytes or more stops `micropython` before any Python runs ("FATAL:
uncaught NLR"). So long key lists go in a file; under CPython a long --keys is written to
a temporary keys file for the micropython run (run_under_micropython). Under CPython the
script runs itself again under micropython."""

import os
import sys

import paths
from simulator.folders import clear_dir, make_dirs
from simulator.keys import GAP_MS, parse_script, read_keys_file

USAGE = (
    "usage: micropython tools/sim.py [--panel ssd1306|sh1106] [--seed S] [--link NAME]\n"
    "       python3 tools/sim.py --headless --keys A,DOWN,B:800,WAIT:500 --out DIR [--seed S]\n"
    "       python3 tools/sim.py --headless --keys-file FILE --out DIR [--keep-data]\n"
    "       python3 tools/sim.py --headless --out DIR --keys-file A --keys-file B [...]\n"
    "                [--line-faults ERROR,DROP] [--unplug N@FROM-TO]   (linked consoles)"
)
HELP = """The console's firmware on an emulated board (make play runs it).

Play in this terminal: arrows = the direction buttons, z or Enter = A, x or Backspace = B,
hold x or press Esc = a long press of B (back to the menu), q = quit. The saves are kept
in .emu-data/ in the folder it runs from (delete it to start afresh).

options:
  -h, --help         this help
  --panel KIND       ssd1306 (the 0.96" panel, the default) or sh1106 (1.3")
  --seed S           a whole number: the same dice and cards every run
  --link NAME        plug this console into the link line NAME: start 2 to 6 terminals
                     with the same NAME (make play LINK=NAME) for a link game; they talk
                     over UDP on this computer's loopback address only. Each keeps its
                     saves in .emu-data/NAME-N/ (N: its place on the line, 1 to 8)
  --headless         no terminal: press the keys given, write every changed frame as
                     DIR/NNNN.png (4x) and DIR/NNNN.bin (the 1,024 bytes of display RAM)
  --keys KEYS        the keys to press, e.g. A,DOWN,B:800,WAIT:500 (UP DOWN LEFT RIGHT A
                     B; NAME:MS holds one MS ms, WAIT:MS waits; RESTART switches the
                     console off and on again, its flash kept)
  --keys-file FILE   the same keys from a file (commas, spaces or new lines; # comments)
  --out DIR          where --headless writes the frames; its flash is DIR/.data
  --keep-data        --headless: boot with DIR/.data as the last run left it (else emptied)
  --battery PCT      a LiPo cell is fitted, charged PCT % (0-100), or "usb": on USB power
                     (the battery mark shows; without this option no cell, no mark)

linked consoles (--headless with 2 to 6 --keys-file, one a console, all on one emulated
link line; console N writes its frames to DIR/N/, DIR/line.txt lists the line's frames):
  --line-faults E,D  the chance per byte and console of a flipped bit (E), a lost byte (D)
  --unplug N@A-B     console N's cable is out from A ms to B ms (repeatable)
"""
ARG_MAX = 255  # bytes in one argument the unix port takes (a qstr's length is one byte)
SETTLE_MS = 400  # time run after the last key
START_MS = 300  # time the first screen shows before the first key


def parse(argv):
    """Options as a dict; raises ValueError with a message for bad ones."""
    opts = {"help": False, "headless": False, "keys": None, "keys-file": None, "out": None, "seed": None,
            "panel": "ssd1306", "keep-data": False, "link": None, "keys-files": [],
            "line-faults": None, "unplug": [], "battery": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("--headless", "--keep-data"):
            opts[a[2:]] = True
        elif a in ("--keys", "--keys-file", "--out", "--seed", "--panel", "--link",
                   "--line-faults", "--unplug", "--battery"):
            if i + 1 >= len(argv):
                raise ValueError(a + " needs a value")
            i += 1
            if a == "--unplug":
                from simulator.linked import parse_unplug

                opts["unplug"].append(parse_unplug(argv[i]))
            else:
                opts[a[2:]] = argv[i]
            if a == "--keys-file":
                opts["keys-files"].append(argv[i])
        elif a in ("-h", "--help"):
            return {"help": True}
        else:
            raise ValueError("unknown argument " + a)
        i += 1
    if opts["seed"] is not None:
        try:
            opts["seed"] = int(opts["seed"])
        except ValueError:
            raise ValueError("--seed needs a whole number, not " + opts["seed"])
    bat = opts["battery"]
    if bat is not None and bat != "usb" and not (bat.isdigit() and int(bat) <= 100):
        raise ValueError("--battery is a charge 0-100 or usb, not " + bat)
    if opts["panel"] not in ("ssd1306", "sh1106"):
        raise ValueError("--panel is ssd1306 or sh1106")
    if opts["headless"] and not opts["out"]:
        raise ValueError("--headless needs --out DIR")
    if opts["line-faults"] is not None:
        from simulator.linked import parse_faults

        opts["line-faults"] = parse_faults(opts["line-faults"])
    if len(opts["keys-files"]) > 1:
        if not opts["headless"] or opts["keys"] is not None:
            raise ValueError("several --keys-file are linked consoles: --headless, no --keys")
        opts["scripts"] = [parse_script(read_keys_file(f)) for f in opts["keys-files"]]
        for f, runs in zip(opts["keys-files"], opts["scripts"]):
            if len(runs) > 1:
                raise ValueError(f + ": RESTART is not for linked consoles (--unplug is)")
        opts["scripts"] = [runs[0] for runs in opts["scripts"]]
        return opts
    if opts["line-faults"] or opts["unplug"]:
        raise ValueError("--line-faults and --unplug are for linked consoles")
    keys = opts["keys"] or ""
    if opts["keys-file"] is not None:
        if opts["keys"] is not None:
            raise ValueError("give --keys or --keys-file, not both")
        keys = read_keys_file(opts["keys-file"])
    if (keys or opts["keep-data"]) and not opts["headless"]:
        raise ValueError("--keys, --keys-file and --keep-data are for --headless")
    if opts["link"] is not None and opts["headless"]:
        raise ValueError("--link is for play in a terminal (headless: tools/simulator/linked.py)")
    opts["script"] = parse_script(keys)  # the keys of each power-on
    return opts


def too_long(arg):
    """True when the unix port cannot take `arg` as an argument (see the docstring)."""
    return len(arg.encode()) > ARG_MAX


def run_under_micropython(script):
    """CPython: run `script` under micropython with this process's arguments; a --keys
    value too long for the unix port goes through a temporary keys file."""
    argv = sys.argv[1:]
    long_keys = [i for i in range(len(argv) - 1) if argv[i] == "--keys" and too_long(argv[i + 1])]
    if not long_keys:
        paths.reexec_under_micropython(script)
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        for i in long_keys:
            path = os.path.join(tmp, "keys%d.txt" % i)
            with open(path, "w") as f:
                f.write(argv[i + 1])
            argv[i : i + 2] = ["--keys-file", path]
        cmd, env = paths.micropython_command(script, argv)
        sys.exit(subprocess.call(cmd, env=env))


def make_board(opts, **extra):
    """The emulated board, built the way the device builds its own: ui.start.load_board()
    imports `board`, here tools/emu/board.py (first on sys.path: the repository root,
    where board/ is a folder, may be on it too)."""
    from emu.board import configure

    if sys.path[0] != paths.EMU:
        sys.path.insert(0, paths.EMU)

    bat = opts.get("battery")
    if bat is not None:
        from emu.battery import Cell

        extra["battery"] = Cell(usb=True) if bat == "usb" else Cell(charge=int(bat) / 100)
    configure(panel=opts["panel"], seed=opts["seed"], **extra)
    from ui.start import load_board

    return load_board()


# --- headless ----------------------------------------------------------------------------
class Recorder:
    """Writes each changed glass image as NNNN.png + NNNN.bin (display RAM) into a folder,
    numbered on from `count`."""

    def __init__(self, board, out, count=0):
        self.emu = board.emu
        self.out = out
        self.count = count
        self.last = None
        self.bytes_seen = -1

    def capture(self):
        from simulator import png

        bus = self.emu.bus
        if bus.bytes == self.bytes_seen:
            return
        self.bytes_seen = bus.bytes
        image = self.emu.panel.image()
        if image == self.last:
            return
        self.last = image
        base = self.out + "/%04d" % self.count
        png.write(base + ".png", image)
        with open(base + ".bin", "wb") as f:
            f.write(self.emu.panel.ram_view())
        self.count += 1


def _clear_frames(out):
    for name in os.listdir(out):
        if len(name) == 8 and name[:4].isdigit() and name[4:] in (".png", ".bin"):
            os.remove(out + "/" + name)


def _power_off(kept):
    """Forget every module imported since `kept` (the names loaded before the first
    power-on): the next boot imports the firmware afresh, as the device does after a
    power cut; only the emulated flash (a folder) stays."""
    import gc

    for name in list(sys.modules):
        if name not in kept:
            del sys.modules[name]
    gc.collect()


def headless(opts):
    """Boot the firmware as main.py does (ui.boot.run) on virtual time, with the key
    presses scheduled ahead, and record a frame whenever the panel changed; at each
    RESTART of the script, power off and boot again on the same flash. The saves of the
    last run are there at the first boot with --keep-data."""
    out = opts["out"].rstrip("/") or "."
    make_dirs(out)
    _clear_frames(out)
    data = out + "/.data"  # the emulated flash: kept for the next run with --keep-data
    if not opts["keep-data"]:
        clear_dir(data)
    make_dirs(data)
    kept = set(sys.modules)
    count = 0
    for i, script in enumerate(opts["script"]):
        if i:
            _power_off(kept)
        count = _power_on(opts, data, out, script, count)
        if count < 0:
            return 1
    print("sim: %d frames written to %s" % (count, out))
    return 0


def _power_on(opts, data, out, script, count):
    """One boot on the flash folder `data`, pressing `script`; the frames written so far
    (frames are numbered on from `count`), or -1 when the board could not be built."""
    board = make_board(opts, clock="virtual", data_dir=data)
    if board is None:
        return -1
    rec = Recorder(board, out, count)
    clock = board.clock
    sleep = clock.sleep_ms

    def sleep_and_record(ms):
        rec.capture()  # the frame just shown
        sleep(ms)

    clock.sleep_ms = sleep_and_record
    pins = board.emu.buttons
    t = board.emu.time.now + START_MS
    for button, ms in script:
        if button >= 0:
            pins.press(button, ms, at_ms=t)
            t += GAP_MS
        t += ms
    t += SETTLE_MS
    from ui.boot import run
    from ui.loop.app import FRAME_MS

    run(board, frames=(t - board.emu.time.now) // FRAME_MS + 1)
    rec.capture()
    return rec.count


# --- interactive -------------------------------------------------------------------------
def interactive(opts):
    from simulator.player import Player
    from simulator.terminal import Terminal

    try:
        term = Terminal()
    except Exception:
        print("sim.py: no terminal to play in (stdin is not a terminal).")
        print("Run it in a terminal, or use the headless mode:")
        print(USAGE)
        return 1
    player = Player(term)
    extra = {}
    if opts.get("link"):
        from emu.socket_line import SocketLine

        try:
            line = SocketLine(opts["link"])
        except ValueError as e:
            term.restore()
            print("sim.py: " + str(e))
            return 2
        extra["link"] = line
        extra["data_dir"] = ".emu-data/%s-%d" % (opts["link"], line.slot + 1)
        make_dirs(extra["data_dir"])
    try:
        board = make_board(opts, clock="real", sleep_hook=player.sleep, **extra)
        if board is None:
            return 1
        if extra:  # the console's id on the link: the same for the same place on the line
            board.link_uid = extra["data_dir"].encode()
        player.attach(board)
        from ui.boot import run

        run(board)  # what main.py runs on the device (through ui.boot.main)
    except SystemExit:
        pass
    finally:
        term.restore()
    return 0


def options(parse, argv, usage):
    """parse(argv), or None once the ValueError it raised and `usage` are said."""
    try:
        return parse(argv)
    except ValueError as e:
        print("sim.py: " + str(e))
        print(usage)
        return None


def main(argv):
    opts = options(parse, argv, USAGE)
    if opts is None:
        return 2
    if opts["help"]:
        print(USAGE)
        print(HELP)
        return 0
    if opts.get("scripts"):
        return headless_linked(opts)
    if opts["headless"]:
        return headless(opts)
    return interactive(opts)


def headless_linked(opts):
    """Several consoles from several keys files, linked (tools/simulator/linked.py)."""
    from simulator import linked

    try:
        consoles = linked.run(opts, opts["scripts"], make_board, Recorder)
    except ValueError as e:
        print("sim.py: " + str(e))
        return 2
    for c in consoles:
        print("sim: console %d: %d frames written to %s/%d" % (c.index, c.rec.count,
                                                                 opts["out"].rstrip("/"), c.index))
    print("sim: the line's frames are in %s/line.txt" % opts["out"].rstrip("/"))
    return 0


