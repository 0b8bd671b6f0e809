"""The host's page when a linked console goes mid-game ("BEN's console is gone"): wait for
it (the same console back gets its seat and view), a computer player of a level takes the
seat, or end the game."""

from hal.buttons import A, DOWN, PRESS, REPEAT, UP
from ui.draw import gfx
from ui.games.panel import Panel
from lama.seats import bot
from ui.model.new_game import bot_levels
from ui.text import lang


class LinkLostPanel(Panel):
    """Rows: wait, a computer player of each level, end the game."""

    def __init__(self, screen, seat):
        Panel.__init__(self, screen)
        self.seat = seat
        self.cursor = 0
        self.levels = bot_levels()

    def items(self):
        """(label, value) of each row: a computer player's level is the row's value."""
        T = lang.s
        out = [(T.LINK_WAIT, None)]
        for lv in self.levels:
            out.append((T.LINK_BOT, T.BOT_LEVELS.get(lv, lv)))
        out.append((T.LINK_END, None))
        return out

    def long_b(self):
        pass  # (this page says what follows)

    def draw(self, fb):
        T = lang.s
        name = self.screen.session.name(self.seat)
        gfx.mid_center(fb, gfx.fit(T.LINK_GONE.replace("%n", name), gfx.MID_COLS), 1)
        fb.hline(0, 8, 128, 1)
        items = self.items()
        top = max(0, self.cursor - gfx.ROWS + 1)
        for i in range(min(gfx.ROWS, len(items) - top)):
            label, value = items[top + i]
            gfx.list_row(fb, i, label, value, top + i == self.cursor)
        gfx.footer(fb, T.K_OK)

    def handle(self, ev):
        kind, b = ev
        if kind != PRESS and kind != REPEAT:
            return False
        n = len(self.levels) + 2
        if b == UP or b == DOWN:
            self.cursor = (self.cursor + (1 if b == DOWN else -1)) % n
            return False
        if kind != PRESS or b != A:
            return False
        scr = self.screen
        ses = scr.session
        c = self.cursor
        if 1 <= c <= len(self.levels):  # a computer player of that level takes the seat
            ses.seats[self.seat] = bot(ses.seats[self.seat][0], self.levels[c - 1])
            ses.unsaved = True  # (the seats are saved with the game)
        elif c == n - 1:
            scr.quit_to_menu()  # (its consoles hear that the game ended: Session.abandon)
        return True
