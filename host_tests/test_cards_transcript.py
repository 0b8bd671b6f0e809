"""tools/transcript.py --game cards: the JSON Lines format of issue 3, every line refereed
by the rules (tools/arenas/referee_cards.py); bad arguments refused."""

import os
import subprocess
import sys

import pytest

import mp
from arenas.referee import read_lines
from arenas.referee_cards import KEYS, referee

SCRIPT = os.path.join(mp.TOOLS, "transcript.py")

def transcript(args, check=True):
    proc = subprocess.run(
        [sys.executable, SCRIPT, "--game", "cards"] + list(args),
        capture_output=True,
        text=True,
        timeout=120,
    )
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def parse(text):
    """The lines as objects, each checked against the format (arenas.referee)."""
    return read_lines(text.splitlines(), KEYS)


def replay(text):
    """The number of games in a transcript, every line refereed by the rules."""
    return len(referee(text.splitlines()))


def test_issue_3_example_header_and_round_lines():
    objs = parse(transcript(["--seed", "3", "--players", "expert,cautious,random"]).stdout)
    assert objs[0] == {
        "ev": "game",
        "game": "cards",
        "seed": 3,
        "players": ["expert", "cautious", "random"],
        "first": 0,
        "variant": "classic",
        "target": 40,
    }
    assert objs[1]["ev"] == "round" and objs[1]["round"] == 1 and objs[1]["first"] == 0
    assert len(objs[1]["pile"]) == 56 - 18 - 1


@pytest.mark.parametrize(
    "args",
    [
        ["--seed", "1", "--games", "4", "--players", "expert,cautious"],
        ["--seed", "9", "--games", "3", "--players", "random,expert,cautious", "--variant", "komarami"],
        ["--seed", "2", "--games", "2", "--players", "cautious,random,expert,expert", "--first", "2"],
        ["--seed", "4", "--games", "2", "--players", "expert,random,cautious,random,cautious", "--target", "20"],
        ["--seed", "6", "--games", "2", "--players", "random,random,random,random,random,expert", "--rounds", "2"],
    ],
)
def test_lines_replay_by_the_rules(args):
    text = transcript(args).stdout
    objs = parse(text)
    games = int(args[args.index("--games") + 1])
    assert replay(text) == games
    if "--rounds" in args:
        assert objs[0]["rounds"] == 2


def test_game_i_replays_alone_with_seed_plus_i():
    both = transcript(["--seed", "10", "--games", "2", "--players", "expert,random"]).stdout
    second = transcript(["--seed", "11", "--players", "expert,random"]).stdout
    assert both.endswith(second) and len(both) > len(second)


@pytest.mark.parametrize(
    "args",
    [
        ["--players", "expert,nobody"],
        ["--players", "expert,random", "--variant", "summer"],
        ["--players", "expert"],
        ["--players", "expert,random", "--first", "2"],
    ],
)
def test_bad_arguments_exit_2_with_a_message(args):
    proc = transcript(args, check=False)
    assert proc.returncode == 2 and proc.stdout == "" and "usage" in proc.stderr
