"""The levels people choose, easy < medium < hard (`make bench BENCH=ladder`): each level
against three of each level, 4 players, seats rotated, in both games (tools/ladder.py).

  bench_ladder.py [--games N] [--workers W]    N games a cell (default 2,000)
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import arena  # noqa: E402
import ladder  # noqa: E402


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
