"""The move log page: the round's moves in words, the latest at the bottom."""

from hal.buttons import A, B, DOWN, PRESS, UP
from ui.draw import gfx
from ui.games.panel import Panel
from ui.text import lang


class LogPanel(Panel):
    """The round's moves in words (the last LOG_MAX), the latest at the bottom; UP/DOWN
    scroll, A or B goes back."""

    ROWS = 5

    def __init__(self, screen, first=None):
        """`first`: the log line to show at the top (as far as the page fills), else the
        last lines."""
        Panel.__init__(self, screen)
        last = max(0, len(screen.log) - self.ROWS)
        self.top = last if first is None else min(first, last)

    def draw(self, fb):
        T = lang.s
        log = self.screen.log
        gfx.header(fb, T.G_LOG + " " + self.screen.session.round_label(T))
        if not log:
            gfx.mid(fb, T.G_LOG_NONE, 0, 12)
        for k in range(min(self.ROWS, len(log) - self.top)):
            gfx.mid(fb, log[self.top + k], 0, 10 + 8 * k)
        gfx.scroll_marks(fb, self.top, len(log), self.ROWS)
        gfx.footer(fb, T.G_K_LOG)

    def handle(self, ev):
        kind, b = ev
        if b == UP or b == DOWN:
            last = max(0, len(self.screen.log) - self.ROWS)
            self.top = min(last, max(0, self.top + (1 if b == DOWN else -1)))
            return False
        return kind == PRESS and (b == A or b == B)
