"""The events of a game get their moment (issue 50): a bust, three llamas, a player going
out, a round's end, the game over. A short animation over the table (a band that opens
from the middle, its words in big letters, llamas for three llamas) with its sound
(muted with the sound setting), as long as the pace allows, A skips it; then the page
that follows (the round end, the game over), if any. The move's line stays in sight."""

from hal.buttons import A, PRESS
from ui.draw import gfx, icons
from ui.games.panel import Panel
from ui.games.pieces import MSG_Y
from ui.text import lang

from micropython import const

# the kinds of events, their sound (ui/hal/sound.py TUNES)
SOUNDS = {"bust": "bust", "llamas": "llamas", "out": "out", "round": "round", "game_over": "win"}
_TOP = const(12)  # the band's room: under the header, clear of the move's line
_OPEN = const(3)  # the band opens in the first third of the time


def duration(step_ms):
    """How long an event shows at a pace whose step is `step_ms`: half of it, at most
    900 ms (none at the instant pace)."""
    return min(900, step_ms // 2)


def words(T, kind, name):
    """The event's words: big when they fit (8 characters), else the readable font."""
    if kind == "bust":
        return T.G_EV_BUST
    if kind == "llamas":
        return name
    if kind == "out":
        return name + " " + T.G_EV_OUT
    if kind == "game_over":
        return T.G_GAME_OVER
    return T.G_EV_ROUND


class EventPanel(Panel):
    """Event `kind` (a key of SOUNDS) of seat `name`'s, then page `then` (or none);
    "round_end": a player going out or the round over, then the round-end page."""

    def __init__(self, screen, kind, name="", then=None):
        Panel.__init__(self, screen)
        if kind == "round_end":
            ses = screen.session
            out = ses.last_round is not None and ses.last_round[2] == "empty"
            kind, then = ("out" if out else "round"), "round_end"
            name = ses.name(ses.state.turn) if out else ""
        self.kind = kind
        self.name = name
        self.then = then
        app = screen.app
        self.start = app.now
        self.ms = duration(screen.step_ms())
        s = app.board.sound
        if s is not None:
            s.play(SOUNDS.get(kind, "click"))

    def elapsed(self):
        return self.screen.since(self.start)

    def tick(self):
        if self.elapsed() >= self.ms:
            self.screen.panel_done()  # (its page next: done)
        return True

    def handle(self, ev):
        return ev[0] == PRESS and ev[1] == A  # A skips it; other keys wait for it

    def done(self):
        if self.then is not None:
            self.screen.open_panel(self.then)

    def draw(self, fb):
        scr = self.screen
        scr.draw_table(fb)
        t = self.elapsed()
        full = MSG_Y - 1 - _TOP  # (rows 12-45: the llama row's boxes end on 45)
        h = full if self.ms <= 0 or t * _OPEN >= self.ms else max(2, full * t * _OPEN // self.ms)
        y0 = _TOP + (full - h) // 2
        gfx.erase(fb, 0, y0, gfx.W, h)
        fb.fill_rect(0, y0, gfx.W, h, 1)
        if h < full:
            return
        s = words(lang.s, self.kind, self.name)
        mid_y = _TOP + full // 2
        if self.kind == "llamas":  # three llamas: the roller's name over three llama icons
            gfx.mid_center(fb, s, _TOP + 3, 0)
            for k in range(3):
                x = 40 + 18 * k
                fb.fill_rect(x - 1, mid_y - 1, 10, 10, 0)
                gfx.icon(fb, icons.LLAMA, x, mid_y, 1)
            return
        if len(s) * 16 <= gfx.W:
            gfx.big(fb, s, (gfx.W - 16 * len(s)) // 2, mid_y - 8, 2, 0)
        else:
            gfx.mid_center(fb, gfx.fit(s, gfx.MID_COLS), mid_y - 4, 0)
