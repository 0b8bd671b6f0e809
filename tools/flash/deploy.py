"""Puts the firmware on a Pico with mpremote: `make flash`, `make repl`, `make run`, `make wipe-saves`.

    python3 tools/flash/deploy.py flash [--port PORT] [--board NAME]
    python3 tools/flash/deploy.py repl|run|wipe-saves [--port PORT] [--board NAME] [--yes]

flash: asks the board (flash.port) for its .mpy format, builds the files (flash.image:
.mpy for the board's architecture, main.py and boot.py as source, board/NAME.py as
/board.py), hashes every file on the board in one exec, copies only what differs (main.py
last, after removing it first, so a flash cut short never boots a mix of versions),
removes stale firmware files that would shadow the new ones, verifies the copies, never
touches /data/ (the saves), and soft-resets the board into the game.
"""

import argparse
import ast
import base64
import hashlib
import os
import posixpath
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/flash/: stdlib only, runs as a script
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.append(os.path.join(ROOT, "tools"))
from build import native  # noqa: E402  (tools/build/native.py: what mpy-cross writes)
from flash import pack  # noqa: E402
from flash.errors import DeployError  # noqa: E402
from flash.image import (  # noqa: E402
    DEFAULT_BOARD, FIRMWARE, board_profile, installed, mpy_cross_path, native_arch,
)
from flash.port import (  # noqa: E402
    RPI_VID, Connection, check_micropython, find_port, not_micropython, shown,
)

DATA = "data"  # /data/: the saves, never touched by a flash
CHUNK = 2048  # bytes written per exec while copying


# --- what differs between the board and the build ------------------------------------------
def owned_dirs(firmware=FIRMWARE):
    """Top-level firmware directories: their whole content on the board is ours."""
    return sorted(
        d
        for d in os.listdir(firmware)
        if os.path.isdir(os.path.join(firmware, d)) and d not in ("__pycache__", DATA)
    )


def stale_files(device, files, owned):
    """Device files that a flash removes: in our directories and not ours any more, or a
    module of ours under its other suffix (x.py would shadow a new x.mpy); never a name
    that board_path refuses (one in /data, or one that reaches it)."""
    owned = tuple(d + "/" for d in owned)
    ours = set(files)
    names = {p.rsplit(".", 1)[0] for p in files if "/" not in p}
    stale = []
    for p in device:
        if p in ours or board_path(p) != p:
            continue
        if p.startswith(owned):
            stale.append(p)
        elif "/" not in p and p.endswith((".py", ".mpy")) and p.rsplit(".", 1)[0] in names:
            stale.append(p)
    return sorted(stale)


# --- the copy ------------------------------------------------------------------------------
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
            if p not in ('/%s', '/%s'):
                print(repr(('D', p[1:])))
                _walk(p + '/')
        else:
            print(repr(('F', p[1:], _h(p))))
_walk('/')
"""
    % (DATA, pack.MOUNT)
)


def board_path(name):
    """A name from the board's listing as the path (under /, without the /) that a flash may
    act on, or None: a name not in normal form (".", "..", "//", a leading or trailing "/",
    a backslash, a NUL), which only a board that lies can list, or one in /data."""
    norm = posixpath.normpath("/" + name).lstrip("/")
    if norm != name or not norm or "\\" in norm or "\0" in norm:
        return None
    if norm == DATA or norm.startswith(DATA + "/"):
        return None
    return norm


def device_files(board):
    """({path: sha256 hex} of the board's files outside /data, set of its directories), the
    names that board_path refuses left out (and said); a listing of another shape is a
    DeployError saying the board does not answer like MicroPython."""
    files, dirs, refused = {}, set(), []
    for line in board.exec(HASH_CODE).splitlines():
        line = line.strip()
        try:
            entry = ast.literal_eval(line)  # a tuple of strings: names may hold spaces
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            entry = None
        if not (isinstance(entry, tuple) and all(isinstance(e, str) for e in entry)
                and (entry[:1] == ("F",) and len(entry) == 3 or entry[:1] == ("D",) and len(entry) == 2)):
            raise not_micropython(board.port, "a line of its file listing: %s" % shown(line))
        path = board_path(entry[1])
        if path is None:
            refused.append(entry[1])
        elif entry[0] == "F":
            files[path] = entry[2]
        else:
            dirs.add(path)
    if refused:
        print("  ! left alone: %d name(s) in the board's listing that are not plain paths"
              " outside /%s/, e.g. %s" % (len(refused), DATA, shown(refused[0])))
    return files, dirs


def write_code(path, data):
    """The execs that write one file on the board, CHUNK bytes each, sent as base64 (a third
    more than the bytes, where a repr() of .mpy bytecode is two to three times as long)."""
    if board_path(path) != path:
        raise DeployError("refused to write %r on the board: not a plain path outside /%s/"
                          % (path, DATA))
    code = ["from binascii import a2b_base64 as _d\nf=open(%r,'wb')" % ("/" + path)]
    for i in range(0, len(data), CHUNK):
        code.append("f.write(_d(%r))" % base64.b64encode(data[i : i + CHUNK]).decode())
    code.append("f.close()\ndel f, _d")
    return code


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
        t0 = time.monotonic()
        files = installed(args.board, args.build, args.firmware, arch)
        board.budget.add_local(time.monotonic() - t0)  # compiling: not the board's time
        total = sum(len(d) for d in files.values())
        mpy_bytes = sum(len(d) for p, d in files.items() if p.endswith((".mpy", ".pak")))
        print("firmware: %d files, %d bytes (%d of compiled code), profile %s -> /board.py; %s"
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
    """Remove stale files, copy the changed ones (main.py last), verify them; the whole
    command's limit scales with these execs and the bytes they send (Connection.work), and
    a board too slow for them is stopped as soon as its pace shows it (Connection.pace)."""
    steps = []  # (code, what to print once it ran, or None)
    if "main.py" in on_dev:
        steps.append(("import os\nos.remove('/main.py')", None))
        if "main.py" not in changed:
            changed.append("main.py")
    changed.sort(key=lambda p: (p == "main.py", p))
    for p in stale:
        steps.append(("import os\nos.remove(%r)" % ("/" + p), "  - %s (stale)" % p))
    for d in sorted(dirs, key=lambda d: d.count("/"), reverse=True):
        if d.split("/")[0] in owned and not any(p.startswith(d + "/") for p in files):
            steps.append(("import os\nos.rmdir(%r)" % ("/" + d), None))  # emptied just above
            dirs.discard(d)
    need = sorted({p.rsplit("/", 1)[0] for p in changed if "/" in p})
    for d in need:
        parts = d.split("/")
        for i in range(1, len(parts) + 1):
            sub = "/".join(parts[:i])
            if sub not in dirs:
                steps.append(("import os\nos.mkdir(%r)" % ("/" + sub), None))
                dirs.add(sub)
    size = 0
    for p in changed:
        code = write_code(p, files[p])
        steps += [(c, None) for c in code[:-1]]
        steps.append((code[-1], "  + %s (%d bytes)" % (p, len(files[p]))))
        size += len(files[p])
    board.work(len(steps) + 1, sum(len(c) for c, _ in steps))  # + 1: the listing after
    sent = 0
    for done, (code, said) in enumerate(steps, 1):
        board.exec(code)
        sent += len(code)
        if said:
            print(said, flush=True)
        board.pace(done, sent)
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
        reply = board.exec(WIPE_CODE).strip()
        if not reply.isdigit():
            raise not_micropython(board.port, "its count of deleted files: %s" % shown(reply))
        n = int(reply)
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
