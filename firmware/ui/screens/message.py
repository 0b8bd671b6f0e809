"""Screens of text: a scrollable page (rules, notices) and the error screen."""

from hal.buttons import A, B, DOWN, LEFT, PRESS, REPEAT, RIGHT, UP
from ui.draw import gfx
from ui.text import lang
from ui.loop.screen import Screen


class TextScreen(Screen):
    """A title and paragraphs of text, wrapped to the panel, scrolled with UP/DOWN.
    `title` and `paragraphs` are functions of the string table (so a language switch
    shows at once): e.g. `lambda s: s.RULES_DICE`."""

    def __init__(self, app, title, paragraphs):
        Screen.__init__(self, app)
        self.title = title
        self.paragraphs = paragraphs
        self.top = 0
        self.lines = None
        self.table = None
        self._paras = ()  # the paragraphs, wrapped into lines up to _next
        self._next = 0

    def wrapped(self, upto=-1):
        """The lines, the paragraphs wrapped at least until there are `upto` of them (-1:
        all): the page shows its first lines at once, the rest is wrapped a paragraph a
        frame after it (tick; issue 26)."""
        if self.table is not lang.s:
            self.table = lang.s
            self.lines = []
            self._paras = self.paragraphs(lang.s)
            self._next = 0
        lines = self.lines
        paras = self._paras
        while self._next < len(paras) and (upto < 0 or len(lines) < upto):
            p = paras[self._next]
            self._next += 1
            if p:
                lines.extend(gfx.wrap(p, gfx.MID_COLS))
            else:
                lines.append("")
        return lines

    def tick(self, now_ms):
        if self.table is lang.s and self._next < len(self._paras):
            self.wrapped(len(self.lines) + 1)  # a paragraph more

    def resting(self):
        return self.table is lang.s and self._next >= len(self._paras)

    def handle(self, ev):
        """UP/DOWN scroll a line, LEFT/RIGHT a page, A a page (back after the last), B back."""
        kind, button = ev
        if kind != PRESS and kind != REPEAT:
            return
        page = gfx.TEXT_ROWS
        top = self.top
        if button == UP:
            top -= 1
        elif button == DOWN:
            top += 1
        elif button == LEFT:
            top -= page
        elif button == RIGHT:
            top += page
        elif kind == PRESS and button == A:
            if len(self.wrapped(top + page + 1)) <= top + page:  # the last page: back
                self.app.pop()
                return
            top += page
        elif kind == PRESS and button == B:
            self.app.pop()
            return
        # the text wrapped only as far as the page asked for needs (the rest: tick)
        last = max(0, len(self.wrapped(top + page)) - page)
        top = max(0, min(top, last))
        if top != self.top:
            self.top = top
            self.dirty = True

    def draw(self, fb):
        lines = self.wrapped(self.top + gfx.TEXT_ROWS + 1)  # (one more: is there more?)
        gfx.header(fb, self.title(lang.s))
        for i in range(gfx.TEXT_ROWS):
            j = self.top + i
            if j >= len(lines):
                break
            gfx.mid(fb, lines[j], 0, gfx.line_y(i))
        gfx.scroll_marks(fb, self.top, len(lines), gfx.TEXT_ROWS, down_y=gfx.line_y(gfx.TEXT_ROWS) + 1)  # over the footer
        gfx.footer(fb, lang.s.K_SCROLL if len(lines) > gfx.TEXT_ROWS else lang.s.K_BACK)


class ErrorScreen(Screen):
    """Something went wrong in a screen: say so in one line, A or B goes back to the menu."""

    def __init__(self, app, error):
        Screen.__init__(self, app)
        self.detail = gfx.wrap(repr(error), gfx.MID_COLS)[:3]

    def handle(self, ev):
        if ev[0] == PRESS and (ev[1] == A or ev[1] == B):
            self.app.home()

    def draw(self, fb):
        gfx.header(fb, lang.s.ERROR)
        gfx.mid(fb, lang.s.ERROR_HELP, 0, gfx.line_y(0))
        for i in range(len(self.detail)):
            gfx.mid(fb, self.detail[i], 0, gfx.line_y(2 + i))
        gfx.footer(fb, lang.s.K_MENU)


def rules_page(app, g):
    """The rules summary of game `g` (its ui.model.games row) on top of the app's stack
    (from the main menu's rules, or a game's menu: ui.boot.open_page)."""
    app.push(TextScreen(app, lambda s: getattr(s, g.title), lambda s: getattr(s, g.rules)))
