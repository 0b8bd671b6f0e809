"""Drives a game screen on the emulated board (MicroPython unix port): tests, benchmarks,
screenshots. The firmware runs unchanged; buttons are pressed on virtual time.

    d = Driver(game=1, names=["ANA", "BOB"], bots=[None, "cautious"], seed=7)
    d.press("A"); d.wait(700); d.shot("/tmp/x.png"); d.text()  # what the panel shows
"""

import sys

_here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
for _p in (_here + "/../firmware", _here):
    if _p not in sys.path:
        sys.path.append(_p)  # after MICROPYPATH: precompiled .mpy there come first

from hal.buttons import NAMES  # noqa: E402

GAP_MS = 30  # after a release, before the next press
LARGE = ("8x8", "big", "mid")  # ui.draw.gfx.record's readable fonts (the rest: "small")
SMALL = ("small",)


def button(name):
    return NAMES.index(name.upper())


class Driver:
    """A game screen on an emulated board, with a session seeded for reproducible games.
    `record`: Session.record collects every action applied."""

    def __init__(self, game, names, bots, seed=1, first=0, rules=None, store=None,
                 state=None, panel="ssd1306", data_dir="/tmp/game-drive-data",
                 language=0, record=True):  # fmt: skip
        from emu.board import configure

        configure(panel=panel, seed=seed, clock="virtual", data_dir=data_dir)
        from emu.board import make_board
        from lama.rng import SeededRng
        from lama.score import Rules
        from ui.loop.app import App
        from ui.games.launch import screen_for
        from ui.games.session import BOT_SEED_SALT, Session

        self.board = make_board()
        self.app = App(self.board)
        if language:
            self.app.settings.set("language", language)
            self.app.apply_settings()
        if store is not None:
            self.app.game_store = store
        if rules is None:
            rules = Rules()
        self.session = Session(game, names, bots, rules, first, SeededRng(seed),
                               SeededRng(seed ^ BOT_SEED_SALT), store, state)  # fmt: skip
        self.session.record = [] if record else None
        self.app.stack = []
        self.app.push(screen_for(self.app, self.session))
        self.vt = self.board.emu.time
        self.pins = self.board.emu.buttons
        self.app.step()

    def screen(self):
        return self.app.top()

    def run_until(self, t):
        while self.vt.now < t:
            self.app.step()

    def wait(self, ms):
        self.run_until(self.vt.now + ms)

    def press(self, name, hold_ms=40):
        """Press and release a button (hold B 700 ms for the long press)."""
        end = self.pins.press(button(name), hold_ms)
        self.run_until(end + GAP_MS)

    def image(self):
        return self.board.emu.panel.image()

    def shot(self, path):
        import png

        png.write(path, self.image())

    def drawn(self):
        """[(font, text, x, y)] of the top screen drawn once more through the drawing kit
        (ui.draw.gfx.record): which font shows each text, without guessing from pixels."""
        import framebuf

        from ui.draw import gfx

        fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        gfx.record = []
        try:
            self.app.top().draw(fb)
            return gfx.record
        finally:
            gfx.record = None

    def shows(self, text, fonts=LARGE):
        """Whether the screen draws a text containing `text` in one of `fonts`."""
        for rec in self.drawn():
            if rec[0] in fonts and text in rec[1]:
                return True
        return False


def _render(text, small):
    """text drawn alone: (framebuffer, width, height)."""
    import framebuf

    from ui.draw import gfx

    w = (4 * len(text)) if small else 8 * len(text)
    h = 5 if small else 8
    buf = bytearray(((h + 7) // 8) * w)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    if small:
        gfx.small(fb, text, 0, 0)
    else:
        gfx.text(fb, text, 0, 0)
    return fb, w, h


def find_text(image, text, small=False, inverted=False):
    """(x, y) where `text` appears on a 128x64 MONO_VLSB image (lit pixels of the glyphs
    lit, the gaps dark; `inverted` for text drawn dark on a lit bar), or None."""
    import framebuf

    img = framebuf.FrameBuffer(bytearray(image), 128, 64, framebuf.MONO_VLSB)
    g, w, h = _render(text, small)
    on = 0 if inverted else 1
    pts = []
    for yy in range(h):
        for xx in range(w - 1):
            pts.append((xx, yy, g.pixel(xx, yy)))
    # the first lit pixel of the text filters the candidates quickly
    first = None
    for p in pts:
        if p[2]:
            first = p
            break
    for y in range(0, 65 - h):
        for x in range(0, 129 - w):
            if (img.pixel(x + first[0], y + first[1]) == on) != 1:
                continue
            ok = True
            for xx, yy, v in pts:
                if (img.pixel(x + xx, y + yy) == on) != (v == 1):
                    ok = False
                    break
            if ok:
                return (x, y)
    return None
