"""The in-game panels' common ground: `Panel`, the page a game screen shows over its table, and `make`, which loads a panel's own module (ui/games/panel_NAME.py: round end, the table, the move log, the menu, the hint, the pass-the-device curtain, game over) when it opens; `tidy` lets go of those no open panel uses, so a game in play keeps in RAM only the page on screen (issue 26)."""

import sys

from hal.buttons import A, PRESS
from lama import load
from ui.games.pieces import BAR_Y
from ui.text import lang

# each panel's module (ui.games.panel_NAME) and class; with the hint's, the modules only it
# uses (the game's own hint words: the session's ui.model.games row names them)
CLASSES = {"round_end": "RoundEndPanel", "table": "TablePanel", "log": "LogPanel",
           "menu": "MenuPanel", "hint": "HintPanel", "curtain": "CurtainPanel",
           "game_over": "GameOverPanel", "event": "EventPanel"}
HINT_CODE = ("ui.games.hint", "ui.games.odds")


def module_name(name):
    """The module of panel `name` (a key of CLASSES): this one's name, "_" and `name`."""
    return __name__ + "_" + name


def code():
    """The panels' modules (loaded at a game's start once, so that their names are
    interned then: ui.memory.game_code.page_code)."""
    return [module_name(name) for name in CLASSES]


def make_module(name):
    """The module of panel `name` (a key of CLASSES), imported if it is not yet."""
    return load(module_name(name))


def make(name, screen, *args):
    """A new panel `name` (a key of CLASSES) over game screen `screen`, its module loaded."""
    return getattr(make_module(name), CLASSES[name])(screen, *args)


def tidy(screen):
    """Let go of the panels' modules (and the hint's) that none of `screen`'s open panels,
    nor the hint it thinks ahead, uses: imported again when next opened. At a table where
    this console thinks for no computer player (friends passing it round, a link game's
    host or console), the game's experts go with the hint: its bots import them on first
    call (lama.thinking), the hint's first slice then."""
    from ui.loop.resident import forget

    used = [type(p).__module__ for p in getattr(screen, "panels", ())]
    if getattr(screen, "hint_ahead", None) is not None:
        used.append(module_name("hint"))
    for name in CLASSES:
        mod = module_name(name)
        if mod in sys.modules and mod not in used:
            forget(mod)
    if module_name("hint") not in used:
        for mod in HINT_CODE:
            forget(mod)
        session = getattr(screen, "session", None)
        if session is not None:
            forget(session.game.ui.hint)
            if not session.bots_here():
                for mod in session.game.info.experts:
                    forget(mod)


class Panel:
    """A page the game screen shows over its table; `handle` returns True when it is done."""

    def __init__(self, screen):
        self.screen = screen

    def handle(self, ev):
        return False

    def tick(self):
        """Called each frame while the page is on top: True when it needs drawing again."""
        return False

    def done(self):
        """The page was left (`handle` returned True): what follows it."""

    def long_b(self):
        """A long press of B over the page: the in-game menu."""
        self.screen.open_panel("menu")

    def a_goes_on(self, ev):
        """A handle for pages that only A leaves: another key says to press A."""
        if ev[0] == PRESS and ev[1] == A:
            return True
        if ev[0] == PRESS:
            self.screen.note(lang.s.G_NOTE_A)
        return False

    def draw(self, fb):
        pass

    def note_y(self):
        """Where a note (why a key did nothing) goes over the page: its bottom rows."""
        return BAR_Y


def six_rows_note_y(panel):
    """A page of a row a seat (round end, table): a note goes over its title once six rows
    fill the bottom."""
    return BAR_Y if panel.screen.session.n() < 6 else 0
