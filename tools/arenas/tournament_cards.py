"""The L.L.A.M.A. adapter of tools/arena.py (`--game cards`), and card tournaments with the
variants: `cd tools && python3 -m arenas.tournament_cards --players expert,cautious,cautious,cautious --games N --seed S
[--variant classic|komarami] [--target T] [--rounds R] [--workers K]` prints the same JSON
summary as arena.py (seats rotated, ties shared, a bot named k times one entry)."""

import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from lama import cards
from lama.card_bots import BOTS
from lama.rng import SeededRng
from lama.score import Rules

MAX_ACTIONS = 100000  # a game that long is a bug, not a game


def bots():
    """Every card bot by name."""
    return dict(BOTS)


def _seed(*parts):
    """A 30-bit seed mixed from small integers (stable on every run)."""
    x = 0x2545F491
    for p in parts:
        x = (x * 1000003 + p * 7919 + 12345) & 0x3FFFFFFF
    return x


def play_game(names, seed, first=0, rules=None, timer=None):
    """One game with bots `names` in seat order; returns the final scores. The deals and
    each seat's bot draw from their own seeded generators. `timer(seat, seconds)`, when
    given, hears how long each decision took."""
    table = bots()
    fns = [table[n] for n in names]
    rng = SeededRng(_seed(seed, 1))
    bot_rngs = [SeededRng(_seed(seed, 101, i)) for i in range(len(names))]
    state = cards.new_game(len(names), rules or Rules(), first, rng)
    clock = None
    if timer is not None:
        import time

        clock = time.perf_counter
    for _ in range(MAX_ACTIONS):
        ph = state.phase
        if ph == cards.GAME_OVER:
            return list(state.scores)
        if ph == cards.ROUND_OVER:
            cards.apply(state, (cards.NEXT,), rng)
            continue
        seat = state.turn
        acts = cards.legal_actions(state)
        v = cards.view(state, seat)
        if clock is None:
            a = fns[seat](v, acts, bot_rngs[seat])
        else:
            t0 = clock()
            a = fns[seat](v, acts, bot_rngs[seat])
            timer(seat, clock() - t0)
        cards.apply(state, a, rng)
    raise RuntimeError("game did not end after %d actions" % MAX_ACTIONS)


ADAPTER = {"bots": bots, "play_game": play_game}


def _task(task):
    names, seed, start, stop, target, rounds, komarami = task
    from arenas import tournament as arena

    rules = Rules(target, rounds, komarami)
    out = []
    for g in range(start, stop):
        out.append(play_game(arena.seating(names, g), seed * 1000003 + g, 0, rules))
    return start, out


def tournament(names, games, seed=1, rules=None, workers=1):
    """arena.py's summary of `games` games between `names` (seats rotated) under `rules`."""
    from arenas import tournament as arena

    r = rules or Rules()
    tasks = [(names, seed, a, b, r.target, r.rounds, r.komarami) for a, b in arena.chunks(games)]
    return arena.summarise(names, arena.run_tasks(_task, tasks, games, workers, "games"))


def main(argv):
    import argparse
    import json

    ap = argparse.ArgumentParser(description="L.L.A.M.A. tournaments, with the variants.")
    ap.add_argument("--players", required=True, help="comma-separated bot names (2-6)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", choices=("classic", "komarami"), default="classic")
    ap.add_argument("--target", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.players.split(",")]
    for n in names:
        if n not in BOTS:
            ap.error("unknown bot %r (known: %s)" % (n, ", ".join(sorted(BOTS))))
    if len(names) < 2 or len(names) > 6:
        ap.error("a game seats 2 to 6 players (S1)")
    if args.games < 1 or args.target < 1 or args.rounds < 0:
        ap.error("--games and --target must be at least 1, --rounds at least 0")
    rules = Rules(args.target, args.rounds, args.variant == "komarami")
    print(json.dumps(tournament(names, args.games, args.seed, rules, max(1, args.workers))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
