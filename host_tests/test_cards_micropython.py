"""The card rule, clue and bot tests, whole games and transcripts again under the MicroPython port."""

import os
import subprocess
import sys

import pytest

import mp
import support
import test_bot_levels
import test_cards_bots
import test_cards_rules
import test_card_clues

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(mp.TOOLS, "transcript.py")


def test_card_rule_tests_pass_under_micropython(micropython):
    names, out = support.run_tests_under_micropython(micropython, test_cards_rules)
    assert out[-1] == "ran %d" % len(names)
    assert out[:-1] == [""] or out[:-1] == [], out


@pytest.mark.parametrize("module", [test_cards_bots, test_bot_levels, test_card_clues])
def test_bot_tests_pass_under_micropython(micropython, module):
    names, out = support.run_tests_under_micropython(micropython, module)
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


PROPERTIES = """
import json
from lama import cards
from lama.card_bots import BOTS
from lama.errors import RuleError
from lama.rng import SeededRng
from lama.score import Rules, token_to_return
from lama.symbols import total
from support import cards_conserved as conserved
from support import hide_again

ALL = [(cards.PLAY, v) for v in range(7)] + [(cards.DRAW,), (cards.QUIT,), (cards.NEXT,)]
NAMES = sorted(BOTS)


out = []
for seed in range(12):
    n = 2 + seed % 5
    names = [NAMES[(seed + i) % 3] for i in range(n)]
    rules = Rules(40 if seed % 4 else 20, 0, seed % 2 == 1)
    rng = SeededRng(seed)
    brng = SeededRng(seed + 1000)
    hrng = SeededRng(seed + 2000)
    st = cards.new_game(n, rules, seed % n, rng)
    steps = 0
    refused = 0
    while st.phase != cards.GAME_OVER:
        acts = cards.legal_actions(st)
        for a in ALL:
            if a not in acts:
                before = st.copy()
                try:
                    cards.apply(st, a, rng)
                    raise AssertionError('accepted ' + repr(a))
                except RuleError:
                    refused += 1
                assert st == before
        if st.phase == cards.ROUND_OVER:
            a = acts[0]
        else:
            for name in NAMES:
                want = BOTS[name](cards.view(st, st.turn), acts, SeededRng(3))
                other = hide_again(st, hrng)
                assert BOTS[name](cards.view(other, st.turn), acts, SeededRng(3)) == want
            a = BOTS[names[st.turn]](cards.view(st, st.turn), acts, brng)
        assert a in acts
        before = list(st.scores)
        for e in cards.apply(st, a, rng):
            if e[0] == 'round_end':
                for p in range(n):
                    pts = e[3][p]
                    assert pts == cards.hand_points(st.hands[p], rules)
                    ret = token_to_return(before[p] + pts) if total(st.hands[p]) == 0 else 0
                    assert e[4][p] == ret and e[5][p] == before[p] + pts - ret >= 0
        assert conserved(st)
        steps += 1
    out.append([steps, refused, st.round_no, st.scores])
print(json.dumps(out))
"""


def test_property_checks_hold_and_agree_under_micropython(micropython):
    ns = {}
    exec(PROPERTIES.replace("print(json.dumps(out))", ""), ns)
    assert micropython.run_json(PROPERTIES, path=[HERE]) == ns["out"]


# the clock of the thinking tests: `step` ms pass at each reading (0: time stands still)
STEPPING_CLOCK = """
class Clock:
    def __init__(self, step):
        self.t = 0
        self.step = step
        self.reads = 0
    def ticks_ms(self):
        self.t += self.step
        self.reads += 1
        return self.t
    def ticks_diff(self, a, b):
        return a - b

class App:
    def press_waiting(self):
        return False
"""


def test_a_frame_thinks_until_its_time_is_spent(micropython):
    """ui.games.base.GameScreen.think_for, on the MicroPython unix port over a whole game
    of four experts: slices until THINK_MS of the frame are spent (a clock that moves 5 ms
    a reading: a few slices a frame, several frames for a close choice), or, on a clock
    that does not move, each decision in one frame; choose()'s action either way."""
    got = micropython.run_json("""
import json
from lama import cards
from lama.card_bots import choose_expert
from lama.rng import SeededRng
from lama.score import Rules
from ui.games.base import THINK_MS, GameScreen
from ui.games.launch import load
from ui.games.session import Session

""" + STEPPING_CLOCK + """
class Screen:
    pass

out = {}
for step in (5, 0):
    screen = Screen()
    screen.app = App()
    screen.app.clock = Clock(step)
    ses = Session(load(2), [(n, "expert") for n in "ABCD"], Rules(), 0, SeededRng(3), SeededRng(4))
    calls = [0]
    def counted():
        calls[0] += 1
        return ses.think()
    most, same, over = 0, True, True
    while ses.state.phase != cards.GAME_OVER:
        if not ses.in_play():
            ses.next_round()
            continue
        st = ses.state
        want = choose_expert(cards.view(st, st.turn), cards.legal_actions(st), None)
        frames, a = 0, None
        while a is None:
            calls[0] = 0
            a = GameScreen.think_for(screen, counted)
            frames += 1
            over = over and (step == 0 or calls[0] <= THINK_MS // step + 1)
        most = max(most, frames)
        same = same and a == want
        ses.act(a)
    out[str(step)] = [most, same, over]
print(json.dumps(out))
""", timeout=600)
    assert got["5"][0] > 1 and got["5"][1] and got["5"][2]
    assert got["0"] == [1, True, True]


def test_the_hint_is_thought_over_frames_like_a_move(micropython):
    """ui.games.base.HintPanel on the MicroPython unix port: for a person at every decision
    of a game against three experts, the card expert's hint is thought a slice at a time
    (several frames, each within THINK_MS, "Thinking..." drawn meanwhile) on a clock that
    moves, in one frame on one that does not; it is expert's choice either way, and on a
    computer player's turn there is nothing to hint."""
    got = micropython.run_json("""
import json
import framebuf
from lama import cards
from lama.card_bots import choose_expert
from lama.rng import SeededRng
from lama.score import Rules
from ui.games.base import THINK_MS, GameScreen
from ui.games.launch import load
from ui.games.panel_hint import HintPanel
from ui.games.session import Session
from ui.text import lang

""" + STEPPING_CLOCK + """
class Screen:
    think_for = GameScreen.think_for

fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
out = {}
for step in (5, 0):
    screen = Screen()
    screen.app = App()
    screen.app.clock = Clock(step)
    ses = Session(load(2), [("ME", None), ("B", "expert"), ("C", "expert"), ("D", "expert")],
                  Rules(), 0, SeededRng(5), SeededRng(6))
    screen.session = ses
    most, same, within, none, drawn = 0, True, True, True, 0
    while ses.state.phase != cards.GAME_OVER:
        if not ses.in_play():
            ses.next_round()
            continue
        st = ses.state
        if not ses.person_to_act():
            none = none and HintPanel(screen).h is False
            ses.act(choose_expert(cards.view(st, st.turn), cards.legal_actions(st), None))
            continue
        want = choose_expert(cards.view(st, st.turn), cards.legal_actions(st), None)
        screen.app.clock.reads = 0
        panel = HintPanel(screen)
        frames = 1
        while panel.h is None:
            within = within and (step == 0 or screen.app.clock.reads <= THINK_MS // step + 2)
            panel.draw(fb)
            drawn += 1
            screen.app.clock.reads = 0
            ready = panel.tick()
            frames += 1
            within = within and ready == (panel.h is not None)
        most = max(most, frames)
        same = same and panel.h[0] == want
        panel.draw(fb)
        ses.act(want)
    out[str(step)] = [most, same, within, none, drawn > 0]
print(json.dumps(out))
""", timeout=600)
    assert got["5"][0] > 1 and got["5"][1:] == [True, True, True, True]
    assert got["0"] == [1, True, True, True, False]
