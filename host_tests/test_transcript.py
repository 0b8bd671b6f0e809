"""tools/transcript.py: the JSON Lines format of issue 2, and python3 == micropython byte for byte."""

import json
import os
import subprocess
import sys

import pytest

import mp
from arenas.referee import read_lines
from arenas.referee_dice import KEYS, referee
from lama.dice_bots import BOTS

SCRIPT = os.path.join(mp.TOOLS, "transcript.py")

def cpython(args, check=True):
    proc = subprocess.run(
        [sys.executable, SCRIPT] + list(args), capture_output=True, text=True, timeout=120
    )
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def players(n, offset=0):
    names = sorted(BOTS)
    return ",".join([names[(i + offset) % len(names)] for i in range(n)])


def parse(text):
    """The lines as objects, each checked against the format (arenas.referee)."""
    return read_lines(text.splitlines(), KEYS)


def check_game(objs, n, seed, first, target=40):
    """The game line's fields, then the whole game refereed by the rules alone
    (tools/arenas/referee_dice.py); returns the number of its lines."""
    assert objs[0]["ev"] == "game" and objs[0]["seed"] == seed and objs[0]["first"] == first
    assert objs[0]["target"] == target and len(objs[0]["players"]) == n
    end = [o["ev"] for o in objs].index("game_end") + 1
    lines = [json.dumps(o, separators=(",", ":")) for o in objs[:end]]
    assert len(referee(lines)) == 1
    return end


def test_transcript_format_and_rules_for_many_games():
    for n in range(2, 7):
        out = cpython(
            [
                "--game",
                "dice",
                "--seed",
                str(10 * n),
                "--games",
                "4",
                "--players",
                players(n, n),
                "--first",
                str(n - 1),
            ]
        )
        objs = parse(out.stdout)
        pos = 0
        for g in range(4):
            pos += check_game(objs[pos:], n, 10 * n + g, n - 1)
        assert pos == len(objs)


def test_transcript_identical_under_python3_and_micropython():
    for n in range(2, 7):
        for seed in (0, 7, 123456):
            args = [
                "--game",
                "dice",
                "--seed",
                str(seed),
                "--games",
                "2",
                "--players",
                players(n, seed),
                "--first",
                str(seed % n),
            ]
            a = cpython(args).stdout
            b = mp.run_script(SCRIPT, args).stdout
            assert a == b and a.count("\n") > 10


def test_transcript_target_and_rounds_options():
    objs = parse(
        cpython(["--seed", "3", "--players", "cautious,cautious", "--target", "15"]).stdout
    )
    check_game(objs, 2, 3, 0, target=15)
    objs = parse(cpython(["--seed", "3", "--players", "random,cautious", "--rounds", "2"]).stdout)
    assert objs[0]["rounds"] == 2
    assert len([o for o in objs if o["ev"] == "round_end"]) == 2 and objs[-1]["ev"] == "game_end"


def test_transcript_game_i_replays_alone_with_seed_n_plus_i():
    many = cpython(["--seed", "40", "--games", "3", "--players", "random,cautious,random"]).stdout
    third = cpython(["--seed", "42", "--players", "random,cautious,random"]).stdout
    assert many.endswith(third) and many != third


@pytest.mark.parametrize(
    "args, words",
    [
        (["--players", "random"], "2 to 6"),
        (["--players", "a,b,c,d,e,f,g"], "2 to 6"),
        (["--players", "random,nobody"], "no dice bot named 'nobody'"),
        (["--players", "random,random", "--first", "2"], "--first"),
        (["--players", "random,random", "--seed", "x"], "whole number"),
        (["--players", "random,random", "--game", "chess"], "dice or cards"),
        (["--players", "random,random", "--colour", "red"], "unknown option"),
        (["--players"], "needs a value"),
        (["--players", "random,random", "--variant", "komarami"], "--game cards"),
    ],
)
def test_transcript_bad_arguments_exit_2_with_a_message(args, words):
    proc = cpython(args, check=False)
    assert proc.returncode == 2 and words in proc.stderr and "usage:" in proc.stderr
    assert proc.stdout == ""
    proc = mp.run_script(SCRIPT, args, check=False)
    assert proc.returncode == 2 and words in proc.stderr


def test_transcript_cards_is_dispatched_to_transcript_cards():
    proc = cpython(["--game", "cards", "--players", "random,random"], check=False)
    assert proc.returncode == 0 and '"game":"cards"' in proc.stdout.splitlines()[0]


def test_transcript_solo_bot_under_cpython_only():
    objs = parse(cpython(["--seed", "2", "--players", "solo,cautious,expert"]).stdout)
    check_game(objs, 3, 2, 0)
    proc = mp.run_script(SCRIPT, ["--players", "solo,random"], check=False)
    assert proc.returncode == 2 and "CPython only" in proc.stderr
