"""SH1106 128x64 OLED (1.3" modules) over I2C: 132-column RAM, page addressing only."""

from hal.oled import (
    CTRL_CMD,
    CTRL_CMD1,
    CTRL_DATA,
    DISP_OFF,
    ENTIRE_ON_RESUME,
    NONE,
    NORM_DISPLAY,
    PAGES,
    SET_CLOCK_DIV,
    SET_COM_PINS,
    SET_DISP_OFFSET,
    SET_MUX,
    SET_PRECHARGE,
    SET_START_LINE,
    SET_VCOM_DESEL,
    WIDTH,
    Oled,
)

from micropython import const


_COL_OFFSET = const(2)  # the glass shows RAM columns 2..129 of 132
_SET_PAGE = const(0xB0)
_SET_COL_LO = const(0x00)
_SET_COL_HI = const(0x10)
_SET_DCDC = const(0xAD)
_SET_PUMP = const(0x30)

_INIT = bytes(
    (
        CTRL_CMD,
        DISP_OFF,
        SET_CLOCK_DIV, 0x80,
        SET_MUX, 0x3F,  # 64 rows
        SET_DISP_OFFSET, 0x00,
        SET_START_LINE | 0,
        _SET_DCDC, 0x8B,  # DC-DC converter on
        _SET_PUMP | 2,  # pump voltage 8.0 V
        SET_COM_PINS, 0x12,  # alternative COM pins
        SET_PRECHARGE, 0x22,
        SET_VCOM_DESEL, 0x35,
        ENTIRE_ON_RESUME,
        NORM_DISPLAY,
    )
)


class SH1106(Oled):
    """SH1106 driver: page addressing only, so one transaction per changed page: page and
    column (low/high nibble, +2 for the 132-column RAM) as Co=1 command bytes, then that
    page's changed span as a memoryview slice."""

    INIT = _INIT

    def __init__(self, i2c, addr=0x3C, flip=False, contrast=0x7F):
        self._hdr = bytearray(
            (CTRL_CMD1, _SET_PAGE, CTRL_CMD1, _SET_COL_LO, CTRL_CMD1, _SET_COL_HI, CTRL_DATA)
        )
        super().__init__(i2c, addr, flip, contrast)

    def _flush(self, spans):
        h = self._hdr
        buf = self._buf
        for page in range(PAGES):
            lo = spans[2 * page]
            if lo == NONE:
                continue
            hi = spans[2 * page + 1]
            col = lo + _COL_OFFSET
            h[1] = _SET_PAGE | page
            h[3] = _SET_COL_LO | (col & 0x0F)
            h[5] = _SET_COL_HI | (col >> 4)
            if lo == 0 and hi == WIDTH - 1:
                data = self._pages[page]  # made once
            else:
                base = page * WIDTH
                data = buf[base + lo : base + hi + 1]
            vec = self._vec
            vec[0] = h
            vec[1] = data
            self.i2c.writevto(self.addr, vec)
