"""The panel drawn in a terminal (half blocks or braille), and the terminal's raw keys."""

import sys

HALF = (" ", "\u2580", "\u2584", "\u2588")  # nothing, upper half, lower half, full block


def render_half(image):
    """The 128x64 image as 32 lines of half blocks."""
    lines = []
    for y in range(0, 64, 2):
        page = (y >> 3) * 128
        b0 = 1 << (y & 7)
        b1 = b0 << 1
        row = []
        for x in range(128):
            v = image[page + x]
            row.append(HALF[(1 if v & b0 else 0) + (2 if v & b1 else 0)])
        lines.append("".join(row))
    return lines


_BRAILLE_BITS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def render_braille(image):
    """The 128x64 image as 16 lines of 64 braille cells (2x4 pixels each)."""
    lines = []
    for y in range(0, 64, 4):
        page = (y >> 3) * 128
        row = []
        for x in range(0, 128, 2):
            code = 0
            for dy in range(4):
                bit = 1 << ((y + dy) & 7)
                bits = _BRAILLE_BITS[dy]
                if image[page + x] & bit:
                    code |= bits[0]
                if image[page + x + 1] & bit:
                    code |= bits[1]
            row.append(chr(0x2800 + code))
        lines.append("".join(row))
    return lines


class Terminal:
    """Raw keyboard input and drawing on the controlling terminal."""

    def __init__(self):
        import select
        import termios

        try:  # CPython (make emulate): tty.setraw (termios.setraw is 3.12's only)
            from tty import setraw
        except ImportError:  # the MicroPython unix port: no tty, its termios has setraw
            setraw = termios.setraw
        self.termios = termios
        self.saved = termios.tcgetattr(0)  # raises when stdin is not a terminal
        setraw(0)
        self.poller = select.poll()
        self.poller.register(sys.stdin, select.POLLIN)
        self.pending = b""

    def restore(self):
        self.termios.tcsetattr(0, self.termios.TCSANOW, self.saved)
        self.write("\x1b[?25h\r\n")

    def write(self, s):
        sys.stdout.write(s)
        if hasattr(sys.stdout, "flush"):
            sys.stdout.flush()

    def read(self, timeout_ms):
        """Bytes typed within timeout_ms (b"" if none)."""
        out = b""
        if self.poller.poll(max(0, timeout_ms)):
            while True:
                c = sys.stdin.buffer.read(1)
                if not c:
                    break
                out += c
                if not self.poller.poll(0):
                    break
        return out

    def size(self):
        """(rows, columns), asked of the terminal itself; (24, 80) when it does not answer
        within a second (the reply is read to its final R, even when it comes in parts)."""
        import time

        self.write("\x1b[s\x1b[999;999H\x1b[6n\x1b[u")
        end = time.ticks_add(time.ticks_ms(), 1000)
        reply = b""
        i = j = -1
        while j <= i:
            left = time.ticks_diff(end, time.ticks_ms())
            if left <= 0:
                break
            reply += self.read(left)
            i = reply.find(b"\x1b[")
            j = reply.find(b"R", i) if i >= 0 else -1
        if i >= 0 and j > i:
            try:
                r, c = reply[i + 2 : j].split(b";")
                return int(r), int(c)
            except ValueError:
                pass
        return 24, 80


KEYS_LINE = "arrows: move  z/Enter: A  x/Backspace: B  hold x or Esc: long B  q: quit"
