"""The exact optimum of a LAMA Dice player alone in the round (the code is
tools/solver/dice_optimum.py): `python3 tools/solve_dice.py` prints its expected value over
random deals for a token worth 0, 1 and 10."""

import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from solver.dice_optimum import main

if __name__ == "__main__":
    sys.exit(main())
