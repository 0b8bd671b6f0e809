"""A console's state from what the host sent it (pure): `rebuild(mod, fields)` the state
of link.view.state_fields' list (another seat's hand: its size, `filler`), which the game
screens draw as they draw a state today, and `carry_clues` what a card table saw, kept
from move to move; the host never loads this module."""

from lama.score import Rules

from micropython import const

HEAD = const(10)  # the head's numbers: game id, seats, target, rounds, komarami, round, first,
# turn, phase, ender (link.view.public_fields: bytes, or a list when one is over 255)
_FIELDS = const(7)  # the head, scores, quit, reason, points, returned, the seat's own part
_OWN = const(17)  # a card seat's own part: seat, pile, top, hand (7), discards (7), + sizes (n)


def filler(size):
    """The stand-in hand of `size` cards a console holds for another seat: no card known."""
    h = bytearray(7)
    h[0] = size
    return h


def _counts(b):
    if not isinstance(b, bytes) or len(b) != 7:
        raise ValueError("a 7-count")
    return bytearray(b)


def own_hand(f):
    """(seat, hand counts) a card game's view carries (link.view.own_fields), else None:
    what a console may hold of the hands (the link audits read it)."""
    g = f[-1] if isinstance(f, list) and f else None
    if isinstance(g, bytes) and len(g) >= _OWN:
        return g[0], g[3:10]
    return None


def rebuild(mod, f):
    """The state of engine module `mod` a console plays on, from state_fields' list;
    ValueError (or another exception) for a list that is not one."""
    if len(f) != _FIELDS or len(f[0]) != HEAD or f[0][0] != mod.GAME:
        raise ValueError("not this game's state")
    h = f[0]
    n = h[1]
    if not 2 <= n <= 6:
        raise ValueError("2 to 6 seats")
    cls = mod.CardsState if hasattr(mod, "CardsState") else mod.DiceState
    st = cls(n, Rules(h[2], h[3], bool(h[4])))
    st.scores = list(f[1])
    st.round_no, st.first, st.turn, st.phase, st.ender = h[5], h[6], h[7], h[8], h[9]
    st.quit = bytearray(f[2])
    st.reason = f[3]
    st.points, st.returned = list(f[4]), list(f[5])
    g = f[6]
    if hasattr(st, "hands"):
        if not isinstance(g, bytes) or len(g) != _OWN + n:
            raise ValueError("not a seat's view")
        seat, sizes = g[0], g[10:10 + n]
        hand = bytearray(g[3:10])
        st.hands = [hand if i == seat else filler(sizes[i]) for i in range(n)]
        st.pile = bytearray(g[1])
        st.discard = bytearray(g[10 + n:])
        st.top = g[2]
    else:
        st.rows = [_counts(r) for r in g[0]]
        st.llama_row, st.discarded = _counts(g[1]), _counts(g[2])
        st.dice = bytearray(g[3])
    if len(st.scores) != n or len(st.quit) != n or len(st.points) != n:
        raise ValueError("seats and fields disagree")
    return st


def carry_clues(before, after, events):
    """A card game's state `after`, rebuilt from a view (which carries no clues), gets the
    clues of `before` moved on by the `events` between the two as lama.cards.apply moves
    them (C14: what the table saw is public; the host sends the moves, not the record): a
    console's hint reads the table as the host's expert does. A new round's state, the
    clues of a new round."""
    from lama import card_clues  # (with the card engine: a card game's console has it)

    clues = bytearray(before.clues)
    n = after.n
    if after.round_no != before.round_no:
        card_clues.new_round(clues, n)
    else:
        top = before.top
        sizes = [sum(h) for h in before.hands]
        for ev in events:
            k = ev[0]
            if k == "play":
                p, v = ev[1], ev[2]
                card_clues.on_play(clues, n, p, v, sizes[p])
                sizes[p] -= 1
                top = v
            elif k == "draw" or k == "quit":
                card_clues.on_stop(clues, n, ev[1], top, k == "draw")
    after.clues = clues
