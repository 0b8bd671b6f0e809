"""The `--game cards` part of tools/transcript.py: L.L.A.M.A. games as JSON Lines.

Runs unchanged under python3 and micropython with byte-identical output. Game i of a run
uses seed N+i: the deals come from lama.rng.SeededRng(seed), the bots share
SeededRng(seed ^ lama.rng.BOT_SEED_SALT), as for dice. See tools/arenas/TRANSCRIPT.md.
"""

from arenas.bots import bots
from arenas.transcript_lines import jobj, match_event_json, round_head, run_games


def event_json(ev):
    """One engine event of lama.cards as its transcript line."""
    from lama.symbols import SYMBOLS, counts_to_str

    kind = ev[0]
    if kind == "round":
        hands = [counts_to_str(h) for h in ev[3]]
        pile = "".join([SYMBOLS[v] for v in ev[5]])
        return jobj(round_head(ev) + [("hands", hands), ("discard", SYMBOLS[ev[4]]), ("pile", pile)])
    if kind == "play" or kind == "draw":
        return jobj([("ev", kind), ("p", ev[1]), ("card", SYMBOLS[ev[2]])])
    line = match_event_json(ev)
    if line is None:
        raise ValueError("unknown card event " + str(kind))
    return line


def head_extra(rules):
    """The cards game line's own pairs: the variant (C12)."""
    return [("variant", "komarami" if rules.komarami else "classic")]


def run(opts, emit):
    """All the games of a `--game cards` run (transcript.py calls it)."""
    from lama import cards
    from lama.score import Rules

    rules = Rules(opts.target, opts.rounds, opts.variant == "komarami")
    return run_games(opts, emit, cards, rules, head_extra(rules), event_json, bots("cards"), "card")
