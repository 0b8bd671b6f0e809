"""The title screen: the name, two llamas, A opens the main menu, B the controls card."""

from hal.buttons import A, B, PRESS
from ui.draw import gfx, icons
from ui.text import lang
from ui.loop.screen import Screen


class TitleScreen(Screen):
    def handle(self, ev):
        if ev[0] != PRESS:
            return
        if ev[1] == A:
            self.app.open("ui.screens.main_menu", "MainMenu", replace=True)
        elif ev[1] == B:
            self.app.open("ui.screens.controls", "ControlsScreen")

    def draw(self, fb):
        s = lang.s
        gfx.big(fb, s.TITLE_1, (gfx.W - 24 * len(s.TITLE_1)) // 2, 4, 3)
        gfx.icon(fb, icons.LLAMA, 4, 12)
        gfx.icon(fb, icons.LLAMA, gfx.W - 12, 12)
        gfx.center(fb, s.TITLE_2, 32)
        gfx.center(fb, s.TITLE_PRESS, 44)
        gfx.center(fb, s.TITLE_CONTROLS, 54)
        if getattr(self.app.board.power, "battery", None) is not None:  # (no cell: no mark,
            from ui.draw import battery  # nor its import before the lit title)

            battery.mark(fb, gfx.W - battery.W, 0)
