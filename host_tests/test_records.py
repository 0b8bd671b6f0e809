"""lama/records.py: statistics, shared wins, high scores, the game in progress, strict codecs."""

import pytest

from lama import codec, codec_read, dice, records, seats, statistics
from lama.errors import CodecError
from lama.rng import SeededRng

SEATS3 = [("ANA", None), ("BOB", "cautious"), ("CY", None)]


def test_S5_a_tied_win_is_shared_exactly_in_sixtieths():
    st = records.Stats()
    for k in range(2, 7):
        seats = [("P%d" % i, None) for i in range(k)]
        statistics.record_result(st, 1, seats, [9] * k, 3, [0] * k, k)
    gs = st.game(1)
    # P0 and P1 were in all five games: 1/2 + 1/3 + 1/4 + 1/5 + 1/6 of a win
    assert gs.player("P0").wins60 == 30 + 20 + 15 + 12 + 10
    assert gs.player("P5").wins60 == 10
    assert gs.games == 5 and gs.rounds == 15


def test_best_average_and_rounds_emptied_per_player():
    st = records.Stats()
    statistics.record_result(st, 2, SEATS3, [12, 44, 30], 6, [2, 0, 1], 1)
    statistics.record_result(st, 2, SEATS3, [41, 9, 25], 7, [0, 3, 1], 2)
    ana = st.game(2).player("ANA")
    assert (ana.games, ana.wins60, ana.best, ana.total, ana.emptied) == (2, 60, 12, 53, 2)
    assert ana.average10() == 265
    assert st.game(2).emptied == 7
    assert st.game(1).games == 0  # the other game is untouched
    assert st.last_game == 2


def test_high_scores_keep_the_ten_lowest_of_people_in_the_order_set():
    st = records.Stats()
    places = []
    for i, pts in enumerate([20, 15, 20, 30, 15, 5, 40, 25, 22, 21, 23, 50, 1]):
        places.append(statistics.record_result(st, 1, [("N%02d" % i, None), ("BOT", "random")],
                                            [pts, 60], 3, [0, 0], i + 1))
    statistics.record_result(st, 1, [("ROB", "expert"), ("ME", None)], [2, 60], 3, [0, 0], 99)
    high = st.game(1).high
    assert len(high) == 10
    assert [h[0] for h in high] == [1, 5, 15, 15, 20, 20, 21, 22, 23, 25]
    # equal scores: the one set first stays above
    assert [h[1] for h in high][2:6] == ["N01", "N04", "N00", "N02"]
    assert all(h[2] == 2 for h in high)
    assert places[0] == [0] and places[11] == []  # 50 did not make the table
    assert "ROB" not in [h[1] for h in high]  # computer players are not in the table


def full_table(games_each=2):
    """Stats whose LAMA Dice table holds MAX_NAMES names, each in `games_each` two-player
    games: T23 the most recently seen, T00 the least."""
    st = records.Stats()
    no = 0
    for _ in range(games_each):
        for i in range(0, records.MAX_NAMES, 2):
            no += 1
            statistics.record_result(st, 1, [("T%02d" % i, None), ("T%02d" % (i + 1), None)],
                                     [3, 9], 2, [0, 0], no)
    assert [p.name for p in st.game(1).players] == [
        "T%02d" % (i ^ 1) for i in range(records.MAX_NAMES - 1, -1, -1)]
    return st


def test_a_full_table_keeps_every_player_of_the_game_just_counted():
    """24 names of 2 games each, then a game of six new people: all six are kept with their
    game and the winner's win (the last seat's record alone was kept before)."""
    st = full_table()
    before = [p.name for p in st.game(1).players]
    new = [("NEW%d" % i, None) for i in range(6)]
    statistics.record_result(st, 1, new, [5, 20, 30, 40, 41, 45], 3, [1, 0, 0, 0, 0, 0], 99)
    gs = st.game(1)
    assert len(gs.players) == records.MAX_NAMES
    for i in range(6):
        p = gs.player("NEW%d" % i)
        assert p is not None and p.games == 1
    winner = gs.player("NEW0")
    assert (winner.wins60, winner.best, winner.emptied) == (60, 5, 1)
    # first, in seat order; the six least recently seen names of other games made the room
    assert [p.name for p in gs.players] == ["NEW%d" % i for i in range(6)] + before[:18]
    # kept through the bytes: the order (most recently seen first) is the record's
    again = statistics.decode_stats(statistics.encode_stats(st))
    assert [p.name for p in again.game(1).players] == [p.name for p in gs.players]


def test_a_new_name_beyond_the_limit_replaces_the_least_recently_seen_name_of_another_game():
    st = full_table(games_each=3)
    # T00 plays again: now among the most recently seen; T01 is the least recently seen
    statistics.record_result(st, 1, [("T00", None), ("T05", None)], [1, 2], 1, [0, 0], 50)
    statistics.record_result(st, 1, [("LATE", None), ("T02", None), ("T03", None)],
                             [1, 2, 3], 1, [0, 0, 0], 51)
    names = [p.name for p in st.game(1).players]
    assert len(names) == records.MAX_NAMES
    assert "LATE" in names and "T00" in names and "T01" not in names
    assert names[:5] == ["LATE", "T02", "T03", "T00", "T05"]
    assert st.game(1).player("T02").games == 4 and st.game(1).player("LATE").games == 1
    # a game of known names only drops nobody
    statistics.record_result(st, 1, [("T04", None), ("T06", None)], [1, 2], 1, [0, 0], 52)
    assert sorted(p.name for p in st.game(1).players) == sorted(names)


def test_a_full_table_of_the_other_game_is_not_touched():
    st = full_table()
    before = [p.name for p in st.game(1).players]
    statistics.record_result(st, 2, [("NEW%d" % i, None) for i in range(6)], [5] * 6, 3, [0] * 6, 99)
    assert len(st.game(2).players) == 6
    assert [p.name for p in st.game(1).players] == before


def test_counters_saturate_instead_of_overflowing():
    st = records.Stats()
    statistics.record_result(st, 1, SEATS3, [5, 9, 7], 2, [0, 0, 0], 1)
    p = st.game(1).player("ANA")
    p.games = records.U16
    p.wins60 = records.U16 * records.WIN_UNIT
    p.total = records.U24 - 1
    st.game(1).games = records.U24
    st.game(1).rounds = records.U24
    statistics.record_result(st, 1, SEATS3, [5, 9, 7], 2, [0, 0, 0], 2)
    assert p.games == records.U16 and p.total == records.U24
    assert p.wins60 == records.U16 * records.WIN_UNIT
    assert st.game(1).games == records.U24
    data = statistics.encode_stats(st)
    assert statistics.encode_stats(statistics.decode_stats(data)) == data


def sample_stats():
    st = records.Stats()
    statistics.record_result(st, 1, SEATS3, [12, 44, 30], 6, [2, 0, 1], 1)
    statistics.record_result(st, 2, SEATS3, [41, 9, 9], 7, [0, 3, 1], 2)
    return st


def test_stats_round_trip_and_fit_the_bound():
    data = statistics.encode_stats(sample_stats())
    assert statistics.encode_stats(statistics.decode_stats(data)) == data
    st = records.Stats()
    for g in records.GAMES:
        for i in range(records.MAX_NAMES + 5):
            seats = [("LONGNAM%d" % (i % 10), None), ("X%07d" % i, "expert")]
            statistics.record_result(st, g, seats, [1, 2], 1, [1, 1], i)
    assert len(statistics.encode_stats(st)) <= records.STATS_MAX


def _kept(st):
    """What a Stats holds, entry by entry, to compare two of them."""
    out = [st.last_game]
    for gs in st.games:
        out.append((gs.games, gs.rounds, gs.emptied, list(gs.high)))
        out.extend((p.name, p.games, p.wins60, p.best, p.total, p.emptied) for p in gs.players)
    return out


def _without(name, game):
    def f(st):
        st.game(game).players = [p for p in st.game(game).players if p.name != name]

    return f


@pytest.mark.parametrize(
    "change, expect",
    [
        (lambda st: setattr(st.game(1).players[0], "wins60", 61 * st.game(1).players[0].games),
         _without("ANA", 1)),
        (lambda st: setattr(st.game(1).players[1], "name", st.game(1).players[0].name),
         _without("BOB", 1)),
        (lambda st: setattr(st.game(1).players[0], "best", st.game(1).players[0].total + 1),
         _without("ANA", 1)),
        (lambda st: st.game(1).high.append((0, "AAA", 2)), lambda st: None),  # out of order
        (lambda st: setattr(st.game(1).players[0], "name", "A\x01B"), _without("ANA", 1)),
        (lambda st: setattr(st.game(1), "rounds", 0),  # totals: cut to agree
         lambda st: setattr(st.game(1), "rounds", st.game(1).games)),
        (lambda st: setattr(st.game(2).players[0], "games", 9), _without("ANA", 2)),
    ],
)
def test_stats_entry_that_could_not_have_been_written_is_left_out_alone(change, expect):
    st = sample_stats()
    change(st)
    got = statistics.decode_stats(statistics.encode_stats(st))
    assert got.dropped == 1
    good = sample_stats()
    assert statistics.decode_stats(statistics.encode_stats(good)).dropped == 0
    expect(good)  # the damaged entry, and nothing else, is gone
    assert _kept(got) == _kept(good)


def test_two_seats_with_one_name_count_one_game_each_and_load_again():
    st = records.Stats()
    seats = [("AB", None), ("AB", None), ("AB", "expert")]
    statistics.record_result(st, 1, seats, [3, 20, 30], 4, [1, 0, 0], 1)
    gs = st.game(1)
    assert [p.name for p in gs.players] == ["AB", "AB2", "AB3"]
    assert all(p.games == 1 for p in gs.players)
    back = statistics.decode_stats(statistics.encode_stats(st))
    assert back.dropped == 0 and _kept(back) == _kept(st)


def test_unique_names_suffix_repeats_within_the_width():
    assert records.unique_names(["P1", "P1", "BOB", "BOB", "BOB"], 3) == [
        "P1", "P12", "BOB", "BO2", "BO3"]
    assert records.unique_names(["A", "B"]) == ["A", "B"]
    assert records.unique_names(["X"] * 6, 3) == ["X", "X2", "X3", "X4", "X5", "X6"]


def test_stats_bytes_are_refused_when_cut_or_padded():
    data = statistics.encode_stats(sample_stats())
    for n in range(len(data)):
        with pytest.raises(CodecError):
            statistics.decode_stats(data[:n])
    with pytest.raises(CodecError):
        statistics.decode_stats(data + b"\0")


def game_after(k, seed=3):
    rng = SeededRng(seed)
    state = dice.new_game(3, None, 0, rng)
    for _ in range(k):
        dice.apply(state, dice.legal_actions(state)[0], rng)
    return state, rng


def test_progress_round_trip_with_seats_bots_and_generator_states():
    state, rng = game_after(10)
    assert state.round_no >= 1
    prog = records.Progress(codec.encode(state), SEATS3, 77, bytearray([1, 0, 1]), 0,
                            [rng.state, 12345])
    data = records.encode_progress(prog)
    back, st2 = codec_read.decode_progress(data)
    assert (back.game_no, back.seats, bytes(back.emptied), back.rng_states) == (
        77, [seats.of(s) for s in SEATS3], b"\1\0\1", [rng.state, 12345])
    assert codec.encode(st2) == codec.encode(state)
    assert len(data) <= records.PROGRESS_MAX


@pytest.mark.parametrize(
    "seats",
    [
        [("ANA", None), ("BOB", None)],  # two seats, three players in the state
        [("", None), ("B", None), ("C", None)],
        [("ANA", 3), ("B", None), ("C", None)],
        [("NAMETOOLONG", None), ("B", None), ("C", None)],
    ],
)
def test_progress_with_bad_seats_is_refused(seats):
    state, _ = game_after(4)
    prog = records.Progress(codec.encode(state), seats)
    with pytest.raises(CodecError):
        codec_read.decode_progress(records.encode_progress(prog))


def test_tally_counts_each_emptied_round_once():
    class S:
        phase = 3
        round_no = 1
        reason = "empty"
        ender = 2

    prog = records.Progress(b"", SEATS3)
    records.tally(prog, S)
    records.tally(prog, S)  # the same round saved twice
    S.round_no = 2
    S.reason = "bust"
    records.tally(prog, S)
    S.round_no = 3
    S.phase = 0  # in play: nothing to count
    records.tally(prog, S)
    assert bytes(prog.emptied) == b"\0\0\1" and prog.counted == 2


def test_records_are_identical_under_micropython(micropython):
    """The same results give the same bytes on both interpreters."""
    code = """
from lama import records, statistics
seats = [("ANA", None), ("BOB", "cautious"), ("CY", None)]
st = records.Stats()
for i in range(40):
    pts = [(i * 7) % 45, (i * 11) % 45, (i * 13) % 45]
    statistics.record_result(st, 1 + i % 2, seats[: 2 + i % 2], pts[: 2 + i % 2], 3 + i % 5,
                          [i % 3, 0, 1][: 2 + i % 2], i + 1)
print(statistics.encode_stats(st).hex())
"""
    ns = {}
    import contextlib
    import io

    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(code, ns)
    assert micropython.run(code).stdout.strip() == buf.getvalue().strip()
