"""The `--game dice` part of tools/transcript.py: LAMA Dice games as JSON Lines (TRANSCRIPT.md)."""

import sys

from arenas.transcript import UsageError, game_head, jobj, match_event_json, play_game, play_games


def dice_event_json(ev):
    """One engine event of lama.dice as its transcript line."""
    from lama.symbols import SYMBOLS, counts_to_str

    kind = ev[0]
    if kind == "round":
        return jobj(
            [
                ("ev", "round"),
                ("round", ev[1]),
                ("first", ev[2]),
                ("rows", [counts_to_str(r) for r in ev[3]]),
                ("llama_row", counts_to_str(ev[4])),
            ]
        )
    if kind == "roll":
        d = ev[2]
        return jobj(
            [("ev", "roll"), ("p", ev[1]), ("dice", SYMBOLS[d[0]] + SYMBOLS[d[1]] + SYMBOLS[d[2]])]
        )
    if kind == "discard" or kind == "bust":
        return jobj([("ev", kind), ("p", ev[1]), ("cards", counts_to_str(ev[2]))])
    if kind == "take":
        return jobj([("ev", "take"), ("p", ev[1]), ("card", SYMBOLS[ev[2]])])
    if kind == "token":
        return jobj([("ev", "token"), ("p", ev[1]), ("value", ev[2])])
    if kind == "none":
        return jobj([("ev", "none"), ("p", ev[1])])
    line = match_event_json(ev)
    if line is None:
        raise ValueError("unknown dice event " + str(kind))
    return line


def dice_bots():
    """The LAMA Dice bots by name: the device bots, and under CPython also `solo`."""
    from lama.dice_bots import BOTS

    if sys.implementation.name == "micropython":
        return BOTS
    from arenas.dice_solo import choose_solo

    out = dict(BOTS)
    out["solo"] = choose_solo
    return out


def play_dice(opts, seed, emit):
    """Play one LAMA Dice game with `seed`; emit(line) for every transcript line."""
    from lama import dice
    from lama.score import Rules

    bots = dice_bots()
    choose = [bots[name] for name in opts.players]
    head = game_head("dice", seed, opts, [("dice", list(dice.DICE))])
    rules = Rules(opts.target, opts.rounds)
    play_game(dice, rules, choose, head, dice_event_json, opts, seed, emit)


def run(opts, emit):
    """All the games of a `--game dice` run (transcript.py calls it)."""
    if opts.variant != "classic":
        raise UsageError("--variant is for --game cards (C12)")
    bots = dice_bots()
    for name in opts.players:
        if name not in bots:
            hint = " (solo runs under CPython only)" if name == "solo" else ""
            raise UsageError(
                "no dice bot named " + repr(name) + hint + "; known: " + ",".join(sorted(bots))
            )
    play_games(opts, play_dice, emit)
    return 0
