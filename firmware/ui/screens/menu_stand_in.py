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
        carried = [getattr(under, k, None) for k in CARRIED]
        if carried[_WORDS] is not None:  # its words as one str through the game
            carried[_WORDS] = _SEP.join(carried[_WORDS])
        app.stack[0] = MenuToCome(app, carried)


# what the menu brings back from before the game: its cursor and scroll, and its words
# (read from flash once, kept while the language stays: ui.screens.main_menu.words), kept
# under the game as one str (a list of ten took about 400 B of the Pico's heap, the str
# about 110: issue 47), made a list again when the menu comes back
CARRIED = ("cursor", "top", "_words", "_of")
_WORDS = 2  # (CARRIED's index of the words)
_SEP = "\n"  # (no word has a line break)


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
        carried = self.carried
        if len(carried) > _WORDS and type(carried[_WORDS]) is str:
            carried[_WORDS] = carried[_WORDS].split(_SEP)
        for k, v in zip(CARRIED, carried):
            if v is not None:
                setattr(menu, k, v)
        app.replace(menu)

    def draw(self, fb):
        pass  # (never shown: the busy mark stays up until the menu is in)
