"""framebuf for the core-only build (tools/build/mpcore), which has no framebuf: MONO_VLSB drawing in Python, allocating nothing (as the C module), text as a fixed bit pattern per character rather than the real font."""

MONO_VLSB = 0
MONO_HLSB = 3
MONO_HMSB = 4


class FrameBuffer:
    """A MONO_VLSB frame buffer over `buf` (one byte = 8 rows of a column)."""

    def __init__(self, buf, width, height, fmt, stride=None):
        self.buf = buf
        self.width = width
        self.height = height

    def fill(self, c):
        v = 0xFF if c else 0
        b = self.buf
        for i in range(len(b)):
            b[i] = v

    def pixel(self, x, y, c=None):
        if x < 0 or y < 0 or x >= self.width or y >= self.height:
            return None if c is not None else 0
        i = (y >> 3) * self.width + x
        bit = 1 << (y & 7)
        if c is None:
            return 1 if self.buf[i] & bit else 0
        if c:
            self.buf[i] |= bit
        else:
            self.buf[i] &= ~bit
        return None

    def fill_rect(self, x, y, w, h, c):
        x0, y0 = max(x, 0), max(y, 0)
        x1, y1 = min(x + w, self.width), min(y + h, self.height)
        b = self.buf
        while y0 < y1:
            page = y0 >> 3
            end = min(y1, (page + 1) << 3)
            mask = ((1 << (end - y0)) - 1) << (y0 & 7)
            i = page * self.width
            for xx in range(x0, x1):
                if c:
                    b[i + xx] |= mask
                else:
                    b[i + xx] &= ~mask
            y0 = end

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c, f=False):
        if f:
            self.fill_rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def line(self, x1, y1, x2, y2, c):
        dx, dy = abs(x2 - x1), -abs(y2 - y1)
        sx, sy = (1 if x1 < x2 else -1), (1 if y1 < y2 else -1)
        err = dx + dy
        while True:
            self.pixel(x1, y1, c)
            if x1 == x2 and y1 == y2:
                return
            e2 = 2 * err
            if e2 >= dy:
                err += dy
                x1 += sx
            if e2 <= dx:
                err += dx
                y1 += sy

    def text(self, s, x, y, c=1):
        for ch in s:
            n = ord(ch)
            for col in range(8):
                bits = 0 if n == 32 else ((n * 37 + col * 11) & 0x7E)
                for row in range(8):
                    if bits >> row & 1:
                        self.pixel(x + col, y + row, c)
            x += 8

    def blit(self, fb, x, y, key=-1, palette=None):
        for yy in range(fb.height):
            for xx in range(fb.width):
                v = fb.pixel(xx, yy)
                if palette is not None:
                    v = palette.pixel(v, 0)
                if v != key:
                    self.pixel(x + xx, y + yy, v)
