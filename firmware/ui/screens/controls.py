"""The controls card: one screen naming each button and what it does, UP and DOWN in a game
too (A or B goes back)."""

from hal.buttons import A, B, PRESS
from ui.draw import gfx
from ui.loop.screen import Screen
from ui.text import lang
from micropython import const

_PAD = const(0)  # the key caps drawn in front of lang.s.CONTROLS_LINES, in order
UP = "^"  # UP's cap (a triangle), and DOWN's after its line: in a game, the moves and the table
DOWN = "v"
CAPS = (_PAD, UP, "A", "B", "B", "B")
TEXT_X = 16  # the explanations start here: 14 characters of the 8x8 font fit
DOWN_X = 64  # DOWN's cap on UP's row; lang.s.CONTROLS_DOWN after it
_TOP_Y = const(10)  # the first row, clear of the header rule
PITCH = 9  # a key cap is 9 high


def cap(fb, key, x, y):
    """A key cap 9x8 from (x, y-1): the direction pad (a cross), UP or DOWN (a triangle
    pointing that way) or a button letter on a rounded inverted square."""
    if key == _PAD:
        fb.fill_rect(x + 3, y - 1, 3, 8, 1)
        fb.fill_rect(x, y + 1, 9, 3, 1)
        return
    if key == UP or key == DOWN:
        for r in range(5):
            k = r if key == UP else 4 - r
            fb.hline(x + 4 - k, y + r, 2 * k + 1, 1)
        return
    fb.fill_rect(x, y - 1, 9, 8, 1)
    for dx, dy in ((0, -1), (8, -1), (0, 6), (8, 6)):
        fb.pixel(x + dx, y + dy, 0)
    gfx.text(fb, key, x + 1, y - 1, 0)


class ControlsScreen(Screen):
    """The controls card (`ControlsScreen(app)`), pushed from the title screen, the main
    menu and the game menu: a key cap and a line of the 8x8 font per use of a button. No
    footer: the card itself says what B does (A does the same)."""

    def handle(self, ev):
        if ev[0] == PRESS and (ev[1] == A or ev[1] == B):
            self.app.pop()

    def draw(self, fb):
        s = lang.s
        gfx.header(fb, s.CONTROLS)
        lines = s.CONTROLS_LINES
        for i in range(len(CAPS)):
            y = _TOP_Y + PITCH * i
            cap(fb, CAPS[i], 1, y)
            gfx.text(fb, lines[i], TEXT_X, y)
            if CAPS[i] == UP:
                cap(fb, DOWN, DOWN_X, y)
                gfx.text(fb, s.CONTROLS_DOWN, DOWN_X + TEXT_X - 1, y)
