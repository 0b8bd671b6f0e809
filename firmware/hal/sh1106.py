"""SH1106 128x64 OLED (1.3" modules) over I2C: 132-column RAM, page addressing only."""

from hal.oled import CTRL_CMD, CTRL_CMD1, CTRL_DATA, WIDTH, Oled

try:
    from micropython import const
except ImportError:  # CPython (type checks, tests)

    def const(x):
        return x


COL_OFFSET = const(2)  # the glass shows RAM columns 2..129 of 132
SET_PAGE = const(0xB0)
SET_COL_LO = const(0x00)
SET_COL_HI = const(0x10)
SET_DCDC = const(0xAD)

_INIT = bytes(
    (
        CTRL_CMD,
        0xAE,  # display off
        0xD5, 0x80,  # clock divide / oscillator
        0xA8, 0x3F,  # multiplex: 64 rows
        0xD3, 0x00,  # display offset 0
        0x40,  # start line 0
        SET_DCDC, 0x8B,  # DC-DC converter on
        0x32,  # pump voltage 8.0 V
        0xDA, 0x12,  # COM pins: alternative
        0xD9, 0x22,  # pre-charge / discharge
        0xDB, 0x35,  # VCOM deselect level
        0xA4,  # show RAM
        0xA6,  # not inverted
    )
)  # fmt: skip


class SH1106(Oled):
    """SH1106 driver: one transaction per changed page (page + column set with Co=1
    command bytes, then that page's changed span)."""

    INIT = _INIT

    def __init__(self, i2c, addr=0x3C, flip=False, contrast=0x7F):
        self._hdr = bytearray(
            (CTRL_CMD1, SET_PAGE, CTRL_CMD1, SET_COL_LO, CTRL_CMD1, SET_COL_HI, CTRL_DATA)
        )
        super().__init__(i2c, addr, flip, contrast)

    def _send(self, page0, page1, col0, col1):
        h = self._hdr
        col = col0 + COL_OFFSET
        h[3] = SET_COL_LO | (col & 0x0F)
        h[5] = SET_COL_HI | (col >> 4)
        buf = self._buf
        for page in range(page0, page1 + 1):
            h[1] = SET_PAGE | page
            base = page * WIDTH
            self.i2c.writevto(self.addr, (h, buf[base + col0 : base + col1 + 1]))
