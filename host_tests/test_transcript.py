"""tools/transcript.py: the JSON Lines format of issue 2, and python3 == micropython byte for byte."""

import json
import os
import subprocess
import sys

import pytest

import mp
from lama.dice_bots import BOTS
from lama.score import round_points
from lama.symbols import str_to_counts

SCRIPT = os.path.join(mp.TOOLS, "transcript.py")

KEYS = {
    "game": ["ev", "game", "seed", "players", "first", "dice", "target"],
    "round": ["ev", "round", "first", "rows", "llama_row"],
    "roll": ["ev", "p", "dice"],
    "discard": ["ev", "p", "cards"],
    "take": ["ev", "p", "card"],
    "bust": ["ev", "p", "cards"],
    "token": ["ev", "p", "value"],
    "none": ["ev", "p"],
    "quit": ["ev", "p"],
    "round_end": ["ev", "round", "reason", "points", "returned", "scores"],
    "game_end": ["ev", "scores", "winners"],
}


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
    lines = text.splitlines()
    objs = [json.loads(line) for line in lines]
    for line, o in zip(lines, objs):
        assert list(o) == KEYS[o["ev"]] or (
            o["ev"] == "game" and list(o) == KEYS["game"] + ["rounds"]
        )
        assert json.dumps(o, separators=(",", ":")) == line  # compact, keys in that order
    return objs


def sorted_cards(counts):
    return "".join(ch * counts[i] for i, ch in enumerate("123456L"))


def next_seat(quit, p):
    n = len(quit)
    for k in range(1, n + 1):
        if not quit[(p + k) % n]:
            return (p + k) % n
    return None


def check_game(objs, n, seed, first, target=40):
    """Replay a game's lines with nothing but the rules: rows, points, tokens, winners."""
    assert objs[0]["ev"] == "game" and objs[0]["seed"] == seed and objs[0]["first"] == first
    assert objs[0]["dice"] == ["LL1234", "LL3456", "LL1256"] and objs[0]["target"] == target
    assert len(objs[0]["players"]) == n
    scores = [0] * n
    rows = llama = None
    expect_first = first
    round_no = 0
    i = 1
    while True:
        o = objs[i]
        i += 1
        ev = o["ev"]
        if ev == "round":
            round_no += 1
            assert o["round"] == round_no and o["first"] == expect_first
            rows = [str_to_counts(r) for r in o["rows"]]
            assert len(rows) == n and all(sum(r) == 6 for r in rows)
            assert all(r == sorted_cards(str_to_counts(r)) for r in o["rows"])
            assert o["llama_row"] == "123456L"
            llama = str_to_counts("123456L")
            last = None
            quit = [False] * n
            turn = expect_first
        elif ev == "roll":
            p = o["p"]
            assert p == turn and not quit[p]
            assert len(o["dice"]) == 3
            for die, face in zip(objs[0]["dice"], o["dice"]):
                assert face in die
            nxt = objs[i]
            i += 1
            assert nxt["p"] == p
            d = o["dice"]
            if nxt["ev"] in ("token", "none"):
                assert d == "LLL"
                if nxt["ev"] == "token":
                    assert nxt["value"] == (10 if scores[p] >= 10 else 1) and scores[p] >= 1
                    scores[p] -= nxt["value"]
                else:
                    assert scores[p] == 0
            elif nxt["ev"] == "discard":
                gone = str_to_counts(nxt["cards"])
                assert sum(gone) >= 1
                for s in range(7):
                    assert gone[s] <= min(rows[p][s], d.count("123456L"[s]))
                    rows[p][s] -= gone[s]
            elif nxt["ev"] == "take":
                s = "123456L".find(nxt["card"])
                assert nxt["card"] in d and llama[s] == 1
                assert not any(rows[p]["123456L".find(ch)] for ch in d)
                assert not all(quit[q] for q in range(n) if q != p)  # D12: not alone
                llama[s] -= 1
                rows[p][s] += 1
            else:
                assert nxt["ev"] == "bust" and nxt["cards"] == sorted_cards(llama)
                assert not any(rows[p]["123456L".find(ch)] for ch in d)
                for s in range(7):
                    rows[p][s] += llama[s]
                    llama[s] = 0
            last = p
            turn = next_seat(quit, p)
        elif ev == "quit":
            assert o["p"] == turn
            last = o["p"]
            quit[last] = True
            turn = next_seat(quit, last)
        elif ev == "round_end":
            assert o["round"] == round_no
            points = [round_points(r) for r in rows]
            assert o["points"] == points
            emptied = [sum(r) == 0 for r in rows]
            reason = o["reason"]
            assert reason in ("empty", "bust", "row_taken", "all_quit")
            assert (reason == "empty") == any(emptied)
            assert (reason in ("bust", "row_taken")) == (sum(llama) == 0)
            for p in range(n):
                scores[p] += points[p]
                want = 0
                if emptied[p]:
                    want = 10 if scores[p] >= 10 else (1 if scores[p] else 0)
                assert o["returned"][p] == want
                scores[p] -= want
            assert o["scores"] == scores
            expect_first = last
            if objs[i]["ev"] == "game_end":
                assert max(scores) >= target
                end = objs[i]
                assert end["scores"] == scores
                assert end["winners"] == [p for p in range(n) if scores[p] == min(scores)]
                return i + 1
            assert max(scores) < target
        else:
            raise AssertionError("unexpected line " + json.dumps(o))


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
