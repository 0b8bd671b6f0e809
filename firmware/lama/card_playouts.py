"""expert1's judgement of drawing against quitting in L.L.A.M.A. (issue 3): a linear
estimate over a few features of the view and, when it is near even, sampled play-outs of
the round's rest; shared by lama.card_bots (expert1, cautious's draw threshold) and
lama.card_expert, which imports it (and not the bots' registry, which names the expert)."""

from lama import cards
from lama import native as micropython  # @micropython.native and .viper: lama.native
from lama.native import ptr8
from lama.rng import SeededRng, shuffle
from lama.score import token_to_return
from lama.symbols import LLAMA, LLAMA_POINTS, N_SYMBOLS

from micropython import const


CAUTIOUS_DRAW_POINTS = 5  # cautious draws only while its hand scores more than this


# expert1 (issue 3's expert, kept as a fixed reference): always play when it can (the top
# card's value first: it keeps the discard where the rest of the hand can follow); otherwise
# draw or quit by the sign of an estimate of (round points after drawing - round points
# after quitting). The estimate is linear in a few features of the view (draw_features);
# when it is near even, it is averaged with sampled play-outs of the rest of the round
# (sample_draw_minus_quit). The linear weights come from tools/solver/fit_cards_expert.py, a
# least-squares fit over rollouts of real games. Integer arithmetic only: the weights are
# thousandths, and the expected cost of the drawn card is kept as a sum over the unseen
# cards, so the estimate is multiplied by their number.
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
_SHORTEST_CAP = const(5)
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
    shortest = _SHORTEST_CAP
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


def draw_estimate(view):
    """The linear estimate of (points after drawing - points after quitting), in
    thousandths of a point times the number of unseen cards; and that number."""
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
    return linear * n_unseen + W_COST * cost, n_unseen


def draw_steps(view, out):
    """Generator: expert1's judgement that drawing costs fewer points this round than
    quitting into out[0] (True or False): the linear estimate, and when that is within
    SAMPLE_MARGIN points of even, its average with SAMPLES sampled play-outs, yielding
    after each SAMPLES_A_SLICE of them (sample_steps)."""
    if cards.hand_points(view.hand, view.rules) > ALWAYS_DRAW_POINTS:
        out[0] = True
        return
    est, n_unseen = draw_estimate(view)
    scale = 1000 * n_unseen
    if est > SAMPLE_MARGIN * scale or est < -SAMPLE_MARGIN * scale:
        out[0] = est < 0
        return
    summed = [0]
    yield from sample_steps(view, SAMPLES, summed)
    out[0] = est * SAMPLES + summed[0] * scale < 0


def draw_beats_quit(view):
    """draw_steps' judgement, all at once."""
    out = [False]
    for _ in draw_steps(view, out):
        pass
    return out[0]


# Play-outs: the unseen cards are dealt at random into the other hands (their sizes known)
# and the draw pile, then the round is played to its end twice, after a draw and after a
# quit, with the same cards. In a play-out every player plays when they can (the top's
# value first) and otherwise draws while its hand scores more than a threshold. The
# generator is seeded from the view alone, so expert stays a function of what it sees.
SAMPLES = const(16)
SAMPLE_MARGIN = const(6)  # points
_SAMPLE_STEPS = const(120)  # turns at most in one play-out (then the hand is scored)
SAMPLE_DRAW_SELF = const(3)  # in play-outs expert draws above this many points
SAMPLE_DRAW_OTHERS = const(5)  # ... and the others above this many (both below 6: a six draws)
SAMPLES_A_SLICE = const(2)  # samples between two yields of sample_steps
# The one draw rule of the card play-outs (here and in lama.card_expert): a player who cannot
# play draws while its hand scores more than its threshold, each value it holds counted once
# at these points (the classic S3 score; every threshold is below 6, so a six or a llama
# always draws, and the llamas of Lato z Komarami, C12, change no decision). The play-outs
# add them up the llama first and stop once over the threshold.
PLAY_OUT_POINTS = bytes((1, 2, 3, 4, 5, 6, LLAMA_POINTS))


@micropython.viper
def _play_out(hands, pile, pos: int, top: int, quit, sizes, me: int, draw_first: int, rules, token: int) -> int:
    """expert's (points - token returned) at the end of a play-out, the draw pile being
    pile[pos:]; `quit` is changed, `sizes` (a bytearray of the seats) is filled; a player
    who cannot play draws by PLAY_OUT_POINTS (above SAMPLE_DRAW_SELF or SAMPLE_DRAW_OTHERS).
    Viper code on MicroPython: the bytearrays read through ptr8, the ints machine words."""
    n = int(len(hands))
    npile = int(len(pile))
    llama = int(LLAMA)
    nsym = int(N_SYMBOLS)
    w = ptr8(PLAY_OUT_POINTS)
    q = ptr8(quit)
    pl = ptr8(pile)
    s = ptr8(sizes)
    active = 0
    p = 0
    while p < n:
        h = ptr8(hands[p])
        c = 0
        k = 0
        while k < nsym:
            c += h[k]
            k += 1
        s[p] = c
        if q[p] == 0:
            active += 1
        p += 1
    if draw_first:
        h = ptr8(hands[me])
        h[pl[pos]] += 1
        s[me] += 1
        pos += 1
    else:
        q[me] = 1
        active -= 1
    p = me
    step = 0
    while step < _SAMPLE_STEPS:
        step += 1
        if active == 0:
            break
        p += 1
        if p >= n:
            p = 0
        while q[p]:
            p += 1
            if p >= n:
                p = 0
        h = ptr8(hands[p])
        if h[top]:
            v = top
        else:
            v = 0 if top == llama else top + 1  # C4's next value, inline
            if not h[v]:
                v = -1
        if v >= 0:
            h[v] -= 1
            s[p] -= 1
            top = v
            if s[p] == 0:
                if p == me:
                    return 0 - token
                return int(cards.hand_points(hands[me], rules))
            continue
        if pos < npile and active > 1:
            above = SAMPLE_DRAW_SELF if p == me else SAMPLE_DRAW_OTHERS
            pts = 0  # PLAY_OUT_POINTS' rule: the values held, the llama first, until above
            k = nsym
            while k and pts <= above:
                k -= 1
                if h[k]:
                    pts += w[k]
            if pts > above:
                h[pl[pos]] += 1
                s[p] += 1
                pos += 1
                continue
        q[p] = 1
        active -= 1
    return int(cards.hand_points(hands[me], rules))


@micropython.native
def deal_unseen(view, pool, hands):
    """One guess at the hidden cards: `pool` (the unseen cards, shuffled) dealt in seat
    order into the other hands of `hands` (bytearrays, refilled: their sizes as the view
    shows; the view's own hand is left as it is). Returns how many cards that took: the
    rest of the pool, from there, is the draw pile."""
    i = 0
    for p in range(view.n):
        if p != view.seat:
            hand = hands[p]
            for v in range(N_SYMBOLS):
                hand[v] = 0
            for _ in range(view.sizes[p]):
                hand[pool[i]] += 1
                i += 1
    return i


def sample_draw_minus_quit(view, k):
    """Summed over k play-outs: expert's round points after drawing minus after quitting."""
    out = [0]
    for _ in sample_steps(view, k, out):
        pass
    return out[0]


def sample_steps(view, k, out, shuffler=None):
    """Generator: sample_draw_minus_quit's sum into out[0], yielding after every
    SAMPLES_A_SLICE play-outs (expert's thinking a slice a frame, lama.card_expert). The
    deals are shuffled by `shuffler` (with shuffle(pool)) when given, else by SeededRng
    seeded from the view (expert1's)."""
    unseen = cards.unseen(view)
    pool = bytearray()
    seed = view.top + 7 * view.pile_size + 131 * view.round_no
    for v in range(N_SYMBOLS):
        pool.extend(bytes([v]) * unseen[v])
        seed = (seed * 31 + 9 * view.hand[v] + view.discard[v]) & 0xFFFFFF
    rng = SeededRng(seed)
    me = view.seat
    token = token_to_return(view.scores[me])
    # the buffers made once and refilled for each sample (no allocation a play-out)
    drew = [bytearray(N_SYMBOLS) for _ in range(view.n)]  # the play-out after a draw
    stayed = [bytearray(N_SYMBOLS) for _ in range(view.n)]  # ... and after a quit
    quit0 = bytearray(view.quit)
    quit = bytearray(view.n)
    sizes = bytearray(view.n)
    for i in range(k):
        if shuffler is None:
            shuffle(pool, rng)
        else:
            shuffler.shuffle(pool)
        drew[me][:] = view.hand
        pile = deal_unseen(view, pool, drew)
        for p in range(view.n):
            stayed[p][:] = drew[p]
        quit[:] = quit0
        out[0] += _play_out(drew, pool, pile, view.top, quit, sizes, me, True, view.rules, token)
        quit[:] = quit0
        out[0] -= _play_out(stayed, pool, pile, view.top, quit, sizes, me, False, view.rules, token)
        if i % SAMPLES_A_SLICE == SAMPLES_A_SLICE - 1:
            yield None
