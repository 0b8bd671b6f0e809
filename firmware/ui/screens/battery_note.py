"""What the app does with hal.power's battery alerts: the mark redrawn when its bars change, "Battery low" said once over the screen, and an empty cell's game saved ("Battery empty: game saved") before the console sleeps."""

from hal.buttons import PRESS
from hal.power_cell import ALERT_EMPTY, ALERT_GAUGE, ALERT_LOW
from ui.draw import gfx
from ui.loop.screen import Screen
from ui.text import lang

_SHOW_MS = 3000  # a note stays this long (a press takes the low note away sooner)


def attach(app):
    """Answer the board's battery alerts on `app` (ui.boot: when a cell is fitted)."""
    power = app.board.power

    def alert(kind):
        top = app.top()
        if kind == ALERT_GAUGE:
            if top is not None:
                top.dirty = True
        elif kind == ALERT_LOW:
            app.push(BatteryNote(app, lang.s.BAT_LOW))
        elif kind == ALERT_EMPTY:
            text = lang.s.BAT_EMPTY if save_games(app) else lang.s.BAT_FLAT
            app.push(BatteryNote(app, text, power.empty))

    power.alert = alert


def save_games(app):
    """Save every game on the stack now (what the last actions changed); True if any."""
    saved = False
    for s in app.stack:
        ses = getattr(s, "session", None)
        if ses is not None:
            ses.flush()
            saved = True
    return saved


class BatteryNote(Screen):
    """A boxed note over the screen under it for _SHOW_MS, then `then()`; with a `then`
    (the console sleeps after it) no key takes it away sooner."""

    def __init__(self, app, text, then=None):
        Screen.__init__(self, app)
        self.text = text
        self.then = then
        self.until = app.clock.ticks_add(app.clock.ticks_ms(), _SHOW_MS)

    def resting(self):
        return False  # (its end is timed)

    def tick(self, now_ms):
        if self.app.clock.ticks_diff(now_ms, self.until) >= 0:
            self.close()

    def close(self):
        self.app.pop()
        if self.then is not None:
            self.then()

    def handle(self, ev):
        if ev[0] == PRESS and self.then is None:
            self.close()

    def draw(self, fb):
        stack = self.app.stack
        if len(stack) > 1:
            stack[-2].draw(fb)
        lines = gfx.wrap(self.text, gfx.MID_COLS - 1)
        h = 10 * len(lines) + 8
        y = (64 - h) // 2
        gfx.erase(fb, 0, y - 2, gfx.W, h + 4)
        fb.rect(2, y, gfx.W - 4, h, 1)
        for i, line in enumerate(lines):
            gfx.mid_center(fb, line, y + 5 + 10 * i)
