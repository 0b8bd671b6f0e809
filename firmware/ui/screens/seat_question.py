"""The question before a saved game goes on whose seat this firmware cannot seat (a newer
firmware's save naming a seat kind or a computer player not known here): play the seat
at a level, or set the save aside; never played silently as another player."""

from lama import games as game_rows
from lama import seats as kinds
from ui.draw import gfx
from ui.model.new_game import bot_levels, default_level
from ui.screens.menu import ListScreen
from ui.text import lang


def what_text(seat):
    """What the save names for a seat not known here, in words: the computer player's
    name, a linked console's number, or a seat kind's."""
    k = kinds.kind(seat)
    d = kinds.detail(seat)
    if k == kinds.BOT:
        return str(d)
    if k == kinds.LINKED:
        return lang.s.SEAT_CONSOLE + " " + str(d)
    return lang.s.SEAT_KIND + " " + str(k)


class SeatQuestion(ListScreen):
    """One seat at a time of `seats` (a saved game of id `game`) that this firmware cannot
    seat: its name and what the save names it, "Play as" a level (LEFT/RIGHT change it, A
    plays the seat at it) or "Set save aside" (the save renamed aside on flash, kept but
    no longer offered: Saves.set_aside). When every seat is settled, `go_on(seats)` with
    the seats as they will be played; after the save is set aside, `aside()`. This
    question is gone from the stack before either is called. B goes back, the save as
    it was."""

    def __init__(self, app, game, seats, go_on, aside):
        ListScreen.__init__(self, app)
        self.game = game
        self.seats = list(seats)
        self.go_on = go_on
        self.aside = aside
        self.level = default_level()

    def left(self):
        """The seats not settled yet (indexes)."""
        return kinds.unplayable(self.seats, game_rows.get(self.game).bot_names)

    def asked(self):
        """The seat asked about now (the first not settled)."""
        return self.left()[0]

    def title(self):
        return lang.s.SEAT_Q

    def count(self):
        return 2

    def row(self, i):
        s = lang.s
        if i == 0:
            return (s.SEAT_PLAY, s.BOT_LEVELS.get(self.level, self.level))
        return (s.SEAT_ASIDE, None)

    def hint(self):
        return lang.s.K_SEAT_Q

    def change(self, i, delta):
        if i == 0:
            levels = bot_levels()
            self.level = levels[(levels.index(self.level) + delta) % len(levels)]

    def choose(self, i):
        app = self.app
        if i == 1:
            app.pop()
            store = getattr(app, "game_store", None)
            if store is not None:
                store.set_aside(self.game)
            self.aside()
            return
        k = self.asked()
        self.seats[k] = kinds.bot(kinds.name(self.seats[k]), self.level)
        if not self.left():
            app.pop()
            self.go_on(self.seats)

    def draw(self, fb):
        ListScreen.draw(self, fb)
        seat = self.seats[self.asked()]
        text = kinds.name(seat) + " (" + what_text(seat) + "): " + lang.s.SEAT_UNKNOWN
        lines = gfx.wrap(text, gfx.MID_COLS)
        for i in range(min(len(lines), 3)):
            gfx.mid(fb, lines[i], 4, gfx.row_y(2) + 2 + 8 * i)
