"""A frozen copy of the card `expert` as it was before issue 52 (issue 16's: no inference
from the table), kept ONLY as a reference opponent for the arenas and benches (bot name
`expert16`): never loaded by the firmware. Its original docstring follows.

The L.L.A.M.A. `expert` (issue 16), from the bot's view only (C14): sampled play-outs of
the round to choose between two cards that fit, expert1's draw-or-quit judgement shifted
near the game's end, and its thinking cut into slices that the game screen spreads over
frames (think()).

Two cards fit: the unseen cards are dealt at random into the other hands (their sizes are
known) and the draw pile, up to PLAYOUTS times, the same deals for both cards, and each
card is played out to the round's end: expert plays the top's value, else the next, and
draws above OWN_DRAW_POINTS; the others draw as `cautious` and play as `cautious` on even
deals, the top's value first as `expert1` on odd ones (a view cannot tell which kind of
player it faces; lama.card_bots). Dealing stops
once one card is clearly better (looked at after FIRST_DEALS deals, then every
_LOOK_EVERY). The card with the better sum wins: minus the round points (a token returned
counts as minus its value) while the game cannot end this round; once it may, the chance
to win the game (S5): a share of the win when a play-out ends it, else estimated from the
scores, each seat weighed by _WIN_DECAY thousandths to the power (its score - the lowest),
about exp(-points / 8).
Nothing fits: expert1's estimate of (points after drawing - after quitting), plus
_ENDGAME_SHIFT points once a score is within _ENDGAME_WITHIN of the target (the leader plays
safe, the others take the risk), mixed with expert1's sampled play-outs when within
SAMPLE_MARGIN points of even (lama.card_bots), EXPERT_SAMPLES of them.
The deals are shuffled by SampleShuffler (here: the dice game loads no code of it), seeded from the view alone (with
SeededRng the shuffles took about 40 % of the expert's time), into buffers
made once a decision; a play-out lasts MAX_STEPS turns at most; the two-card choice stops
dealing once STEP_BUDGET turns are spent (a bound on a decision's work), and think()
yields after each SLICE turns of play-out (a deal counted as _DEAL_TURNS more) or
SAMPLES_A_SLICE of expert1's samples.
"""

from lama import cards
from lama import native as micropython  # @micropython.native and .viper: lama.native
from lama.native import ptr8
from lama.card_playouts import (
    ALWAYS_DRAW_POINTS,
    CAUTIOUS_DRAW_POINTS,
    PLAY_OUT_POINTS,
    SAMPLE_MARGIN,
    deal_unseen,
    draw_estimate,
    sample_steps,
)
from lama.score import round_points
from lama.symbols import LLAMA, N_SYMBOLS
from lama.thinking import decided

from micropython import const


EXPERT_SAMPLES = const(48)  # expert1's play-outs of a near-even draw (expert1 takes 16)
PLAYOUTS = const(96)  # deals sampled per decision at most (each played out once per card)
FIRST_DEALS = const(16)  # deals before the first look at whether one card is clearly better
_LOOK_EVERY = const(8)  # deals between two looks
_CLEAR_Z2 = const(4)  # clearly better: the mean difference over 2 standard errors (z squared)
MAX_STEPS = const(120)  # turns at most in one play-out (then the hands are scored)
STEP_BUDGET = const(3840)  # turns of play-out per decision: no more deals once it is spent
WIN_SCALE = const(1000)  # a whole win in a play-out's value when the game may end this round
_WIN_DECAY = const(882)  # thousandths of a seat's weight (its chance to win) kept per point above the lowest score
OWN_DRAW_POINTS = const(5)  # expert draws above this many points in a play-out (below 6)
_ENDGAME_WITHIN = const(10)  # once a score is this close to the target (S5), the draw ...
_ENDGAME_SHIFT = const(3)  # ... estimate is shifted by this many points
SLICE = const(64)  # turns of play-out between two yields of think(): one frame's work
_DEAL_TURNS = const(32)  # a deal's shuffle and copies, counted as this many turns in a slice


class SampleShuffler:
    """Shuffles for the bots' sampled deals (the real deals and the dice use the generators
    above): Fisher-Yates with a 16-bit xorshift generator, inline and in small integers,
    several times cheaper than shuffle() with SeededRng; its values are mapped by a
    multiply and shift (a bias under 0.1 % for a pool of 56), fine for sampling."""

    def __init__(self, seed):
        x = ((seed ^ (seed >> 11)) & 0xFFFF) or 1  # the state is never 0
        for _ in range(4):  # a seed with few bits set gives ill-mixed first values
            x ^= (x << 7) & 0xFFFF
            x ^= x >> 9
            x ^= (x << 8) & 0xFFFF
        self.x = x

    @micropython.viper
    def shuffle(self, pool):
        """Shuffle a bytearray in place (viper code on MicroPython: ptr8, machine ints)."""
        x = int(self.x)
        buf = ptr8(pool)
        i = int(len(pool)) - 1
        while i > 0:
            x ^= (x << 7) & 0xFFFF
            x ^= x >> 9
            x ^= (x << 8) & 0xFFFF
            j = (x * (i + 1)) >> 16
            t = buf[i]
            buf[i] = buf[j]
            buf[j] = t
            i -= 1
        self.x = x


@micropython.viper
def _play_out(hands, sizes, pile, pos: int, top: int, quit, p: int, me: int, top_first: int) -> int:
    """Play the round on from seat p's turn, the draw pile being pile[pos:]: the turns it
    took times 8 plus (the seat that emptied its hand, or -1) + 1, one small int (a tuple
    would be a heap allocation a play-out).
    expert (seat me) plays the top's value, else the next one, else draws while its hand
    scores more than OWN_DRAW_POINTS; the others play the fitting value they hold most of
    (ties: the higher) as cautious does, or the top's value first as expert1 does when
    `top_first`, else draw above CAUTIOUS_DRAW_POINTS (the draw rule of
    lama.card_bots.PLAY_OUT_POINTS); else quit.
    Viper code on MicroPython: the bytearrays read through ptr8, the ints machine words."""
    n = int(len(hands))
    npile = int(len(pile))
    llama = int(LLAMA)
    nsym = int(N_SYMBOLS)
    w = ptr8(PLAY_OUT_POINTS)
    own = int(OWN_DRAW_POINTS)
    others = int(CAUTIOUS_DRAW_POINTS)
    s = ptr8(sizes)
    q = ptr8(quit)
    pl = ptr8(pile)
    active = 0
    i = 0
    while i < n:
        if q[i] == 0:
            active += 1
        i += 1
    step = 0
    while step < MAX_STEPS:
        if active == 0:
            return step << 3
        while q[p]:
            p += 1
            if p >= n:
                p = 0
        h = ptr8(hands[p])
        a = top
        b = 0 if top == llama else top + 1
        ca = h[a]
        cb = h[b]
        if ca or cb:
            if ca and (p == me or top_first or ca > cb or (ca == cb and a > b)):
                top = a
            else:
                top = b
            h[top] -= 1
            s[p] -= 1
            if s[p] == 0:
                return (step + 1) << 3 | (p + 1)
        else:
            pts = 0
            above = own if p == me else others
            if pos < npile and active > 1:  # PLAY_OUT_POINTS' rule, as in lama.card_bots
                k = nsym
                while k and pts <= above:
                    k -= 1
                    if h[k]:
                        pts += w[k]
            if pts > above:
                h[pl[pos]] += 1
                s[p] += 1
                pos += 1
            else:
                q[p] = 1
                active -= 1
        p += 1
        if p >= n:
            p = 0
        step += 1
    return MAX_STEPS << 3


def _may_end(view):
    """Whether this round's scores may end the game (S5/S6): else only expert's points
    matter to a play-out's outcome."""
    rules = view.rules
    if rules.rounds > 0:
        return view.round_no >= rules.rounds
    most = 91 if rules.komarami else 31  # 1+...+6, and every llama (C12) or one
    return max(view.scores) + most >= rules.target


def _win_weights():
    """w[d] for a score d points above the lowest: WIN_SCALE times _WIN_DECAY thousandths to
    the power d, in integers (the same on every port), down to the first 0 (the last). A
    table's chance of a win for each seat is taken as its weight over their sum."""
    w = [WIN_SCALE]
    while w[-1]:
        w.append(w[-1] * _WIN_DECAY // 1000)
    return w


_WEIGHTS = _win_weights()


@micropython.native
def _outcome(view, hands, emptied, may_end, scores):
    """The value of a play-out's end for the view's seat (higher is better): minus its
    round points while the game cannot end this round; else its chance to win (S5), in
    WIN_SCALE parts, minus a whole win: a share of the win when the play-out's scores end
    the game, their estimate by _WEIGHTS when it goes on. `scores`: a list of view.n to
    count the scores in (made once a decision)."""
    me = view.seat
    rules = view.rules
    if not may_end:
        if emptied == me:
            s = view.scores[me]
            return 10 if s >= 10 else (1 if s >= 1 else 0)
        return -round_points(hands[me], rules.komarami)
    scores[:] = view.scores
    over = rules.rounds > 0 and view.round_no >= rules.rounds
    for p in range(view.n):
        if p == emptied:
            s = scores[p]
            scores[p] -= 10 if s >= 10 else (1 if s >= 1 else 0)
        else:
            scores[p] += round_points(hands[p], rules.komarami)
        if rules.rounds == 0 and scores[p] >= rules.target:
            over = True
    low = min(scores)
    if over:
        if scores[me] != low:
            return -WIN_SCALE
        k = 0
        for s in scores:
            if s == low:
                k += 1
        return WIN_SCALE // k - WIN_SCALE
    w = _WEIGHTS
    last = len(w) - 1
    total = 0
    for s in scores:
        d = s - low
        total += w[d if d < last else last]
    d = scores[me] - low
    return WIN_SCALE * w[d if d < last else last] // total - WIN_SCALE


def _seed(view):
    """A seed from the view alone (C14: the same view, the same decision)."""
    x = view.top + 7 * view.pile_size + 131 * view.round_no + 17 * view.seat
    for v in range(N_SYMBOLS):
        x = (x * 31 + 9 * view.hand[v] + view.discard[v]) & 0xFFFFFF
    for p in range(view.n):
        x = (x * 13 + view.sizes[p] + 3 * view.quit[p] + view.scores[p]) & 0xFFFFFF
    return x


def _compare(view, plays, k, out):
    """Generator: summed over k sampled deals (fewer once STEP_BUDGET turns of play-out are
    spent, or, for two cards, once one is clearly better: clear()), into `out`, the
    play-out value of playing each card value of `plays`, every card on the same deals;
    yields after each SLICE turns."""
    unseen = cards.unseen(view)
    pool = bytearray()
    for v in range(N_SYMBOLS):
        pool.extend(bytes([v]) * unseen[v])
    shuffler = SampleShuffler(_seed(view))
    me = view.seat
    n = view.n
    nxt = me + 1 if me + 1 < n else 0
    may_end = _may_end(view)
    used = 0
    since = 0
    diff = 0  # the sum over deals of (first card's value - second's), and of its square
    diff2 = 0
    # every buffer made once and refilled for each deal and card (few allocations: on the
    # device a collection of the heap would take longer than a slice)
    base = [bytearray(N_SYMBOLS) for _ in range(n)]  # the deal
    hands = [bytearray(N_SYMBOLS) for _ in range(n)]  # a card's play-out
    sizes0 = bytearray(view.sizes)
    quit0 = bytearray(view.quit)
    sizes = bytearray(n)
    quit = bytearray(n)
    scores = list(view.scores)
    base[me] = bytearray(view.hand)
    for i in range(k):
        if used >= STEP_BUDGET:
            break
        if i >= FIRST_DEALS and (i - FIRST_DEALS) % _LOOK_EVERY == 0 and clear(diff, diff2, i):
            break
        shuffler.shuffle(pool)
        dealt = deal_unseen(view, pool, base)
        since += _DEAL_TURNS
        before = out[0] - out[1] if len(plays) == 2 else 0
        for c in range(len(plays)):
            v = plays[c]
            for p in range(n):
                hands[p][:] = base[p]
            hands[me][v] -= 1
            sizes[:] = sizes0
            sizes[me] -= 1
            emptied = me
            if sizes[me]:
                quit[:] = quit0
                ended = _play_out(hands, sizes, pool, dealt, v, quit, nxt, me, i & 1)
                emptied = (ended & 7) - 1
                steps = ended >> 3
                used += steps
                since += steps
            out[c] += _outcome(view, hands, emptied, may_end, scores)
        if len(plays) == 2:
            d = out[0] - out[1] - before
            diff += d
            diff2 += d * d
        if since >= SLICE:
            since = 0
            yield None


def clear(s, q, k):
    """Whether k paired deals whose differences sum to s (their squares to q) tell the two
    cards apart: the mean difference beyond 2 standard errors, in integers."""
    return s * s * (k - 1) > _CLEAR_Z2 * (k * q - s * s)


def compare(view, plays, k):
    """The sums of _compare (a list, one per card of `plays`), all at once."""
    totals = [0] * len(plays)
    for _ in _compare(view, plays, k, totals):
        pass
    return totals


def think(view, actions, rng):
    """Generator: expert's decision, yielding None after each slice of play-outs (the game
    screen resumes it, later in the frame or on the next), then the action. Plays when it
    can (of two cards that fit, the one the play-outs prefer); otherwise draws or quits by
    the shifted estimate, mixed with expert1's play-outs within SAMPLE_MARGIN points of
    even. Deterministic; sees only its view (C14)."""
    plays = []
    for a in actions:
        if a[0] == cards.PLAY:
            plays.append(a[1])
    if len(plays) == 1:
        yield (cards.PLAY, plays[0])
        return
    if len(plays) == 2:
        totals = [0, 0]
        yield from _compare(view, plays, PLAYOUTS, totals)
        yield (cards.PLAY, plays[1] if totals[1] > totals[0] else plays[0])
        return
    if actions[0][0] != cards.DRAW:
        yield (cards.QUIT,)
        return
    if cards.hand_points(view.hand, view.rules) > ALWAYS_DRAW_POINTS:
        yield actions[0]
        return
    est, n_unseen = draw_estimate(view)
    scale = 1000 * n_unseen
    est += endgame_shift(view) * scale
    if est > SAMPLE_MARGIN * scale or est < -SAMPLE_MARGIN * scale:
        yield (cards.QUIT,) if est > 0 else actions[0]
        return
    summed = [0]
    yield from sample_steps(view, EXPERT_SAMPLES, summed, SampleShuffler(_seed(view)))
    yield actions[0] if est * EXPERT_SAMPLES + summed[0] * scale < 0 else (cards.QUIT,)


def choose(view, actions, rng):
    """think()'s decision, all at once."""
    return decided(think(view, actions, rng))


def endgame_shift(view):
    """Points added to the cost of drawing near the game's end: a leader plays safe, a
    player behind takes the risk."""
    rules = view.rules
    if rules.rounds > 0 or max(view.scores) < rules.target - _ENDGAME_WITHIN:
        return 0
    me = view.seat
    low = 999
    for p in range(view.n):
        if p != me and view.scores[p] < low:
            low = view.scores[p]
    if view.scores[me] < low:
        return _ENDGAME_SHIFT
    if view.scores[me] > low:
        return -_ENDGAME_SHIFT
    return 0
