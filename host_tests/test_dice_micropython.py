"""The LAMA Dice rule tests and whole games again under the MicroPython unix port."""

import support
import test_dice_rules


def test_dice_rule_tests_pass_under_micropython(micropython):
    names, out = support.run_tests_under_micropython(micropython, test_dice_rules)
    assert out[-1] == "ran %d" % len(names)
    assert out[:-1] == [""] or out[:-1] == [], out


GAMES = """
import json
from lama import dice
from lama.dice_bots import BOTS
from lama.rng import SeededRng
from lama.score import Rules
out = []
for seed in range(40):
    n = 2 + seed % 5
    names = (['cautious', 'random'] * 3)[:n]
    rng = SeededRng(seed)
    brng = SeededRng(seed * 3 + 1)
    st = dice.new_game(n, Rules(), seed % n, rng)
    steps = 0
    while st.phase != dice.GAME_OVER:
        acts = dice.legal_actions(st)
        if st.phase == dice.ROUND_OVER:
            a = acts[0]
        else:
            a = BOTS[names[st.turn]](dice.view(st, st.turn), acts, brng)
        dice.apply(st, a, rng)
        steps += 1
    out.append([steps, st.round_no, st.scores])
print(json.dumps(out))
"""


def test_whole_games_identical_under_micropython(micropython):
    ns = {}
    exec(GAMES.replace("print(json.dumps(out))", ""), ns)
    assert len(ns["out"]) == 40
    assert micropython.run_json(GAMES) == ns["out"]
