"""A console's state from what the host sent it (pure): `rebuild(mod, fields)` the state
of link.view.state_fields' list (another seat's hand: its size, `filler`), which the game
screens draw as they draw a state today; the host never loads this module."""

from lama.score import Rules

from micropython import const

_COMMON = const(14)  # the fields every game's state has (the first in link.view's list)


def filler(size):
    """The stand-in hand of `size` cards a console holds for another seat: no card known."""
    h = bytearray(7)
    h[0] = size
    return h


def _counts(b):
    if not isinstance(b, bytes) or len(b) != 7:
        raise ValueError("a 7-count")
    return bytearray(b)


def rebuild(mod, f):
    """The state of engine module `mod` a console plays on, from state_fields' list;
    ValueError (or another exception) for a list that is not one."""
    if len(f) != _COMMON + 1 or f[0] != mod.GAME:
        raise ValueError("not this game's state")
    n = f[1]
    if not 2 <= n <= 6:
        raise ValueError("2 to 6 seats")
    cls = mod.CardsState if hasattr(mod, "CardsState") else mod.DiceState
    st = cls(n, Rules(f[2], f[3], bool(f[4])))
    st.scores = list(f[5])
    st.round_no, st.first, st.turn, st.phase = f[6], f[7], f[8], f[9]
    st.quit = bytearray(f[10])
    st.ender, st.reason = f[11], f[12]
    st.points, st.returned = list(f[13][0]), list(f[13][1])
    g = f[14]
    if hasattr(st, "hands"):
        seat, hand, sizes = g[0], _counts(g[1]), g[2]
        st.hands = [hand if i == seat else filler(sizes[i]) for i in range(n)]
        st.pile = bytearray(g[3])
        st.discard = _counts(g[4])
        st.top = g[5]
    else:
        st.rows = [_counts(r) for r in g[0]]
        st.llama_row, st.discarded = _counts(g[1]), _counts(g[2])
        st.dice = bytearray(g[3])
    if len(st.scores) != n or len(st.quit) != n or len(st.points) != n:
        raise ValueError("seats and fields disagree")
    return st
