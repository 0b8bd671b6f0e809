"""The pass-the-device curtain: hands are private, so the next person's name until they hold the device."""

from ui.draw import gfx
from ui.games.panel import Panel
from ui.text import lang


class CurtainPanel(Panel):
    """Hands are private: "pass the device to NAME", A when they hold it."""

    def __init__(self, screen, seat):
        Panel.__init__(self, screen)
        self.seat = seat

    def draw(self, fb):
        T = lang.s
        gfx.center(fb, T.G_PASS_1, 8)
        name = self.screen.session.name(self.seat)
        gfx.big(fb, name, (128 - 16 * len(name)) // 2, 22, 2)
        gfx.center(fb, T.G_PASS_2, 44)
        gfx.footer(fb, T.G_K_READY)

    handle = Panel.a_goes_on

    def done(self):
        self.screen.shown_seat = self.seat

    def long_b(self):
        self.screen.note(lang.s.G_NOTE_A)  # no menu (nor hint) before the hand's owner has it
