"""Complete games between named bots as JSON Lines (the code is tools/arenas/transcript.py):
`transcript.py --game dice|cards --seed N --games K --players a,b,c ...`, under python3
or micropython with byte-identical output."""

import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from arenas.transcript import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
