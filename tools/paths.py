"""Where the project lives, said once: importing this puts firmware/ and tools/ on sys.path
(after what is there: MICROPYPATH or PYTHONPATH entries, e.g. precompiled .mpy, come first),
under python3 and micropython alike, and under python3 tools/stand_ins/ first (CPython's
stand-in for MicroPython's `micropython` module); and how a host tool finds and starts
micropython.

Entry points (tools/*.py) import it first; a wing's module runs from tools/ as
`python3 -m WING.MODULE` (or `micropython -m WING.MODULE`), where it imports this too. The
tests get the same path from host_tests/conftest.py and host_tests/mp.py (MICROPYPATH)."""

import os
import sys


def _parent(path):
    i = path.rfind("/")
    return path[:i] if i > 0 else "/"


def _absolute(path):
    return path if path.startswith("/") else os.getcwd() + "/" + path


TOOLS = _parent(_absolute(__file__))
ROOT = _parent(TOOLS)
FIRMWARE = ROOT + "/firmware"
EMU = TOOLS + "/emu"  # holds board.py, the emulated board's profile (the device's /board.py)
STAND_INS = TOOLS + "/stand_ins"  # micropython.const for CPython (not for PYTHONPATH)

for _p in (TOOLS, FIRMWARE):
    if _p not in sys.path:
        sys.path.append(_p)
if sys.implementation.name != "micropython" and STAND_INS not in sys.path:
    sys.path.insert(0, STAND_INS)  # ahead of the pip package's own `micropython`


def find_micropython():
    """The micropython command: $MICROPYTHON, the venv's, or the one on PATH (None if none)."""
    import shutil

    env = os.environ.get("MICROPYTHON")
    if env and "/" not in env:
        return shutil.which(env)
    if env:  # the Makefile's is relative to the project (or to where the tool was started):
        if not env.startswith("/"):  # made absolute, for tools that change directory
            env = os.path.abspath(env) if os.path.exists(env) else ROOT + "/" + env
        return env
    for p in (os.path.dirname(sys.executable), ROOT + "/.venv/bin"):
        if os.path.exists(p + "/micropython"):
            return p + "/micropython"
    return shutil.which("micropython")


def micropython_env(first=()):
    """os.environ with MICROPYPATH = `first` (folders), then firmware/, tools/ and .frozen."""
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(list(first) + [FIRMWARE, TOOLS, ".frozen"])
    return env


def micropython_command(target, args=(), first=()):
    """(argv, env) that run `target` under micropython with the project's path: a script
    (a path ending in .py) or a wing's module ("simulator.ui_golden", run with -m)."""
    mp = find_micropython()
    if not mp:
        raise SystemExit("micropython not found; run `make venv`, or set MICROPYTHON")
    run = [os.path.abspath(target)] if target.endswith(".py") else ["-m", target]
    return [mp] + run + list(args), micropython_env(first)


def reexec_under_micropython(target):
    """CPython: replace this process by `target` under micropython, same arguments."""
    argv, env = micropython_command(target, sys.argv[1:])
    os.execve(argv[0], argv, env)
