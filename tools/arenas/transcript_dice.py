"""The `--game dice` part of tools/transcript.py: LAMA Dice games as JSON Lines (TRANSCRIPT.md)."""

from arenas.bots import bots
from arenas.transcript_lines import jobj, match_event_json, round_head, run_games
from arenas.transcript_options import UsageError


def event_json(ev):
    """One engine event of lama.dice as its transcript line."""
    from lama.symbols import SYMBOLS, counts_to_str

    kind = ev[0]
    if kind == "round":
        rows = [counts_to_str(r) for r in ev[3]]
        return jobj(round_head(ev) + [("rows", rows), ("llama_row", counts_to_str(ev[4]))])
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


def head_extra(rules):
    """The dice game line's own pairs: the dice's faces (D2)."""
    from lama import dice

    return [("dice", list(dice.DICE))]


def run(opts, emit):
    """All the games of a `--game dice` run (transcript.py calls it)."""
    from lama import dice
    from lama.score import Rules

    if opts.variant != "classic":
        raise UsageError("--variant is for --game cards (C12)")
    rules = Rules(opts.target, opts.rounds)
    hints = {"solo": " (solo runs under CPython only)"}
    return run_games(opts, emit, dice, rules, head_extra(rules), event_json, bots("dice"), "dice", hints)
