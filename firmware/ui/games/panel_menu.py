"""The in-game menu page (a long press of B): resume, the table, the hint, the move log, the rules, the controls, save and leave, abandon."""

from hal.buttons import A, B, DOWN, PRESS, REPEAT, UP
from ui.draw import gfx
from ui.games.panel import Panel
from ui.text import lang

from micropython import const


# the game menu's entries, in order
_I_RESUME = const(0)
_I_TABLE = const(1)
_I_HINT = const(2)
_I_LOG = const(3)
_I_RULES = const(4)
_I_CONTROLS = const(5)
_I_SAVE = const(6)  # then abandon (asks)
_I_COUNT = const(8)


class MenuPanel(Panel):
    """The in-game menu (long press of B): resume, the table, hint, move log, rules,
    the controls card, save and leave (the game is offered again at start-up), abandon (asks)."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.cursor = 0
        self.confirm = False

    def long_b(self):
        pass  # the menu is up already

    def items(self):
        T = lang.s
        return (T.G_RESUME, T.G_TABLE, T.G_HINT, T.G_LOG, T.G_RULES, T.CONTROLS,
                T.G_SAVE_LEAVE, T.G_ABANDON)

    def draw(self, fb):
        T = lang.s
        if self.confirm:
            gfx.header(fb, T.G_ABANDON)
            gfx.text(fb, T.G_CONFIRM_1, 0, 16)
            gfx.text(fb, T.G_CONFIRM_2, 0, 26)
            gfx.mid(fb, T.G_CONFIRM_3, 0, 40)
            gfx.footer(fb, T.G_K_CONFIRM)
            return
        gfx.header(fb, T.G_MENU)
        items = self.items()
        top = max(0, self.cursor - gfx.ROWS + 1)
        for i in range(min(gfx.ROWS, len(items) - top)):
            gfx.list_row(fb, i, items[top + i], None, top + i == self.cursor)
        gfx.scroll_marks(fb, top, len(items), gfx.ROWS)
        gfx.footer(fb, T.K_OK_BACK)

    def handle(self, ev):
        kind, b = ev
        if kind != PRESS and kind != REPEAT:
            return False
        scr = self.screen
        if self.confirm:
            if kind == PRESS and b == A:
                scr.quit_to_menu()
                return True
            if kind == PRESS and b == B:
                self.confirm = False
            return False
        if b == UP or b == DOWN:
            self.cursor = (self.cursor + (1 if b == DOWN else -1)) % _I_COUNT
        elif kind == PRESS and b == B:
            return True
        elif kind == PRESS and b == A:
            c = self.cursor
            if c == _I_RESUME:
                return True
            if c == _I_TABLE:
                scr.open_panel("table", replace=True)
            elif c == _I_HINT:
                scr.open_panel("hint", replace=True)
            elif c == _I_LOG:
                scr.open_panel("log", replace=True)
            elif c == _I_RULES:
                scr.app.pages(scr.app, "rules", scr.session.game.ui)
            elif c == _I_CONTROLS:
                scr.app.pages(scr.app, "controls", None)
            elif c == _I_SAVE:
                scr.to_menu()  # the save stays: "Continue the game?" offers it again
                return True
            else:
                self.confirm = True
        return False
