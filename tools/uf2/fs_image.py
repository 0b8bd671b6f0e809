"""The Pico's file system as a littlefs image (PyPI littlefs-python), made and read with the
parameters the official RPI_PICO MicroPython v1.28.0 mounts it with.

Where each figure is in MicroPython v1.28.0's sources: the region is the last
MICROPY_HW_FLASH_STORAGE_BYTES (1408 KiB, ports/rp2/boards/RPI_PICO/mpconfigboard.h) of the
2 MB flash (ports/rp2/rp2_flash.c: PICO_FLASH_SIZE_BYTES - that), in blocks of one flash
sector (4096, rp2_flash.c); ports/rp2/modules/_boot.py mounts it as VfsLfs2(bdev,
progsize=256), so readsize and lookahead keep extmod/vfs_lfs.c's defaults (32 and 32
bytes); extmod/vfs_lfsx.c sets block_cycles 100, a cache of min(block, 4 x max(read, prog))
bytes, and leaves name_max, file_max and attr_max to littlefs's defaults (LFS2_NAME_MAX 255)
and the disk version to LFS2_DISK_VERSION 2.1 (lib/littlefs/lfs2.h, littlefs 2.11, the
version littlefs-python 0.19.0 wraps)."""

import littlefs

FS_OFFSET = 0xA0000  # the file system's first byte in flash: 2048 KiB - 1408 KiB
FS_SIZE = 1408 * 1024
BLOCK_SIZE = 4096
BLOCK_COUNT = FS_SIZE // BLOCK_SIZE
READ_SIZE = 32
PROG_SIZE = 256
LOOKAHEAD = 32
BLOCK_CYCLES = 100
CACHE_SIZE = min(BLOCK_SIZE, 4 * max(READ_SIZE, PROG_SIZE))
NAME_MAX = 255
DISK_VERSION = 0x00020001


class ImageError(Exception):
    """Files that do not make a Pico file system (too big, a bad name); the message says why."""


def _fs(buffer, mount):
    return littlefs.LittleFS(
        context=littlefs.UserContext(buffer=buffer), mount=mount, block_size=BLOCK_SIZE,
        block_count=BLOCK_COUNT, read_size=READ_SIZE, prog_size=PROG_SIZE,
        lookahead_size=LOOKAHEAD, block_cycles=BLOCK_CYCLES, cache_size=CACHE_SIZE,
        name_max=NAME_MAX, disk_version=DISK_VERSION,
    )


def make(files):
    """FS_SIZE bytes: a freshly formatted littlefs holding `files` ({path: bytes}, paths
    relative to /, folders made as needed), erased (0xFF) where nothing is."""
    buffer = bytearray(b"\xff" * FS_SIZE)
    fs = _fs(buffer, mount=False)
    fs.format()
    fs.mount()
    total = sum(len(d) for d in files.values())
    try:
        for path in sorted(files):
            if not path or path.startswith("/") or ".." in path.split("/"):
                raise ImageError("%r is not a path inside the file system" % path)
            folder = path.rpartition("/")[0]
            if folder:
                fs.makedirs(folder, exist_ok=True)
            with fs.open(path, "wb") as f:
                f.write(files[path])
    except littlefs.LittleFSError as e:
        if e.code == littlefs.LittleFSError.Error.LFS_ERR_NOSPC:
            raise ImageError("the files (%d of them, %d bytes) do not fit the Pico's %d KiB file"
                             " system" % (len(files), total, FS_SIZE // 1024))
        raise ImageError("littlefs refused the files: %s" % e)
    fs.unmount()
    return bytes(buffer)


def read(image):
    """{path: bytes} of every file in the littlefs `image` (FS_SIZE bytes), mounted as the
    Pico mounts it; ImageError when it does not mount."""
    if len(image) != FS_SIZE:
        raise ImageError("an image of %d bytes, not the %d of the Pico's file system"
                         % (len(image), FS_SIZE))
    fs = _fs(bytearray(image), mount=False)
    try:
        fs.mount()
    except littlefs.LittleFSError as e:
        raise ImageError("the image does not mount as littlefs: %s" % e)
    out = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    fs.unmount()
    return out
