"""The moves in words saved beside the game in progress (ui/model/saved_log.py), read back
when it is continued: not kept in RAM while a game is played, which only writes them."""

from ui.model.saved_log import KIND, LOG_MAX, LOG_VERSION, number_of, record_name


def decode(payload):
    """(game number, round, last-move line, [lines]) of a record's bytes (ValueError when
    damaged)."""
    number = payload[0] << 8 | payload[1]
    payload = payload[2:]
    n = payload[1]
    msg = str(payload[2 : 2 + n], "utf-8")
    at = 2 + n
    count = payload[at]
    sizes = payload[at + 1 : at + 1 + count]
    if len(sizes) != count:
        raise ValueError("log sizes")
    at += 1 + count
    lines = []
    for k in sizes:
        lines.append(str(payload[at : at + k], "utf-8"))
        at += k
    if at != len(payload):
        raise ValueError("log length")
    return (number, payload[0], msg, lines)


def _older(version, payload):
    return (0, 0, "", [])  # (version 1, without the number: no game's, never read back)


def load(saves, game, round_no):
    """(last-move line, [lines]) saved for kind `game`'s saved game in round `round_no`,
    or None (none, another game's, another round's)."""
    value, _outcome = saves.store.load(record_name(game), KIND, LOG_VERSION, LOG_MAX, decode,
                                       True, _older)
    number = number_of(saves, game)
    if value is None or not number or value[0] != number or value[1] != round_no & 0xFF:
        return None
    return value[2], value[3]
