"""Bot tournaments (the code is tools/arenas/tournament.py): `arena.py --game dice --players
expert,cautious,cautious,cautious --games N [--seed S] [--workers K]`, or `--solo BOT
--rounds N`; prints a JSON summary."""

import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from arenas.tournament import main

if __name__ == "__main__":
    sys.exit(main())
