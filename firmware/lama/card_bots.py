"""L.L.A.M.A. card game computer players `random`, `cautious` and `expert` (issue 3), and
their registry.

A bot is a function `choose(view, actions, rng) -> action`, as in lama.dice_bots:
  view     lama.cards.View for the bot's seat: only what that player may know (C14)
  actions  lama.cards.legal_actions(state), never empty when a bot is asked
  rng      a generator with randbelow(n) (lama.rng), the bot's own
It returns one element of `actions`. The driver applies (NEXT,) itself in ROUND_OVER.
"""

from lama import cards
from lama.score import token_to_return
from lama.symbols import LLAMA, N_SYMBOLS

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


CAUTIOUS_DRAW_POINTS = 5  # cautious draws only while its hand scores more than this


def choose_random(view, actions, rng):
    """A uniformly random legal action."""
    return actions[rng.randbelow(len(actions))]


def choose_cautious(view, actions, rng):
    """Play the playable value it holds most copies of (ties: the higher value); else draw
    if it may and its hand scores more than 5 points (C10); else quit."""
    hand = view.hand
    best = None
    for a in actions:
        if a[0] == cards.PLAY and (best is None or hand[a[1]] >= hand[best[1]]):
            best = a  # plays are listed lowest value first, so >= keeps the higher on ties
    if best is not None:
        return best
    if actions[0][0] == cards.DRAW and cards.hand_points(hand, view.rules) > CAUTIOUS_DRAW_POINTS:
        return actions[0]
    return (cards.QUIT,)


# expert: always play when it can (the top card's value first: it keeps the discard where
# the rest of the hand can follow); otherwise draw or quit by the sign of a linear estimate
# of (round points after drawing - round points after quitting). The weights come from
# tools/fit_cards_expert.py, a least-squares fit over rollouts of real games. Integer
# arithmetic only: the weights are thousandths, and the expected cost of the drawn card is
# kept as a sum over the unseen cards, so the estimate is multiplied by their number.
W_BIAS = const(5037)
W_COST = const(339)  # expected points the drawn card adds to the hand
# the weights of draw_features(view)[2], in order
W_POINTS = const(-757)  # the hand's score now (C10)
W_CARDS = const(768)  # cards in hand
W_SHORTEST = const(-1040)  # fewest cards in a hand of an opponent still in (capped)
W_ACTIVE = const(-97)  # opponents still in the round
W_PILE = const(-83)  # cards left in the draw pile
W_DIST = const(572)  # steps the top must advance before a held card fits
W_TOKEN = const(-228)  # the token going out would return (S4)
SHORTEST_CAP = const(5)
ALWAYS_DRAW_POINTS = const(14)  # a hand scoring more than this always draws


def _value(v):
    return 10 if v == LLAMA else v + 1


def _steps_to_fit(hand, top):
    """How many values the top must advance before a card of the hand fits on it."""
    t = top
    for d in range(1, N_SYMBOLS + 1):
        t = cards.next_value(t)
        if hand[t] or hand[cards.next_value(t)]:
            return d
    return N_SYMBOLS + 1


def draw_features(view):
    """What expert weighs before drawing: (number of unseen cards, the points the unseen
    cards would add to the hand, summed over them, [the hand's points, its cards, the
    fewest cards an opponent still in holds, opponents still in, draw pile size, steps to
    a fit, the token going out would return])."""
    hand = view.hand
    rules = view.rules
    unseen = cards.unseen(view)
    n_unseen = 0
    cost = 0
    size = 0
    for v in range(N_SYMBOLS):
        n_unseen += unseen[v]
        size += hand[v]
        if not hand[v] or (v == LLAMA and rules.komarami):
            cost += unseen[v] * _value(v)
    shortest = SHORTEST_CAP
    active = 0
    for p in range(view.n):
        if p != view.seat and not view.quit[p]:
            active += 1
            if view.sizes[p] < shortest:
                shortest = view.sizes[p]
    return (
        n_unseen,
        cost,
        [
            cards.hand_points(hand, rules),
            size,
            shortest,
            active,
            view.pile_size,
            _steps_to_fit(hand, view.top),
            token_to_return(view.scores[view.seat]),
        ],
    )


def draw_beats_quit(view):
    """expert's estimate that drawing costs fewer points this round than quitting."""
    if cards.hand_points(view.hand, view.rules) > ALWAYS_DRAW_POINTS:
        return True
    n_unseen, cost, f = draw_features(view)
    linear = (
        W_BIAS
        + W_POINTS * f[0]
        + W_CARDS * f[1]
        + W_SHORTEST * f[2]
        + W_ACTIVE * f[3]
        + W_PILE * f[4]
        + W_DIST * f[5]
        + W_TOKEN * f[6]
    )
    return linear * n_unseen + W_COST * cost < 0


def choose_expert(view, actions, rng):
    """Play if it can: a card of the top's value before the next value; else draw when
    draw_beats_quit says so; else quit. Deterministic; sees only its view (C14)."""
    play = None
    for a in actions:
        if a[0] == cards.PLAY:
            if a[1] == view.top:
                return a
            play = a
    if play is not None:
        return play
    if actions[0][0] == cards.DRAW and draw_beats_quit(view):
        return actions[0]
    return (cards.QUIT,)


BOTS = {
    "random": choose_random,
    "cautious": choose_cautious,
    "expert": choose_expert,
}
