"""UF2 files as the RP2040 bootloader takes them: 512-byte blocks of 256-byte payloads, read and written.

A block (https://github.com/microsoft/uf2, the format's own specification): eight little-endian
words (two start magics, flags, target address, payload size, block number, block count, family
id), up to 476 payload bytes, then the end magic. The RP2040's bootloader takes only blocks of
256 payload bytes at 256-byte-aligned addresses with the family-id flag and the RP2040 family."""

import os
import stat
import struct

MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000
FAMILY_RP2040 = 0xE48BFF56
BLOCK = 512
PAYLOAD = 256
FLASH_BASE = 0x10000000  # the RP2040's XIP flash, where a UF2's addresses point
_HEAD = struct.Struct("<8I")


class UF2Error(ValueError):
    """A file that is not a UF2 the RP2040 takes; the message says what is wrong."""


def write(chunks, family=FAMILY_RP2040):
    """The UF2 bytes of `chunks`, (address, data) pairs: data split into 256-byte payloads
    (the last one padded with 0xFF, as erased flash reads), numbered over the whole file."""
    pieces = []
    for addr, data in sorted(chunks):
        if addr % PAYLOAD:
            raise UF2Error("address 0x%08x is not on a 256-byte page" % addr)
        for off in range(0, len(data), PAYLOAD):
            part = bytes(data[off:off + PAYLOAD])
            pieces.append((addr + off, part + b"\xff" * (PAYLOAD - len(part))))
    out = bytearray()
    for n, (addr, payload) in enumerate(pieces):
        out += _HEAD.pack(MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID, addr, PAYLOAD, n,
                          len(pieces), family)
        out += payload + bytes(BLOCK - _HEAD.size - PAYLOAD - 4)
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def read(data, family=FAMILY_RP2040):
    """The (address, 256-byte payload) pairs of UF2 `data` for `family`, in file order.
    Raises UF2Error on a file that is not whole, a bad magic number, another family only,
    a payload the RP2040 cannot take, or block numbers that are not each of 0 .. count-1
    exactly once (the bootloader writes a file only when it has every one of them: a file
    cut short or missing a block is never taken as whole)."""
    if not data or len(data) % BLOCK:
        raise UF2Error("not a UF2 file: %d bytes is not a whole number of 512-byte blocks"
                       % len(data))
    out = []
    families = set()
    numbers = set()
    total = None
    for i in range(0, len(data), BLOCK):
        m0, m1, flags, addr, size, num, count, fam = _HEAD.unpack_from(data, i)
        (end,) = struct.unpack_from("<I", data, i + BLOCK - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise UF2Error("not a UF2 file: block %d has bad magic numbers" % (i // BLOCK))
        if flags & FLAG_NOT_MAIN_FLASH:
            continue
        if not flags & FLAG_FAMILY_ID:
            raise UF2Error("block %d has no family id (an RP2040 UF2 has one)" % (i // BLOCK))
        families.add(fam)
        if fam != family:
            continue
        if size != PAYLOAD or addr % PAYLOAD:
            raise UF2Error("block %d: %d bytes at 0x%08x (the RP2040 takes 256 bytes on a "
                           "256-byte page)" % (i // BLOCK, size, addr))
        if total is None:
            total = count
        if count != total or num >= count:
            raise UF2Error("block %d: numbered %d of %d in a file of %d" % (i // BLOCK, num,
                                                                          count, total))
        if num in numbers:
            raise UF2Error("block %d: number %d of %d comes twice: a damaged UF2"
                           % (i // BLOCK, num, count))
        numbers.add(num)
        out.append((addr, bytes(data[i + _HEAD.size:i + _HEAD.size + PAYLOAD])))
    if not out:
        raise UF2Error("no block for family 0x%08x (found: %s)" % (
            family, ", ".join("0x%08x" % f for f in sorted(families)) or "none"))
    if len(numbers) != total:
        missing = min(set(range(total)) - numbers)
        raise UF2Error("it has %d of its %d blocks (block number %d is missing): cut short or"
                       " damaged, the bootloader would wait for the rest" % (len(numbers), total,
                                                                           missing))
    return out


def check_contiguous(pairs, base=FLASH_BASE):
    """Raise UF2Error unless the pages of `pairs` cover one run from `base` with no gap
    (how a firmware fills the flash from its start)."""
    addrs = sorted(a for a, _ in pairs)
    if addrs[0] != base:
        raise UF2Error("its first page is at 0x%08x, not at the flash's start 0x%08x"
                       % (addrs[0], base))
    for before, after in zip(addrs, addrs[1:]):
        if after == before:
            raise UF2Error("it writes the page at 0x%08x twice" % after)
        if after != before + PAYLOAD:
            raise UF2Error("it has no page from 0x%08x to 0x%08x: a gap in the firmware"
                           % (before + PAYLOAD, after))


def read_file(path, limit):
    """The bytes of the regular file at `path`, at most `limit` of them. Raises UF2Error for
    something that is not a regular file (a FIFO or a device is never waited on nor read
    without end) or more bytes than `limit`; OSError when it cannot be opened."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as f:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise UF2Error("it is not a regular file (a pipe or a device?)")
        data = f.read(limit + 1)
    if len(data) > limit:
        raise UF2Error("it is more than %d bytes: no RP2040 firmware is that big" % limit)
    return data


def to_image(pairs, base=FLASH_BASE, size=None):
    """The flash image (bytearray, 0xFF where no block wrote) that `pairs` program from
    `base`; `size` bytes, or just enough. Raises UF2Error for an address outside it."""
    end = max(a for a, _ in pairs) + PAYLOAD - base
    image = bytearray(b"\xff" * (size if size is not None else end))
    for addr, payload in pairs:
        off = addr - base
        if off < 0 or off + len(payload) > len(image):
            raise UF2Error("block at 0x%08x is outside the flash (0x%08x + %d bytes)"
                           % (addr, base, len(image)))
        image[off:off + len(payload)] = payload
    return image


def is_uf2(data):
    """True when `data` starts like a UF2 block."""
    return len(data) >= 8 and _HEAD.unpack_from(data.ljust(_HEAD.size, b"\0"))[:2] == (
        MAGIC_START0, MAGIC_START1)
