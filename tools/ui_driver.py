"""Drives the app on the emulated board for tests, goldens and benchmarks (MicroPython side):
press buttons on virtual time, read what the panel shows, find text on it."""

import framebuf

from sim import GAP_MS, KEY_NAMES, parse_keys


class Driver:
    """A fresh emulated board with the app at its title screen (one frame run), its
    storage (ui.model.saves) in `data_dir` (emptied first when `fresh`), as ui.boot wires it on the device
    (without the watchdog and the continue prompt, which have their own tests)."""

    def __init__(self, seed=1, panel="ssd1306", data_dir=".emu-data-ui", settings=None,
                 fresh=True):  # fmt: skip
        from emu.board import configure, make_board
        from sim import _clear_dir, _mkdirs

        if fresh:
            _clear_dir(data_dir)
        _mkdirs(data_dir)
        configure(panel=panel, seed=seed, clock="virtual", data_dir=data_dir)
        self.board = make_board()
        self.emu = self.board.emu
        from ui.boot import make_app
        from ui.model.saves import Saves

        self.saves = Saves(data_dir)
        if settings is None:
            settings = self.saves.load_settings()
        self.app = make_app(self.board, settings=settings,
                            save_settings=self.saves.save_settings, game_store=self.saves)  # fmt: skip
        self.app.step()

    @property
    def now(self):
        return self.emu.time.now

    def run(self, ms):
        """Run frames for ms of virtual time."""
        end = self.emu.time.now + ms
        while self.emu.time.now < end:
            self.app.step()

    def press(self, button, hold_ms=80, gap_ms=GAP_MS):
        """Press a button (index or name) for hold_ms, then let gap_ms pass."""
        if isinstance(button, str):
            button = KEY_NAMES.index(button.upper())
        end = self.emu.buttons.press(button, hold_ms)
        self.run(end - self.emu.time.now + gap_ms)

    def keys(self, text):
        """Press keys written as for the simulator: "A,DOWN,B:800,WAIT:300"."""
        for button, ms in parse_keys(text):
            if button < 0:
                self.run(ms)
            else:
                self.press(button, ms)

    def image(self):
        """What the glass shows (1,024 MONO_VLSB bytes)."""
        return self.emu.panel.image()

    def top(self):
        """The class name of the screen on top."""
        return type(self.app.top()).__name__

    def find(self, s):
        """Where text s (8x8 font, accents included) is on the glass: (x, y, inverted) for
        the first match, or None."""
        return find_text(self.image(), s)

    def shows(self, s):
        return self.find(s) is not None

    def selected(self, s):
        """True when s is on the glass drawn inverted (the selected row)."""
        f = self.find(s)
        return f is not None and f[2]


def columns(image):
    """The glass image as 128 column ints (bit y = pixel (x, y))."""
    cols = []
    for x in range(128):
        v = 0
        for p in range(8):
            v |= image[p * 128 + x] << (8 * p)
        cols.append(v)
    return cols


def render(s):
    """The column bytes of s drawn with ui.draw.gfx.text (8 per character)."""
    from ui.draw import gfx

    w = 8 * len(s)
    buf = bytearray(w)
    fb = framebuf.FrameBuffer(buf, w, 8, framebuf.MONO_VLSB)
    gfx.text(fb, s, 0, 0, 1)
    return buf


def find_text(image, s):
    want = render(s)
    n = len(want)
    if n == 0 or n > 128:
        return None
    cols = columns(image)
    for y in range(57):
        for x in range(129 - n):
            for inv in (0, 0xFF):
                ok = True
                for j in range(n):
                    if ((cols[x + j] >> y) & 0xFF) != want[j] ^ inv:
                        ok = False
                        break
                if ok:
                    return (x, y, inv != 0)
    return None
