"""The table of the games, the app's half: each game's screen, hint, words and code (the
engine's half, lama/games.py, has the same ids in the same order).

Each row names a game's screen (module and class), the module of its hint, the words that
name it in the string tables (title, rules summary, how a round ends when a hand or row is
emptied, the how-to-play pages) and its code's modules, each with those whose names it
begins (dropped from RAM at the main menu: ui.memory.is_game_code). Rows hold names only:
listing the games loads none of their code."""

from lama.games import GAME_CARDS, GAME_DICE
from ui.text import lang


class GameUi:
    """One game's row (the module docstring says what each field is)."""

    def __init__(self, gid, screen, hint, words, code):
        self.id = gid
        self.screen = screen  # (module name, class name) of its game screen
        self.hint = hint  # module name: reason(mod, state, action), words(T, mod, action)
        self.title, self.rules, self.end_empty, self.howto = words  # string-table names
        self.code = code  # module names of this game's code, each a prefix of its helpers'
        self.loaded = False  # its code loaded once since boot (ui.memory.game_code.later_code)
        for name in words:
            # interned now, at boot: looked up by string (getattr(lang.s, name)), a name
            # over ten letters is interned at its first use, and in a game that piece of
            # the name pool stays among the game's blocks, splitting the menu's room for
            # good (issue 28: "G_END_EMPTY_D" at the first round a hand emptied took the
            # largest free block from 38 to 25 KB); hasattr interns without allocating
            hasattr(None, name)


GAMES = (
    GameUi(GAME_DICE, ("ui.games.dice", "DiceScreen"), "ui.games.dice_hint",
           ("GAME_DICE", "RULES_DICE", "G_END_EMPTY_D", "HOWTO_DICE"), ("lama.dice", "ui.games.dice")),
    GameUi(GAME_CARDS, ("ui.games.cards", "CardsScreen"), "ui.games.cards_hint",
           ("GAME_CARDS", "RULES_CARDS", "G_END_EMPTY_C", "HOWTO_CARDS"), ("lama.cards", "lama.card_clues", "lama.card_bots", "lama.card_expert",
                                       "lama.card_playouts",
                                       "ui.games.cards")),
)
# the pages over the tables (ui.memory.game_code.page_code) were loaded once since boot:
# their names are interned for good, so a game's start need not load them (each is loaded
# when its page opens); set by ui.memory.game_code
pages_interned = False


def get(gid):
    """The row of game id `gid`, or None for an id no game has."""
    for g in GAMES:
        if g.id == gid:
            return g
    return None


def title(gid):
    """The name of game id `gid` in the current language."""
    return getattr(lang.s, get(gid).title)
