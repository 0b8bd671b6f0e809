"""A tiny PNG writer for 128x64 panel images (1-bit, scaled), on CPython and MicroPython.

Uses zlib where there is one (CPython); MicroPython's deflate module cannot compress, so
there the image goes into stored (uncompressed) deflate blocks, which every reader takes."""

import struct

try:
    import zlib
except ImportError:
    zlib = None
try:
    from binascii import crc32
except ImportError:
    from zlib import crc32


def _chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", crc32(body) & 0xFFFFFFFF)


def _adler32(data):
    a = 1
    b = 0
    for x in data:
        a = (a + x) % 65521
        b = (b + a) % 65521
    return (b << 16) | a


def _zlib_stored(raw):
    out = bytearray(b"\x78\x01")
    n = len(raw)
    pos = 0
    while True:
        size = min(65535, n - pos)
        last = 1 if pos + size >= n else 0
        out += struct.pack("<BHH", last, size, size ^ 0xFFFF)
        out += raw[pos : pos + size]
        pos += size
        if last:
            break
    out += struct.pack(">I", _adler32(raw))
    return bytes(out)


def rows_from_vlsb(image, width=128, height=64, scale=4):
    """PNG scanlines (filter byte + 1-bit pixels, MSB first) of a MONO_VLSB image, scaled."""
    w = width * scale
    rowbytes = (w + 7) // 8
    raw = bytearray()
    for y in range(height):
        line = bytearray(rowbytes)
        page = (y >> 3) * width
        bit = 1 << (y & 7)
        for x in range(width):
            if image[page + x] & bit:
                for k in range(scale):
                    px = x * scale + k
                    line[px >> 3] |= 0x80 >> (px & 7)
        for _ in range(scale):
            raw.append(0)
            raw += line
    return bytes(raw)


def write(path, image, width=128, height=64, scale=4):
    """Write a MONO_VLSB image (1 = lit, drawn white on black) to `path` as a PNG."""
    raw = rows_from_vlsb(image, width, height, scale)
    data = zlib.compress(raw, 9) if zlib is not None else _zlib_stored(raw)
    ihdr = struct.pack(">IIBBBBB", width * scale, height * scale, 1, 0, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(_chunk(b"IHDR", ihdr))
        f.write(_chunk(b"IDAT", data))
        f.write(_chunk(b"IEND", b""))
