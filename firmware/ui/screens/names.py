"""Arcade-style initials: three letters, UP/DOWN change the letter under the cursor,
LEFT/RIGHT move, A goes to the next letter and confirms after the last; B cancels."""

from hal.buttons import A, B, DOWN, LEFT, PRESS, REPEAT, RIGHT, UP
from lama.score import NAME_LENGTH
from ui.draw import gfx
from ui.text import lang
from ui.loop.screen import Screen

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 "
SCALE = 3


def clean(name):
    """A name made of LETTERS, exactly NAME_LENGTH long (others become spaces)."""
    out = ""
    for ch in str(name).upper()[:NAME_LENGTH]:
        out += ch if ch in LETTERS else " "
    while len(out) < NAME_LENGTH:
        out += " "
    return out


class NameScreen(Screen):
    """Edits `name`; on confirm calls done(new_name) with the trailing spaces stripped (an
    all-blank name is refused: it stays on screen)."""

    def __init__(self, app, title, name, done):
        Screen.__init__(self, app)
        self.title = title
        self.chars = list(clean(name))
        self.pos = 0
        self.done = done

    def handle(self, ev):
        kind, button = ev
        if kind != PRESS and kind != REPEAT:
            return
        if button == UP or button == DOWN:
            i = LETTERS.find(self.chars[self.pos])
            i = (i + (1 if button == UP else -1)) % len(LETTERS)
            self.chars[self.pos] = LETTERS[i]
        elif button == LEFT:
            self.pos = (self.pos - 1) % NAME_LENGTH
        elif button == RIGHT:
            self.pos = (self.pos + 1) % NAME_LENGTH
        elif kind == PRESS and button == A:
            if self.pos < NAME_LENGTH - 1:
                self.pos += 1
            else:
                name = "".join(self.chars).rstrip()
                if not name:
                    self.pos = 0
                else:
                    self.app.pop()
                    self.done(name)
        elif kind == PRESS and button == B:
            self.app.pop()
        self.dirty = True

    def draw(self, fb):
        gfx.header(fb, self.title)
        w = 8 * SCALE
        x0 = (gfx.W - NAME_LENGTH * (w + 4)) // 2 + 2
        y = 22
        for i in range(NAME_LENGTH):
            x = x0 + i * (w + 4)
            gfx.big(fb, self.chars[i], x, y, SCALE)
            if i == self.pos:
                gfx.small(fb, "↑", x + w // 2 - 4, y - 7)
                fb.fill_rect(x, y + w, w - 2, 2, 1)
                gfx.small(fb, "↓", x + w // 2 - 4, y + w + 3)
            else:
                fb.hline(x, y + w, w - 2, 1)
        # what A does here: the next letter, or (on the last one) OK (issue 50: "A:OK" always)
        gfx.footer(fb, lang.s.K_LETTERS_LAST if self.pos == NAME_LENGTH - 1 else lang.s.K_LETTERS)
