"""The L.L.A.M.A. `expert` (issue 16): sampled play-outs of the round on the decisions
that matter, from the bot's view only (C14).

At a decision with a real choice (two cards that fit, or draw against quit when the quick
estimate of lama.card_bots is near even), the unseen cards are dealt at random into the
other hands (their sizes are known) and the draw pile, the same deals for every candidate,
and each candidate is played out to the round's end with every player following
`cautious` (lama.card_bots). The candidate with the best mean outcome is chosen: minus the
round points (a token returned counts as minus its value) while the game goes on, and the
share of the win once the round's scores end it (S5), so near 40 it plays for the game.
The generator is seeded from the view alone, and the number of play-outs is capped.
"""

from lama import cards
from lama.card_bots import (
    ALWAYS_DRAW_POINTS,
    CAUTIOUS_DRAW_POINTS,
    SAMPLE_MARGIN,
    SAMPLES,
    draw_estimate,
    sample_draw_minus_quit,
)
from lama.rng import SeededRng, shuffle
from lama.score import round_points
from lama.symbols import LLAMA, N_SYMBOLS

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


PLAYOUTS = const(16)  # deals sampled per decision (each played out once per candidate)
DRAW_MARGIN = const(6)  # points: draw/quit by the quick estimate alone beyond this
MAX_STEPS = const(120)  # turns at most in one play-out (then the hands are scored)
WIN_POINTS = const(40)
OWN_DRAW_POINTS = const(3)  # a whole win, in points, when a play-out ends the game


def _own_move(hand, top, komarami, may_draw):
    """expert itself in a play-out: the top's value, else the next one, else draw while
    its hand scores more than OWN_DRAW_POINTS, else quit (as _cautious_move's codes)."""
    if hand[top]:
        return top
    b = 0 if top == LLAMA else top + 1
    if hand[b]:
        return b
    if may_draw and round_points(hand, komarami) > OWN_DRAW_POINTS:
        return -1
    return -2


def _cautious_move(hand, top, komarami, may_draw):
    """cautious in a play-out: the fitting value it holds most of (ties: the higher),
    else -1 to draw (when its hand scores more than CAUTIOUS_DRAW_POINTS), else -2 to quit."""
    a = top
    b = 0 if top == LLAMA else top + 1
    ca = hand[a]
    cb = hand[b]
    if ca or cb:
        if ca > cb or (ca == cb and a > b):
            return a
        return b
    if may_draw and round_points(hand, komarami) > CAUTIOUS_DRAW_POINTS:
        return -1
    return -2


def _play_out(hands, sizes, pile, pos, top, quit, p, komarami, me):
    """Play the round on from seat p's turn; the seat that emptied its hand, or -1."""
    n = len(hands)
    active = 0
    for q in quit:
        if not q:
            active += 1
    npile = len(pile)
    for _ in range(MAX_STEPS):
        if active == 0:
            return -1
        while quit[p]:
            p += 1
            if p >= n:
                p = 0
        hand = hands[p]
        may = pos < npile and active > 1
        if p == me:
            m = _own_move(hand, top, komarami, may)
        else:
            m = _cautious_move(hand, top, komarami, may)
        if m >= 0:
            hand[m] -= 1
            sizes[p] -= 1
            top = m
            if sizes[p] == 0:
                return p
        elif m == -1:
            hand[pile[pos]] += 1
            sizes[p] += 1
            pos += 1
        else:
            quit[p] = 1
            active -= 1
        p += 1
        if p >= n:
            p = 0
    return -1


def _outcome(view, hands, emptied):
    """The value of a play-out's end for the view's seat (higher is better)."""
    me = view.seat
    rules = view.rules
    scores = list(view.scores)
    over = rules.rounds > 0 and view.round_no >= rules.rounds
    for p in range(view.n):
        if p == emptied:
            s = scores[p]
            scores[p] -= 10 if s >= 10 else (1 if s >= 1 else 0)
        else:
            scores[p] += round_points(hands[p], rules.komarami)
        if rules.rounds == 0 and scores[p] >= rules.target:
            over = True
    if not over:
        return view.scores[me] - scores[me]
    low = min(scores)
    if scores[me] != low:
        return -WIN_POINTS
    k = 0
    for s in scores:
        if s == low:
            k += 1
    return WIN_POINTS // k - WIN_POINTS


def _seed(view):
    """A seed from the view alone (C14: the same view, the same decision)."""
    x = view.top + 7 * view.pile_size + 131 * view.round_no + 17 * view.seat
    for v in range(N_SYMBOLS):
        x = (x * 31 + 9 * view.hand[v] + view.discard[v]) & 0xFFFFFF
    for p in range(view.n):
        x = (x * 13 + view.sizes[p] + 3 * view.quit[p] + view.scores[p]) & 0xFFFFFF
    return x


def compare(view, candidates, k):
    """Summed over k sampled deals: each candidate's play-out value (a list, in order).
    A candidate is a card value to play, -1 to draw or -2 to quit."""
    unseen = cards.unseen(view)
    pool = bytearray()
    for v in range(N_SYMBOLS):
        pool.extend(bytes([v]) * unseen[v])
    rng = SeededRng(_seed(view))
    me = view.seat
    n = view.n
    komarami = view.rules.komarami
    totals = [0] * len(candidates)
    nxt = me + 1 if me + 1 < n else 0
    for _ in range(k):
        shuffle(pool, rng)
        base = []
        i = 0
        for p in range(n):
            if p == me:
                hand = bytearray(view.hand)
            else:
                hand = bytearray(N_SYMBOLS)
                for _ in range(view.sizes[p]):
                    hand[pool[i]] += 1
                    i += 1
            base.append(hand)
        pile = pool[i:]
        for c in range(len(candidates)):
            m = candidates[c]
            hands = [bytearray(h) for h in base]
            sizes = bytearray(view.sizes)
            quit = bytearray(view.quit)
            pos = 0
            top = view.top
            emptied = -1
            if m >= 0:
                hands[me][m] -= 1
                sizes[me] -= 1
                top = m
                if sizes[me] == 0:
                    emptied = me
            elif m == -1:
                hands[me][pile[0]] += 1
                sizes[me] += 1
                pos = 1
            else:
                quit[me] = 1
            if emptied < 0:
                emptied = _play_out(hands, sizes, pile, pos, top, quit, nxt, komarami, me)
            totals[c] += _outcome(view, hands, emptied)
    return totals


def _best(view, candidates):
    totals = compare(view, candidates, PLAYOUTS)
    best = 0
    for c in range(1, len(candidates)):
        if totals[c] > totals[best]:
            best = c
    return candidates[best]


def choose(view, actions, rng):
    """expert: play when it can (of two cards that fit, the one the play-outs prefer);
    otherwise draw or quit by the quick estimate, or by play-outs when it is near even.
    Deterministic; sees only its view (C14)."""
    plays = []
    for a in actions:
        if a[0] == cards.PLAY:
            plays.append(a[1])
    if len(plays) == 1:
        return (cards.PLAY, plays[0])
    if len(plays) == 2:
        return (cards.PLAY, _best(view, plays))
    if actions[0][0] != cards.DRAW:
        return (cards.QUIT,)
    if cards.hand_points(view.hand, view.rules) > ALWAYS_DRAW_POINTS:
        return actions[0]
    est, n_unseen = draw_estimate(view)
    scale = 1000 * n_unseen
    est += endgame_shift(view) * scale
    if est > SAMPLE_MARGIN * scale or est < -SAMPLE_MARGIN * scale:
        return (cards.QUIT,) if est > 0 else actions[0]
    if est * SAMPLES + sample_draw_minus_quit(view, SAMPLES) * scale < 0:
        return actions[0]
    return (cards.QUIT,)


ENDGAME_FROM = 30
ENDGAME_SHIFT = 2


def endgame_shift(view):
    """Points added to the cost of drawing near the game's end: a leader plays safe, a
    player behind takes the risk."""
    if view.rules.rounds > 0 or max(view.scores) < ENDGAME_FROM:
        return 0
    me = view.seat
    low = 999
    for p in range(view.n):
        if p != me and view.scores[p] < low:
            low = view.scores[p]
    if view.scores[me] < low:
        return ENDGAME_SHIFT
    if view.scores[me] > low:
        return -ENDGAME_SHIFT
    return 0
