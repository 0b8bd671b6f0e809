"""The main menu's stand-in under a game: while a game is played the menu's code is not
kept in RAM (issue 26: about 4 KB more of the Pico's heap for the game); uncovered, the
stand-in lets the game's code go and collects its room before the menu is loaded back (so
that the menu's code lands low, not in the middle of the room the game leaves: issue 28)."""

import gc

from lama import load
from ui.loop.screen import Screen

MENU = ("ui.screens.main_menu", "MainMenu")


def stand_in(app):
    """A MenuToCome at the bottom of `app`'s stack, in the place of the main menu (or of the
    title, for a game resumed at boot), unless one is there already (the menu's code is
    then dropped: ui.memory.menu_below)."""
    under = app.stack[0]
    if not isinstance(under, MenuToCome):
        app.stack[0] = MenuToCome(app, [getattr(under, k, None) for k in CARRIED])


# what the menu brings back from before the game: its cursor and scroll, and its words
# (read from flash once, kept while the language stays: ui.screens.main_menu.words)
CARRIED = ("cursor", "top", "_words", "_of")


class MenuToCome(Screen):
    """Stands in for the main menu under a game, keeping its cursor and words. Uncovered
    (the game left), it lets go of the game's code and collects its room, then the menu is
    loaded and takes its place, as it was."""

    def __init__(self, app, carried=()):
        Screen.__init__(self, app)
        self.carried = carried  # the menu's CARRIED attributes (None: its own default)

    def enter(self):
        """Uncovered (the game left, in the frame after the busy mark): all of it in this
        frame (about 80 ms on the Pico), the menu drawn in the next."""
        app = self.app
        app.memory().drop_loaded(app)
        gc.collect()
        menu = getattr(load(MENU[0]), MENU[1])(app)
        for k, v in zip(CARRIED, self.carried):
            if v is not None:
                setattr(menu, k, v)
        app.replace(menu)

    def draw(self, fb):
        pass  # (never shown: the busy mark stays up until the menu is in)
