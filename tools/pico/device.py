"""An emulated Pico driven from Python: starts tools/pico/pico.mjs, decodes its I2C writes with tools/emu's panels, presses buttons, records the piezo, the flash and the console."""

import json
import os
import shutil
import socket
import subprocess
import threading

from emu.oled_panels import make_panel
from paths import ROOT
from pico import bootrom, firmware

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "pico.mjs")
BUTTONS = {"UP": 10, "DOWN": 11, "LEFT": 12, "RIGHT": 13, "A": 14, "B": 15}
PANEL_ADDR = 0x3C
HOST_WAIT_S = 600  # a command's reply may take this long on a slow host


class PicoError(RuntimeError):
    """The emulator process failed or a command was refused."""


def node_path():
    node = shutil.which("node")
    if not node:
        raise PicoError("node is missing: the emulated Pico runs on Node.js (v20)")
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")):
        raise PicoError("rp2040js is missing: run `npm ci` (it is pinned in package-lock.json)")
    return node


def erased_flash(path, image=None):
    """Write an erased 2 MB flash to `path`, with `image` (a firmware) at its start, as a
    Pico that has just been given a UF2 in BOOTSEL mode."""
    data = bytearray(b"\xff" * firmware.FLASH_SIZE)
    if image:
        data[: len(image)] = image
    with open(path, "wb") as f:
        f.write(data)
    return path


def run_until(emulated, test, limit_ms, step_ms):
    """Run `emulated` (a Pico, or Picos on a line: its `ms` and run(ms)) in steps until
    test() is true (then True) or `limit_ms` have passed (False)."""
    end = emulated.ms + limit_ms
    while emulated.ms < end:
        if test():
            return True
        emulated.run(min(step_ms, end - emulated.ms))
    return test()


class Pico:
    """One emulated Pico. `flash`: a flash file (erased_flash() makes one); the panel kind
    ("ssd1306" or "sh1106") at I2C address `panel_addr`; `timing`: "typical" or "max"
    flash timings; `uid`: the flash's unique ID (8 bytes, machine.unique_id), else one of
    its own drawn from the flash file's path (each Pico its own, as real ones). Everything
    runs only while run() is called (or `go` is on)."""

    def __init__(self, flash, panel="ssd1306", panel_addr=PANEL_ADDR, timing="typical",
                 uid=None):
        self.flash_path = flash
        self.kind = panel
        self.panel_addr = panel_addr
        self.panel = make_panel(panel)
        self.i2c = []  # (t_ns, addr, bytes) of every write the panel's address ACKed
        self.pwm = []  # (t_ns, on, freq, duty)
        self.flash_ops = []  # (t_ns, op, addr, len)
        self.events = []  # reset / cut / power / usb events, as dicts
        self.console = []  # text the device wrote on USB
        self.uart_out = []  # (t_ns, byte) UART0 sent (the link port), until taken
        self.logs = []
        self.t_ns = 0
        self._lock = threading.Condition()
        self._replies = {}
        self._next_id = 0
        self.cdc_port = None
        cmd = [node_path(), SCRIPT, "--bootrom", bootrom.path(), "--flash", flash, "--timing",
               timing] + (["--uid", bytes(uid).hex()] if uid is not None else [])
        self.proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=ROOT, bufsize=0)
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._errs = threading.Thread(target=self._read_stderr, daemon=True)
        self._errs.start()
        with self._lock:
            if not self._lock.wait_for(lambda: self.cdc_port or self.proc.poll() is not None,
                                       HOST_WAIT_S):
                raise PicoError("the emulator did not start")
        if not self.cdc_port:
            raise PicoError("the emulator stopped at start: %s" % "".join(self.logs)[-2000:])
        if panel_addr != PANEL_ADDR:
            self.cmd("panel", addr=PANEL_ADDR, present=False)
            self.cmd("panel", addr=panel_addr, present=True)

    # --- the process ------------------------------------------------------------------------
    def _read_stderr(self):
        for line in self.proc.stderr:
            self.logs.append(line.decode("utf-8", "replace"))

    def _read(self):
        for line in self.proc.stdout:
            try:
                ev = json.loads(line)
            except ValueError:
                self.logs.append(line.decode("utf-8", "replace"))
                continue
            kind = ev.get("ev")
            if kind == "i2c":
                self._i2c(ev)
                continue
            with self._lock:
                if kind == "con":
                    self.console.append(ev["d"])
                elif kind == "uart":
                    self.uart_out.append((ev["t"], ev["d"]))
                elif kind == "pwm":
                    self.pwm.append((ev["t"], ev["on"], ev["freq"], ev["duty"]))
                elif kind == "flash":
                    self.flash_ops.append((ev["t"], ev["op"], ev["addr"], ev["len"]))
                elif kind in ("reset", "cut", "power", "usb"):
                    self.events.append(ev)
                elif kind == "log":
                    self.logs.append(ev["msg"] + "\n")
                elif kind == "ready":
                    self.cdc_port = ev["cdc_port"]
                elif kind in ("done", "error", "peek", "stats"):
                    if "t" in ev:
                        self.t_ns = max(self.t_ns, ev["t"])
                    if kind == "error" and ev.get("id") is None:
                        self.logs.append("error: %s\n" % ev.get("msg"))
                    elif kind in ("done", "error") or ev.get("id") is not None:
                        self._replies.setdefault(ev.get("id"), []).append(ev)
                self._lock.notify_all()
        with self._lock:
            self._lock.notify_all()

    def _i2c(self, ev):
        data = bytes.fromhex(ev["d"])
        with self._lock:
            self.i2c.append((ev["t"], ev["a"], data))
            if ev["a"] == self.panel_addr:
                self.panel.receive(data)

    def cmd(self, op, **kw):
        """Send one command and wait for its answer (a run: until its time is over); the
        replies (dicts) it brought, the last being its "done"."""
        return self.answer(self.send(op, **kw))

    def send(self, op, **kw):
        """Send one command without waiting (several Picos then run at once); its id, for
        answer()."""
        with self._lock:
            self._next_id += 1
            cid = self._next_id
        kw.update(op=op, id=cid)
        try:
            self.proc.stdin.write((json.dumps(kw) + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            raise PicoError("the emulator has stopped: %s" % "".join(self.logs)[-2000:])
        return cid

    def answer(self, cid, op="the command"):
        """Wait for the answer to command `cid` (send's); its replies, as cmd()."""
        with self._lock:
            def answered():
                got = self._replies.get(cid, ())
                return any(e["ev"] in ("done", "error") for e in got) or self.proc.poll() is not None
            if not self._lock.wait_for(answered, HOST_WAIT_S):
                raise PicoError("no answer to %s within %d s" % (op, HOST_WAIT_S))
            got = self._replies.pop(cid, [])
        if not got:
            raise PicoError("the emulator has stopped: %s" % "".join(self.logs)[-2000:])
        if got[-1]["ev"] == "error":
            raise PicoError("%s: %s" % (op, got[-1]["msg"]))
        return got

    def close(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.write(b'{"op":"quit"}\n')
                self.proc.stdin.flush()
                self.proc.wait(5)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- time -------------------------------------------------------------------------------
    @property
    def ms(self):
        """Emulated milliseconds since the first power-on."""
        return self.t_ns / 1e6

    def run(self, ms, pace=0):
        """Run `ms` emulated milliseconds (pace: at most that many emulated s per host s).
        Returns False when the power was cut meanwhile."""
        done = self.cmd("run", ms=ms, pace=pace)[-1]
        return not done.get("dead")

    def go(self, pace=1.0):
        """Run on until the next command (pace 1: real time; 0: as fast as the host goes)."""
        self.cmd("run", ms=None, pace=pace)

    def pause(self):
        self.cmd("pause")

    def run_until(self, test, limit_ms, step_ms=20):
        """Run in steps until test() is true (then True) or `limit_ms` have passed (False)."""
        return run_until(self, test, limit_ms, step_ms)

    # --- the world around the chip ------------------------------------------------------------
    def button(self, name, pressed, at_ms=None):
        """Press (pressed=True: the pin is pulled low) or release a button, now or at an
        emulated time (ms since the first power-on); the emulated ms it was asked at."""
        at = None if at_ms is None else int(at_ms * 1e6)
        done = self.cmd("pin", gpio=BUTTONS[name], level=0 if pressed else 1, at_ns=at)[-1]
        return done["t"] / 1e6

    def press(self, name, hold_ms=60, after_ms=0):
        """Press and release a button (held `hold_ms`), then run `after_ms` more."""
        self.button(name, True)
        self.run(hold_ms)
        self.button(name, False)
        if after_ms:
            self.run(after_ms)

    def take_uart(self):
        """The (t_ns, byte) UART0 sent since the last call."""
        with self._lock:
            out = self.uart_out
            self.uart_out = []
        return out

    def feed_uart(self, timed):
        """Bytes heard on the link line, [(at_ns, byte)], into UART0 at their times."""
        if timed:
            self.cmd("uart", b=[[int(t), b] for t, b in timed])

    def plug_panel(self, present, addr=None):
        """Unplug the panel (it NACKs) or plug it back in (a fresh module: RAM and settings lost)."""
        addr = self.panel_addr if addr is None else addr
        if present:
            with self._lock:
                self.panel = make_panel(self.kind)
        self.cmd("panel", addr=addr, present=present)

    def cut_power_at(self, n, mid=False):
        """Cut the power at the n-th flash operation (erase of a sector, program of a page) from now."""
        self.cmd("cut_at", n=n, mid=mid)

    def power(self, on):
        """Cut the power now (on=False) or power on again (flash kept, RAM lost)."""
        self.cmd("power", on=on)

    def battery(self, **kw):
        """The LiPo cell on VSYS (tools/pico/battery.mjs): mah, charge (0..1), usb (USB power
        plugged: GP24 high; the USB serial link itself stays up), connected (False: GPIO29
        floats), panel_ma (the panel's share of the current while it is on)."""
        self.cmd("battery", **kw)

    def set_timing(self, name):
        self.cmd("timing", name=name)

    def save_flash(self, path):
        self.cmd("save", path=path)

    def peek(self, addr, n):
        """`n` bytes of memory at `addr`."""
        for ev in self.cmd("peek", addr=addr, len=n):
            if ev["ev"] == "peek":
                return bytes.fromhex(ev["d"])
        raise PicoError("no peek reply")

    def poke(self, addr, data):
        """Write `data` into memory at `addr`."""
        self.cmd("poke", addr=addr, d=bytes(data).hex())

    def stats(self):
        """{t, busy_ns, idle_ns, host_ns, erases, programs, ops, resets, timing, powered,
        power: {busy: {hz: ns}, wait: {hz: ns}, light, dormant, panelOn} since the last
        power-on or reset, battery: {charge, vsys_mv, usb, fitted, used_mah, load_ma}}."""
        for ev in self.cmd("stats"):
            if ev["ev"] == "stats":
                return ev
        raise PicoError("no stats reply")

    # --- what came out ------------------------------------------------------------------------
    def image(self):
        """What the panel's glass shows: 1,024 MONO_VLSB bytes."""
        with self._lock:
            return self.panel.image()

    def text(self):
        """Everything the device has written on USB so far."""
        with self._lock:
            return "".join(self.console)

    def lit_pixels(self):
        return sum(bin(b).count("1") for b in self.image())

    def serial(self):
        """A socket on the device's USB CDC port (what a host writes, the device reads)."""
        return socket.create_connection(("127.0.0.1", self.cdc_port))
