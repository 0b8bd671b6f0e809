"""SSD1306 128x64 OLED over I2C: init sequence and windowed transfer of changed spans."""

from hal.oled import CTRL_CMD, CTRL_CMD1, CTRL_DATA, WIDTH, Oled

try:
    from micropython import const
except ImportError:  # CPython (type checks, tests)

    def const(x):
        return x


SET_MEM_MODE = const(0x20)
SET_COL_ADDR = const(0x21)
SET_PAGE_ADDR = const(0x22)
SET_CHARGE_PUMP = const(0x8D)

_INIT = bytes(
    (
        CTRL_CMD,
        0xAE,  # display off
        0xD5, 0x80,  # clock divide / oscillator
        0xA8, 0x3F,  # multiplex: 64 rows
        0xD3, 0x00,  # display offset 0
        0x40,  # start line 0
        SET_CHARGE_PUMP, 0x14,  # internal charge pump on (3.3 V modules)
        SET_MEM_MODE, 0x00,  # horizontal addressing
        0xDA, 0x12,  # COM pins: alternative, no left/right remap
        0xD9, 0xF1,  # pre-charge
        0xDB, 0x30,  # VCOMH deselect level
        0xA4,  # show RAM
        0xA6,  # not inverted
    )
)  # fmt: skip


class SSD1306(Oled):
    """SSD1306 driver: each run of changed pages goes in ONE transaction, the column and
    page window set with Co=1 command bytes, then the data of the window."""

    INIT = _INIT

    def __init__(self, i2c, addr=0x3C, flip=False, contrast=0x7F):
        # window header: 6 command bytes each with its Co=1 control byte, then data
        self._hdr = bytearray(
            (CTRL_CMD1, SET_COL_ADDR, CTRL_CMD1, 0, CTRL_CMD1, WIDTH - 1,
             CTRL_CMD1, SET_PAGE_ADDR, CTRL_CMD1, 0, CTRL_CMD1, 7, CTRL_DATA)
        )  # fmt: skip
        super().__init__(i2c, addr, flip, contrast)

    def _send(self, page0, page1, col0, col1):
        h = self._hdr
        h[3] = col0
        h[5] = col1
        h[9] = page0
        h[11] = page1
        buf = self._buf
        if col0 == 0 and col1 == WIDTH - 1:
            self.i2c.writevto(self.addr, (h, buf[page0 * WIDTH : (page1 + 1) * WIDTH]))
            return
        vec = [h]
        for page in range(page0, page1 + 1):
            base = page * WIDTH
            vec.append(buf[base + col0 : base + col1 + 1])
        self.i2c.writevto(self.addr, vec)
