"""The table of the games, the engine's half: what differs between LAMA Dice and
L.L.A.M.A. in the engine, in one place (ui/model/games.py holds the other half: each
game's screen, hint, words and code).

Each row names a game's codec id, its key, the modules of its engine, of its state's body
for lama.codec and of its bots, its bots' names, the state field that holds each seat's
cards, the modules its bots import on first call, the experts with their helpers first (the RAM
plan, ui.memory, loads them with the game all the same; at a table where no computer player
thinks, only the hint does, ui.games.panel.tidy) and the flash tables its bots may read. Whatever tells the games
apart in the engine asks this table. Rows hold names only: listing the games loads none
of their code."""

from lama import bot_names, load  # noqa: F401  (load: lama.games.load, as the callers know it)
from lama.score import GAME_CARDS, GAME_DICE



class Game:
    """One game of the table (the module docstring says what each field is)."""

    def __init__(self, gid, key, engine, body, bots, names, held, experts=(), tables=None):
        self.id = gid
        self.key = key
        self.engine = engine  # module name: GAME, new_game, apply, legal_actions, view
        self.body = body  # module name: decode_body(reader) (the engine has encode_body(state, w))
        self.bots = bots  # module name: BOTS, {name: choose function}
        self.bot_names = names  # the names of BOTS, without loading it
        self.held = held  # state attribute: each seat's 7-count of cards
        self.experts = experts  # module names its bots import on first call (lama.thinking), helpers first
        self.tables = tables  # (module name, file beside lama/) of flash tables, or None


GAMES = (
    Game(GAME_DICE, "dice", "lama.dice", "lama.dice_codec", "lama.dice_bots", bot_names.DICE,
         "rows", ("lama.dice_expert",), ("lama.dice_tables", "dice_values.bin")),
    Game(GAME_CARDS, "cards", "lama.cards", "lama.cards_codec", "lama.card_bots", bot_names.CARDS,
         "hands", ("lama.card_playouts", "lama.card_expert")),
)
IDS = tuple(g.id for g in GAMES)


def get(gid):
    """The row of game id `gid`, or None for an id no game has."""
    for g in GAMES:
        if g.id == gid:
            return g
    return None
