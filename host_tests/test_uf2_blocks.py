"""The UF2 block format (tools/uf2/blocks.py): what it writes the RP2040 takes, what it reads it checks."""

import os
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


def three_blocks():
    return blocks.write([(blocks.FLASH_BASE, bytes(range(256)) * 3)])


def renumbered(raw, num=None, count=None, at=0):
    """`raw` with block `at`'s number and/or count rewritten."""
    raw = bytearray(raw)
    if num is not None:
        struct.pack_into("<I", raw, at * 512 + 20, num)
    if count is not None:
        for i in range(len(raw) // 512):
            struct.pack_into("<I", raw, i * 512 + 24, count)
    return bytes(raw)


@pytest.mark.parametrize("damage, words", [
    (lambda raw: raw[:1024], "2 of its 3 blocks \\(block number 2 is missing\\)"),
    (lambda raw: raw[:512] + raw[1024:], "2 of its 3 blocks \\(block number 1 is missing\\)"),
    (lambda raw: raw[512:], "2 of its 3 blocks \\(block number 0 is missing\\)"),
    (lambda raw: renumbered(raw, count=4), "3 of its 4 blocks \\(block number 3 is missing\\)"),
    (lambda raw: renumbered(raw, num=0, at=1), "number 0 of 3 comes twice"),
])
def test_read_refuses_a_file_that_lacks_blocks_of_its_count(damage, words):
    with pytest.raises(blocks.UF2Error, match=words):
        blocks.read(damage(three_blocks()))
    assert len(blocks.read(three_blocks())) == 3


def test_a_firmware_is_one_run_of_pages_from_the_flash_start():
    pairs = blocks.read(three_blocks())
    blocks.check_contiguous(pairs)
    with pytest.raises(blocks.UF2Error, match="no page from 0x10000100 to 0x10000200"):
        blocks.check_contiguous([pairs[0], pairs[2]])
    with pytest.raises(blocks.UF2Error, match="first page is at 0x10000100"):
        blocks.check_contiguous(pairs[1:])
    with pytest.raises(blocks.UF2Error, match="twice"):
        blocks.check_contiguous(pairs + pairs[1:2])


def test_read_file_bounds_what_it_reads(tmp_path):
    small = tmp_path / "small.uf2"
    small.write_bytes(b"x" * 100)
    assert blocks.read_file(str(small), 100) == b"x" * 100
    with pytest.raises(blocks.UF2Error, match="more than 99 bytes"):
        blocks.read_file(str(small), 99)
    with pytest.raises(blocks.UF2Error, match="not a regular file"):
        blocks.read_file("/dev/zero", 1 << 20)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)  # no writer: opening it to read would wait for ever
    with pytest.raises(blocks.UF2Error, match="not a regular file"):
        blocks.read_file(str(fifo), 1 << 20)
    with pytest.raises(OSError):
        blocks.read_file(str(tmp_path / "none"), 100)
