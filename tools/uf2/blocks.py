"""UF2 files as the RP2040 bootloader takes them: 512-byte blocks of 256-byte payloads, read and written.

A block (https://github.com/microsoft/uf2, the format's own specification): eight little-endian
words (two start magics, flags, target address, payload size, block number, block count, family
id), up to 476 payload bytes, then the end magic. The RP2040's bootloader takes only blocks of
256 payload bytes at 256-byte-aligned addresses with the family-id flag and the RP2040 family."""

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
    a payload the RP2040 cannot take, or block numbers that do not count up to the total."""
    if not data or len(data) % BLOCK:
        raise UF2Error("not a UF2 file: %d bytes is not a whole number of 512-byte blocks"
                       % len(data))
    out = []
    families = set()
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
        out.append((addr, bytes(data[i + _HEAD.size:i + _HEAD.size + PAYLOAD])))
    if not out:
        raise UF2Error("no block for family 0x%08x (found: %s)" % (
            family, ", ".join("0x%08x" % f for f in sorted(families)) or "none"))
    return out


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
