"""The settings screen: each setting on a row, LEFT/RIGHT (or A) changes it, live; the
selected one is explained under the list; a flip of the picture is confirmed first."""

from ui.draw import gfx
from ui.model.settings import FIELDS
from ui.screens.menu import ListScreen
from ui.text import lang
from micropython import const

_LABELS = ("S_CONTRAST", "S_SOUND", "S_FLIP", "S_REPEAT", "S_LANGUAGE", "S_TARGET", "S_ROUNDS", "S_KOMARAMI", "S_SPEED")
ROWS = 3  # rows on screen (bars 10-36): two 8x8 lines of explanation go under them
_HELP_Y = const(40)  # the explanation's first line, a rule above it at _HELP_Y - 2, the footer under
HELP_LINES = 2


def shown(name, value):
    """How a setting's value reads on screen."""
    s = lang.s
    if name == "repeat":
        return s.REPEAT_SPEEDS[value]
    if name == "speed":
        return s.BOT_SPEEDS[value]
    if name == "language":
        return s.LANG_NAMES[value]
    if name == "rounds" and value == 0:
        return s.ROUNDS_OFF
    if name in ("sound", "flip", "komarami"):
        return s.ON if value else s.OFF
    return str(value)


class SettingsScreen(ListScreen):
    """The rows of ui.model.settings.FIELDS; lang.s.S_HELP[i] explains row i."""

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.changed = False
        self.help = None  # (string table, row, wrapped lines) of the explanation shown

    def title(self):
        return lang.s.SETTINGS

    def hint(self):
        return lang.s.K_CHANGE

    def rows(self):
        return ROWS

    def count(self):
        return len(FIELDS)

    def row(self, i):
        name = FIELDS[i][0]
        return (getattr(lang.s, _LABELS[i]), shown(name, self.app.settings.get(name)))

    def change(self, i, delta):
        if FIELDS[i][0] == "flip":
            self.app.push(ConfirmFlip(self.app, self, i))
            return
        self.set(i, delta)

    def set(self, i, delta):
        self.app.settings.step(FIELDS[i][0], delta)
        self.app.apply_settings()
        self.changed = True

    def choose(self, i):
        self.change(i, 1)

    def leave(self):
        if self.changed:
            self.app.save_settings()
            self.changed = False

    def explanation(self):
        """The selected row's explanation, wrapped (kept until the row or language changes)."""
        h = self.help
        if h is None or h[0] is not lang.s or h[1] != self.cursor:
            lines = gfx.wrap(lang.s.S_HELP[self.cursor])[:HELP_LINES]
            h = self.help = (lang.s, self.cursor, lines)
        return h[2]

    def draw(self, fb):
        gfx.header(fb, self.title())
        self.scroll()
        n = self.count()
        for i in range(ROWS):
            j = self.top + i
            if j >= n:
                break
            label, value = self.row(j)
            gfx.list_row(fb, i, label, value, j == self.cursor)
        if self.top > 0:  # more rows above / below: the marks side by side in the header's corner
            gfx.small(fb, "↑", gfx.W - 2 * gfx.MARK_W - 2, 2)
        if self.top + ROWS < n:
            gfx.small(fb, "↓", gfx.W - gfx.MARK_W, 2)
        fb.hline(0, _HELP_Y - 2, gfx.W, 1)
        lines = self.explanation()
        for i in range(len(lines)):
            gfx.text(fb, lines[i], 0, _HELP_Y + 8 * i)
        gfx.footer(fb, self.hint())


class ConfirmFlip(ListScreen):
    """"Turn the picture?" with "No" selected: only A on "Yes" flips it (a stray press on
    the Flip row cannot turn the display upside down)."""

    def __init__(self, app, settings_screen, row):
        ListScreen.__init__(self, app)
        self.settings_screen = settings_screen
        self.flip_row = row

    def title(self):
        return lang.s.FLIP_Q

    def count(self):
        return 2

    def row(self, i):
        return (lang.s.FLIP_NO if i == 0 else lang.s.FLIP_YES, None)

    def choose(self, i):
        self.app.pop()
        if i == 1:
            self.settings_screen.set(self.flip_row, 1)
