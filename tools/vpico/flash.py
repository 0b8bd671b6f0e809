"""A file-backed flash block device with the Pico's geometry, for the virtual Pico (MicroPython)."""

BLOCK_SIZE = 4096  # the RP2040's flash sector, littlefs's block on rp2
PICO_BLOCKS = 352  # 1408 KiB: the file system of a stock Pico (RP2040, 2 MB flash)
PROG_SIZE = 256  # rp2's _boot.py formats and mounts with progsize=256
ERASED = b"\xff" * BLOCK_SIZE


class FileFlash:
    """NOR-flash-like block device (readblocks/writeblocks/ioctl) over an image file.

    Uses the extended block protocol littlefs needs: reads and programs at an offset
    inside a block, erase (ioctl 6) sets a block to 0xff. Every write goes straight to
    the file, so a process killed mid-write leaves the image as a power cut would."""

    def __init__(self, path, blocks=PICO_BLOCKS):
        self.blocks = blocks
        try:
            self.f = open(path, "r+b")
            created = False
        except OSError:
            self.f = open(path, "w+b")
            created = True
        if created or self._size() < blocks * BLOCK_SIZE:
            self.f.seek(0, 2)
            for _ in range(self._size() // BLOCK_SIZE, blocks):
                self.f.write(ERASED)
        self.created = created

    def _size(self):
        return self.f.seek(0, 2)

    def readblocks(self, block, buf, offset=0):
        self.f.seek(block * BLOCK_SIZE + offset)
        n = self.f.readinto(buf)
        if n is None or n < len(buf):
            for i in range(n or 0, len(buf)):
                buf[i] = 0xFF

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # simple protocol: erase then program whole blocks
            for i in range(len(buf) // BLOCK_SIZE):
                self.ioctl(6, block + i)
            offset = 0
        self.f.seek(block * BLOCK_SIZE + offset)
        self.f.write(buf)  # unbuffered: in the host's page cache at once

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return BLOCK_SIZE
        if op == 6:  # erase one block
            self.f.seek(arg * BLOCK_SIZE)
            self.f.write(ERASED)
            return 0
        return 0  # init, deinit, sync


def mount_root(path, blocks=PICO_BLOCKS):
    """Mount the image at / like rp2's _boot.py: format it when it cannot be mounted."""
    import vfs

    bdev = FileFlash(path, blocks)
    try:
        fs = vfs.VfsLfs2(bdev, progsize=PROG_SIZE)
    except OSError:
        vfs.VfsLfs2.mkfs(bdev, progsize=PROG_SIZE)
        fs = vfs.VfsLfs2(bdev, progsize=PROG_SIZE)
    vfs.umount("/")
    vfs.mount(fs, "/")
    return bdev
