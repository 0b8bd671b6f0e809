"""Boot-time screens of the storage: "Continue the game?" and notices about the saves."""

from hal.buttons import A, B, PRESS
from ui.draw import gfx
from ui.loop.screen import Screen
from ui.model import games
from ui.screens.menu import ListScreen
from ui.text import lang


class ContinueScreen(Screen):
    """Offers the saved game (its game, round, seats and scores, in the 8x8 font): A
    continues it, B asks whether to discard it (ConfirmDiscard; the answer offered first
    keeps it). `fault`: the console restarted after a hang (said in small capitals)."""

    def __init__(self, app, saved, fault=False):
        Screen.__init__(self, app)
        self.state, self.seats, self.rng_states = saved
        self.fault = fault

    def handle(self, ev):
        if ev[0] != PRESS:
            return
        app = self.app
        if ev[1] == A:
            from ui.games.launch import resume
            from ui.screens.main_menu import MainMenu

            app.home()  # the title screen
            app.replace(MainMenu(app))  # under the game, as after a new game
            resume(app, self.state, self.seats)
        elif ev[1] == B:
            app.push(ConfirmDiscard(app))

    def draw(self, fb):
        s = lang.s
        st = self.state
        gfx.header(fb, s.CONTINUE_Q)
        gfx.center(fb, games.title(st.GAME), gfx.line_y(0))
        gfx.center(fb, s.CONTINUE_ROUND + " " + str(st.round_no), gfx.line_y(1))
        for i in range(min(len(self.seats), 6)):  # two columns of 8 characters, 3 lines
            cell = self.seats[i][0][:3] + " " + str(st.scores[i])
            gfx.text(fb, cell, 64 * (i % 2), gfx.line_y(2 + i // 2))
        if self.fault:
            gfx.mid(fb, s.ST_FAULT, 0, 49)
        gfx.center(fb, s.CONTINUE_KEYS, 56)


class ConfirmDiscard(ListScreen):
    """"Discard the game?" with "No, keep it" selected: A on it or B goes back to the offer;
    only A on "Yes, discard" removes the save (then back to the title screen)."""

    def title(self):
        return lang.s.DISCARD_Q

    def count(self):
        return 2

    def row(self, i):
        return (lang.s.DISCARD_NO if i == 0 else lang.s.DISCARD_YES, None)

    def choose(self, i):
        app = self.app
        if i == 1:
            store = getattr(app, "game_store", None)
            if store is not None:
                store.clear_progress()
            app.pop()  # this question
        app.pop()  # back to the offer, or (discarded) past it to the title screen
        if i == 1:
            notices(app)  # the removal failed: say so


class NoticeScreen(Screen):
    """Lines about the saves (a damaged file set aside, a full flash); A or B closes it."""

    def __init__(self, app, lines):
        Screen.__init__(self, app)
        self.lines = []
        for line in lines:
            self.lines.extend(gfx.wrap(line))

    def handle(self, ev):
        if ev[0] == PRESS and (ev[1] == A or ev[1] == B):
            self.app.pop()

    def draw(self, fb):
        gfx.header(fb, lang.s.ST_NOTICE)
        for i in range(min(len(self.lines), gfx.TEXT_ROWS)):
            gfx.text(fb, self.lines[i], 0, gfx.line_y(i))
        gfx.footer(fb, lang.s.K_OK_BACK)


def notices(app):
    """Push a NoticeScreen when the storage has messages waiting; True if it did."""
    store = getattr(app, "game_store", None)
    lines = []
    while store is not None:
        line = store.take_message()
        if line is None:
            break
        lines.append(line)
    if lines:
        app.push(NoticeScreen(app, lines))
    return bool(lines)
