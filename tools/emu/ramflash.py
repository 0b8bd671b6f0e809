"""A RAM block device with the Pico's flash geometry and NOR semantics, logging operations.

Geometry as rp2.Flash: 4096-byte erase blocks, the extended block protocol (readblocks /
writeblocks with an offset, ioctl 6 erases), mounted like the rp2 port's _boot.py does:
vfs.VfsLfs2(dev, progsize=256). Semantics of NOR flash: an erase sets a block to 0xFF,
programming can only clear bits (the new byte is old AND data).

Every erase and program is counted, per block too (wear), and when `log` is a list, it is
appended (op, addr, data) with op ERASE or PROGRAM, so that a test can rebuild the image
as it was at any operation: `apply(image, op, fraction)` replays one operation in full or
in part on a copy. A power cut is simulated on a copy; the device itself never raises.
"""

from micropython import const


BLOCK_SIZE = const(4096)
PROG_SIZE = const(256)
READ_SIZE = const(32)
LOOKAHEAD = const(32)
ERASE = const(1)
PROGRAM = const(2)


_FF = memoryview(b"\xff" * BLOCK_SIZE)  # sliced without copying


def program(image, addr, data, n=None):
    """Program the first n bytes of data at addr: image &= data (bits only cleared)."""
    if n is None:
        n = len(data)
    end = addr + n
    if n <= BLOCK_SIZE and image[addr:end] == _FF[:n]:  # erased: AND is a plain copy
        image[addr:end] = memoryview(data)[:n]
        return
    for i in range(n):
        image[addr + i] &= data[i]


def erase(image, addr, n=BLOCK_SIZE):
    """Erase n bytes at addr (0xFF)."""
    while n > 0:
        k = n if n < BLOCK_SIZE else BLOCK_SIZE
        image[addr : addr + k] = _FF[:k]
        addr += k
        n -= k


def apply(image, entry, fraction=1):
    """Replay one logged operation on image: fraction 1 in full, 0.5 the first half."""
    op, addr, data = entry
    if op == ERASE:
        n = BLOCK_SIZE if fraction >= 1 else int(BLOCK_SIZE * fraction)
        erase(image, addr, n)
    else:
        n = len(data) if fraction >= 1 else int(len(data) * fraction)
        program(image, addr, data, n)


class RamFlash:
    """A block device over a bytearray (blocks * 4096 bytes, erased unless `image`)."""

    def __init__(self, blocks=64, image=None):
        self.block_size = BLOCK_SIZE
        if image is None:
            image = bytearray(blocks * BLOCK_SIZE)  # one allocation, then erased
            erase(image, 0, len(image))
        self.image = image
        self.blocks = len(image) // BLOCK_SIZE
        self.log = None
        self.erase_counts = [0] * self.blocks
        self.reset_counts()

    def reset_counts(self):
        """Zero the operation counters (not the per-block wear counts)."""
        self.erases = 0
        self.programs = 0
        self.bytes_programmed = 0
        self.reads = 0

    def readblocks(self, block, buf, offset=0):
        a = block * BLOCK_SIZE + offset
        n = len(buf)
        buf[:] = memoryview(self.image)[a : a + n]
        self.reads += 1

    def writeblocks(self, block, buf, offset=None):
        if offset is None:  # the simple protocol: whole blocks, erased first
            for k in range(len(buf) // BLOCK_SIZE):
                self._erase(block + k)
            offset = 0
        a = block * BLOCK_SIZE + offset
        data = bytes(buf)
        program(self.image, a, data)
        self.programs += 1
        self.bytes_programmed += len(data)
        if self.log is not None:
            self.log.append((PROGRAM, a, data))

    def _erase(self, block):
        a = block * BLOCK_SIZE
        erase(self.image, a)
        self.erases += 1
        self.erase_counts[block] += 1
        if self.log is not None:
            self.log.append((ERASE, a, None))

    def ioctl(self, op, arg):
        if op == 4:  # block count
            return self.blocks
        if op == 5:  # block size
            return BLOCK_SIZE
        if op == 6:  # erase
            self._erase(arg)
            return 0
        return 0  # init, deinit, sync


def mkfs(dev):
    """Format dev with littlefs2 as the rp2 port does."""
    import vfs

    vfs.VfsLfs2.mkfs(dev, readsize=READ_SIZE, progsize=PROG_SIZE, lookahead=LOOKAHEAD)


def mount(dev, point):
    """Mount dev's littlefs2 at `point` (as the rp2 port's _boot.py does); returns the fs."""
    import vfs

    fs = vfs.VfsLfs2(dev, readsize=READ_SIZE, progsize=PROG_SIZE, lookahead=LOOKAHEAD)
    vfs.mount(fs, point)
    return fs


def umount(point):
    import vfs

    vfs.umount(point)
