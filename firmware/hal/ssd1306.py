"""SSD1306 128x64 OLED over I2C: init sequence and windowed transfer of changed spans."""

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


_SET_MEM_MODE = const(0x20)
_SET_COL_ADDR = const(0x21)
_SET_PAGE_ADDR = const(0x22)
_SET_CHARGE_PUMP = const(0x8D)
HEADER = const(13)  # bytes of the window header below
_RUN_COST = const(14)  # a transaction's address byte + window header

_INIT = bytes(
    (
        CTRL_CMD,
        DISP_OFF,
        SET_CLOCK_DIV, 0x80,  # default oscillator
        SET_MUX, 0x3F,  # 64 rows
        SET_DISP_OFFSET, 0x00,
        SET_START_LINE | 0,
        _SET_CHARGE_PUMP, 0x14,  # internal charge pump on (3.3 V modules)
        _SET_MEM_MODE, 0x00,  # horizontal addressing: a window fills row by row
        SET_COM_PINS, 0x12,  # alternative COM pins, no left/right remap (128x64)
        SET_PRECHARGE, 0xF1,
        SET_VCOM_DESEL, 0x30,
        ENTIRE_ON_RESUME,
        NORM_DISPLAY,
    )
)


class SSD1306(Oled):
    """SSD1306 driver: a run of changed pages goes in ONE transaction: the column and
    page window as Co=1 command bytes, then the window's data (a memoryview slice per
    page, or one slice when the window is full width). Consecutive changed pages share a
    run while that costs fewer bytes than starting another transaction."""

    INIT = _INIT

    def __init__(self, i2c, addr=0x3C, flip=False, contrast=0x7F):
        self._hdr = bytearray(
            (CTRL_CMD1, _SET_COL_ADDR, CTRL_CMD1, 0, CTRL_CMD1, WIDTH - 1,
             CTRL_CMD1, _SET_PAGE_ADDR, CTRL_CMD1, 0, CTRL_CMD1, PAGES - 1, CTRL_DATA)
        )
        super().__init__(i2c, addr, flip, contrast)

    def _flush(self, spans):
        page = 0
        while page < PAGES:
            lo = spans[2 * page]
            if lo == NONE:
                page += 1
                continue
            hi = spans[2 * page + 1]
            first = page
            page += 1
            while page < PAGES and spans[2 * page] != NONE:
                plo = spans[2 * page]
                phi = spans[2 * page + 1]
                nlo = lo if lo < plo else plo
                nhi = hi if hi > phi else phi
                k = page - first
                if (k + 1) * (nhi - nlo + 1) > k * (hi - lo + 1) + (phi - plo + 1) + _RUN_COST:
                    break
                lo = nlo
                hi = nhi
                page += 1
            self._send(first, page - 1, lo, hi)

    def _send(self, page0, page1, col0, col1):
        h = self._hdr
        h[3] = col0
        h[5] = col1
        h[9] = page0
        h[11] = page1
        buf = self._buf
        if col0 == 0 and col1 == WIDTH - 1:
            vec = self._vec
            vec[0] = h
            if page0 == page1:
                vec[1] = self._pages[page0]  # made once
            else:
                vec[1] = buf[page0 * WIDTH : (page1 + 1) * WIDTH]
            self.i2c.writevto(self.addr, vec)
            return
        vec = [h]
        for page in range(page0, page1 + 1):
            base = page * WIDTH
            vec.append(buf[base + col0 : base + col1 + 1])
        self.i2c.writevto(self.addr, vec)
