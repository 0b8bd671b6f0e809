"""The last table set up for each game (a record of its own, "table_dice", "table_cards"):
how many seats, each seat's kind (a person or a level) and the name typed in, who
starts. The new-game setup offers it first (issue 50: it offered three default seats again
after a game of six, renamed players' names gone)."""

from lama import games
from lama.score import MAX_PLAYERS, MIN_PLAYERS, NAME_LENGTH
from micropython import const

_VERSION = const(1)
_MAX = 2 + MAX_PLAYERS * (2 + NAME_LENGTH)
_KIND = const(1)  # (as the settings: a message about it would be theirs; none is said)


def record_name(game):
    g = games.get(game)
    return "table_" + (g.key if g is not None else str(game))


def encode(n, first, kinds, custom, choices):
    """The record's bytes: n, first, then each seat's kind (its index in `choices`) and the
    name typed in (empty: the default)."""
    out = bytearray((n, first))
    for i in range(MAX_PLAYERS):
        k = choices.index(kinds[i]) if kinds[i] in choices else 0
        name = (custom[i] or "").encode()[:NAME_LENGTH]
        out.append(k)
        out.append(len(name))
        out += name
    return bytes(out)


def decode(payload):
    """(n, first, [kind index], [name or None]) (ValueError when damaged)."""
    n, first = payload[0], payload[1]
    if not MIN_PLAYERS <= n <= MAX_PLAYERS or not 0 <= first < n:
        raise ValueError("table")
    at = 2
    kinds = []
    names = []
    for _ in range(MAX_PLAYERS):
        kinds.append(payload[at])
        k = payload[at + 1]
        if k > NAME_LENGTH:
            raise ValueError("name")
        names.append(str(payload[at + 2 : at + 2 + k], "utf-8") or None)
        at += 2 + k
    if at != len(payload):
        raise ValueError("table length")
    return (n, first, kinds, names)


def _store(app):
    saves = getattr(app, "game_store", None)
    return getattr(saves, "store", None)


def save(app, game, n, first, kinds, custom, choices):
    """Keep the table a game starts with (nothing is said when it cannot be)."""
    keep = keeper(app, game, n, first, kinds, custom, choices)
    if keep is not None:
        keep()


def keeper(app, game, n, first, kinds, custom, choices, was=None):
    """A function that keeps the table a game starts with (nothing is said when it cannot
    be), for the caller to call when a flash write does not hold up the screen; None when
    there is nothing to keep: no store, or the table is `was` (load's, remembered)."""
    store = _store(app)
    if store is None:
        return None
    payload = encode(n, first, kinds, custom, choices)
    if was is not None and decode(payload) == was:
        return None  # (unchanged: no flash written, nor worn)

    def keep():
        try:
            store.save(record_name(game), _KIND, _VERSION, payload, _MAX)
        except (MemoryError, ValueError):
            pass

    return keep


def load(app, game):
    """The last table of `game` (as decode gives it), or None."""
    store = _store(app)
    if store is None:
        return None
    value, _outcome = store.load(record_name(game), _KIND, _VERSION, _MAX, decode)
    return value
