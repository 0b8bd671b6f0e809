"""Interactive play: typed keys fed to the emulated buttons, the panel drawn when it changed."""

from simulator.keys import TAP_MS
from simulator.terminal import KEYS_LINE, render_braille, render_half

TAP_GAP_MS = 30  # interactive: from a release seen by a poll to the next press (debounce 10)


class Player:
    """Feeds typed keys to the emulated buttons and draws the panel when it changed."""

    def __init__(self, term):
        self.term = term
        self.board = None
        self.bytes_seen = -1
        self.x_down = False
        self.x_count = 0
        self.x_last = 0
        self.braille = False
        self.taps = []  # (button, ms) typed but not pressed yet: one press at a time
        self.tap_down = None  # the button of the tap under way, until a poll sees it released
        self.tap_free = 0  # ticks_ms from which the next tap may press (set by attach)
        self.quitting = False

    def attach(self, board):
        import time

        self.time = time
        self.board = board
        poll = board.buttons.poll

        def poll_taps(now_ms):
            down = self.tap_down
            if down is not None and board.emu.buttons.pins[down].level:
                self.tap_down = None  # this poll sees its release: the next tap may press
                self.tap_free = time.ticks_add(now_ms, TAP_GAP_MS)  # (not as contact bounce)
            return poll(now_ms)

        board.buttons.poll = poll_taps
        self.tap_free = time.ticks_ms()
        rows, cols = self.term.size()
        self.braille = rows < 36 or cols < 130
        self.term.write("\x1b[2J\x1b[?25l")

    def tap(self, button, ms=TAP_MS):
        self.taps.append((button, ms))
        self.next_tap()

    def next_tap(self):
        """Press the next typed key once a frame's poll has seen the last one released:
        keys that arrive together (fast typing, a slow frame) each give one press, in
        order, none lost or merged with another into the same poll."""
        now = self.time.ticks_ms()
        if not self.taps or self.tap_down is not None:
            return
        if self.time.ticks_diff(now, self.tap_free) < 0:
            return
        button, ms = self.taps.pop(0)
        pins = self.board.emu.buttons
        pins.set(button, 0)
        pins.at(self.time.ticks_add(now, ms), button, 1)
        self.tap_down = button

    def keys(self, data):
        i = 0
        while i < len(data):
            c = data[i]
            if c == 0x1B:  # Esc: alone = long B; ESC [ X or ESC O X = an arrow
                if i + 2 < len(data) and data[i + 1] in (0x5B, 0x4F):
                    arrow = data[i + 2]
                    i += 3
                    if arrow in b"ABCD":
                        self.tap(b"ABDC".index(arrow))  # UP, DOWN, LEFT, RIGHT
                    continue
                self.tap(5, 700)
            elif c in (0x7A, 0x5A, 0x0D, 0x0A):  # z, Z, Enter
                self.tap(4)
            elif c in (0x7F, 0x08):  # Backspace
                self.tap(5)
            elif c in (0x78, 0x58):  # x, X: held while the terminal repeats it
                self.hold_x()
            elif c in (0x71, 0x51, 0x03, 0x04):  # q, Q, Ctrl-C, Ctrl-D
                self.quitting = True  # once the keys typed before it are pressed
                return
            i += 1

    def hold_x(self):
        now = self.time.ticks_ms()
        if not self.x_down:
            self.board.emu.buttons.set(5, 0)
            self.x_down = True
            self.x_count = 0
        self.x_count += 1
        self.x_last = now

    def release_x(self):
        if not self.x_down:
            return
        # the first repeat comes after the terminal's repeat delay (about 500 ms)
        quiet = 550 if self.x_count == 1 else 150
        if self.time.ticks_diff(self.time.ticks_ms(), self.x_last) > quiet:
            self.board.emu.buttons.set(5, 1)
            self.x_down = False

    def sleep(self, ms):
        """The board's sleep: wait for keys, draw the panel if it changed."""
        self.draw()
        self.next_tap()
        if self.quitting and not self.taps and self.tap_down is None:
            raise SystemExit(0)  # q, after every key typed before it (and its frame drawn)
        end = self.time.ticks_add(self.time.ticks_ms(), ms)
        while True:
            left = self.time.ticks_diff(end, self.time.ticks_ms())
            if left <= 0:
                break
            data = self.term.read(left)
            if data:
                self.keys(data)
        data = self.term.read(0)  # typed while this process was not running (a busy host)
        if data:
            self.keys(data)
        self.release_x()  # after that: an x repeat waiting to be read still holds B

    def draw(self):
        emu = self.board.emu
        if emu.bus.bytes == self.bytes_seen:
            return
        self.bytes_seen = emu.bus.bytes
        image = emu.panel.image()
        lines = render_braille(image) if self.braille else render_half(image)
        width = len(lines[0])
        top = "\u250c" + "\u2500" * width + "\u2510"
        bottom = "\u2514" + "\u2500" * width + "\u2518"
        body = ["\u2502" + line + "\u2502" for line in lines]
        status = "" if emu.panel.lit() else "  (display off: any key wakes it)"
        self.term.write("\x1b[H" + "\r\n".join([top] + body + [bottom, KEYS_LINE + status]) + "\x1b[K")
