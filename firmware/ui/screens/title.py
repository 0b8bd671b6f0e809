"""The title screen: the name, a llama, and "press A"; any of A or B opens the main menu."""

from hal.buttons import A, B, PRESS
from ui.draw import gfx, icons
from ui.text import lang
from ui.loop.screen import Screen


class TitleScreen(Screen):
    def handle(self, ev):
        if ev[0] == PRESS and (ev[1] == A or ev[1] == B):
            from ui.screens.main_menu import MainMenu

            self.app.replace(MainMenu(self.app))

    def draw(self, fb):
        s = lang.s
        gfx.big(fb, s.TITLE_1, (gfx.W - 24 * len(s.TITLE_1)) // 2, 4, 3)
        gfx.icon(fb, icons.LLAMA, 4, 12)
        gfx.icon(fb, icons.LLAMA, gfx.W - 12, 12)
        gfx.center(fb, s.TITLE_2, 34)
        w = gfx.small_width(s.TITLE_PRESS)
        gfx.small(fb, s.TITLE_PRESS, (gfx.W - w) // 2, 52)
