"""The moves in words of the game in progress, saved beside it (a record of its own,
"log_dice", "log_cards"): after "Continue game?" the moves before the save are on the
table again (issue 50). Written with the game after each action, under its game number
and round: read back only for that game (ui/model/saved_log_read.py, at "Continue game?":
not in RAM while a game is played), it is left on flash when the game ends (no flash
written at the game's end, nor worn) and written over by the next."""

from lama import games
from micropython import const

LOG_VERSION = const(2)  # 1: without the game number (read as no game's)
# a round's last lines that fit: older ones are left out. The record's file (the store's
# 13 bytes of frame around it) stays within 512 bytes, littlefs's inline size on the Pico
# (its 4 KB blocks / 8): kept in the folder's own log, with no block of its own to erase
# at each save (at 1 KB, a sector was erased every other save: issue 47's device table)
LOG_MAX = const(499)
KIND = const(3)  # (ui.model.saves.KIND_GAME: a message about it is the saved game's)


def record_name(game):
    """The store record of game kind `game`'s moves, e.g. "log_dice"."""
    g = games.get(game)
    return "log_" + (g.key if g is not None else str(game))


def encode(number, round_no, msg, log):
    """The record's bytes: the game's number, the round, the last-move line, then the log's
    lines (a MoveLog: its sizes and UTF-8 text), the oldest left out until it fits LOG_MAX."""
    line = msg.encode()[:200]
    sizes = log.sizes
    text = log.text
    first = 0
    at = 0
    while 5 + len(line) + len(sizes) - first + len(text) - at > LOG_MAX:
        at += sizes[first]
        first += 1
    return (bytes((number >> 8 & 0xFF, number & 0xFF, round_no & 0xFF, len(line))) + line
            + bytes((len(sizes) - first,)) + bytes(sizes[first:]) + bytes(text[at:]))


def number_of(saves, game):
    """The number of the saved game of kind `game` (Saves.game_number), 0 when it has none
    (yet), or it cannot be read now: a log under 0 is never read back."""
    n = saves.game_number(game)
    return n if type(n) is int else 0


def save_of(screen):
    """Save the moves of a game screen's game (ui.games.base.GameScreen): not once it is
    over (its save is gone), nor without a store on flash."""
    ses = screen.session
    if getattr(ses.store, "store", None) is None or ses.state.phase == ses.mod.GAME_OVER:
        return
    if ses.save_error:  # the game could not be saved (a full flash): its room comes first
        clear(ses.store, ses.game.info.id)
        return
    save(ses.store, ses.game.info.id, ses.state.round_no, screen.msg, screen.log)


def save(saves, game, round_no, msg, log):
    """Save the moves of the game of kind `game` (saves: a ui.model.saves.Saves), under its
    saved game's number; a failure is not said (the game itself is saved, and says so
    when it is not)."""
    try:
        data = encode(number_of(saves, game), round_no, msg, log)
        saves.store.save(record_name(game), KIND, LOG_VERSION, data, LOG_MAX)
    except (MemoryError, ValueError):
        pass


def clear(saves, game):
    saves.store.clear(record_name(game), KIND, LOG_VERSION, LOG_MAX)
