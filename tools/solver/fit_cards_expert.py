"""Fits the weights of the linear draw-or-quit estimate (lama.card_playouts) of expert1 (and of
expert, which shares it): expert1 decides by it alone when it is more than SAMPLE_MARGIN
points from even, and by its average with sampled play-outs otherwise.

`fit_cards_expert.py [--games G] [--players 2,3,4,5,6] [--seed S]` plays G games per table
size of expert1 against cautious bots. Wherever expert1 can draw but not play
(and its hand scores at most ALWAYS_DRAW_POINTS), the round is played out twice from that
very state, once after a draw and once after a quit, everyone then following their own
policy (both bots are deterministic, the draw pile is fixed: the two futures differ only
by that choice). y = expert's (round points - token returned) after drawing minus after
quitting. A least-squares fit of y on card_playouts.draw_features on half of the decisions,
checked on the other half, gives the weights, printed in thousandths as the constants of
card_bots. Rollouts see the real cards; the fit only ever uses what the view shows, so it
estimates the average over the hidden cards consistent with it.
"""

import argparse
import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from arenas.engine_play import bot_chooser, play_to_end

from lama import card_bots, card_playouts, cards
from lama.rng import SeededRng
from lama.score import Rules

NAMES = ("W_BIAS", "W_COST", "W_POINTS", "W_CARDS", "W_SHORTEST", "W_ACTIVE", "W_PILE")
NAMES += ("W_DIST", "W_TOKEN")
DRAW = (cards.DRAW,)
QUIT = (cards.QUIT,)


def round_cost(state, action, bots):
    """The active player's round points minus token returned, playing `action` and then
    every seat's bot to the end of the round."""
    st = state.copy()
    me = st.turn
    cards.apply(st, action, None)
    play_to_end(cards, st, bot_chooser(cards, st, bots, [None] * len(bots)), None, round_only=True)
    return st.points[me] - st.returned[me]


def row(view):
    """The regression inputs of a view: 1, expected added points, then draw_features."""
    n_unseen, cost, f = card_playouts.draw_features(view)
    return [1.0, cost / n_unseen] + [float(x) for x in f]


def samples(n, games, seed):
    """(inputs, y) at every draw-or-quit decision of expert in `games` games of n players."""
    out = []
    expert = card_bots.choose_expert1
    for g in range(games):
        rng = SeededRng((seed * 1000003 + n * 7919 + g) & 0x3FFFFFFF)
        me = g % n
        bots = [card_bots.choose_cautious] * n
        bots[me] = expert
        st = cards.new_game(n, Rules(), g % n, rng)

        def choose(p, acts, st=st, me=me, bots=bots):
            v = cards.view(st, p)
            if p == me and acts[0] == DRAW:
                points = cards.hand_points(v.hand, st.rules)
                if points <= card_playouts.ALWAYS_DRAW_POINTS:
                    y = round_cost(st, DRAW, bots) - round_cost(st, QUIT, bots)
                    out.append((row(v), y))
            return bots[p](v, acts, None)

        play_to_end(cards, st, choose, rng)
    return out


def least_squares(xs, ys):
    """Weights w minimising sum (w.x - y)^2 (normal equations, Gauss-Jordan)."""
    k = len(xs[0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in zip(xs, ys):
        for i in range(k):
            b[i] += x[i] * y
            for j in range(k):
                a[i][j] += x[i] * x[j]
    for i in range(k):
        piv = max(range(i, k), key=lambda r: abs(a[r][i]))
        a[i], a[piv] = a[piv], a[i]
        b[i], b[piv] = b[piv], b[i]
        for r in range(k):
            if r != i and a[i][i]:
                f = a[r][i] / a[i][i]
                for c in range(i, k):
                    a[r][c] -= f * a[i][c]
                b[r] -= f * b[i]
    return [b[i] / a[i][i] for i in range(k)]


def policy_value(data, w):
    """Mean y when drawing wherever w predicts drawing is cheaper (0 for a quit)."""
    total = 0.0
    for x, y in data:
        if sum(a * b for a, b in zip(w, x)) < 0:
            total += y
    return total / len(data)


def main(argv):
    ap = argparse.ArgumentParser(description="fit the expert card bot's draw weights")
    ap.add_argument("--games", type=int, default=600)
    ap.add_argument("--players", default="2,3,4,5,6")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    data = []
    for n in [int(x) for x in args.players.split(",")]:
        data += samples(n, args.games, args.seed)
        sys.stderr.write("%d players: %d decisions so far\n" % (n, len(data)))
    train = data[0::2]
    test = data[1::2]
    w = least_squares([x for x, _ in train], [y for _, y in train])
    current = [getattr(card_playouts, name) / 1000.0 for name in NAMES]
    print("decisions: %d (fitted on %d, checked on %d)" % (len(data), len(train), len(test)))
    print("held-out mean y (draw - quit, points) when following:")
    print("  always quit 0.000, always draw %.3f" % (sum(y for _, y in test) / len(test)))
    print("  the current weights %.3f, the new weights %.3f" % (policy_value(test, current), policy_value(test, w)))
    for name, x in zip(NAMES, w):
        print("%s = const(%d)" % (name, round(x * 1000)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
