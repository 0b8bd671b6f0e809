"""The pages over a game's table (ui/games/panel.py and a module a page): the stack a game
screen keeps of them, opened, replaced and closed, drawn in the table's place; and the hint
page, thought while B is held over the table so that it shows at B's release."""

from hal.buttons import B, LONG
from ui.draw import gfx
from ui.text import lang

PAGES = "ui.games.panel"  # the pages' common ground; a page's module: PAGES + "_" + its name


def pages():
    """ui/games/panel.py, imported with the first page that opens (or after the game's
    first frame: ui.memory.game_code.load_later), not before the table's first frame (issue 26: Start
    within 250 ms of its press)."""
    from ui.games import panel

    return panel


class PageStack:
    """A game screen's pages (`panels`, the top one last): the table shows when none is
    open. The screen sets `panels = []` and `hint_ahead = None` (the hint page thought
    ahead, not shown yet) and provides `draw_table(fb)`."""

    def push_panel(self, p):
        self.panels.append(p)
        self.dirty = True

    def open_panel(self, name, *args, replace=False):
        """Page `name` (ui.games.panel.CLASSES) over the table, made with `args` (in the top
        page's place with `replace`): at once when its module is in, else behind the busy
        mark, its module loaded in a frame of its own (App.soon: no frame both imports and
        draws, issue 26)."""

        def put():
            p = pages().make(name, self, *args)
            if replace:
                self.replace_panel(p)
            else:
                self.push_panel(p)

        self.app.soon(put, (PAGES, PAGES + "_" + name))

    def replace_panel(self, p):
        if self.panels:
            self.panels.pop()
        self.push_panel(p)
        pages().tidy(self)

    def panel_done(self):
        """The top panel was left: it says what follows (Panel.done); the code of the
        pages no longer open is let go."""
        p = self.panels.pop()
        self.dirty = True
        p.done()
        pages().tidy(self)

    def draw(self, fb):
        if self.panels:
            p = self.panels[-1]
            p.draw(fb)
            if self.note_text:  # why a key did nothing, over the page's bottom (or top)
                y = p.note_y()
                gfx.erase(fb, 0, y, 128, 7 if y == 0 else 64 - y)
                gfx.mid(fb, gfx.fit(self.note_text, gfx.MID_COLS), 0, y if y == 0 else y + 1)
        else:
            self.draw_table(fb)

    # -- B over the table: the hint, thought ahead -------------------------------------

    def b_at_press(self):
        """B at its press over a page (it closes the page; held on, the game menu comes);
        over the table B waits for its release: short, the hint; long, the game menu."""
        return bool(self.panels)

    def b_pending(self):
        """B is down over the table: the hint (a short press) is thought while it is held,
        so that it shows at B's release (the game menu, a long press, drops it)."""
        if self.session.person_to_act() and self.due is None and not self.panels:
            self.app.mark()  # the press seen at once; its page follows at the release
            self.hint_ahead = pages().make("hint", self)
            pages().make_module("menu")  # (held on: the game menu, then at once)

    def drop_hint(self, kind, b):
        """Any key but a short B: the hint thought ahead is not asked."""
        if (b != B or kind == LONG) and self.hint_ahead is not None:
            self.hint_ahead = None
            if kind != LONG:
                pages().tidy(self)

    def ask_hint(self):
        """A short B over the table: the hint, its modules loaded first, a frame each."""
        if not self.session.person_to_act():
            self.note(lang.s.G_NOTE_WAIT)
        elif self.due is None:
            self.app.soon(self.show_hint, (self.session.game.ui.hint, PAGES, PAGES + "_hint"))
        else:  # the person's own dice still rolling, or a move still on screen
            self.note(lang.s.G_NOTE_SPEED)

    def show_hint(self):
        p = self.hint_ahead
        self.hint_ahead = None
        self.push_panel(p if p is not None else pages().make("hint", self))
        pages().tidy(self)  # (the game menu's module, loaded at B's press in case it was held on)
