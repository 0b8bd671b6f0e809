"""The saves' records on flash, said once for ui/model/saves.py and ui/model/saves_menu.py:
their kinds, their names, and the statistics' code, loaded by name when first needed."""

from lama import games

KIND_STATS = 2
KIND_GAME = 3
LEGACY = "game"  # the one saved game of older firmware, moved at start (SavedGames.migrate)
# the statistics' bookkeeping and codec, imported when they are read, counted or written;
# let go, with the code that reads a saved game back, when a game is set up or starts
# (Saves.let_go_readers): a game in play only writes its saves
STATISTICS = "lama.statistics"


def statistics():
    """lama/statistics.py, imported when first needed (see STATISTICS)."""
    return games.load(STATISTICS)


def record_name(game):
    """The store record of game kind `game`'s saved game, e.g. "game_dice"."""
    g = games.get(game)
    return "game_" + (g.key if g is not None else str(game))
