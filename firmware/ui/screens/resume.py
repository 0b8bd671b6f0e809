"""Boot-time screens of the storage: "Continue the game?" and notices about the saves."""

from hal.buttons import A, B, PRESS
from ui.draw import gfx
from ui.text import lang
from ui.loop.screen import Screen


class ContinueScreen(Screen):
    """Offers the saved game (its game, round, seats and scores): A continues it, B
    abandons it (the save is removed). `fault`: the console restarted after a hang."""

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
            store = getattr(app, "game_store", None)
            if store is not None:
                store.clear_progress()
            app.pop()

    def draw(self, fb):
        s = lang.s
        st = self.state
        gfx.header(fb, lang.game_title(st.GAME))
        y = gfx.line_y(0)
        if self.fault:
            gfx.small(fb, s.ST_FAULT, 0, y)
            y += 7
        gfx.small(fb, s.CONTINUE_ROUND + " " + str(st.round_no), 0, y)
        y += 7
        x = 0
        for i in range(len(self.seats)):
            gfx.small(fb, self.seats[i][0][:5] + " " + str(st.scores[i]), x, y)
            x += 43
            if x > gfx.W - 40:
                x = 0
                y += 7
        lines = gfx.wrap(s.CONTINUE_Q)[:2]
        for i in range(len(lines)):
            gfx.center(fb, lines[i], gfx.FOOTER_Y - 2 - 8 * (len(lines) - i))
        gfx.footer(fb, s.K_YES_NO)


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
