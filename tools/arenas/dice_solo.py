"""The `solo` LAMA Dice bot (CPython only): plays everywhere as if alone with a full llama row.

It uses the exact optimum of tools/solve_dice.py (solver.dice_optimum) for a token worth 10 (the value of
returning a token whenever the player has 10 points or more; see solve_dice's assumption):
  - roll when rolling is strictly better than quitting for its row, else quit;
  - after a roll, the discard that leaves the row of least value (an empty row is -10);
  - on a take (D10, which never happens alone), the card leaving the row of least value.
Ties keep the first such action in the engine's order. Rows of any size are solved.
"""

from lama import dice
from solver.dice_optimum import solver

SOLO_TOKEN = 10


def _row(counts):
    return tuple(counts)


def choose_solo(view, actions, rng):
    """choose(view, actions, rng) for the solo bot (see the module docstring)."""
    s = solver(SOLO_TOKEN)
    row = _row(view.rows[view.seat])
    kind = actions[0][0]
    if kind == dice.ROLL or kind == dice.QUIT:
        return (dice.ROLL,) if s.should_roll(row) else (dice.QUIT,)
    if kind == dice.DISCARD or kind == dice.TAKE:
        best = None
        best_v = 0.0
        for a in actions:
            if kind == dice.DISCARD:
                after = tuple(row[i] - a[1][i] for i in range(7))
            else:
                after = tuple(row[i] + (1 if i == a[1] else 0) for i in range(7))
            v = s.after_discard(after)
            if best is None or v < best_v:
                best = a
                best_v = v
        return best
    return actions[0]
