"""Shared base of our 128x64 I2C OLED drivers: a FrameBuffer that sends only what changed."""

import framebuf

try:
    from micropython import const
except ImportError:  # CPython (type checks, tests)

    def const(x):
        return x


WIDTH = const(128)
HEIGHT = const(64)
PAGES = const(8)

# Control bytes (first byte after the address, SSD1306/SH1106 datasheets, section 8.1.5).
CTRL_CMD = const(0x00)  # Co=0 D/C=0: all following bytes are commands
CTRL_CMD1 = const(0x80)  # Co=1 D/C=0: one command byte, then another control byte
CTRL_DATA = const(0x40)  # Co=0 D/C=1: all following bytes are display data

# Commands both chips share.
SET_CONTRAST = const(0x81)
ENTIRE_ON_RESUME = const(0xA4)  # show RAM (0xA5 would light every pixel)
NORM_DISPLAY = const(0xA6)  # 0xA7 inverts
DISP_OFF = const(0xAE)
DISP_ON = const(0xAF)
SEG_REMAP = const(0xA0)  # | 1: column address 0 drives the last segment
COM_SCAN_INC = const(0xC0)
COM_SCAN_DEC = const(0xC8)
SET_MUX = const(0xA8)
SET_DISP_OFFSET = const(0xD3)
SET_START_LINE = const(0x40)
SET_CLOCK_DIV = const(0xD5)
SET_PRECHARGE = const(0xD9)
SET_COM_PINS = const(0xDA)
SET_VCOM_DESEL = const(0xDB)


class Oled(framebuf.FrameBuffer):
    """A 128x64 MONO_VLSB frame buffer whose show() sends the changed pages/column spans.

    Subclasses give the init sequence (`INIT`) and `_send(page0, page1, col0, col1)`,
    which writes columns col0..col1 of pages page0..page1 to the panel. `_shadow` holds
    what the panel's RAM holds, so a show() after no change sends nothing."""

    INIT = b""

    def __init__(self, i2c, addr=0x3C, flip=False, contrast=0x7F):
        self.width = WIDTH
        self.height = HEIGHT
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(WIDTH * PAGES)
        self._shadow = bytearray(WIDTH * PAGES)
        self._buf = memoryview(self.buffer)
        self._cmd1 = bytearray(2)  # one command: CTRL_CMD, byte
        self._cmd2 = bytearray(3)  # command + argument
        self._flipped = bool(flip)
        self._contrast = contrast
        self._on = False
        self._known = False  # panel RAM content unknown until the first full show()
        super().__init__(self.buffer, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.init_display()

    # --- commands -----------------------------------------------------------------
    def write_cmd(self, cmd):
        """Send one command byte in one transaction."""
        c = self._cmd1
        c[0] = CTRL_CMD
        c[1] = cmd
        self.i2c.writeto(self.addr, c)

    def write_cmd2(self, cmd, arg):
        """Send two command bytes (a command and its argument, or two commands) in one
        transaction."""
        c = self._cmd2
        c[0] = CTRL_CMD
        c[1] = cmd
        c[2] = arg
        self.i2c.writeto(self.addr, c)

    def init_display(self):
        """Send the init sequence, clear the panel RAM, and switch the panel on."""
        self.i2c.writeto(self.addr, self.INIT)
        self._orient()
        self.write_cmd2(SET_CONTRAST, self._contrast)
        self._known = False
        self.show()
        self.poweron()

    def _orient(self):
        """Segment remap + COM scan direction for the current flip state."""
        if self._flipped:
            self.write_cmd2(SEG_REMAP, COM_SCAN_INC)
        else:
            self.write_cmd2(SEG_REMAP | 1, COM_SCAN_DEC)

    def poweroff(self):
        """Switch the panel off (RAM is kept)."""
        self.write_cmd(DISP_OFF)
        self._on = False

    def poweron(self):
        """Switch the panel on."""
        self.write_cmd(DISP_ON)
        self._on = True

    def is_on(self):
        """True while the panel is switched on."""
        return self._on

    def contrast(self, value):
        """Set the brightness, 0..255 (values outside are clamped)."""
        value = 0 if value < 0 else 255 if value > 255 else int(value)
        self._contrast = value
        self.write_cmd2(SET_CONTRAST, value)

    def invert(self, on):
        """Show dark pixels on a lit background when `on`."""
        self.write_cmd(NORM_DISPLAY | (1 if on else 0))

    def flip(self, on):
        """Turn the picture by 180 degrees when `on` (panel mounted upside down)."""
        self._flipped = bool(on)
        self._orient()

    # --- frame transfer -------------------------------------------------------------
    def _span(self, page):
        """(first, last) changed column of `page`, or None when the page is unchanged."""
        base = page * WIDTH
        buf = self._buf
        shadow = memoryview(self._shadow)
        if buf[base : base + WIDTH] == shadow[base : base + WIDTH]:
            return None
        a = self.buffer
        s = self._shadow
        lo = base
        while a[lo] == s[lo]:
            lo += 1
        hi = base + WIDTH - 1
        while a[hi] == s[hi]:
            hi -= 1
        return lo - base, hi - base

    def show(self):
        """Send the pages (column spans) changed since the last show(); returns how many
        pages were sent. Consecutive changed pages go in one run with one column span."""
        sent = 0
        page = 0
        known = self._known
        while page < PAGES:
            span = (0, WIDTH - 1) if not known else self._span(page)
            if span is None:
                page += 1
                continue
            first = page
            lo, hi = span
            page += 1
            while page < PAGES:
                nxt = (0, WIDTH - 1) if not known else self._span(page)
                if nxt is None:
                    break
                if nxt[0] < lo:
                    lo = nxt[0]
                if nxt[1] > hi:
                    hi = nxt[1]
                page += 1
            self._send(first, page - 1, lo, hi)
            base = first * WIDTH
            end = page * WIDTH
            memoryview(self._shadow)[base:end] = self._buf[base:end]
            sent += page - first
        self._known = True
        return sent

    def _send(self, page0, page1, col0, col1):
        raise NotImplementedError
