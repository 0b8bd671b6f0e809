"""The table of the games: what differs between LAMA Dice and L.L.A.M.A., in one place.

Each row names a game's codec id, its key, the modules of its engine, bots and hint, its
screen (module and class), the words that name it in the string tables (title, rules,
how a round is emptied, the how-to-play pages), the state field
that holds each seat's cards, and the module prefixes of its code (dropped from RAM at the
main menu, ui.loop.resident). Whatever tells the games apart asks this table.
Rows hold names only: listing the games loads none of their code, and this engine module
imports no screen (the ui layer imports what a row names)."""

import sys

from lama import bot_names

GAME_DICE = 1
GAME_CARDS = 2


class Game:
    """One game of the table (the module docstring says what each field is)."""

    def __init__(self, gid, key, engine, bots, names, held, screen, hint, words, code,
                 tables=None):
        self.id = gid
        self.key = key
        self.engine = engine  # module name: new_game, apply, legal_actions, view, codec fields
        self.bots = bots  # module name: BOTS, {name: choose function}
        self.bot_names = names  # the names of BOTS, without loading it
        self.held = held  # state attribute: each seat's 7-count of cards
        self.screen = screen  # (module name, class name) of its game screen
        self.hint = hint  # module name: reason(mod, state, action), words(T, mod, action)
        self.title, self.rules, self.end_empty, self.howto = words  # string-table names
        self.code = code  # module name prefixes of this game's code
        self.tables = tables  # (module name, file beside lama/) of flash tables, or None


GAMES = (
    Game(GAME_DICE, "dice", "lama.dice", "lama.dice_bots", bot_names.DICE, "rows",
         ("ui.games.dice", "DiceScreen"), "ui.games.dice_hint",
         ("GAME_DICE", "RULES_DICE", "G_END_EMPTY_D", "HOWTO_DICE"), ("lama.dice", "ui.games.dice"),
         ("lama.dice_expert", "dice_values.bin")),
    Game(GAME_CARDS, "cards", "lama.cards", "lama.card_bots", bot_names.CARDS, "hands",
         ("ui.games.cards", "CardsScreen"), "ui.games.cards_hint",
         ("GAME_CARDS", "RULES_CARDS", "G_END_EMPTY_C", "HOWTO_CARDS"), ("lama.card", "ui.games.cards")),
)
IDS = tuple(g.id for g in GAMES)
SHARED_CODE = ("lama.match", "ui.games.")  # code of every game (not the ui.games package)


def get(gid):
    """The row of game id `gid`, or None for an id no game has."""
    for g in GAMES:
        if g.id == gid:
            return g
    return None


def load(name):
    """The module of dotted `name`, imported if it is not yet."""
    if name not in sys.modules:
        __import__(name)
    return sys.modules[name]


def is_game_code(name):
    """True for a module of some game's code (ui.loop.resident drops them at the menu)."""
    for prefix in SHARED_CODE:
        if name.startswith(prefix):
            return True
    for g in GAMES:
        for prefix in g.code:
            if name.startswith(prefix):
                return True
    return False
