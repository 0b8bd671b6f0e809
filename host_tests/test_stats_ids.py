"""Statistics keyed by game id (format 2 of the "stats" record): each game's section under
its id and length; the statistics of the firmware before (format 1: a section per game by
position) load with every figure kept and are written in format 2 at the next save; each
game id, S_IFDIR and R_QUIT_RACE said once; the saved games listed in game-id order.

host_tests/fixtures/store_v1/data/stats.a and stats.b were written by the firmware before
this format (see host_tests/test_seats.py), expect.json holds what it read from them."""

import json
import os
import re

import pytest

from lama import games, records, statistics
from lama.errors import CodecError

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "fixtures", "store_v1")
FIRMWARE = os.path.join(os.path.dirname(HERE), "firmware")


def expect():
    with open(os.path.join(FIXTURES, "expect.json")) as f:
        return json.load(f)


def figures(st):
    """Every figure of a Stats, as expect.json holds them."""
    out = {"last_game": st.last_game, "dropped": st.dropped, "games": []}
    for gid in records.GAMES:
        gs = st.game(gid)
        out["games"].append({
            "id": gid, "games": gs.games, "rounds": gs.rounds, "emptied": gs.emptied,
            "players": [[p.name, p.games, p.wins60, p.best, p.total, p.emptied]
                        for p in gs.players],
            "high": [list(h) for h in gs.high]})
    return out


def payload(name):
    from hal import store

    with open(os.path.join(FIXTURES, "data", name), "rb") as f:
        data = f.read()
    seq, body = store.unframe(data, data[3], data[4], 2000)
    return data[4], body


def test_the_statistics_of_the_firmware_before_load_with_every_figure_kept():
    version, body = payload("stats.b")  # the newer copy
    assert version == 1
    st = statistics.decode_stats(body, 1)
    assert figures(st) == expect()["stats"]
    assert st.game(games.GAME_DICE).games == 3 and st.game(games.GAME_CARDS).games == 3
    # written again in today's format, read back the same
    again = statistics.decode_stats(statistics.encode_stats(st))
    assert figures(again) == expect()["stats"]


def test_the_format_names_each_game_by_its_id():
    st = statistics.decode_stats(payload("stats.b")[1], 1)
    data = bytes(statistics.encode_stats(st))
    assert data[2] == len(games.IDS)
    at = 3
    for gid in games.IDS:
        assert data[at] == gid
        size = (data[at + 1] << 8) | data[at + 2]
        at += 3 + size
    assert at == len(data)


def _sections(data):
    """[(id, section bytes)] of format-2 statistics bytes."""
    out = []
    at = 3
    for _ in range(data[2]):
        size = (data[at + 1] << 8) | data[at + 2]
        out.append((data[at], data[at + 3: at + 3 + size]))
        at += 3 + size
    return out


def _join(last, sections):
    b = bytearray([last >> 8, last & 255, len(sections)])
    for gid, body in sections:
        b += bytes([gid, len(body) >> 8, len(body) & 255]) + body
    return bytes(b)


def test_a_game_not_known_here_or_twice_is_left_out_and_counted_the_others_kept():
    st = statistics.decode_stats(payload("stats.b")[1], 1)
    data = bytes(statistics.encode_stats(st))
    parts = _sections(data)
    # the cards first, then a third game's, then the dice twice
    odd = _join(st.last_game, [parts[1], (9, b"\x01\x02\x03"), parts[0], parts[0]])
    back = statistics.decode_stats(odd)
    assert back.dropped == 2
    want = expect()["stats"]
    got = figures(back)
    assert got["games"] == want["games"] and got["last_game"] == want["last_game"]


@pytest.mark.parametrize("cut", ["short section", "long section", "truncated", "trailing"])
def test_a_section_whose_length_is_off_is_refused(cut):
    st = statistics.decode_stats(payload("stats.b")[1], 1)
    data = bytes(statistics.encode_stats(st))
    parts = _sections(data)
    if cut == "short section":
        bad = _join(st.last_game, [(parts[0][0], parts[0][1][:-1]), parts[1]])
    elif cut == "long section":
        bad = _join(st.last_game, [(parts[0][0], parts[0][1] + b"\0"), parts[1]])
    elif cut == "truncated":
        bad = data[:-4]
    else:
        bad = data + b"\0"
    with pytest.raises(CodecError):
        statistics.decode_stats(bad)


def test_the_bound_counts_the_games_not_two_of_them():
    assert records.STATS_MAX == 3 + len(games.GAMES) * (3 + records.GAME_STATS_MAX)
    st = records.Stats()
    for gid in games.IDS:
        for i in range(records.MAX_NAMES):
            statistics.record_result(st, gid, [("N%07d" % i, None), ("M%07d" % i, None)],
                                     [1, 2], 3, [1, 0], i + 1)
    assert all(len(st.game(g).high) == records.HIGH_SCORES for g in games.IDS)
    assert len(statistics.encode_stats(st)) <= records.STATS_MAX


STORE = """
import json, os
from emu import ramflash
dev = ramflash.RamFlash(48)
ramflash.mkfs(dev)
ramflash.mount(dev, "/f")
os.mkdir("/f/data")
for n in ("stats.a", "stats.b"):
    with open(%r + "/" + n, "rb") as f:
        data = f.read()
    with open("/f/data/" + n, "wb") as f:
        f.write(data)
from lama import statistics
from ui.model.saves import Saves
def figures(st):
    out = {"last_game": st.last_game, "dropped": st.dropped, "games": []}
    for gid in (1, 2):
        gs = st.game(gid)
        out["games"].append({"id": gid, "games": gs.games, "rounds": gs.rounds,
            "emptied": gs.emptied,
            "players": [[p.name, p.games, p.wins60, p.best, p.total, p.emptied] for p in gs.players],
            "high": [list(h) for h in gs.high]})
    return out
def version():
    newest = None
    for n in ("stats.a", "stats.b"):
        with open("/f/data/" + n, "rb") as f:
            d = f.read()
        seq = (d[5] << 8) | d[6]
        if newest is None or ((seq - newest[0]) & 0xFFFF) < 0x8000:
            newest = (seq, d[4])
    return newest[1]
out = {}
s = Saves("/f/data")
out["loaded"] = figures(s.load_stats())
out["messages"] = s.waiting()
out["files"] = sorted(os.listdir("/f/data"))
statistics.record_result(s.load_stats(), 2, [("ZED", None), ("BOT", "hard")], [3, 50], 4,
                         [1, 0], 7)
out["saved"] = s.save_stats()
out["version"] = version()
back = Saves("/f/data")
out["back"] = figures(back.load_stats())
out["back messages"] = back.waiting()
print(json.dumps(out))
"""


def test_saves_read_the_older_statistics_and_write_them_in_todays_format(micropython):
    out = micropython.run_json(STORE % os.path.join(FIXTURES, "data"))
    want = expect()["stats"]
    assert out["loaded"] == want
    assert out["messages"] == [] and out["files"] == ["stats.a", "stats.b"]
    assert out["saved"] and out["version"] == records.STATS_VERSION == 2
    back = out["back"]
    assert back["last_game"] == 7 and out["back messages"] == []
    assert back["games"][0] == want["games"][0]  # the dice untouched
    cards, old = back["games"][1], want["games"][1]
    assert cards["games"] == old["games"] + 1 and cards["rounds"] == old["rounds"] + 4
    # the game just counted goes first, in seat order (the name table is most recently seen
    # first, lama/statistics.py); every older record follows, its figures and order kept
    assert cards["players"][:2] == [["ZED", 1, 60, 3, 3, 1], ["BOT", 1, 0, 50, 50, 0]]
    assert cards["players"][2:] == old["players"]
    assert cards["high"] == [[3, "ZED", 2]] + old["high"]


def _definitions(pattern):
    rx = re.compile(pattern, re.M)
    found = []
    for d, _, names in os.walk(FIRMWARE):
        for n in names:
            if n.endswith(".py"):
                with open(os.path.join(d, n)) as f:
                    for _ in rx.finditer(f.read()):
                        found.append(os.path.relpath(os.path.join(d, n), FIRMWARE))
    return found


def test_each_game_id_s_ifdir_and_r_quit_race_are_said_once():
    assert _definitions(r"^\s*_?S_IFDIR\s*=") == ["stat_modes.py"]
    assert _definitions(r"^\s*R_QUIT_RACE\s*=") == ["ui/games/odds.py"]
    assert sorted(_definitions(r"^\s*GAME(_DICE|_CARDS)?\s*=\s*\d")) == ["lama/score.py"] * 2
    from lama import cards, dice

    assert dice.GAME == games.GAME_DICE and cards.GAME == games.GAME_CARDS
