"""Figures for flashing (`make bench BENCH=flash`): firmware size, heap after import, flash times.

Sizes: the .mpy bytes `make flash` installs, and what `mpremote df` reports used on a
fresh virtual Pico afterwards (littlefs gives each file at least one 4 KB block). Heap:
the firmware's compiled modules imported under the unix port (a 64-bit build: objects
take about twice the room they take on the Pico). Times: `make flash` against a virtual
Pico: a first flash with a cold .mpy cache (compile + copy), a first flash with the
cache warm (copy only), and a reflash with nothing changed."""

import os
import shutil
import subprocess
import sys
import tempfile
import time

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from flash import image
from vpico.host import VirtualPico, mpremote

HEAP_PICO = 190 * 1024  # what an RP2040 build leaves for Python


def timed_flash(vp, build, firmware):
    t0 = time.monotonic()
    proc = subprocess.run(
        [sys.executable, os.path.join(image.ROOT, "tools", "flash", "deploy.py"), "flash",
         "--port", vp.device, "--build", build, "--firmware", firmware],
        capture_output=True, text=True, timeout=300,
    )
    dt = time.monotonic() - t0
    if proc.returncode != 0:
        raise SystemExit("flash failed:\n" + proc.stdout + proc.stderr)
    return dt, proc.stdout


def df_used(device):
    out = mpremote(device, "df").stdout.splitlines()
    row = [ln.split() for ln in out if ln.rstrip().endswith(" /")][0]
    return int(row[1]), int(row[2])


HEAP_CODE = """
import gc, sys
gc.collect()
base = gc.mem_alloc()
bad = []
for m in sys.argv[1:]:
    try:
        __import__(m)
    except Exception as e:
        bad.append('%s: %r' % (m, e))
gc.collect()
print(gc.mem_alloc() - base, gc.mem_free(), len(bad))
for b in bad[:3]:
    print(b)
"""


def heap_after_import(build, files, heap):
    mods = sorted(
        p[:-4].replace("/", ".").replace(".__init__", "")
        for p in files
        if p.endswith(".mpy") and "/" in p
    )
    env = dict(os.environ, MICROPYPATH=build)
    cmd = [image.ROOT + "/.venv/bin/micropython", "-X", "heapsize=%d" % heap, "-c", HEAP_CODE]
    if not os.path.exists(cmd[0]):
        cmd[0] = shutil.which("micropython") or "micropython"
    proc = subprocess.run(cmd + mods, capture_output=True, text=True, env=env, timeout=120)
    lines = proc.stdout.split("\n")
    if proc.returncode != 0 or not lines[0].strip():
        return None, proc.stderr.strip().splitlines()[-1:] or ["exit %d" % proc.returncode]
    used, free, nbad = (int(x) for x in lines[0].split())
    return (used, free, nbad, len(mods)), lines[1:4]


def main():
    tmp = tempfile.mkdtemp(prefix="bench-flash-")
    try:
        firmware = os.path.join(tmp, "firmware")
        shutil.copytree(image.FIRMWARE, firmware,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        build = os.path.join(tmp, "build")
        files = image.build("", build, firmware)
        mpy = [len(d) for p, d in files.items() if p.endswith(".mpy")]
        src = sum(os.path.getsize(p) for r, p in image.firmware_sources(firmware))
        print("firmware: %d files, %d bytes installed (%d .mpy files: %d bytes; source %d bytes)"
              % (len(files), sum(len(d) for d in files.values()), len(mpy), sum(mpy), src))

        for heap in (2 * 1024 * 1024, 2 * HEAP_PICO):
            res, notes = heap_after_import(build, files, heap)
            if res is None:
                print("heap %d KB: import failed (%s)" % (heap // 1024, "; ".join(notes)))
                continue
            used, free, nbad, n = res
            label = "2 x a Pico's 190 KB: 64-bit objects" if heap == 2 * HEAP_PICO else "unix"
            print("heap %d KB (%s): all %d modules imported use %d bytes, %d bytes left%s"
                  % (heap // 1024, label, n - nbad, used, free,
                     "" if not nbad else "; failed: " + "; ".join(notes)))

        shutil.rmtree(build)
        vp = VirtualPico(os.path.join(tmp, "a.img"), board="emulated")
        try:
            cold, _ = timed_flash(vp, build, firmware)
            size, used = df_used(vp.device)
            same, out = timed_flash(vp, build, firmware)
            assert "nothing to copy" in out, out
        finally:
            vp.stop()
        vp = VirtualPico(os.path.join(tmp, "b.img"), board="emulated")
        try:
            warm, _ = timed_flash(vp, build, firmware)
        finally:
            vp.stop()
        print("mpremote df after a flash: %d of %d bytes used (%d blocks of 4 KB)"
              % (used, size, used // 4096))
        print("make flash, virtual Pico: first flash %.2f s (cold .mpy cache), %.2f s (warm);"
              " no-change reflash %.2f s" % (cold, warm, same))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
