"""A list screen: a title, rows with a cursor that scrolls, an optional value per row, and
the buttons' meaning at the bottom. Menus, settings and the game setup build on it."""

from hal.buttons import A, B, DOWN, LEFT, PRESS, REPEAT, RIGHT, UP
from ui.draw import gfx
from ui.text import lang
from ui.loop.screen import Screen


class ListScreen(Screen):
    """Subclasses give `title()`, `count()`, `row(i)` -> (label, value or None), and act in
    `choose(i)` (A) and `change(i, delta)` (LEFT/RIGHT). B goes back."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.cursor = 0
        self.top = 0

    def title(self):
        """The header's text, or None for a list without a header (one more row)."""
        return None

    def rows(self):
        return gfx.ROWS_BARE if self.title() is None else gfx.ROWS

    def hint(self):
        return lang.s.K_OK_BACK

    def count(self):
        return 0

    def row(self, i):
        return ("", None)

    def choose(self, i):
        pass

    def change(self, i, delta):
        pass

    def back(self):
        self.app.pop()

    def move(self, delta):
        n = self.count()
        if n:
            self.cursor = (self.cursor + delta) % n
            self.scroll()
            self.dirty = True

    def scroll(self):
        """Keep the cursor among the visible rows."""
        n = self.count()
        rows = self.rows()
        if self.cursor >= n:
            self.cursor = max(0, n - 1)
        if self.cursor < self.top:
            self.top = self.cursor
        elif self.cursor >= self.top + rows:
            self.top = self.cursor - rows + 1
        self.top = max(0, min(self.top, max(0, n - rows)))

    def handle(self, ev):
        kind, button = ev
        if kind != PRESS and kind != REPEAT:
            return
        if button == UP:
            self.move(-1)
        elif button == DOWN:
            self.move(1)
        elif button == LEFT or button == RIGHT:
            if self.count():
                self.change(self.cursor, -1 if button == LEFT else 1)
                self.dirty = True
        elif kind == PRESS and button == A:
            if self.count():
                self.choose(self.cursor)
                self.dirty = True
        elif kind == PRESS and button == B:
            self.back()

    def draw(self, fb):
        title = self.title()
        if title is not None:
            gfx.header(fb, title)
        self.scroll()
        n = self.count()
        rows = self.rows()
        for i in range(rows):
            j = self.top + i
            if j >= n:
                break
            label, value = self.row(j)
            gfx.list_row(fb, i, label, value, j == self.cursor, title is not None)
        gfx.scroll_marks(fb, self.top, n, rows, title is not None, self.cursor == self.top)
        gfx.footer(fb, self.hint())
