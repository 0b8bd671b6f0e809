"""The uids of a link game's consoles by their ids, saved beside the host's game (a record
of its own, "ids_dice", "ids_cards"): after the host's restart, "Continue linked game?"
gives each console its id again, and with it its seat, even when the console was switched
off and on too (it asks with no id then: link.bus). Written when a console is first seen
in a seat, rewritten at each linked game's start; a few bytes left when the game ends."""

from lama import games
from micropython import const

IDS_VERSION = const(1)
IDS_MAX = const(96)  # five uids of up to 16 bytes, two bytes each before them
_KIND = const(3)  # (ui.model.saves.KIND_GAME: a message about it is the saved game's)


def record_name(game):
    g = games.get(game)
    return "ids_" + (g.key if g is not None else str(game))


def encode(ids):
    """{console id: uid} as bytes: id, length, uid for each."""
    out = bytearray()
    for cid in sorted(ids):
        uid = bytes(ids[cid])[:16]
        out.append(cid)
        out.append(len(uid))
        out.extend(uid)
    return bytes(out)


def decode(payload):
    """{console id: uid} of a record's bytes (ValueError when damaged)."""
    ids = {}
    at = 0
    while at < len(payload):
        if at + 2 > len(payload):
            raise ValueError("link ids")
        cid = payload[at]
        n = payload[at + 1]
        uid = bytes(payload[at + 2 : at + 2 + n])
        if len(uid) != n or not 1 <= cid <= 5:
            raise ValueError("link ids")
        ids[cid] = uid
        at += 2 + n
    return ids


def save(saves, game, ids):
    """Save {console id: uid} for game kind `game` (saves: a ui.model.saves.Saves, or None:
    nothing is saved); a failure is not said (the consoles then rejoin as strangers)."""
    if getattr(saves, "store", None) is None:
        return
    try:
        saves.store.save(record_name(game), _KIND, IDS_VERSION, encode(ids), IDS_MAX)
    except (MemoryError, ValueError):
        pass


def load(saves, game):
    """{console id: uid} saved for game kind `game` ({} when none)."""
    if getattr(saves, "store", None) is None:
        return {}
    value, _outcome = saves.store.load(record_name(game), _KIND, IDS_VERSION, IDS_MAX, decode)
    return value or {}
