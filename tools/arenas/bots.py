"""The one registry of bots by name for the host tools: the firmware's own (the BOTS of each
game's bot module, as lama.games names it: what the device plays), plus the CPython-only
dice bot `solo` and the frozen card
`expert16` (the card expert before issue 52, a reference opponent)."""

import sys


def bots(game):
    """{name: choose(view, actions, rng)} of `game` (a key of lama.games: "dice" or
    "cards"); `solo` joins the dice bots under CPython (its solver is too big for
    MicroPython)."""
    from lama import games

    row = [g for g in games.GAMES if g.key == game][0]
    out = dict(games.load(row.bots).BOTS)
    if row.id == games.GAME_DICE and sys.implementation.name != "micropython":
        from arenas.dice_solo import choose_solo

        out["solo"] = choose_solo
    if row.id == games.GAME_CARDS:
        from arenas.card_expert16 import choose

        out["expert16"] = choose  # the card expert before issue 52: a frozen reference
    return out
