"""The levels people choose, easy < medium < hard (`make bench BENCH=ladder`): each level
against three of each level, 4 players, seats rotated, in both games (arenas/ladder.py).

  python3 -m benches.ladder [--games N] [--workers W]    N games a cell (default 2,000)
"""

import argparse
import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from arenas import ladder
from arenas import tournament as arena


def main(argv):
    ap = argparse.ArgumentParser(description="the levels' ladder, both games")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    print(ladder.report(max(1, args.games), args.seed, max(1, args.workers), arena.run_games))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
