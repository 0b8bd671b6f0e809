"""The one registry of bots by name for the host tools: the firmware's own (lama.dice_bots.BOTS,
lama.card_bots.BOTS, what the device plays), plus the CPython-only dice bot `solo`."""

import sys


def bots(game):
    """{name: choose(view, actions, rng)} of `game` ("dice" or "cards"); `solo` joins the
    dice bots under CPython (its solver is too big for MicroPython)."""
    if game == "cards":
        from lama.card_bots import BOTS

        return dict(BOTS)
    from lama.dice_bots import BOTS

    out = dict(BOTS)
    if sys.implementation.name != "micropython":
        from arenas.dice_solo import choose_solo

        out["solo"] = choose_solo
    return out
