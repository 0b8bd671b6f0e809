"""The card rule tests, whole games and transcripts again under the MicroPython unix port."""

import os
import subprocess
import sys

import pytest

import mp
import test_cards_rules

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(mp.TOOLS, "transcript.py")

RUN_ALL = """
import test_cards_rules as m
names = sorted([n for n in dir(m) if n.startswith('test_')])
failed = []
for n in names:
    try:
        getattr(m, n)()
    except Exception as e:
        failed.append(n + ': ' + repr(e))
print('\\n'.join(failed))
print('ran', len(names))
"""


def test_card_rule_tests_pass_under_micropython(micropython):
    names = [n for n in dir(test_cards_rules) if n.startswith("test_")]
    out = micropython.run(RUN_ALL, path=[HERE]).stdout.strip().splitlines()
    assert out[-1] == "ran %d" % len(names)
    assert out[:-1] == [""] or out[:-1] == [], out


GAMES = """
import json
from lama import cards, codec
from lama.card_bots import BOTS
from lama.rng import SeededRng
from lama.score import Rules
out = []
for seed in range(30):
    n = 2 + seed % 5
    names = (['expert', 'cautious', 'random'] * 2)[:n]
    rng = SeededRng(seed)
    brng = SeededRng(seed * 3 + 1)
    st = cards.new_game(n, Rules(komarami=seed % 3 == 0), seed % n, rng)
    steps = 0
    saved = 0
    while st.phase != cards.GAME_OVER:
        acts = cards.legal_actions(st)
        if st.phase == cards.ROUND_OVER:
            a = acts[0]
        else:
            a = BOTS[names[st.turn]](cards.view(st, st.turn), acts, brng)
        cards.apply(st, a, rng)
        steps += 1
        if steps % 7 == 0:
            data = codec.encode(st)
            saved = (saved * 31 + sum(data)) & 0xFFFFFF
    out.append([steps, st.round_no, st.scores, saved])
print(json.dumps(out))
"""


def test_whole_card_games_identical_under_micropython(micropython):
    ns = {}
    exec(GAMES.replace("print(json.dumps(out))", ""), ns)
    assert micropython.run_json(GAMES) == ns["out"]


@pytest.mark.parametrize(
    "players,variant,extra",
    [
        ("expert,cautious", "classic", []),
        ("random,expert,cautious", "komarami", []),
        ("cautious,random,expert,expert", "classic", ["--target", "25"]),
        ("expert,random,cautious,random,cautious", "komarami", ["--first", "3"]),
        ("expert,cautious,random,expert,cautious,random", "classic", ["--rounds", "3"]),
    ],
)
def test_card_transcripts_byte_identical_python3_and_micropython(micropython, players, variant, extra):
    args = ["--game", "cards", "--seed", "5", "--games", "3", "--players", players]
    args += ["--variant", variant] + extra
    cp = subprocess.run([sys.executable, SCRIPT] + args, capture_output=True, timeout=120)
    assert cp.returncode == 0, cp.stderr
    up = micropython.run_script(SCRIPT, args)
    assert up.stdout.encode() == cp.stdout
    assert cp.stdout.count(b'"ev":"game_end"') == 3
