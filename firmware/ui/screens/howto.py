"""How to play: a game's few pages of plain words, offered before a person's first game of
it (A the next page, B skips them all; ui.games.launch offers them). Closed, its pages'
words and this module's code leave RAM: the game that follows keeps neither (issue 26)."""

import gc

from hal.buttons import A, B, LEFT, PRESS, RIGHT
from ui.draw import gfx
from ui.loop.screen import Screen
from ui.text import lang


class HowToScreen(Screen):
    """The pages of string-table entry `pages` (a tuple of paragraphs, one a page, wrapped
    to the 5x7 font): A turns to the next page (after the last one, back to what is under
    it), LEFT/RIGHT go back and forth, B skips."""

    def __init__(self, app, pages):
        Screen.__init__(self, app)
        self.pages = pages  # the string table's name
        self.page = 0
        self.lines = None
        self.table = None

    def close(self):
        """Back to what is under it; the pages' words and this module let go."""
        from ui.loop.resident import forget

        self.app.pop()
        lang.drop(self.pages)
        forget(__name__)
        # collected once the screen under it is shown: the collector's own turn (20-40 ms
        # on the Pico) not in that game's first press (issue 48: the host's, 84-98 ms)
        self.app.later(gc.collect)

    def count(self):
        return len(getattr(lang.s, self.pages))

    def wrapped(self):
        if self.table is not lang.s or self.lines is None or self.lines[0] != self.page:
            self.table = lang.s
            text = getattr(lang.s, self.pages)[self.page]
            self.lines = (self.page, gfx.wrap(text, gfx.MID_COLS))
        return self.lines[1]

    def handle(self, ev):
        kind, b = ev
        if kind != PRESS:
            return
        n = self.count()
        if b == B:
            self.close()
        elif b == A or b == RIGHT:
            if self.page + 1 >= n:
                if b == A:
                    self.close()
                return
            self.page += 1
            self.dirty = True
        elif b == LEFT and self.page > 0:
            self.page -= 1
            self.dirty = True

    def draw(self, fb):
        s = lang.s
        gfx.header(fb, s.HOWTO)
        lines = self.wrapped()
        for i in range(min(len(lines), gfx.TEXT_ROWS)):
            gfx.mid(fb, lines[i], 0, gfx.line_y(i))
        n = self.count()
        keys = s.K_HOWTO_LAST if self.page + 1 >= n else s.K_HOWTO
        gfx.footer(fb, keys + " " + str(self.page + 1) + "/" + str(n))
