"""The virtual Pico's MicroPython side: littlefs root, boot.py/main.py, friendly/raw/raw-paste REPL.

Run by `tools/virtual_pico.py` (vpico.pico, which owns the pty) under the MicroPython unix port as
`micropython tools/vpico/repl.py key=value ...`; it talks the board's REPL protocol on
stdin/stdout and reports its state on the control file `ctl=`:
  b"R" user code starts running, b"I" it stopped or the REPL is reached (a Ctrl-C from
  the host becomes SIGINT only while running; input waits for the first of the two), b"k"/b"K" micropython.kbd_intr(-1)/(3) (Ctrl-C passed through as
  data, e.g. for `mpremote mount`), b"S" + b"r"/b"f" soft reset into the raw/friendly
  REPL, b"H" hard reset (machine.reset()). Diagnostics for the host go to stderr.
"""

import builtins
import io
import sys

import vfs

CTRL_A = 1
CTRL_B = 2
CTRL_C = 3
CTRL_D = 4
CTRL_E = 5
RAW_PASTE_WINDOW = 128  # half of rp2's MICROPY_REPL_STDIN_BUFFER_MAX (256)
HOST_MOUNT = "/_vpico_host"  # the host's tools/, mounted only while the emulated board loads

# what a REPL returns to the boot loop
TO_RAW = 1
TO_FRIENDLY = 2
SOFT_RESET = 3
HARD_RESET = 4

_stdin = sys.stdin.buffer
_stdout = sys.stdout
_real_print = builtins.print
_ctl = None
_script = sys.argv[0] if sys.argv else "repl.py"
G = {"__name__": "__main__"}  # the __main__ globals shared by boot.py, main.py and the REPLs


class _HardReset(SystemExit):
    """machine.reset() on the virtual Pico."""


class _SoftReset(SystemExit):
    """machine.soft_reset() on the virtual Pico."""


def w(s):
    """Write raw protocol text to the host, uncooked."""
    _stdout.write(s)


def ctl(b):
    """Report a state change to the supervisor."""
    if _ctl is not None:
        _ctl.write(b)  # unbuffered; flush() would fsync, which a pipe refuses


def cooked_print(*args, sep=" ", end="\n", file=None, flush=False):
    """print() as on a board: '\\n' goes out as '\\r\\n' on the console."""
    if file is not None and file is not sys.stdout:
        _real_print(*args, sep=sep, end=end, file=file)
        return
    _stdout.write((sep.join([str(a) for a in args]) + end).replace("\n", "\r\n"))


def print_exc(e):
    """Print a traceback as a board does, without this script's own frames."""
    buf = io.StringIO()
    sys.print_exception(e, buf)
    mine = 'File "%s/' % _script.rsplit("/", 1)[0]  # this and the flash driver (tools/vpico/)
    lines = [ln for ln in buf.getvalue().split("\n") if mine not in ln]
    w("\r\n".join(lines))


class _MachineProxy:
    """`machine` with the resets a board has (the unix port lacks machine.reset)."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    def reset(self):
        raise _HardReset()

    def soft_reset(self):
        raise _SoftReset()


class _MicropythonProxy:
    """`micropython` whose kbd_intr() tells the supervisor whether Ctrl-C interrupts."""

    def __init__(self, real):
        self._real = real

    def __getattr__(self, name):
        return getattr(self._real, name)

    def kbd_intr(self, c):
        ctl(b"K" if c == CTRL_C else b"k")


def getc():
    """One byte from the host; Ctrl-C when a SIGINT arrived meanwhile; exits on EOF."""
    try:
        c = _stdin.read(1)
    except KeyboardInterrupt:
        return CTRL_C
    if not c:
        sys.exit(0)  # the supervisor went away
    return c[0]


def execute(code, name, mode="exec"):
    """Compile and run `code` in the shared globals; returns the exception or None."""
    try:
        try:
            ctl(b"R")  # inside: the SIGINT this allows may land before the code starts
            result = None
            if mode == "single":
                try:
                    compiled = compile(code, name, "eval")
                    mode = "eval"
                except SyntaxError:
                    compiled = compile(code, name, "exec")
            else:
                compiled = compile(code, name, "exec")
            if mode == "eval":
                result = eval(compiled, G)
            else:
                exec(compiled, G)
        finally:
            ctl(b"I")
        if result is not None:
            cooked_print(repr(result))
    except BaseException as e:  # noqa: B036 - a REPL reports everything, Ctrl-C included
        return e
    return None


def reset_kind(e):
    """SOFT_RESET/HARD_RESET when `e` asks for a reset, else None (sys.exit does not)."""
    if isinstance(e, _HardReset):
        return HARD_RESET
    if isinstance(e, _SoftReset):
        return SOFT_RESET
    return None


def run_file(path):
    """Run a file from the root file system like pyexec_file_if_exists.

    Returns (reset or None, ok): ok is False when the file raised (Ctrl-C included); a
    missing file is ok, as on rp2, where a failing boot.py means main.py is not run."""
    try:
        with open(path) as f:
            src = f.read()
    except OSError:
        return None, True
    e = execute(src, path)
    if e is None:
        return None, True
    kind = reset_kind(e)
    if kind is None and not isinstance(e, SystemExit):
        print_exc(e)
    return kind, False


def run_raw(code, name="<stdin>"):
    """Execute raw-REPL input: output, \\x04, error output, \\x04. Returns a reset or None."""
    e = execute(code, name)
    w("\x04")
    if e is not None:
        kind = reset_kind(e)
        if kind is not None:
            w("\x04")
            return kind
        if not isinstance(e, SystemExit):
            print_exc(e)
    w("\x04")
    return None


def raw_paste(cmd):
    """Raw-paste mode (Ctrl-E <cmd> Ctrl-A in the raw REPL) with its flow control."""
    if cmd != ord("A"):
        w("R\x00")
        return None
    w("R\x01")
    _stdout.buffer.write(bytes((RAW_PASTE_WINDOW & 0xFF, RAW_PASTE_WINDOW >> 8, 1)))
    data = bytearray()
    remain = RAW_PASTE_WINDOW
    while True:
        c = getc()
        if c == CTRL_C or c == CTRL_D:
            w("\x04")
            if c == CTRL_C:
                w("\x04")
                print_exc(KeyboardInterrupt())
                w("\x04")
                return None
            break
        data.append(c)
        remain -= 1
        if remain == 0:
            w("\x01")
            remain = RAW_PASTE_WINDOW
    return run_raw(bytes(data))


def raw_repl():
    """The raw REPL as pyexec_raw_repl: returns TO_FRIENDLY or a reset."""
    w("raw REPL; CTRL-B to exit\r\n")
    while True:
        w(">")
        line = bytearray()
        while True:
            c = getc()
            if c == CTRL_A:
                if len(line) == 2 and line[0] == CTRL_E:
                    kind = raw_paste(line[1])
                    if kind is not None:
                        return kind
                    line = bytearray()
                    w(">")
                    continue
                w("raw REPL; CTRL-B to exit\r\n>")
                line = bytearray()
            elif c == CTRL_B:
                w("\r\n")
                return TO_FRIENDLY
            elif c == CTRL_C:
                line = bytearray()
            elif c == CTRL_D:
                break
            else:
                line.append(c)
        w("OK")
        if not line:
            w("\r\n")
            return SOFT_RESET
        kind = run_raw(bytes(line))
        if kind is not None:
            return kind


def banner():
    v = sys.implementation.version
    date = sys.version.split(" on ")[-1] if " on " in sys.version else ""
    w(
        "MicroPython v%d.%d.%d on %s; Virtual Pico (unix port, littlefs image)\r\n"
        'Type "help()" for more information.\r\n' % (v[0], v[1], v[2], date)
    )


def read_line(prompt):
    """readline() of the friendly REPL: a str, or a control code (int) on an empty line."""
    w(prompt)
    line = bytearray()
    while True:
        c = getc()
        if c == CTRL_C:
            return CTRL_C
        if c in (CTRL_A, CTRL_B, CTRL_D, CTRL_E):
            if not line:
                return c
            continue
        if c == 13:
            w("\r\n")
            return line.decode()
        if c in (8, 127):
            if line:
                line.pop()
                w("\x08 \x08")
            continue
        if c == 27:  # skip an escape sequence (arrow keys)
            if getc() == ord("["):
                while not 0x40 <= getc() <= 0x7E:
                    pass
            continue
        if c == 10 or (c < 32 and c != 9):
            continue
        line.append(c)
        _stdout.buffer.write(bytes((c,)))


def needs_more(src):
    """Whether the friendly REPL should ask for a continuation line ('... ')."""
    first = src.split("\n")[0].lstrip()
    last = src.rstrip().split("\n")[-1]
    if last.endswith(":") or last.endswith("\\"):
        return True
    if src.count("(") > src.count(")") or src.count("[") > src.count("]"):
        return True
    if src.count("{") > src.count("}") or src.count('"""') % 2 or src.count("'''") % 2:
        return True
    if "\n" in src:
        for kw in ("if", "for", "while", "def", "class", "try", "with", "@", "async"):
            if first.startswith(kw):
                return True
    return False


def paste_mode():
    """Ctrl-E in the friendly REPL: paste lines, Ctrl-D runs them, Ctrl-C cancels."""
    w("\r\npaste mode; Ctrl-C to cancel, Ctrl-D to finish\r\n=== ")
    buf = bytearray()
    while True:
        c = getc()
        if c == CTRL_C:
            w("\r\n")
            return None
        if c == CTRL_D:
            w("\r\n")
            break
        buf.append(c)
        if c == 13:
            w("\r\n=== ")
        elif c != 10:
            _stdout.buffer.write(bytes((c,)))
    e = execute(bytes(buf).replace(b"\r\n", b"\n").replace(b"\r", b"\n"), "<stdin>")
    return e


def friendly_repl():
    """The friendly REPL ('>>> '): returns TO_RAW or a reset."""
    banner()
    while True:
        r = read_line(">>> ")
        e = None
        if r == CTRL_A:
            w("\r\n")
            return TO_RAW
        if r == CTRL_B:
            w("\r\n")
            banner()
            continue
        if r == CTRL_C:
            w("\r\n")
            continue
        if r == CTRL_D:
            w("\r\n")
            return SOFT_RESET
        if r == CTRL_E:
            e = paste_mode()
        else:
            src = r
            if not src.strip():
                continue
            while needs_more(src):
                more = read_line("... ")
                if more == CTRL_C:
                    w("\r\n")
                    src = None
                    break
                if not isinstance(more, str) or not more.strip():
                    break
                src += "\n" + more
            if src is None:
                continue
            e = execute(src, "<stdin>", "single")
        if e is not None:
            kind = reset_kind(e)
            if kind is not None:
                return kind
            if not isinstance(e, SystemExit):
                print_exc(e)


def load_emulated_board(host_tools, panel):
    """Make tools/emu/board.py the profile `board` (host tools mounted only meanwhile)."""
    from vpico import hardware  # imported before the host is unmounted

    vfs.mount(vfs.VfsPosix(host_tools), HOST_MOUNT)
    saved = list(sys.path)
    sys.path[:] = [HOST_MOUNT + "/emu", ""] + saved[1:] + [HOST_MOUNT]
    try:
        try:
            import codepack  # the modules the emulated board imports: in the code pack
        except ImportError:
            pass  # a fresh device, or modules as files
        else:
            codepack.mount()
        hardware.install(panel, HOST_MOUNT)
    except Exception as e:  # noqa: BLE001 - a fresh device has no firmware yet
        sys.modules.pop("board", None)  # main.py then finds /board.py, as on a board
        _real_print("virtual Pico: emulated board not loaded:", repr(e), file=sys.stderr)
    finally:
        sys.path[:] = saved
        vfs.umount(HOST_MOUNT)


def parse_args(argv):
    opts = {"mode": "f", "board": "image", "panel": "", "ctl": "", "blocks": "352"}
    for a in argv:
        if "=" in a:
            k, v = a.split("=", 1)
            opts[k] = v
    return opts


def boot(opts):
    """Power-on/soft-reset sequence of rp2's main.c; returns the reset that ended it."""
    mode = TO_RAW if opts["mode"] == "r" else TO_FRIENDLY
    kind, ok = run_file("boot.py")
    if kind is None and ok and mode == TO_FRIENDLY:
        kind, _ = run_file("main.py")
    while kind is None:
        ctl(b"I")  # in the REPL: the supervisor may now pass on what the host typed
        try:
            r = raw_repl() if mode == TO_RAW else friendly_repl()
        except KeyboardInterrupt:  # a late SIGINT outside user code: like Ctrl-C
            continue
        if r in (TO_RAW, TO_FRIENDLY):
            mode = r
        else:
            kind = r
    return kind, mode


def main():
    global _ctl
    opts = parse_args(sys.argv[1:])
    if opts["ctl"]:
        _ctl = open(opts["ctl"], "wb")
    panel = open(opts["panel"], "wb") if opts["panel"] else None
    tools = opts.get("tools", "")
    sys.path.append(tools)  # still the host file system: the modules below load now
    import machine
    import micropython
    from vpico import flash

    if opts["board"] == "emulated":
        from vpico import hardware  # noqa: F401

    sys.modules["machine"] = _MachineProxy(machine)
    sys.modules["micropython"] = _MicropythonProxy(micropython)
    builtins.print = cooked_print
    flash.mount_root(opts["image"], int(opts["blocks"]))
    import os

    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]  # as on rp2
    if opts["board"] == "emulated":
        load_emulated_board(tools, panel)
    kind, mode = boot(opts)
    if kind == HARD_RESET:
        ctl(b"H")
    else:  # the supervisor hears first, so it keeps what the host sends next for the new one
        ctl(b"S" + (b"r" if mode == TO_RAW else b"f"))
        w("MPY: soft reboot\r\n")


main()
