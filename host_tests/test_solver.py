"""tools/solve_dice.py: the exact optimum of a LAMA Dice player alone in the round (D12)."""

import random
from fractions import Fraction

from solver import dice_optimum as sd
from lama import dice
from lama.rng import SeededRng
from lama.score import Rules


def _one_card_roll_value(t, hits):
    """R for a one-card row: `hits` rolls (not LLL) empty it (-t), 8 are LLL (-t and
    decide again), every other roll busts (31 with a full llama row)."""
    miss = 216 - 8 - hits
    return Fraction(hits * -t + miss * 31 - 8 * t, 208)


def test_D12_one_number_card_closed_form():
    for t in (0, 1, 10):
        s = sd.AloneSolver(t, exact=True)
        for n in range(6):
            row = tuple(1 if i == n else 0 for i in range(7))
            r = _one_card_roll_value(t, 66)  # a number is on two dice: 11/36 = 66/216
            assert s.roll_value(row) == r
            assert s.value(row) == min(Fraction(n + 1), r)


def test_D12_one_llama_card_closed_form():
    # a llama on at least one die: 152/216, of which 8 are three llamas (D8, D21)
    for t in (0, 1, 10):
        s = sd.AloneSolver(t, exact=True)
        row = (0, 0, 0, 0, 0, 0, 1)
        r = _one_card_roll_value(t, 152 - 8)
        assert s.roll_value(row) == r
        assert s.value(row) == min(Fraction(10), r)
    assert sd.AloneSolver(10, exact=True).should_roll((0, 0, 0, 0, 0, 0, 1))
    assert not sd.AloneSolver(0, exact=True).should_roll((0, 0, 0, 0, 1, 0, 0))


def test_D12_two_card_row_by_hand():
    # row 5,6 with t = 0: one-card rows 5 and 6 quit (value 5, 6); 5 and 6 share die B.
    s = sd.AloneSolver(0, exact=True)
    classes = dict(sd.roll_classes())
    total = Fraction(0)
    for k, w in classes.items():
        if k == sd.THREE_LLAMAS:
            continue
        has5, has6 = k[4] > 0, k[5] > 0
        if has5 and has6:
            v = Fraction(0)  # both go: the row is empty, a token worth 0
        elif has5:
            v = Fraction(6)  # the 6 is left, and a lone 6 quits
        elif has6:
            v = Fraction(5)  # the 5 is left, and a lone 5 quits
        else:
            v = Fraction(31)
        total += w * v
    r = total / 208
    assert s.roll_value((0, 0, 0, 0, 1, 1, 0)) == r
    assert s.value((0, 0, 0, 0, 1, 1, 0)) == min(Fraction(11), r)


def test_D11_bust_takes_what_is_left_of_the_llama_row():
    s = sd.AloneSolver(0, llama_row=(0, 0, 0, 0, 0, 0, 1), exact=True)
    assert s.bust_value((1, 0, 0, 0, 0, 0, 0)) == 11
    assert sd.AloneSolver(0).bust_value((1, 0, 0, 0, 0, 0, 0)) == 31


def test_D2_roll_classes_cover_216_rolls():
    classes = sd.roll_classes()
    assert sum(w for _, w in classes) == 216
    assert dict(classes)[sd.THREE_LLAMAS] == 8  # 1/27
    assert sum(w for k, w in classes if k[6]) == 152  # 19/27
    for n in range(6):
        assert sum(w for k, w in classes if k[n]) == 66  # 11/36


def test_D9_discard_options_are_the_engines():
    rng = random.Random(3)
    st = dice.new_game(2, Rules(), 0, SeededRng(1))
    for _ in range(200):
        row = [rng.randrange(3) for _ in range(7)]
        if not any(row):
            row[0] = 1
        roll = [rng.choice(dice.DICE_FACES[i]) for i in range(3)]
        k = [0] * 7
        for f in roll:
            k[f] += 1
        st.rows[0][:] = bytes(row)
        st.dice[:] = bytes(roll)
        st.phase = dice.CHOOSE_DISCARD
        st.turn = 0
        ours = sorted(sd.discard_options(tuple(row), tuple(k)))
        if not dice.matches(st.rows[0], st.dice):
            assert ours == []
            continue
        theirs = sorted(tuple(a[1]) for a in dice.legal_actions(st))
        assert ours == theirs


def test_D4_deals_are_the_six_card_draws():
    ds = sd.deals()
    assert sum(p for _, p in ds) == 1
    assert all(sum(d) == 6 for d, _ in ds)
    p = dict(ds)
    assert p[(0, 0, 0, 0, 0, 0, 6)] == Fraction(1, sd.comb(36, 6))


def test_value_never_above_quitting_and_float_agrees_with_exact():
    ex = sd.AloneSolver(10, exact=True)
    fl = sd.AloneSolver(10)
    for d, _ in sd.deals()[:80]:
        assert ex.value(d) <= sd.points(d)
        assert abs(float(ex.value(d)) - fl.value(d)) < 1e-9


def test_expected_value_over_deals_t10():
    e = sd.expected_over_deals(10)
    assert abs(float(e) - 9.134488) < 1e-6
    assert sd.expected_over_deals(0, exact=False) > sd.expected_over_deals(1, exact=False) > float(e)


def test_solver_handles_rows_beyond_six_cards():
    s = sd.AloneSolver(10)
    big = (2, 2, 2, 2, 1, 1, 2)  # 12 cards, as after six takes
    assert s.value(big) <= sd.points(big)
    assert s.should_roll(big)
