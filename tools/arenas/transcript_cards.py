"""The `--game cards` part of tools/transcript.py: L.L.A.M.A. games as JSON Lines.

Runs unchanged under python3 and micropython with byte-identical output. Game i of a run
uses seed N+i: the deals come from lama.rng.SeededRng(seed), the bots share
SeededRng(seed ^ arenas.transcript.BOT_SEED_SALT), as for dice. See tools/arenas/TRANSCRIPT.md.
"""

from arenas.transcript import UsageError, game_head, jobj, match_event_json, play_game, play_games


def _cards(counts):
    from lama.symbols import counts_to_str

    return counts_to_str(counts)


def event_json(ev):
    """One engine event of lama.cards as its transcript line."""
    from lama.symbols import SYMBOLS

    kind = ev[0]
    if kind == "round":
        return jobj(
            [
                ("ev", "round"),
                ("round", ev[1]),
                ("first", ev[2]),
                ("hands", [_cards(h) for h in ev[3]]),
                ("discard", SYMBOLS[ev[4]]),
                ("pile", "".join([SYMBOLS[v] for v in ev[5]])),
            ]
        )
    if kind == "play" or kind == "draw":
        return jobj([("ev", kind), ("p", ev[1]), ("card", SYMBOLS[ev[2]])])
    line = match_event_json(ev)
    if line is None:
        raise ValueError("unknown card event " + str(kind))
    return line


def play(opts, seed, emit):
    """Play one card game with `seed`; emit(line) for every transcript line."""
    from lama import cards
    from lama.card_bots import BOTS
    from lama.score import Rules

    choose = [BOTS[name] for name in opts.players]
    head = game_head("cards", seed, opts, [("variant", opts.variant)])
    rules = Rules(opts.target, opts.rounds, opts.variant == "komarami")
    play_game(cards, rules, choose, head, event_json, opts, seed, emit)


def run(opts, emit):
    """All the games of a `--game cards` run (transcript.py calls it)."""
    from lama.card_bots import BOTS

    for name in opts.players:
        if name not in BOTS:
            raise UsageError(
                "no card bot named " + repr(name) + "; known: " + ",".join(sorted(BOTS))
            )
    play_games(opts, play, emit)
    return 0
