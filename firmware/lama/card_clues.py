"""What the table saw of each hand this round (issue 52): the clues of every draw, quit and
play, kept in the state and its views (C14: all public), and a deal of the unseen cards
that agrees with them, for the expert's sampled play-outs (lama.card_expert).

A player who draws or quits on top t held no t and no t+1 then (C4: a player who can play
usually does); the cards drawn since are unknown. Each seat's hand is kept as three
groups: its older cards (known to hold none of the values of mask A), the cards it held at
its last draw or quit that came since (none of mask B), and the cards drawn since (FRESH,
unknown). A play takes its card from the oldest group it may come from; one that can come
from none (a person who drew while able to play: possible, only unusual) marks the seat
LOOSE and forgets its clues: a loose seat's clues weigh in half the sampled deals (the
even ones), anyone else's in all but one in _TRUST_EVERY (weighed, never excluded: a deal
that cannot agree is dealt anyway; deal() decides it from the deal's number).

clues: a bytearray of _FIELDS * n; for seat p, clues[f * n + p] for field f:
  MASK_A, MASK_B  bit v set: no card of value v in that group
  COUNT_B, FRESH  the groups' sizes (the older group: the rest of the hand)
  LAST            the last telling move: 0 none, t + 1 a draw on top t, t + 1 + QUIT_BIT a quit
  FLAGS           LOOSE once a play broke the seat's clues (kept from round to round)
"""

from lama import native as micropython  # @micropython.viper: lama.native
from lama.native import ptr8

from micropython import const

MASK_A = const(0)
MASK_B = const(1)
COUNT_B = const(2)
FRESH = const(3)
LAST = const(4)
FLAGS = const(5)
_FIELDS = const(6)
QUIT_BIT = const(8)
LOOSE = const(1)
_TRUST_EVERY = const(16)  # a trusted seat's clues are set aside in one sampled deal of this many (a power of 2)


def new(n):
    """An empty record for n seats."""
    return bytearray(_FIELDS * n)


def new_round(clues, n):
    """A new deal: every hand unknown again (a seat stays LOOSE)."""
    for i in range(FLAGS * n):
        clues[i] = 0


def _bits(top):
    """The values that fit on `top` (C4), as a mask."""
    return (1 << top) | (1 if top == 6 else 1 << (top + 1))


def on_stop(clues, n, p, top, drew):
    """Seat p drew (`drew`) or quit on `top`: every card it holds fits none of top's values.
    The fresh cards join group B, whose clue they now share; a draw brings one fresh card."""
    m = _bits(top)
    fresh = clues[FRESH * n + p]
    if fresh:
        clues[MASK_B * n + p] = m
        clues[COUNT_B * n + p] += fresh
    else:
        clues[MASK_B * n + p] |= m
    clues[MASK_A * n + p] |= m
    clues[FRESH * n + p] = 1 if drew else 0
    clues[LAST * n + p] = top + 1 if drew else top + 1 + QUIT_BIT


def on_play(clues, n, p, v, size):
    """Seat p played a card of value v, `size` cards held before: from its older cards if
    they may hold one, else from group B, else a fresh card; from none: the seat is LOOSE."""
    bit = 1 << v
    b = clues[COUNT_B * n + p]
    fresh = clues[FRESH * n + p]
    if size > b + fresh and not clues[MASK_A * n + p] & bit:
        return
    if b and not clues[MASK_B * n + p] & bit:
        clues[COUNT_B * n + p] = b - 1
    elif fresh:
        clues[FRESH * n + p] = fresh - 1
    else:
        clues[FLAGS * n + p] |= LOOSE
        for f in range(FLAGS):
            clues[f * n + p] = 0


@micropython.viper
def deal(pool, hands, sizes, clues, me: int, k: int) -> int:
    """Sampled deal number k: one guess at the hidden cards, `pool` (the unseen cards,
    shuffled) dealt in seat order into the other hands of `hands` (bytearrays, refilled to
    the sizes of `sizes`), seat p's groups by its clues when they weigh in deal k (see the
    docstring): each card of a group the next card of the pool that it may hold (moved
    forward), or the next card at all when none is left.
    Returns how many cards that took: the rest of the pool is the draw pile.
    Viper code on MicroPython: the bytearrays read through ptr8, the ints machine words."""
    n = int(len(hands))
    npool = int(len(pool))
    pl = ptr8(pool)
    s = ptr8(sizes)
    c = ptr8(clues)
    loose = 1 - (k & 1)  # 1 when a loose seat's clues weigh in this deal
    kept = 0 if (k & (_TRUST_EVERY - 1)) == _TRUST_EVERY - 1 else 1  # ... anyone else's
    i = 0
    p = 0
    while p < n:
        if p != me:
            h = ptr8(hands[p])
            v = 0
            while v < 7:
                h[v] = 0
                v += 1
            size = s[p]
            left = size
            trust = kept
            if c[FLAGS * n + p] & LOOSE:
                trust = loose
            if trust:
                b = c[COUNT_B * n + p]
                a = size - b - c[FRESH * n + p]
                g = 0
                while g < 2:
                    mask = c[MASK_A * n + p] if g == 0 else c[MASK_B * n + p]
                    cnt = a if g == 0 else b
                    while cnt > 0 and left > 0:
                        j = i
                        while j < npool and (mask >> pl[j]) & 1:
                            j += 1
                        if j >= npool:
                            j = i
                        t = pl[j]
                        pl[j] = pl[i]
                        pl[i] = t
                        h[t] += 1
                        i += 1
                        cnt -= 1
                        left -= 1
                    g += 1
            while left > 0:
                h[pl[i]] += 1
                i += 1
                left -= 1
        p += 1
    return i


def telling(view):
    """The seat whose last draw or quit tells most about the next turns: the first other
    seat after the view's in turn order that has one and is still in, else the first that
    has one; -1 when no seat (LOOSE seats left out) has one."""
    n = view.n
    c = view.clues
    for still in (True, False):
        for d in range(1, n):
            p = (view.seat + d) % n
            if c[LAST * n + p] and not c[FLAGS * n + p] & LOOSE and (not still or not view.quit[p]):
                return p
    return -1
