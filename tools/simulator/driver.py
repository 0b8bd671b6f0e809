"""The test driver of scripted screens (MicroPython side): the app on the emulated board for
tests, goldens and benchmarks; buttons pressed on virtual time, what the glass shows read
back and text found on it. The firmware runs unchanged.

    d = Driver()                                  the app at its title screen, with its saves
    d.keys("A,DOWN,A"); d.shows("Settings")
    d = Driver.in_game(1, ["ANA", "BOB"], [None, "cautious"], seed=7)   a game screen
    d.press("A"); d.wait(700); d.shot("/tmp/x.png")
"""

import framebuf

from simulator.keys import GAP_MS, TAP_MS, button, parse_keys

GAME_DATA_DIR = "/tmp/game-drive-data"  # the emulated board's /data for a game screen alone
LARGE = ("8x8", "big2", "big3", "big4", "mid")  # ui.draw.gfx.record's fonts of text (the rest: "small", the scroll marks)


class Driver:
    """A fresh emulated board with the app at its title screen (one frame run), its
    storage (ui.model.saves) in `data_dir` (emptied first when `fresh`), as ui.boot wires it
    on the device (without the watchdog and the continue prompt, which have their own
    tests; with its first step, ui.prime, unless `prime` is False). `Driver.in_game(...)` has a
    game screen alone on it instead."""

    def __init__(self, seed=1, panel="ssd1306", data_dir=".emu-data-ui", settings=None,
                 fresh=True, start=True, prime=True):
        from simulator.folders import clear_dir, make_dirs

        if fresh:
            clear_dir(data_dir)
        make_dirs(data_dir)
        self._make_board(panel, seed, data_dir)
        if not start:  # (in_game makes the app)
            return
        if prime:  # as ui.boot.run does first on the device
            from ui.loop.resident import forget
            from ui.prime import prime as prime_heap

            prime_heap()
            del prime_heap
            forget("ui.prime")  # (boot only, as there)
        from ui.boot import make_app
        from ui.model.saves import Saves

        self.saves = Saves(data_dir)
        if settings is None:
            settings = self.saves.load_settings()
        self.app = make_app(self.board, settings=settings, save_settings=self.saves.save_settings,
                            game_store=self.saves)
        self.app.step()

    @classmethod
    def in_game(cls, game, names, bots, seed=1, first=0, rules=None, store=None, state=None,
                panel="ssd1306", data_dir=GAME_DATA_DIR, language=0, record=True):
        """A game screen alone on the stack, its session seeded for reproducible games:
        SeededRng(seed) for dice and deals, the bots' own as the firmware seeds it; `state`
        resumes a position, `store` saves it (ui.model.saves API), `record`: Session.record
        collects every action applied."""
        from lama.rng import SeededRng
        from lama.score import Rules
        from lama.rng import BOT_SEED_SALT
        from ui.boot import open_page, plan
        from ui.games.launch import load, screen_for
        from ui.games.session import Session
        from ui.loop.app import App
        from ui.model.settings import Settings

        d = cls(seed, panel, data_dir, fresh=False, start=False)
        d.app = App(d.board, Settings(), pages=open_page, memory=plan)
        if language:
            d.app.settings.set("language", language)
            d.app.apply_settings()
        if store is not None:
            d.app.game_store = store
            store.readers = plan().SAVE_READERS  # (as ui.boot wires them)
        d.session = Session(load(game), list(zip(names, bots)), rules or Rules(), first,
                            SeededRng(seed), SeededRng(seed ^ BOT_SEED_SALT), store, state)
        d.session.record = [] if record else None
        d.app.stack = []
        d.app.push(screen_for(d.app, d.session))
        d.app.step()
        while d.app._soon is not None:  # a page it opened at once, its module loading
            d.app.step()
        return d

    def _make_board(self, panel, seed, data_dir):
        from emu.board import configure, make_board

        configure(panel=panel, seed=seed, clock="virtual", data_dir=data_dir)
        self.board = make_board()
        self.emu = self.board.emu

    @property
    def now(self):
        return self.emu.time.now

    def run(self, ms):
        """Run frames for ms of virtual time."""
        self.run_until(self.emu.time.now + ms)

    wait = run

    def run_until(self, t):
        """Run frames until virtual time t (ms)."""
        while self.emu.time.now < t:
            self.app.step()

    def press(self, key, hold_ms=TAP_MS, gap_ms=GAP_MS):
        """Press a button (index or name; hold B 700 ms for the long press) for hold_ms,
        then let gap_ms pass."""
        if isinstance(key, str):
            key = button(key)
        end = self.emu.buttons.press(key, hold_ms)
        self.run_until(end + gap_ms)

    def keys(self, text):
        """Press keys written as for the simulator: "A,DOWN,B:800,WAIT:300"."""
        for key, ms in parse_keys(text):
            if key < 0:
                self.run(ms)
            else:
                self.press(key, ms)

    def image(self):
        """What the glass shows (1,024 MONO_VLSB bytes)."""
        return self.emu.panel.image()

    def shot(self, path):
        """Write what the glass shows as a PNG."""
        from simulator import png

        png.write(path, self.image())

    def screen(self):
        """The screen on top."""
        return self.app.top()

    def top(self):
        """The class name of the screen on top."""
        return type(self.app.top()).__name__

    def find(self, s):
        """Where text s is on the glass: (x, y, inverted) for the first match, or None."""
        return find_text(self.image(), s)

    def shows(self, s):
        return self.find(s) is not None

    def drawn(self):
        """[(font, text, x, y)] of the top screen drawn once more through the drawing kit
        (ui.draw.gfx.record): which font shows each text, without guessing from pixels."""
        from ui.draw import gfx

        fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
        gfx.record = []
        try:
            self.app.top().draw(fb)
            return gfx.record
        finally:
            gfx.record = None

    def says(self, text, fonts=LARGE):
        """Whether the screen draws a text containing `text` in one of `fonts` (through the
        drawing kit: `shows` looks for it on the glass)."""
        for rec in self.drawn():
            if rec[0] in fonts and text in rec[1]:
                return True
        return False

    def selected(self, s):
        """True when s is on the glass drawn inverted (the selected row)."""
        f = self.find(s)
        return f is not None and f[2]


def _columns(image):
    """The glass image as 128 column ints (bit y = pixel (x, y))."""
    cols = []
    for x in range(128):
        v = 0
        for p in range(8):
            v |= image[p * 128 + x] << (8 * p)
        cols.append(v)
    return cols


def _render(s):
    """The columns (ints, bit y = pixel y) of s drawn alone with ui.draw.gfx, and its height:
    the 8x8 font (accents included)."""
    from ui.draw import gfx

    w, h = 8 * len(s), 8
    buf = bytearray(w)
    fb = framebuf.FrameBuffer(buf, w, 8, framebuf.MONO_VLSB)
    gfx.text(fb, s, 0, 0, 1)
    return list(buf), h


def find_text(image, s, inverted=None):
    """Where text s is on a 128x64 MONO_VLSB image: (x, y, inverted) for the first match
    (top to bottom, left to right), or None. The glyphs' pixels and the gaps between them
    must match (lit text on dark, or dark on a lit bar: `inverted` True or False asks for
    one of them); the gap after the last character is not looked at."""
    want, h = _render(s)
    n = len(want) - 1
    if n <= 0 or n > 128:
        return None
    mask = (1 << h) - 1
    cols = _columns(image)
    kinds = (0, mask) if inverted is None else ((mask,) if inverted else (0,))
    for y in range(65 - h):
        for x in range(129 - n):
            for inv in kinds:
                ok = True
                for j in range(n):
                    if ((cols[x + j] >> y) & mask) != want[j] ^ inv:
                        ok = False
                        break
                if ok:
                    return (x, y, inv != 0)
    return None
