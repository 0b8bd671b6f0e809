"""An emulated Pico with the project on it: the firmware booted on an erased flash, the project put there by its own `make flash` (tools/flash/deploy.py) through the pty, optionally the bench probe; the flashed flash cached in build/pico/."""

import hashlib
import os
import subprocess
import sys

from paths import ROOT
from pico import device, pty_bridge

BUILD = os.path.join(ROOT, "build", "pico")
DEPLOY = os.path.join(ROOT, "tools", "flash", "deploy.py")
PROBE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "probe_board.py")
BOOT_MS = 1500  # an erased Pico: MicroPython formats its file system, USB comes up
FLASH_PACE = 1.0  # make flash runs against the emulator at most at real time


def _tree_hash(*folders):
    h = hashlib.sha256()
    for folder in folders:
        for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, folder)):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for f in sorted(filenames):
                if f.endswith(".pyc"):
                    continue
                p = os.path.join(dirpath, f)
                h.update(os.path.relpath(p, ROOT).encode())
                with open(p, "rb") as fh:
                    h.update(fh.read())
    return h.hexdigest()


def make_flash(pico, board="pico_ssd1306", pace=FLASH_PACE, echo=False):
    """Run the project's `make flash` (deploy.py flash) against `pico` through a pty;
    (exit code, what it printed). The emulator runs meanwhile, then pauses."""
    bridge = pty_bridge.PtyBridge(pico.cdc_port)
    pico.go(pace=pace)
    try:
        proc = subprocess.run([sys.executable, DEPLOY, "flash", "--port", bridge.path,
                               "--board", board], capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, cwd=ROOT, timeout=1800, check=False)
    finally:
        pico.pause()
        bridge.close()
    out = proc.stdout + proc.stderr
    if echo:
        print(out, end="", flush=True)
    return proc.returncode, out


def mpremote(pico, *args, pace=FLASH_PACE):
    """Run `mpremote connect PTY ARGS...` against `pico`; (exit code, output)."""
    bridge = pty_bridge.PtyBridge(pico.cdc_port)
    pico.go(pace=pace)
    try:
        exe = os.path.join(os.path.dirname(sys.executable), "mpremote")
        cmd = ([exe] if os.path.exists(exe) else [sys.executable, "-m", "mpremote"])
        proc = subprocess.run(cmd + ["connect", bridge.path] + list(args), capture_output=True,
                              stdin=subprocess.DEVNULL, text=True, cwd=ROOT, timeout=600, check=False)
    finally:
        pico.pause()
        bridge.close()
    return proc.returncode, proc.stdout + proc.stderr


def flashed(image, board="pico_ssd1306", probe=False):
    """Path of a flash file: `image` (a firmware) on an erased Pico, then the project by
    make flash (and the bench probe in /board.py when `probe`); made once per firmware,
    project sources and options (build/pico/flashed-*.bin), then copied by the caller."""
    key = hashlib.sha256(image + _tree_hash("firmware", "board", "tools/flash", "tools/build",
                                            "tools/pico").encode() + board.encode()
                         + bytes([probe])).hexdigest()[:16]
    path = os.path.join(BUILD, "flashed-%s%s.bin" % (key, "-probe" if probe else ""))
    if os.path.exists(path):
        return path
    os.makedirs(BUILD, exist_ok=True)
    tmp = path + ".tmp"
    if probe:
        with open(flashed(image, board), "rb") as f, open(tmp, "wb") as out:
            out.write(f.read())
    else:
        device.erased_flash(tmp, image)
    with device.Pico(tmp) as pico:
        pico.run(BOOT_MS)
        if probe:
            rc, out = install_probe(pico, board)
        else:
            rc, out = make_flash(pico, board)
        if rc != 0:
            raise device.PicoError("provisioning the emulated Pico failed:\n" + out)
        pico.run(500)
        pico.save_flash(tmp)
    os.replace(tmp, path)
    return path


def with_battery(path):
    """A flash file like `path` (a flashed one) whose /board.py says a LiPo cell is fitted
    (BATTERY = True appended); made once (build/pico/...-battery.bin)."""
    out = path[:-4] + "-battery.bin"
    if os.path.exists(out):
        return out
    tmp = out + ".tmp"
    copy_of(path, tmp)
    with device.Pico(tmp) as pico:
        pico.run(BOOT_MS)
        # (the last assignment wins: make_board() reads the module's names when called)
        rc, text = mpremote(pico, "exec", "with open('board.py', 'a') as f:\n f.write('\\nBATTERY = True\\n')\n"
                            "print(open('board.py').read().split()[-3:])")
        if rc != 0 or "'BATTERY', '=', 'True'" not in text:
            raise device.PicoError("the battery profile could not be written:\n" + text)
        pico.run(500)
        pico.save_flash(tmp)
    os.replace(tmp, out)
    return out


def install_probe(pico, board="pico_ssd1306"):
    """Put the profile with the bench probe appended as /board.py (mpremote cp)."""
    from flash import deploy

    with open(deploy.board_profile(board)) as f, open(PROBE) as g:
        text = f.read() + "\n\n" + g.read()
    staged = os.path.join(BUILD, "probe-board.py")
    with open(staged, "w") as f:
        f.write(text)
    return mpremote(pico, "cp", staged, ":board.py")


def copy_of(path, dest):
    """Copy a flash file (the emulator writes into its own copy)."""
    with open(path, "rb") as f, open(dest, "wb") as out:
        out.write(f.read())
    return dest
