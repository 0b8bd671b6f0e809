"""Notices about the saves (a damaged file set aside, a full flash): the screen and when to
show it."""

from hal.buttons import A, B, PRESS
from ui.draw import gfx
from ui.loop.screen import Screen
from ui.text import lang


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
