"""Shared base of our 128x64 I2C OLED drivers: a FrameBuffer that sends only what changed."""

import framebuf

import micropython
from micropython import const


WIDTH = const(128)
_HEIGHT = const(64)
PAGES = const(8)
NONE = const(255)  # span start of an unchanged page

# Control bytes (first byte after the address, SSD1306/SH1106 datasheets, section 8.1.5).
CTRL_CMD = const(0x00)  # Co=0 D/C=0: all following bytes are commands
CTRL_CMD1 = const(0x80)  # Co=1 D/C=0: one command byte, then another control byte
CTRL_DATA = const(0x40)  # Co=0 D/C=1: all following bytes are display data

# Commands both chips share.
_SET_CONTRAST = const(0x81)
ENTIRE_ON_RESUME = const(0xA4)  # show RAM (0xA5 would light every pixel)
NORM_DISPLAY = const(0xA6)  # 0xA7 inverts
DISP_OFF = const(0xAE)
_DISP_ON = const(0xAF)
_SEG_REMAP = const(0xA0)  # | 1: column address 0 drives the last segment
_COM_SCAN_INC = const(0xC0)
_COM_SCAN_DEC = const(0xC8)
SET_MUX = const(0xA8)
SET_DISP_OFFSET = const(0xD3)
SET_START_LINE = const(0x40)
SET_CLOCK_DIV = const(0xD5)
SET_PRECHARGE = const(0xD9)
SET_COM_PINS = const(0xDA)
SET_VCOM_DESEL = const(0xDB)


class Oled(framebuf.FrameBuffer):
    """A 128x64 MONO_VLSB frame buffer whose show() sends the changed pages/column spans.

    `_shadow` holds what the panel's RAM holds; show() compares page by page, finds the
    changed column span of each changed page, and the subclass's `_flush(spans)` sends
    them in as few transactions as its addressing allows. Subclasses also give the init
    sequence `INIT` (one command transaction).

    A panel that does not answer while the game runs (OSError EIO/ETIMEDOUT: a loose
    wire, its supply cut) never stops the game: the failure is printed once on the
    console, commands are dropped, and each show() tries to set the panel up again; once
    it answers, it gets its settings back and the whole frame. Only at construction does
    a failure raise (the board profile then says so)."""

    INIT = b""

    def __init__(self, i2c, addr=0x3C, flip=False, contrast=0x7F):
        self.width = WIDTH
        self.height = _HEIGHT
        self.i2c = i2c
        self.addr = addr
        self.buffer = bytearray(WIDTH * PAGES)
        self._shadow = bytearray(WIDTH * PAGES)
        self._spans = bytearray(2 * PAGES)  # per page: first, last changed column
        self._buf = memoryview(self.buffer)
        # one view per page, made once: comparing and copying pages allocates nothing
        self._pages = tuple(self._buf[p * WIDTH : (p + 1) * WIDTH] for p in range(PAGES))
        shadow = memoryview(self._shadow)
        self._shadow_pages = tuple(shadow[p * WIDTH : (p + 1) * WIDTH] for p in range(PAGES))
        self._cmd1 = bytearray(2)  # one command: CTRL_CMD, byte
        self._vec = [self._cmd1, self._buf]  # writevto's vector: header, data (reused)
        self._cmd2 = bytearray(3)  # command + argument
        self._flipped = bool(flip)
        self._contrast = contrast
        self._inverted = 0
        self._on = False
        self._known = False  # panel RAM content unknown until the first full show()
        self._ready = False  # construction done: from then on I2C failures are caught
        self._lost = False  # the panel stopped answering; show() sets it up again
        super().__init__(self.buffer, WIDTH, _HEIGHT, framebuf.MONO_VLSB)
        self.init_display()
        self._ready = True

    # --- commands -----------------------------------------------------------------
    def write_cmd(self, cmd):
        """Send one command byte in one transaction."""
        c = self._cmd1
        c[0] = CTRL_CMD
        c[1] = cmd
        self._write(c)

    def write_cmd2(self, cmd, arg):
        """Send two command bytes (a command and its argument, or two commands) in one
        transaction."""
        c = self._cmd2
        c[0] = CTRL_CMD
        c[1] = cmd
        c[2] = arg
        self._write(c)

    def _write(self, buf):
        if self._lost:
            return  # the set-up in show() sends the settings again
        try:
            self.i2c.writeto(self.addr, buf)
        except OSError as e:
            self._failed(e)

    def _failed(self, e):
        """An I2C write failed: raise while constructing, else note it (once)."""
        if not self._ready:
            raise e
        if not self._lost:
            print("LAMA console: the display at I2C address 0x%02x stopped answering (%r);"
                  " check its wiring. The game goes on." % (self.addr, e))
        self._lost = True
        self._known = False

    def _recover(self):
        """Set a panel that stopped answering up again; True when it answers."""
        self._lost = False
        self._ready = False  # failures raise while setting up
        try:
            self.i2c.writeto(self.addr, self.INIT)
            self._orient()
            self.write_cmd2(_SET_CONTRAST, self._contrast)
            self.write_cmd(NORM_DISPLAY | self._inverted)
        except OSError:
            self._lost = True
            return False
        finally:
            self._ready = True
        print("LAMA console: the display answers again.")
        self._known = False
        return True

    def init_display(self):
        """Send the init sequence, clear the panel RAM, and switch the panel on."""
        self.i2c.writeto(self.addr, self.INIT)
        self._orient()
        self.write_cmd2(_SET_CONTRAST, self._contrast)
        self._known = False
        self.show()
        self.poweron()

    def _orient(self):
        """Segment remap + COM scan direction for the current flip state."""
        if self._flipped:
            self.write_cmd2(_SEG_REMAP, _COM_SCAN_INC)
        else:
            self.write_cmd2(_SEG_REMAP | 1, _COM_SCAN_DEC)

    def poweroff(self):
        """Switch the panel off (RAM is kept)."""
        self.write_cmd(DISP_OFF)
        self._on = False

    def poweron(self):
        """Switch the panel on."""
        self.write_cmd(_DISP_ON)
        self._on = True

    def is_on(self):
        """True while the panel is switched on."""
        return self._on

    def contrast(self, value):
        """Set the brightness, 0..255 (values outside are clamped)."""
        value = 0 if value < 0 else 255 if value > 255 else int(value)
        self._contrast = value
        self.write_cmd2(_SET_CONTRAST, value)

    def invert(self, on):
        """Show dark pixels on a lit background when `on`."""
        self._inverted = 1 if on else 0
        self.write_cmd(NORM_DISPLAY | self._inverted)

    def flip(self, on):
        """Turn the picture by 180 degrees when `on` (panel mounted upside down). The
        next show() sends the whole frame: the SSD1306 applies a segment remap only to
        data written after it, so what its RAM holds would stay mirrored."""
        self._flipped = bool(on)
        self._orient()
        self._known = False

    # --- frame transfer -------------------------------------------------------------
    @micropython.native
    def _find_spans(self):
        """Fill `_spans` with the first and last changed column of each page (first =
        NONE when the page is unchanged); returns the number of changed pages."""
        spans = self._spans
        changed = 0
        a = self.buffer
        s = self._shadow
        pages = self._pages
        shadow = self._shadow_pages
        for page in range(PAGES):
            base = page * WIDTH
            if self._known and pages[page] == shadow[page]:
                spans[2 * page] = NONE
                continue
            lo = base
            hi = base + WIDTH - 1
            if self._known:
                while a[lo] == s[lo]:
                    lo += 1
                while a[hi] == s[hi]:
                    hi -= 1
            spans[2 * page] = lo - base
            spans[2 * page + 1] = hi - base
            changed += 1
        return changed

    @micropython.native
    def show(self):
        """Send the pages (column spans) changed since the last show(); returns how many
        pages changed (0 while the panel does not answer)."""
        relight = False
        if self._lost:
            if not self._recover():
                return 0
            relight = self._on  # INIT switched it off; on again once RAM is sent
        changed = self._find_spans()
        if changed:
            try:
                self._flush(self._spans)
            except OSError as e:
                self._failed(e)
                return 0
            spans = self._spans
            for page in range(PAGES):
                if spans[2 * page] != NONE:
                    self._shadow_pages[page][:] = self._pages[page]
        self._known = True
        if relight:
            self.write_cmd(_DISP_ON)
        return changed

    def _flush(self, spans):
        """Send every page whose span in `spans` is not NONE (chip specific)."""
        raise NotImplementedError
