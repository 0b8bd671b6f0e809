"""The UF2 block format (tools/uf2/blocks.py): what it writes the RP2040 takes, what it reads it checks."""

import struct

import pytest
from uf2 import blocks


def test_write_then_read_gives_the_pages_back():
    data = bytes(range(256)) * 2 + b"tail"
    raw = blocks.write([(0x100A0000, data)])
    assert len(raw) == 3 * blocks.BLOCK
    pairs = blocks.read(raw)
    assert [a for a, _ in pairs] == [0x100A0000, 0x100A0100, 0x100A0200]
    assert pairs[2][1] == b"tail" + b"\xff" * 252
    for i in range(3):
        m0, m1, flags, addr, size, num, count, fam = struct.unpack_from("<8I", raw, i * 512)
        assert (m0, m1, flags, size, num, count, fam) == (
            blocks.MAGIC_START0, blocks.MAGIC_START1, blocks.FLAG_FAMILY_ID, 256, i, 3,
            blocks.FAMILY_RP2040)
        assert struct.unpack_from("<I", raw, i * 512 + 508)[0] == blocks.MAGIC_END
    assert blocks.is_uf2(raw) and not blocks.is_uf2(b"\x00" * 512)


def test_to_image_places_each_page():
    raw = blocks.write([(blocks.FLASH_BASE + 512, b"\x01" * 256)])
    image = blocks.to_image(blocks.read(raw), size=1024)
    assert image[:512] == b"\xff" * 512 and image[512:768] == b"\x01" * 256
    with pytest.raises(blocks.UF2Error, match="outside"):
        blocks.to_image(blocks.read(raw), size=512)


@pytest.mark.parametrize("damage, words", [
    (lambda raw: raw[:-1], "whole number"),
    (lambda raw: b"\x00" + raw[1:], "magic"),
    (lambda raw: raw[:28] + struct.pack("<I", 0x12345678) + raw[32:], "no block for family"),
    (lambda raw: raw[:16] + struct.pack("<I", 128) + raw[20:], "256 bytes"),
    (lambda raw: raw[:20] + struct.pack("<I", 5) + raw[24:], "numbered"),
])
def test_read_refuses_what_the_rp2040_would_not_take(damage, words):
    raw = blocks.write([(blocks.FLASH_BASE, b"\x00" * 256)])
    with pytest.raises(blocks.UF2Error, match=words):
        blocks.read(damage(raw))
