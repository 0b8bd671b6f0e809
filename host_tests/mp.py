"""Runs code under the MicroPython unix port with the firmware on its path (for the tests)."""

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "tools"))
import paths  # noqa: E402  (tools/paths.py: where the project lives, how to find micropython)

FIRMWARE = paths.FIRMWARE
TOOLS = paths.TOOLS
BOARD = os.path.join(ROOT, "board")


def micropython_path():
    """The micropython command (paths.find_micropython: $MICROPYTHON, the venv's, PATH's)."""
    found = paths.find_micropython()
    if not found:
        raise RuntimeError("no micropython: run the tests through `make test`")
    return found


def run(code, path=(), timeout=120, heapsize=None, check=True, stdin=None, args=()):
    """Run `code` (a string) under micropython; returns the CompletedProcess.

    sys.path holds `path`, then firmware/ and tools/. Raises AssertionError with the
    output when the process fails and `check` is true."""
    opts = ["-X", "heapsize=" + str(heapsize)] if heapsize else []
    return _micropython(opts + ["-c", code] + list(args), path, timeout, check, stdin)


def run_script(script, args=(), path=(), timeout=300, check=True, stdin=None):
    """Run a script file under micropython with the same path as `run`."""
    return _micropython([script] + list(args), path, timeout, check, stdin)


def run_module(module, args=(), path=(), timeout=300, check=True, stdin=None):
    """Run a tools wing's module (`micropython -m simulator.game_golden`) with the same path."""
    return _micropython(["-m", module] + list(args), path, timeout, check, stdin)


def _micropython(argv, path, timeout, check, stdin):
    """micropython `argv` from the project root, MICROPYPATH `path` + firmware/ + tools/."""
    env = paths.micropython_env(path)
    proc = subprocess.run(
        [micropython_path()] + argv,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=ROOT,
    )
    if check and proc.returncode != 0:
        raise AssertionError(
            "micropython failed (%d)\n--- stdout\n%s\n--- stderr\n%s"
            % (proc.returncode, proc.stdout[-4000:], proc.stderr[-4000:])
        )
    return proc


def run_json(code, **kw):
    """Run `code` and parse the last line it printed as JSON."""
    out = run(code, **kw).stdout.strip().splitlines()
    return json.loads(out[-1])
