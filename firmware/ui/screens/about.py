"""The about screen: firmware version, board profile name and free memory."""

from hal.buttons import A, B, PRESS
from ui.model import games
from ui.draw import gfx
from ui.text import lang
from ui.loop.screen import Screen

VERSION = "0.1"


class AboutScreen(Screen):
    def enter(self):
        board = self.app.board
        self.free = board.free_memory() if hasattr(board, "free_memory") else 0
        self.dirty = True

    def handle(self, ev):
        if ev[0] == PRESS and (ev[1] == A or ev[1] == B):
            self.app.pop()

    def draw(self, fb):
        s = lang.s
        gfx.header(fb, s.ABOUT)
        for i in range(len(games.GAMES)):
            gfx.center(fb, getattr(s, games.GAMES[i].title), gfx.line_y(i))
        y = gfx.line_y(2) + 2  # three lines clear of the footer
        gfx.text(fb, s.A_VERSION, 0, y)
        gfx.right(fb, VERSION, y)
        gfx.text(fb, s.A_BOARD, 0, y + 8)
        name = str(getattr(self.app.board, "name", "?"))
        if len(s.A_BOARD) + 1 + len(name) <= gfx.COLS:
            gfx.right(fb, name, y + 8)
        else:
            w = gfx.small_width(name)
            gfx.small(fb, name, gfx.W - w, y + 9)
        gfx.text(fb, s.A_MEMORY, 0, y + 16)
        gfx.right(fb, str(self.free // 1024) + " " + s.A_BYTES, y + 16)
        gfx.footer(fb, s.K_BACK)
