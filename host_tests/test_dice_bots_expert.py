"""The expert LAMA Dice bot (firmware/lama/dice_expert.py), its tables, and the solo bot."""

import contextlib
import io
import os
import random

import support
from solver import gen_dice_tables as gen
from solver import dice_optimum as sd
from arenas.dice_solo import choose_solo
from lama import dice, dice_expert, dice_rank, dice_tables, dice_values
from lama.dice_bots import BOTS
from lama.dice_rank import MAX_CARDS, N_ROWS, rank
from lama.rng import SeededRng
from lama.score import Rules

# Plays seeded games (expert in seat 0 against cautious and random) and prints, for every
# decision of the expert, the action it chose: the same text on both interpreters.
POSITIONS = """
from lama import dice
from lama.dice_bots import BOTS
from lama.rng import SeededRng
from lama.score import Rules
out = []
for g in range(6):
    rng = SeededRng(100 + g)
    names = ["expert", "cautious", "random", "cautious"][: 2 + g % 3]
    st = dice.new_game(len(names), Rules(), g % len(names), rng)
    while st.phase != dice.GAME_OVER:
        if st.phase == dice.ROUND_OVER:
            dice.apply(st, (dice.NEXT,), rng)
            continue
        p = st.turn
        a = BOTS[names[p]](dice.view(st, p), dice.legal_actions(st), rng)
        if p == 0:
            out.append(str(a[0]) + ("" if len(a) < 2 else ":" + str(a[1] if isinstance(a[1], int) else list(a[1]))))
        dice.apply(st, a, rng)
print(" ".join(out))
"""


def test_expert_and_solo_only_choose_legal_actions():
    for name in ("expert", "solo"):
        table = dict(BOTS)
        table["solo"] = choose_solo
        for g in range(8):
            rng = SeededRng(50 + g)
            names = [name, "random", "cautious", name][: 2 + g % 3]
            st = dice.new_game(len(names), Rules(), 0, rng)
            while st.phase != dice.GAME_OVER:
                if st.phase == dice.ROUND_OVER:
                    dice.apply(st, (dice.NEXT,), rng)
                    continue
                p = st.turn
                acts = dice.legal_actions(st)
                a = table[names[p]](dice.view(st, p), acts, rng)
                assert a in acts
                dice.apply(st, a, rng)


def test_expert_decides_from_the_view_only():
    rng = random.Random(5)
    checked = 0
    for g in range(6):
        st = dice.new_game(3, Rules(), 0, SeededRng(900 + g))
        bot_rng = SeededRng(1)
        while st.phase != dice.GAME_OVER:
            if st.phase == dice.ROUND_OVER:
                dice.apply(st, (dice.NEXT,), bot_rng)
                continue
            p = st.turn
            acts = dice.legal_actions(st)
            a = dice_expert.choose(dice.view(st, p), acts, SeededRng(2))
            # hidden information: the set-aside cards, and the generator (future dice)
            saved = bytes(st.set_aside)
            for s in range(7):
                st.set_aside[s] = rng.randrange(4)
            b = dice_expert.choose(dice.view(st, p), acts, SeededRng(rng.randrange(999)))
            st.set_aside[:] = saved
            assert a == b
            checked += 1
            dice.apply(st, a, bot_rng)
    assert checked > 100


BIN = os.path.join(os.path.dirname(dice_values.__file__), "dice_values.bin")
FROM_FILE = "import lama.dice_tables as dt\nassert dt.use_tables(open(%r, 'rb'))\n" % BIN


def test_expert_identical_under_micropython(micropython):
    mp_out = micropython.run(POSITIONS, timeout=120).stdout
    mp_file = micropython.run(FROM_FILE + POSITIONS, timeout=120).stdout
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(POSITIONS, {})
    assert mp_out.strip() == buf.getvalue().strip()
    assert mp_file == mp_out
    assert len(mp_out.split()) > 50


def test_tables_from_the_file_are_the_modules():
    with open(BIN, "rb") as f:
        blob = f.read()
    assert blob[: dice_rank.HEADER_SIZE] == dice_rank.header()
    body = b"".join(getattr(dice_values, n) for n in dice_rank.TABLE_NAMES)
    assert blob[dice_rank.HEADER_SIZE :] == body
    try:
        assert dice_tables.use_tables(io.BytesIO(blob))
        t = dice_tables.tables()
        assert all(t[2][i] == dice_values.MULTI_10[i] for i in range(0, N_ROWS, 97))
        st = dice.new_game(3, Rules(), 0, SeededRng(12))
        a = dice_expert.choose(dice.view(st, 0), dice.legal_actions(st), None)
    finally:
        dice_tables.use_memory_tables()
    assert a == dice_expert.choose(dice.view(st, 0), dice.legal_actions(st), None)


def test_a_bad_table_file_is_refused_and_memory_tables_stay():
    before = dice_tables.tables()
    with open(BIN, "rb") as f:
        blob = f.read()
    assert not dice_tables.use_tables(io.BytesIO(b"LDV0" + blob[4:]))
    assert not dice_tables.use_tables(io.BytesIO(blob[:-1]))  # truncated
    assert not dice_tables.use_tables(io.BytesIO(b""))
    assert not dice_tables.use_tables(None)
    assert dice_tables.tables() is before


def test_rank_orders_every_row_of_the_tables():
    rows = gen.all_rows()
    assert len(rows) == N_ROWS
    assert [rank(r) for r in rows] == list(range(N_ROWS))
    assert rank((0, 0, 0, 0, 0, 0, MAX_CARDS + 1)) == -1
    assert rank((MAX_CARDS, 0, 0, 0, 0, 0, 1)) == -1


def test_tables_hold_the_solvers_values():
    for name in ("ALONE_10", "ALONE_0", "MULTI_10", "MULTI_0"):
        assert len(getattr(dice_values, name)) == N_ROWS
    s = sd.AloneSolver(10)
    t = sd.AloneSolver(0)
    rng = random.Random(11)
    rows = [r for r in gen.all_rows() if any(r) and sum(r) <= 3]
    for r in rng.sample(rows, 40):
        for solver, table in ((s, dice_values.ALONE_10), (t, dice_values.ALONE_0)):
            want = int(round(solver.value(r) * dice_rank.SCALE)) + dice_rank.OFFSET
            assert table[rank(r)] == want


def test_D12_expert_alone_plays_the_solvers_roll_or_quit():
    """Alone with a full llama row and a token worth 10, expert rolls exactly when the
    solver does, except where the two are within the tables' rounding (1/SCALE point)."""
    s = sd.AloneSolver(10)
    st = dice.new_game(2, Rules(target=9999), 0, SeededRng(3))
    st.quit[1] = 1
    st.scores[0] = 50
    agree = 0
    for r in gen.all_rows():
        if not any(r) or sum(r) > 4:
            continue
        st.rows[0][:] = bytes(r)
        a = dice_expert.choose(dice.view(st, 0), [(dice.ROLL,), (dice.QUIT,)], None)
        gap = abs(s.roll_value(r) - sd.points(r))
        if gap > 1.0 / dice_rank.SCALE:
            assert (a == (dice.ROLL,)) == s.should_roll(r), r
            agree += 1
    assert agree > 200


def test_D10_expert_takes_the_card_that_costs_least():
    st = dice.new_game(3, Rules(), 0, SeededRng(4))
    st.rows[0][:] = bytes([0, 0, 0, 0, 0, 2, 0])  # two 6s
    st.dice[:] = bytes([0, 4, 6])  # 1, 5, L: no 6
    st.phase = dice.CHOOSE_TAKE
    acts = dice.legal_actions(st)
    a = dice_expert.choose(dice.view(st, 0), acts, None)
    assert a == (dice.TAKE, 0)  # the 1 adds one point; the 5 five, the llama ten


def test_hazard_grows_with_opponents_close_to_going_out():
    st = dice.new_game(3, Rules(), 0, SeededRng(5))
    base = dice_expert.hazard(dice.view(st, 0))
    st.rows[1][:] = bytes([0, 0, 0, 0, 0, 0, 1])  # a lone llama goes with 144/216 rolls
    one = dice_expert.hazard(dice.view(st, 0))
    st.quit[1] = 1
    gone = dice_expert.hazard(dice.view(st, 0))
    assert base == 0 and gone == 0
    assert one == (4096 - 4096 * 72 // 216) // 64


def test_solo_bot_follows_the_solver():
    s = sd.solver(10)
    st = dice.new_game(3, Rules(), 0, SeededRng(6))
    for r in ((0, 0, 0, 0, 0, 1, 0), (0, 0, 0, 0, 0, 0, 1), (1, 1, 1, 0, 0, 0, 1)):
        st.rows[0][:] = bytes(r)
        a = choose_solo(dice.view(st, 0), [(dice.ROLL,), (dice.QUIT,)], None)
        assert (a == (dice.ROLL,)) == s.should_roll(r)


def test_expert_is_registered():
    st = dice.new_game(2, Rules(), 0, SeededRng(8))
    acts = dice.legal_actions(st)
    assert BOTS["expert"](dice.view(st, 0), acts, None) == dice_expert.choose(
        dice.view(st, 0), acts, None
    )


def test_S5_expert_quits_when_quitting_surely_wins_the_game():
    st = dice.new_game(3, Rules(), 0, SeededRng(9))
    st.scores[:] = [5, 38, 30]
    st.rows[0][:] = bytes([0, 0, 0, 0, 0, 1, 1])  # 16 points: a roll is worth it, usually
    st.rows[1][:] = bytes([1, 0, 0, 0, 0, 0, 0])
    st.quit[1] = 1  # 38 + 1 = 39
    st.rows[2][:] = bytes([0, 0, 1, 1, 0, 0, 0])
    st.quit[2] = 1  # 30 + 7 = 37 ... nobody ends the game
    v = dice.view(st, 0)
    assert dice_expert.endgame(v) == 0
    st.rows[1][:] = bytes([0, 1, 0, 0, 0, 0, 0])  # 38 + 2 = 40: the game ends this round
    assert dice_expert.endgame(v) == 1  # 5 + 16 = 21 beats 37 and 40
    assert dice_expert.choose(v, [(dice.ROLL,), (dice.QUIT,)], None) == (dice.QUIT,)


def test_S5_expert_rolls_when_quitting_surely_loses_the_game():
    st = dice.new_game(2, Rules(), 0, SeededRng(10))
    st.scores[:] = [36, 39]
    st.rows[0][:] = bytes([1, 0, 0, 0, 0, 0, 0])  # 1 point: quitting is the points choice
    st.rows[1][:] = bytes([0, 0, 0, 0, 0, 0, 0])
    st.quit[1] = 1  # the other finishes on 39 and the game ends
    v = dice.view(st, 0)
    assert dice_expert.endgame(v) == 0  # 37 and 39: nobody reaches 40, the game goes on
    st.scores[0] = 39
    st.rows[0][:] = bytes([0, 1, 0, 0, 0, 0, 0])  # 41 > 39: quitting loses for sure
    assert dice_expert.endgame(v) == -1
    assert dice_expert.choose(v, [(dice.ROLL,), (dice.QUIT,)], None) == (dice.ROLL,)


def test_a_table_file_that_fails_later_reads_as_quitting():
    class Flaky(io.BytesIO):
        fail = False

        def readinto(self, b):
            if self.fail:
                raise OSError(5, "EIO")
            return super().readinto(b)

    with open(BIN, "rb") as f:
        f_ = Flaky(f.read())
    try:
        assert dice_tables.use_tables(f_)
        f_.fail = True
        assert dice_tables.tables()[0][5] == 255
        st = dice.new_game(3, Rules(), 0, SeededRng(13))
        assert dice_expert.choose(dice.view(st, 0), dice.legal_actions(st), None) in (
            (dice.ROLL,),
            (dice.QUIT,),
        )
    finally:
        dice_tables.use_memory_tables()


def test_the_expert_and_mixed_think_a_roll_over_slices_to_the_same_decisions():
    """expert (hard) and mixed (medium) think over frames: the same decisions as their
    BOTS entries; a roll-or-quit of the expert in a slice for the hazard, then one per
    CLASSES_A_SLICE kinds of roll."""
    from lama.dice_bots import THINKERS

    assert set(THINKERS) == {"expert", "mixed", "medium", "hard"}
    most = {}
    for seed in range(4):
        names = ["expert", "mixed", "hard", "medium", "cautious"][: 2 + seed]
        thinkers = dict(THINKERS, cautious=lambda v, a, r: iter([BOTS["cautious"](v, a, r)]))
        for k, v in support.thinkers_agree(dice, BOTS, thinkers, names, seed).items():
            most[k] = max(most.get(k, 0), v)
    kinds = len(dice_expert._CLASSES) // 7
    slices = 1 + -(-kinds // dice_expert.CLASSES_A_SLICE) + 1  # hazard, the rolls, the action
    assert most["expert"] == most["hard"] == most["mixed"] == slices, most
