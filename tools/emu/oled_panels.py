"""Emulated SSD1306 and SH1106 panels that decode the I2C byte stream into display RAM."""

PAGES = 8
ROWS = 64
WIDTH = 128


class OledPanel:
    """What both controllers share: the control-byte protocol, display RAM, the common
    commands and rendering of what the glass shows.

    `receive(payload)` takes one I2C transaction (the bytes after the address). A control
    byte with Co=1 is followed by one byte and another control byte; with Co=0 every
    remaining byte of the transaction has that control byte's D/C kind. Multi-byte
    commands may span control bytes and transactions, as on the chip."""

    COLUMNS = WIDTH
    ARGS = {}  # command byte -> number of argument bytes

    def __init__(self):
        self.ram = bytearray(self.COLUMNS * PAGES)
        self.on = False
        self.contrast = 0x7F
        self.inverted = False
        self.entire_on = False
        self.seg_remap = False
        self.com_reversed = False
        self.start_line = 0
        self.offset = 0
        self.mux = ROWS
        self.page = 0
        self.col = 0
        self.errors = []
        self.transactions = 0
        self.bytes = 0
        self.command_bytes = 0
        self.data_bytes = 0
        self._cmd = None
        self._args = bytearray(8)  # a command's argument bytes, made once (the heap tests)
        self._nargs = 0
        self._need = 0

    # --- protocol -------------------------------------------------------------------
    def receive(self, payload):
        """Decode one transaction."""
        self.transactions += 1
        self.bytes += len(payload)
        i = 0
        n = len(payload)
        if n == 0:
            self.errors.append("empty transaction")
        while i < n:
            ctrl = payload[i]
            i += 1
            if ctrl & 0x3F:
                self.errors.append("bad control byte 0x%02x" % ctrl)
            data = ctrl & 0x40
            if ctrl & 0x80:
                if i >= n:
                    self.errors.append("control byte 0x%02x without a byte" % ctrl)
                    break
                self._byte(data, payload[i])
                i += 1
            else:
                while i < n:
                    self._byte(data, payload[i])
                    i += 1

    def _byte(self, data, b):
        if data:
            self.data_bytes += 1
            if self._need:
                self.errors.append("data 0x%02x inside command 0x%02x" % (b, self._cmd))
            self._data(b)
            return
        self.command_bytes += 1
        if self._need:
            self._args[self._nargs] = b
            self._nargs += 1
            self._need -= 1
            if not self._need:
                self._command(self._cmd, memoryview(self._args)[: self._nargs])
            return
        need = self.ARGS.get(b, 0)
        if need:
            self._cmd = b
            self._nargs = 0
            self._need = need
        else:
            self._command(b, b"")

    def _command(self, c, args):
        """Commands both chips share; returns False for an unknown one."""
        if c == 0xAE or c == 0xAF:
            self.on = c == 0xAF
        elif c == 0x81:
            self.contrast = args[0]
        elif c == 0xA4 or c == 0xA5:
            self.entire_on = c == 0xA5
        elif c == 0xA6 or c == 0xA7:
            self.inverted = c == 0xA7
        elif c == 0xA0 or c == 0xA1:
            self.seg_remap = c == 0xA1
        elif c == 0xC0 or c == 0xC8:
            self.com_reversed = c == 0xC8
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 0x3F
        elif c == 0xA8:
            self.mux = (args[0] & 0x3F) + 1
        elif c == 0xD3:
            self.offset = args[0] & 0x3F
        elif c in (0xD5, 0xD9, 0xDA, 0xDB, 0xE3):
            pass  # timing and analogue settings: no visible effect here
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        else:
            return self._chip_command(c, args)
        return True

    def _chip_command(self, c, args):
        self.errors.append("unknown command 0x%02x" % c)
        return False

    def _data(self, b):
        raise NotImplementedError

    # --- what tests look at -----------------------------------------------------------
    def lit(self):
        """True when the panel shows anything at all (on, and its supply running)."""
        return self.on

    def ram_view(self):
        """The 128x64 part of display RAM the glass shows, as 1,024 MONO_VLSB bytes in
        column-address order (what the driver's frame buffer should equal)."""
        return bytes(self.ram)

    def _glass_column(self, x):
        """RAM column address shown at glass column x (0 = left, picture upright when
        the segment remap is on, as on the usual modules)."""
        seg = self.COLUMNS - 1 - self._first_seg() - x
        return self.COLUMNS - 1 - seg if self.seg_remap else seg

    def _first_seg(self):
        return 0

    def image(self):
        """What the glass shows: 1,024 MONO_VLSB bytes, x 0..127, y 0..63 (1 = lit)."""
        out = bytearray(WIDTH * PAGES)
        if not self.lit():
            return bytes(out)
        cols = self.COLUMNS
        ram = self.ram
        rowmap = []
        for y in range(ROWS):
            com = ROWS - 1 - y
            k = ROWS - 1 - com if self.com_reversed else com  # row counter driving this COM
            if k >= self.mux:
                rowmap.append(-1)
            else:
                rowmap.append((k + self.start_line + self.offset) & 63)
        inv = 1 if self.inverted else 0
        for x in range(WIDTH):
            c = self._glass_column(x)
            for y in range(ROWS):
                r = rowmap[y]
                if r < 0:
                    bit = 0
                elif self.entire_on:
                    bit = 1
                else:
                    bit = ((ram[(r >> 3) * cols + c] >> (r & 7)) & 1) ^ inv
                if bit:
                    out[(y >> 3) * WIDTH + x] |= 1 << (y & 7)
        return bytes(out)

    def pixel(self, x, y):
        """1 when glass pixel (x, y) is lit (slow: renders the whole image)."""
        img = self.image()
        return (img[(y >> 3) * WIDTH + x] >> (y & 7)) & 1

    def reset_counters(self):
        """Zero the transaction and byte counters."""
        self.transactions = 0
        self.bytes = 0
        self.command_bytes = 0
        self.data_bytes = 0


class SSD1306Panel(OledPanel):
    """SSD1306: 128x64 RAM, horizontal / vertical / page addressing with column and page
    windows; data past the window's end wraps to its start. Needs its charge pump
    (0x8D 0x14) to light on a 3.3 V module. The segment remap (0xA0/0xA1) acts on data
    written after it, not on what RAM holds (datasheet 10.1.8): a change of remap mirrors
    `ram` (kept in column-address order), so the old picture shows mirrored until
    rewritten."""

    ARGS = {
        0x20: 1, 0x21: 2, 0x22: 2, 0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5, 0xA3: 2,
        0x81: 1, 0x8D: 1, 0xA8: 1, 0xD3: 1, 0xD5: 1, 0xD6: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
    }

    def __init__(self):
        super().__init__()
        self.mode = 2  # page addressing after reset
        self.col_start = 0
        self.col_end = 127
        self.page_start = 0
        self.page_end = 7
        self.page_col_start = 0
        self.charge_pump = False
        self.scrolling = False

    def lit(self):
        return self.on and self.charge_pump

    def _command(self, c, args):
        if (c == 0xA0 or c == 0xA1) and (c == 0xA1) != self.seg_remap:
            ram = self.ram
            for base in range(0, WIDTH * PAGES, WIDTH):
                ram[base : base + WIDTH] = bytes(reversed(ram[base : base + WIDTH]))
        return super()._command(c, args)

    def _chip_command(self, c, args):
        if c <= 0x0F:
            self.page_col_start = (self.page_col_start & 0xF0) | c
            self.col = self.page_col_start
        elif c <= 0x1F:
            self.page_col_start = ((c & 0x07) << 4) | (self.page_col_start & 0x0F)
            self.col = self.page_col_start
        elif c == 0x20:
            self.mode = args[0] & 3
            if self.mode == 3:
                self.errors.append("invalid addressing mode 3")
                self.mode = 2
        elif c == 0x21:
            self.col_start = args[0] & 0x7F
            self.col_end = args[1] & 0x7F
            self.col = self.col_start
        elif c == 0x22:
            self.page_start = args[0] & 7
            self.page_end = args[1] & 7
            self.page = self.page_start
        elif c == 0x8D:
            self.charge_pump = bool(args[0] & 0x04)
        elif c == 0x2E:
            self.scrolling = False
        elif c == 0x2F:
            self.scrolling = True
        elif c in (0x26, 0x27, 0x29, 0x2A, 0xA3, 0xD6):
            pass  # scroll set-up / zoom: accepted, not rendered
        else:
            return super()._chip_command(c, args)
        return True

    def _data(self, b):
        self.ram[self.page * WIDTH + self.col] = b
        if self.mode == 0:  # horizontal
            if self.col >= self.col_end:
                self.col = self.col_start
                self.page = self.page_start if self.page >= self.page_end else self.page + 1
            else:
                self.col += 1
        elif self.mode == 1:  # vertical
            if self.page >= self.page_end:
                self.page = self.page_start
                self.col = self.col_start if self.col >= self.col_end else self.col + 1
            else:
                self.page += 1
        else:  # page addressing: wraps within the page
            self.col = self.page_col_start if self.col >= 127 else self.col + 1


class SH1106Panel(OledPanel):
    """SH1106: 132x64 RAM of which the glass shows columns 2..129; page addressing only
    (0xB0+page, column low/high nibble); the column counter wraps from 131 to 0 in the
    same page. 0x20-0x22 are not windowing commands on this chip."""

    COLUMNS = 132
    ARGS = {0x81: 1, 0xA8: 1, 0xAD: 1, 0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1}

    def __init__(self):
        super().__init__()
        self.dcdc = True  # the SH1106 powers up with its DC-DC converter on
        self._rmw = None

    def _first_seg(self):
        return 2

    def _chip_command(self, c, args):
        if c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = ((c & 0x0F) << 4) | (self.col & 0x0F)
            if self.col >= self.COLUMNS:
                self.errors.append("column %d out of range" % self.col)
                self.col = self.COLUMNS - 1
        elif 0x30 <= c <= 0x33:
            pass  # pump voltage
        elif c == 0xAD:
            self.dcdc = bool(args[0] & 1)
        elif c == 0xE0:
            self._rmw = self.col
        elif c == 0xEE:
            if self._rmw is not None:
                self.col = self._rmw
            self._rmw = None
        else:
            return super()._chip_command(c, args)
        return True

    def ram_view(self):
        out = bytearray(WIDTH * PAGES)
        for p in range(PAGES):
            base = p * self.COLUMNS + 2
            out[p * WIDTH : (p + 1) * WIDTH] = self.ram[base : base + WIDTH]
        return bytes(out)

    def _data(self, b):
        self.ram[self.page * self.COLUMNS + self.col] = b
        self.col = 0 if self.col >= self.COLUMNS - 1 else self.col + 1


def make_panel(kind):
    """A new emulated panel: kind "ssd1306" or "sh1106"."""
    if kind == "sh1106":
        return SH1106Panel()
    if kind == "ssd1306":
        return SSD1306Panel()
    raise ValueError("unknown panel kind %r (ssd1306 or sh1106)" % (kind,))
