"""The move log (ui/games/move_log.py): a round's moves in words in one buffer, the same lines
a list would hold, on CPython and on the MicroPython the device runs."""

from ui.games.move_log import MoveLog

SCRIPT = """
import json
from ui.games.move_log import MoveLog
log = MoveLog(3)
empty = [len(log), bool(log)]
dropped = [log.append(line) for line in ("ANA rolled 2 4 L", "Léa quits", "BOB takes 3", "ZOE discards 5 5")]
out = {"empty": empty, "dropped": dropped, "lines": list(log), "last": log[-1], "first": log[0]}
try:
    log[3]
    out["past_end"] = "no error"
except IndexError:
    out["past_end"] = "IndexError"
log.clear()
out["cleared"] = [len(log), bool(log)]
print(json.dumps(out))
"""


def test_the_log_keeps_the_last_lines_in_order_and_says_when_it_dropped_one(micropython):
    want = {"empty": [0, False], "dropped": [False, False, False, True],
            "lines": ["Léa quits", "BOB takes 3", "ZOE discards 5 5"],
            "last": "ZOE discards 5 5", "first": "Léa quits", "past_end": "IndexError",
            "cleared": [0, False]}
    assert micropython.run_json(SCRIPT) == want
    log = MoveLog(2)
    for line in ("a", "b", "c"):
        log.append(line)
    assert list(log) == ["b", "c"] and log[-2] == "b"


def test_a_long_line_is_cut_at_a_character_not_inside_one():
    log = MoveLog(5)
    log.append("é" * 200)
    assert log[0] == "é" * 80


def test_the_saved_moves_fit_in_littlefs_inline_size_keeping_the_newest():
    """Saved after each action (issue 50), the moves' record stays small enough for the
    Pico's littlefs to keep inline (at most 512 bytes a file, its 4 KB blocks / 8): a file
    larger gets a block of its own, erased at every save, which doubled the flash's wear."""
    from hal.store import HEADER, TRAILER, frame
    from ui.model import saved_log, saved_log_read

    log = MoveLog(40)
    for i in range(40):
        log.append(("%02d " % i) + "é" * 77)  # the longest lines, every one of them
    payload = saved_log.encode(65535, 3, "x" * 200, log)
    assert len(payload) <= saved_log.LOG_MAX
    assert len(frame(3, 1, 1, payload)) <= 512 and HEADER + saved_log.LOG_MAX + TRAILER <= 512
    number, _round, msg, lines = saved_log_read.decode(payload)
    assert number == 65535 and msg == "x" * 200 and lines and lines[-1] == log[-1]


class _Saves:
    """What saved_log asks of ui.model.saves.Saves: its store, its saved game's number."""

    def __init__(self, path, number):
        from hal.store import Store

        self.store = Store(str(path), 1024)
        self.number = number

    def game_number(self, game):
        return self.number


def test_the_saved_moves_are_read_back_for_their_own_game_only(tmp_path):
    """The moves are left on flash when their game ends (no write at its end: the leave
    and the game over had two records to clear, some 100 ms of the Pico's flash before the
    menu): they carry the game's number, and another game, or an unnumbered one, never
    reads them as its own."""
    from ui.model import saved_log, saved_log_read

    log = MoveLog(40)
    log.append("ANA rolled 2 4 L")
    saves = _Saves(tmp_path, 7)
    saved_log.save(saves, 1, 2, "ANA rolled", log)
    assert saved_log_read.load(saves, 1, 2) == ("ANA rolled", ["ANA rolled 2 4 L"])
    assert saved_log_read.load(saves, 1, 3) is None  # another round
    saves.number = 8
    assert saved_log_read.load(saves, 1, 2) is None  # another game, in the same round
    saves.number = None
    assert saved_log_read.load(saves, 1, 2) is None  # no saved game
