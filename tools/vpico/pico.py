"""A virtual Raspberry Pi Pico for mpremote: MicroPython's unix port behind a pseudo-terminal.

    python3 tools/virtual_pico.py --image FILE [--board emulated] [--panel FILE]

prints the device path (e.g. /dev/pts/7) as its first line of stdout, then serves until it
is stopped (SIGTERM/SIGINT), or its parent goes away. The device side of the pty is in raw
mode, as a board's USB serial port. Behind it, `micropython tools/vpico/repl.py` mounts the
littlefs2 image FILE (4096-byte blocks, created and formatted when missing) at /, runs
/boot.py and /main.py, and speaks the REPL protocol (friendly, raw, raw-paste). This
supervisor relays the bytes, turns a Ctrl-C into SIGINT while code runs (one sent after
the code but before the interpreter reports it running is plain input: on a board that
window is microseconds, here it can be much longer on a busy host, so a host that must
interrupt waits for the code's first output), and on a soft
reset ("MPY: soft reboot") starts a fresh interpreter; machine.reset() restarts it as at
power-on (friendly REPL, main.py runs). With `--board emulated` the profile `board` is
tools/emu/board.py (real clock, saves in /data on the image) and every frame shown is
written to the panel file (default FILE.panel: 1,024 bytes, MONO_VLSB, what the emulated
glass shows; emptied at each boot until the firmware shows a frame). One virtual Pico per
image (it is locked). The interpreter's stderr (diagnostics) is this process's stderr;
$VPICO_TRACE=LOGFILE logs the bytes each way."""

import argparse
import ctypes
import errno
import fcntl
import os
import select
import signal
import subprocess
import sys
import time
import tty

from paths import TOOLS, find_micropython

HERE = os.path.dirname(os.path.abspath(__file__))
REPL_SCRIPT = os.path.join(HERE, "repl.py")
PR_SET_PDEATHSIG = 1
OUT_LIMIT = 1 << 18  # bytes kept for a host that is not reading (a board drops them too)
QUICK_EXIT_S = 1.0
MAX_QUICK_EXITS = 5


def die_with_parent(sig=signal.SIGTERM):
    """Ask the kernel to send `sig` to this process when its parent exits (Linux)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: the getppid() poll still stops us


def _nonblocking(fd):
    fl = fcntl.fcntl(fd, fcntl.F_GETFL)
    fcntl.fcntl(fd, fcntl.F_SETFL, fl | os.O_NONBLOCK)


class Interpreter:
    """One run of the MicroPython side, from power-on or soft reset to its reset."""

    def __init__(self, cmd, mode):
        ctl_r, ctl_w = os.pipe()
        env = dict(os.environ)
        env.pop("MICROPYPATH", None)
        self.proc = subprocess.Popen(
            cmd + ["mode=" + mode, "ctl=/dev/fd/%d" % ctl_w],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            pass_fds=(ctl_w,),
            preexec_fn=lambda: die_with_parent(signal.SIGKILL),
            start_new_session=True,
            cwd=HERE,
            env=env,
        )
        os.close(ctl_w)
        self.ctl = ctl_r
        self.out = self.proc.stdout.fileno()
        self.inp = self.proc.stdin.fileno()
        for fd in (self.ctl, self.out, self.inp):
            _nonblocking(fd)
        self.started = time.monotonic()
        self.running = False  # user code is running: Ctrl-C interrupts it
        self.kbd_intr = True  # micropython.kbd_intr(3) (not -1)
        self.next = None  # after it ends: "r"/"f" soft reset into raw/friendly, "h" hard
        self.to_child = bytearray()
        self.ready = False  # it reported R or I: what the host sends can be handled
        self.pending = bytearray()  # what the host sent while it was starting

    def read_ctl(self):
        """Apply the state changes the interpreter reported so far."""
        while True:
            try:
                data = os.read(self.ctl, 256)
            except BlockingIOError:
                return
            if not data:
                return
            i = 0
            while i < len(data):
                c = data[i : i + 1]
                if c == b"R":
                    self.running = self.ready = True
                elif c == b"I":
                    self.running = False
                    self.ready = True
                elif c == b"k":
                    self.kbd_intr = False
                elif c == b"K":
                    self.kbd_intr = True
                elif c == b"H":
                    self.next = "h"
                elif c == b"S" and i + 1 < len(data):
                    i += 1
                    self.next = chr(data[i])
                i += 1
            if self.ready and self.pending:
                data, self.pending = bytes(self.pending), bytearray()
                self.from_host(data)

    def from_host(self, data):
        """Bytes typed by the host: a Ctrl-C interrupts running code, the rest is input.
        Until the interpreter is up (boot.py/main.py started, or its REPL reached), they
        wait: a board is up in milliseconds, this one takes a moment."""
        self.read_ctl()
        if not self.ready:
            self.pending += data
            return
        for b in data:
            if b == 3 and self.running and self.kbd_intr:
                self.proc.send_signal(signal.SIGINT)
            else:
                self.to_child.append(b)
        self.flush_input()

    def flush_input(self):
        if not self.to_child:
            return
        try:
            n = os.write(self.inp, self.to_child)
        except BlockingIOError:
            return
        except BrokenPipeError:
            self.to_child.clear()
            return
        del self.to_child[:n]

    def stop(self):
        """Kill the interpreter and reap it."""
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except OSError:
                pass
        os.close(self.ctl)


class VirtualPico:
    """The pty and the supervisor loop around successive interpreters."""

    def __init__(self, args):
        image = os.path.abspath(args.image)
        self.cmd = [
            args.micropython or find_micropython() or "micropython",
            "-X",
            "heapsize=" + args.heapsize,
            REPL_SCRIPT,
            "image=" + image,
            "board=" + args.board,
            "blocks=%d" % args.blocks,
            "tools=" + TOOLS,
        ]
        if args.board == "emulated":
            self.cmd.append("panel=" + os.path.abspath(args.panel or image + ".panel"))
        self.lock = open(image, "ab")  # noqa: SIM115 - held for the process's lifetime
        try:
            fcntl.flock(self.lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            raise SystemExit("virtual Pico: %s is in use by another virtual Pico" % image)
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # the device side behaves as a raw USB serial port
        _nonblocking(self.master)
        self.to_host = bytearray()
        self.parent = os.getppid()
        self.stopping = False
        self.interp = None

    def trace(self, what, data):
        """With $VPICO_TRACE=FILE, log the traffic (for debugging the protocol)."""
        path = os.environ.get("VPICO_TRACE")
        if path:
            with open(path, "a") as f:
                f.write("%.3f %s %r\n" % (time.monotonic(), what, data))

    def device(self):
        return os.ttyname(self.slave)

    def to_host_write(self):
        if not self.to_host:
            return
        try:
            n = os.write(self.master, self.to_host)
        except (BlockingIOError, OSError):
            n = 0
        del self.to_host[:n]
        if len(self.to_host) > OUT_LIMIT:
            del self.to_host[: len(self.to_host) - OUT_LIMIT]

    def serve(self):
        """Run interpreters until stopped; returns the exit status."""
        mode = "f"
        quick = 0
        while not self.stopping:
            self.trace("start", mode)
            self.interp = Interpreter(self.cmd, mode)
            self.run_one(self.interp)
            it = self.interp
            it.read_ctl()
            it.stop()
            self.interp = None
            if self.stopping:
                break
            if it.next in ("r", "f"):
                mode = it.next
                quick = 0
            else:
                mode = "f"  # a hard reset, or the interpreter died: power-on again
                if it.next != "h":
                    code = it.proc.returncode
                    print("virtual Pico: interpreter exited (%s), restarting" % code,
                          file=sys.stderr)
                    lived = time.monotonic() - it.started
                    quick = quick + 1 if lived < QUICK_EXIT_S else 0
                    if quick >= MAX_QUICK_EXITS:
                        print("virtual Pico: it keeps failing, giving up", file=sys.stderr)
                        return 1
        return 0

    def run_one(self, it):
        """Relay bytes until this interpreter exits."""
        child_open = True
        while child_open and not self.stopping:
            if os.getppid() != self.parent:
                self.stopping = True
                break
            rl = [it.out, it.ctl] + ([self.master] if it.next is None else [])
            wl = []
            if self.to_host:
                wl.append(self.master)
            if it.to_child:
                wl.append(it.inp)
            try:
                r, w, _ = select.select(rl, wl, [], 0.5)
            except InterruptedError:
                continue
            if it.ctl in r:
                it.read_ctl()
            if it.out in r:
                try:
                    data = os.read(it.out, 65536)
                except BlockingIOError:
                    data = None
                if data == b"":
                    child_open = False
                elif data:
                    self.trace("out", data)
                    self.to_host += data
            if self.master in r:
                it.read_ctl()
            if self.master in r and it.next is None:  # else it waits for the next interpreter
                try:
                    data = os.read(self.master, 65536)
                except (BlockingIOError, OSError) as e:
                    if isinstance(e, OSError) and e.errno not in (errno.EAGAIN, errno.EIO):
                        raise
                    data = b""
                if data:
                    self.trace("in", data)
                    it.from_host(data)
            if it.inp in w:
                it.flush_input()
            if self.to_host:
                self.to_host_write()
        self.to_host_write()

    def stop(self, *_):
        """Signal handler: leave the loop at once (close() then kills the interpreter)."""
        self.stopping = True
        raise SystemExit(0)

    def close(self):
        if self.interp is not None:
            self.interp.stop()
            self.interp = None
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--image", required=True, help="littlefs2 image file (created when missing)")
    p.add_argument("--board", choices=("image", "emulated"), default="image",
                   help="profile: /board.py from the image, or the emulated board")
    p.add_argument("--panel", help="with --board emulated: the panel file (FILE.panel)")
    p.add_argument("--blocks", type=int, default=352,
                   help="4096-byte blocks in the image (352: a Pico's 1408 KiB)")
    p.add_argument("--heapsize", default="2M", help="MicroPython heap (unix port syntax)")
    p.add_argument("--micropython", help="the micropython binary ($MICROPYTHON)")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    die_with_parent(signal.SIGTERM)
    vp = VirtualPico(args)
    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, vp.stop)
    print(vp.device(), flush=True)
    try:
        return vp.serve()
    finally:
        vp.close()

