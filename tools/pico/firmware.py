"""The firmware a user puts on a Pico (PICO_FIRMWARE: a UF2 or BIN), checked and turned into a flash image.

An RP2040 image starts with the 256-byte second-stage boot (boot2), whose last word is
the CRC-32 the bootrom checks (polynomial 0x04C11DB7, not reflected, seed 0xFFFFFFFF,
no final xor), then the vector table: an initial stack pointer in SRAM and a reset
handler in flash. A UF2 must carry RP2040 blocks (tools/uf2/blocks.py reads it)."""

import os

from uf2 import blocks

ENV = "PICO_FIRMWARE"
FLASH_SIZE = 2 * 1024 * 1024  # the Pico's W25Q16
SRAM = (0x20000000, 0x20042000)
FLASH = (0x10000000, 0x10000000 + FLASH_SIZE)
FILE_MAX = 2 * FLASH_SIZE // blocks.PAYLOAD * blocks.BLOCK  # a UF2 of the whole flash, twice
WHERE = ("the official UF2 for the Raspberry Pi Pico (RPI_PICO-<date>-v1.28.0.uf2) is at "
         "https://micropython.org/download/RPI_PICO/")


class FirmwareError(ValueError):
    """Not a firmware this emulated Pico can boot; the message says why and what to do."""


def _crc32_boot2(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc ^= b << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
            crc &= 0xFFFFFFFF
    return crc


def check_image(image, name="the firmware"):
    """Raise FirmwareError unless `image` (flash from 0x10000000) boots an RP2040."""
    if len(image) < 0x108:
        raise FirmwareError("%s is %d bytes: too short for an RP2040 image" % (name, len(image)))
    want = int.from_bytes(image[252:256], "little")
    if _crc32_boot2(image[:252]) != want:
        raise FirmwareError("%s has no RP2040 second-stage boot (its boot2 CRC does not match):"
                            " not an RP2040 firmware. %s" % (name, WHERE))
    sp = int.from_bytes(image[0x100:0x104], "little")
    reset = int.from_bytes(image[0x104:0x108], "little")
    if not (SRAM[0] < sp <= SRAM[1]) or not (FLASH[0] <= reset < FLASH[1]) or not reset & 1:
        raise FirmwareError("%s has no RP2040 vector table after boot2 (stack 0x%08x, reset"
                            " 0x%08x)" % (name, sp, reset))


def load(path):
    """The flash image (bytes, from offset 0) of the UF2 or BIN file at `path`. What is read
    is bounded before an image is built: a regular file only (a FIFO or a device is neither
    waited on nor read without end), at most FILE_MAX bytes, every UF2 block whole, numbered
    once and inside the Pico's flash, its pages one run from the flash's start."""
    if not path:
        raise FirmwareError("PICO_FIRMWARE is not set: name the MicroPython firmware for the"
                            " Pico, e.g. PICO_FIRMWARE=~/Downloads/RPI_PICO-v1.28.0.uf2; " + WHERE)
    name = os.path.basename(path)
    try:
        data = blocks.read_file(path, FILE_MAX)
    except OSError as e:
        raise FirmwareError("PICO_FIRMWARE=%s cannot be read (%s); %s" % (path, e.strerror, WHERE))
    except blocks.UF2Error as e:
        raise FirmwareError("PICO_FIRMWARE=%s cannot be a firmware: %s. %s" % (path, e, WHERE))
    if blocks.is_uf2(data):
        try:
            pairs = blocks.read(data)
            for addr, _ in pairs:
                if not FLASH[0] <= addr < FLASH[1]:
                    raise blocks.UF2Error("block at 0x%08x is outside the Pico's 2 MB flash"
                                          " (0x%08x to 0x%08x)" % (addr, FLASH[0], FLASH[1]))
            blocks.check_contiguous(pairs, FLASH[0])
            image = blocks.to_image(pairs, base=FLASH[0], size=None)
        except blocks.UF2Error as e:
            raise FirmwareError("%s is not an RP2040 UF2: %s. %s" % (name, e, WHERE))
    elif path.lower().endswith(".uf2"):
        raise FirmwareError("%s is not a UF2 file (no UF2 magic numbers). %s" % (name, WHERE))
    else:
        image = data
    if len(image) > FLASH_SIZE:
        raise FirmwareError("%s is %d bytes: more than the Pico's 2 MB flash. %s" % (name, len(image), WHERE))
    check_image(image, name)
    return bytes(image)


def from_env():
    """The image of $PICO_FIRMWARE."""
    return load(os.environ.get(ENV, ""))
