"""The `--game cards` part of tools/transcript.py: L.L.A.M.A. games as JSON Lines.

Runs unchanged under python3 and micropython with byte-identical output. Game i of a run
uses seed N+i: the deals come from lama.rng.SeededRng(seed), the bots share
SeededRng(seed ^ transcript_lib.BOT_SEED_SALT), as for dice. See tools/TRANSCRIPT.md.
"""

from transcript_lib import BOT_SEED_SALT, UsageError, jobj


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
    if kind == "quit":
        return jobj([("ev", "quit"), ("p", ev[1])])
    if kind == "round_end":
        return jobj(
            [
                ("ev", "round_end"),
                ("round", ev[1]),
                ("reason", ev[2]),
                ("points", ev[3]),
                ("returned", ev[4]),
                ("scores", ev[5]),
            ]
        )
    if kind == "game_end":
        return jobj([("ev", "game_end"), ("scores", ev[1]), ("winners", ev[2])])
    raise ValueError("unknown card event " + str(kind))


def play(opts, seed, emit):
    """Play one card game with `seed`; emit(line) for every transcript line."""
    from lama import cards
    from lama.card_bots import BOTS
    from lama.rng import SeededRng
    from lama.score import Rules

    choose = [BOTS[name] for name in opts.players]
    rng = SeededRng(seed)
    bot_rng = SeededRng(seed ^ BOT_SEED_SALT)
    komarami = opts.variant == "komarami"
    head = [
        ("ev", "game"),
        ("game", "cards"),
        ("seed", seed),
        ("players", list(opts.players)),
        ("first", opts.first),
        ("variant", opts.variant),
        ("target", opts.target),
    ]
    if opts.rounds:
        head.append(("rounds", opts.rounds))
    emit(jobj(head))
    state = cards.new_game(len(opts.players), Rules(opts.target, opts.rounds, komarami), opts.first, rng)
    emit(event_json(cards.round_event(state)))
    while state.phase != cards.GAME_OVER:
        actions = cards.legal_actions(state)
        if state.phase == cards.ROUND_OVER:
            action = actions[0]
        else:
            seat = state.turn
            action = choose[seat](cards.view(state, seat), actions, bot_rng)
        for ev in cards.apply(state, action, rng):
            emit(event_json(ev))


def run(opts, emit):
    """All the games of a `--game cards` run (transcript.py calls it)."""
    from lama.card_bots import BOTS

    for name in opts.players:
        if name not in BOTS:
            raise UsageError(
                "no card bot named " + repr(name) + "; known: " + ",".join(sorted(BOTS))
            )
    for g in range(opts.games):
        play(opts, (opts.seed + g) & 0x3FFFFFFF, emit)
    return 0
