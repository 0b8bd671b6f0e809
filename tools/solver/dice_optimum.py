"""Exact optimal play of a LAMA Dice player alone in the round (D12), by dynamic programming.

The state is the player's row (a 7-count over 1-6, L); the llama row is given (full by
default: 1-6 and L). The value of a row is the expected (round points - tokens returned)
under optimal play from a decision to roll or quit; lower is better. Alone in the round:
  - quit: the row scores S3;
  - three llamas (probability 1/27): a token worth `t` is returned and the player decides
    again from the same row. ASSUMPTION: every such token is worth `t`, however many come
    (the player is taken to always have a token of that value to give back);
  - a roll matching the row: the player discards a non-empty sub-multiset the dice allow
    (one card of its symbol per die) and goes on; emptying the row ends the round with a
    token worth `t` returned (D15), i.e. a value of -t;
  - any other roll is a bust (D11/D12): the whole llama row joins the row and the round
    ends, scoring S3(row + llama row) (31 with a full llama row).
Rolling once more and then playing optimally has value R(row) = (sum over the 208 rolls
that are not three llamas of their outcome's value - 8 t) / 208, since three llamas
returns to the same decision; and V(row) = min(S3(row), R(row)).

Rows of any size are solved (a row reaches 12 cards after takes in a game with others):
values are memoised per row. `python3 tools/solve_dice.py` (this module's main) prints the exact expected value
over random deals of six cards from the 36-card deck for t = 0, 1 and 10.
"""

from fractions import Fraction

from lama.dice import DICE, DICE_FACES
from lama.symbols import LLAMA

FULL_LLAMA_ROW = (1, 1, 1, 1, 1, 1, 1)
DECK = (5, 5, 5, 5, 5, 5, 6)  # D1: five of each number, six llamas
DEAL = 6  # D4
THREE_LLAMAS = (0, 0, 0, 0, 0, 0, 3)


def points(row):
    """S3 for a 7-count tuple."""
    p = 0
    for i in range(LLAMA):
        if row[i]:
            p += i + 1
    if row[LLAMA]:
        p += 10
    return p


def roll_classes(faces=DICE_FACES):
    """The 216 equally likely rolls grouped by the multiset of symbols they show:
    a list of (7-count tuple, number of rolls out of 216), sorted by the tuple.
    `faces`: three dice of six symbol indices each (lama.dice.DICE_FACES)."""
    classes = {}
    for a in faces[0]:
        for b in faces[1]:
            for c in faces[2]:
                k = [0] * 7
                for f in (a, b, c):
                    k[f] += 1
                k = tuple(k)
                classes[k] = classes.get(k, 0) + 1
    return sorted(classes.items())


def discard_options(row, roll):
    """Every non-empty discard the roll allows from the row (D9), as 7-count tuples,
    the largest discards first (the order ties are broken in)."""
    allowed = [min(row[i], roll[i]) for i in range(7)]
    opts = [()]
    for i in range(7):
        opts = [o + (d,) for o in opts for d in range(allowed[i], -1, -1)]
    opts = [o for o in opts if sum(o)]
    opts.sort(key=lambda o: -sum(o))
    return opts


def minus(row, d):
    return tuple(row[i] - d[i] for i in range(7))


class AloneSolver:
    """Optimal play alone in the round for a token worth `t` (see the module docstring).

    `exact=True` computes with Fractions (use for small rows), else with floats."""

    def __init__(self, t, llama_row=FULL_LLAMA_ROW, exact=False, faces=DICE_FACES):
        self.t = Fraction(t) if exact else float(t)
        self.llama_row = tuple(llama_row)
        self.classes = [(k, w) for k, w in roll_classes(faces) if k != THREE_LLAMAS]
        self.n_llll = 216 - sum(w for _, w in self.classes)  # rolls of three llamas
        self.exact = exact
        self._v = {}
        self._r = {}

    def bust_value(self, row):
        """D11/D17: the whole llama row joins the row; the round ends."""
        return points(tuple(row[i] + self.llama_row[i] for i in range(7)))

    def after_discard(self, row):
        """Value of the row left after a discard: -t when it is empty (D13, D15)."""
        if not any(row):
            return -self.t
        return self.value(row)

    def best_discard(self, row, roll):
        """(discard, value) minimising the value after it; None when the roll matches
        nothing in the row."""
        best = None
        for d in discard_options(row, roll):
            v = self.after_discard(minus(row, d))
            if best is None or v < best[1]:
                best = (d, v)
        return best

    def roll_value(self, row):
        """R(row): expected value of rolling now, then playing optimally."""
        row = tuple(row)
        r = self._r.get(row)
        if r is not None:
            return r
        total = -self.n_llll * self.t
        for k, w in self.classes:
            best = self.best_discard(row, k)
            total += w * (best[1] if best else self.bust_value(row))
        n = 216 - self.n_llll
        r = total / n if self.exact else total / float(n)
        self._r[row] = r
        return r

    def value(self, row):
        """V(row) = min(quit, roll)."""
        row = tuple(row)
        v = self._v.get(row)
        if v is None:
            q = points(row)
            r = self.roll_value(row)
            v = r if r < q else (Fraction(q) if self.exact else float(q))
            self._v[row] = v
        return v

    def should_roll(self, row):
        """True when rolling is strictly better than quitting."""
        return self.roll_value(row) < points(row)


def comb(n, k):
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def deals(deck=DECK, size=DEAL):
    """Every 7-count a player can be dealt, with its exact probability (Fraction)."""
    out = []

    def rec(i, left, acc, ways):
        if i == 6:
            if left <= deck[6]:
                out.append((tuple(acc + [left]), ways * comb(deck[6], left)))
            return
        for c in range(min(left, deck[i]) + 1):
            rec(i + 1, left - c, acc + [c], ways * comb(deck[i], c))

    rec(0, size, [], 1)
    n = comb(sum(deck), size)
    return [(d, Fraction(w, n)) for d, w in out]


def expected_over_deals(t, exact=True):
    """The exact expected value of optimal play alone from a random six-card deal."""
    s = AloneSolver(t, exact=exact)
    return sum((p * s.value(d) for d, p in deals()), Fraction(0) if exact else 0.0)


_SOLVERS = {}


def solver(t):
    """A shared float solver for token worth t (memoised values, for bots)."""
    s = _SOLVERS.get(t)
    if s is None:
        s = _SOLVERS[t] = AloneSolver(t)
    return s


def main():
    print("LAMA Dice, one player alone in the round (D12), full llama row, optimal play")
    print("dice: " + " ".join(DICE))
    print("assumption: every token returned (three llamas, or emptying the row) is worth t")
    for t in (0, 1, 10):
        e = expected_over_deals(t)
        print("t=%-2d  expected round points - tokens = %.6f   (exact %s)" % (t, float(e), e))

