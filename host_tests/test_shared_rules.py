"""Rules S2-S6 shared by both games, on CPython and under MicroPython."""

import json

import pytest

from lama import score
from lama.errors import RuleError
from lama.symbols import str_to_counts


def test_S1_two_to_six_players():
    for n in range(2, 7):
        score.check_players(n)
    for n in (0, 1, 7):
        with pytest.raises(RuleError) as e:
            score.check_players(n)
        assert e.value.rule == "S1"


def test_S2_tokens_black_and_white():
    assert score.tokens(0) == (0, 0)
    assert score.tokens(12) == (1, 2)
    assert score.tokens(39) == (3, 9)
    assert score.tokens(40) == (4, 0)


def test_S3_distinct_values_once_llama_ten_once():
    assert score.round_points(str_to_counts("1556")) == 12  # seed 000's example
    assert score.round_points(str_to_counts("555")) == 5
    assert score.round_points(str_to_counts("LL")) == 10
    assert score.round_points(str_to_counts("")) == 0
    assert score.round_points(str_to_counts("123456L")) == 31
    assert score.round_points(str_to_counts("123456LLLL")) == 31


def test_S4_return_best_token_never_negative():
    assert score.token_to_return(0) == 0
    assert score.token_to_return(1) == 1
    assert score.token_to_return(9) == 1
    assert score.token_to_return(10) == 10
    assert score.token_to_return(37) == 10
    scores = [0, 5, 12]
    returned, _ = score.finish_round(scores, [0, 0, 0], [True, True, True], score.Rules(), 1)
    assert returned == [0, 1, 10]
    assert scores == [0, 4, 2]


def test_S5_game_ends_at_40_fewest_points_win_ties_shared():
    rules = score.Rules()
    scores = [30, 20, 20]
    _, over = score.finish_round(scores, [9, 0, 0], [False, False, False], rules, 1)
    assert not over
    _, over = score.finish_round(scores, [1, 5, 5], [False, False, False], rules, 2)
    assert over and scores == [40, 25, 25]
    assert score.winners(scores) == [1, 2]


def test_S6_fixed_rounds_and_target_variants():
    fixed = score.Rules(rounds=3)
    assert not score.game_over([45, 0], fixed, 2)
    assert score.game_over([1, 0], fixed, 3)
    target = score.Rules(target=25)
    assert not score.game_over([24, 3], target, 9)
    assert score.game_over([25, 3], target, 9)


def test_S3_S4_same_under_micropython(micropython):
    code = (
        "import json\n"
        "from lama import score\n"
        "from lama.symbols import str_to_counts\n"
        "s=[3,15,0]\n"
        "r,o=score.finish_round(s,[12,0,31],[False,True,False],score.Rules(),1)\n"
        "print(json.dumps([score.round_points(str_to_counts('1556')),"
        "score.round_points(str_to_counts('LLL'),True),s,r,o,score.winners(s)]))\n"
    )
    got = micropython.run_json(code)
    assert got == [12, 30, [15, 5, 31], [0, 10, 0], False, [1]]
    assert json.dumps(got)
