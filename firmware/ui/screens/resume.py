"""Boot-time screens of the storage: "Continue the game?" and "Discard the game?"."""

from hal.buttons import A, B, LEFT, PRESS, RIGHT
from ui.draw import gfx
from ui.loop.screen import Screen
from ui.model import games
from ui.screens.menu import ListScreen
from ui.screens.notices import notices
from ui.text import lang


class ContinueScreen(Screen):
    """Offers the saved games (SavedGames.all: a list of (state, seats, rng_states)), one
    at a time, its game, round, seats and scores in the 8x8 font; with two of them LEFT and
    RIGHT show the other ("< LAMA Dice >"). A continues the one shown, B asks whether to
    discard it (ConfirmDiscard; the answer offered first keeps it). `fault`: the console
    restarted after a hang (said in small capitals)."""

    def __init__(self, app, saved, fault=False):
        Screen.__init__(self, app)
        self.saved = list(saved)
        self.k = 0  # the one shown
        self.fault = fault

    def shown(self):
        return self.saved[self.k]

    def drop_shown(self):
        """The shown game was discarded: offer the others; False when none is left."""
        self.saved.pop(self.k)
        self.k = 0
        self.dirty = True
        return bool(self.saved)

    def handle(self, ev):
        if ev[0] != PRESS:
            return
        app = self.app
        if ev[1] == A:  # the game's code loaded first, a module a frame
            app.soon(self._resume, ("ui.games.launch",))
        elif ev[1] == B:
            app.push(ConfirmDiscard(app, self))
        elif (ev[1] == LEFT or ev[1] == RIGHT) and len(self.saved) > 1:
            self.k = (self.k + 1) % len(self.saved)
            self.dirty = True

    def _resume(self):
        from lama.games import get
        from lama.seats import unplayable

        state, seats, _ = self.shown()
        if unplayable(seats, get(state.GAME).bot_names):  # a newer firmware's seat: ask
            from ui.screens.seat_question import SeatQuestion

            self.app.push(SeatQuestion(self.app, state.GAME, seats, self._go_on, self._aside))
            return
        self._go_on(seats)

    def _aside(self):
        """The shown game was set aside (ui/screens/seat_question.py): as after a discard."""
        if not self.drop_shown():
            self.app.pop()  # nothing left to offer: to the title screen

    def _go_on(self, seats):
        from ui.games import launch

        app = self.app
        plan = app.memory()
        state = self.shown()[0]

        def put():
            app.home()  # the title screen
            if app.kept is None:
                plan.keep_from_now(app)
            plan.menu_below(app)  # under the game, as after a new game
            launch.resume(app, state, seats)

        order = plan.game_order()
        app.soon(put, order.code(state.GAME) + order.pages_to_intern())

    def draw(self, fb):
        s = lang.s
        st, seats, _ = self.shown()
        if linked(seats):  # (21 letters: the readable small font, a rule under it)
            gfx.mid_center(fb, s.CONTINUE_LINKED_Q, 0)
            fb.hline(0, 8, 128, 1)
        else:
            gfx.header(fb, s.CONTINUE_Q)
        title = games.title(st.GAME)
        if len(self.saved) > 1:
            title = "< " + title + " >"
        gfx.center(fb, title, gfx.line_y(0))
        gfx.center(fb, s.CONTINUE_ROUND + " " + str(st.round_no), gfx.line_y(1))
        for i in range(min(len(seats), 6)):  # two columns of 8 characters, 3 lines
            cell = seats[i][0][:3] + " " + str(st.scores[i])
            gfx.text(fb, cell, 64 * (i % 2), gfx.line_y(2 + i // 2))
        if self.fault:
            gfx.mid(fb, s.ST_FAULT, 0, 49)
        gfx.center(fb, s.CONTINUE_KEYS, 56)


def linked(seats):
    """Whether a saved game's seats have a person on a linked console (lama.seats.LINKED)."""
    from lama.seats import LINKED, kind, of

    for seat in seats:
        if kind(of(seat)) == LINKED:
            return True
    return False


class ConfirmDiscard(ListScreen):
    """"Discard the game?" with "No, keep it" selected: A on it or B goes back to the offer;
    only A on "Yes, discard" removes the save of the game `offer` shows (then back to the
    offer of the other saved game, or to the title screen when there is none)."""

    def __init__(self, app, offer):
        ListScreen.__init__(self, app)
        self.offer = offer

    def title(self):
        return lang.s.DISCARD_Q

    def count(self):
        return 2

    def row(self, i):
        return (lang.s.DISCARD_NO if i == 0 else lang.s.DISCARD_YES, None)

    def choose(self, i):
        app = self.app
        more = True
        if i == 1:
            store = getattr(app, "game_store", None)
            if store is not None:
                store.clear_progress(self.offer.shown()[0].GAME)
            more = self.offer.drop_shown()
        app.pop()  # this question: back to the offer
        if not more:
            app.pop()  # nothing left to offer: to the title screen
        if i == 1:
            notices(app)  # the removal failed: say so
