"""The L.L.A.M.A. adapter of tools/arena.py (`--game cards`), and card tournaments with the
variants: `cd tools && python3 -m arenas.tournament_cards --players expert,cautious,cautious,cautious --games N --seed S
[--variant classic|komarami] [--target T] [--rounds R] [--workers K]` prints the same JSON
summary as arena.py (seats rotated, ties shared, a bot named k times one entry)."""

import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from arenas import bots as registry
from arenas.engine_play import bot_chooser
from arenas.refereed import play_refereed
from arenas import tournament as arena
from arenas.tournament import mix_seed
from lama import cards
from lama.rng import SeededRng
from lama.score import Rules


def bots():
    """Every card bot by name."""
    return registry.bots("cards")


def play_game(names, seed, first=0, rules=None):
    """One game with bots `names` in seat order, refereed through its transcript
    (arenas.refereed); returns the final scores. The deals and each seat's bot draw
    from their own seeded generators."""
    table = bots()
    fns = [table[n] for n in names]
    rules = rules or Rules()
    rng = SeededRng(mix_seed(seed, 1))
    bot_rngs = [SeededRng(mix_seed(seed, 101, i)) for i in range(len(names))]
    state = cards.new_game(len(names), rules, first, rng)
    choose = bot_chooser(cards, state, fns, bot_rngs)
    return play_refereed("cards", state, choose, rng, seed, names, first, rules)


ADAPTER = {"bots": bots, "play_game": play_game}


def _task(task):
    names, seed, start, stop, target, rounds, komarami = task

    rules = Rules(target, rounds, komarami)
    out = []
    for g in range(start, stop):
        out.append(play_game(arena.seating(names, g), seed * 1000003 + g, 0, rules))
    return start, out


def tournament(names, games, seed=1, rules=None, workers=1):
    """arena.py's summary of `games` games between `names` (seats rotated) under `rules`."""

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
    known = bots()
    for n in names:
        if n not in known:
            ap.error("unknown bot %r (known: %s)" % (n, ", ".join(sorted(known))))
    if len(names) < 2 or len(names) > 6:
        ap.error("a game seats 2 to 6 players (S1)")
    if args.games < 1 or args.target < 1 or args.rounds < 0:
        ap.error("--games and --target must be at least 1, --rounds at least 0")
    rules = Rules(args.target, args.rounds, args.variant == "komarami")
    print(json.dumps(tournament(names, args.games, args.seed, rules, max(1, args.workers))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
