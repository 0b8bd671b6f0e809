"""tools/arena.py: seat rotation, shared wins, the JSON summaries, --solo, --workers."""

import json
import os
import subprocess
import sys

import pytest

import mp
from arenas import tournament as arena
from arenas import tournament_dice as arena_dice
from lama import dice
from lama.score import round_points

ARENA = os.path.join(mp.TOOLS, "arena.py")


def _run(*args):
    return subprocess.run(
        [sys.executable, ARENA] + list(args), capture_output=True, text=True, timeout=120
    )


def test_seats_rotate_every_game():
    names = ["a", "b", "c"]
    assert arena.seating(names, 0) == ["a", "b", "c"]
    assert arena.seating(names, 1) == ["b", "c", "a"]
    assert arena.seating(names, 3) == names


def test_S5_ties_share_the_win_and_a_bot_named_twice_is_one_entry():
    names = ["x", "y", "y"]
    # game 0 seats x,y,y: x and one y tie lowest; game 1 seats y,y,x: x alone lowest
    out = arena.summarise(names, [[10, 10, 40], [45, 30, 20]])
    bx = out["bots"]["x"]
    by = out["bots"]["y"]
    assert out["games"] == 2
    assert bx["win_share"] == pytest.approx((0.5 + 1.0) / 2)
    assert by["win_share"] == pytest.approx((0.5 / 2 + 0.0) / 2)
    assert bx["mean_score"] == pytest.approx(15.0)
    assert by["mean_score"] == pytest.approx((10 + 40 + 45 + 30) / 4)
    assert set(out["bots"]) == {"x", "y"}


def test_games_summary_from_the_command_line():
    p = _run("--game", "dice", "--players", "cautious,random,cautious", "--games", "6", "--seed", "3")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["games"] == 6
    assert set(out["bots"]) == {"cautious", "random"}
    c = out["bots"]["cautious"]
    assert c["ci95"][0] <= c["win_share"] <= c["ci95"][1]
    total = 2 * c["win_share"] + out["bots"]["random"]["win_share"]
    assert total == pytest.approx(1.0, abs=1e-3)


def test_same_seed_same_result_with_workers():
    one = arena.run_games("dice", ["expert", "cautious"], 120, 9, workers=1)
    two = arena.run_games("dice", ["expert", "cautious"], 120, 9, workers=2)
    assert one == two


def test_D12_solo_rounds_return_tokens_worth_ten(monkeypatch):
    p = _run("--solo", "cautious", "--rounds", "30", "--seed", "2")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["bot"] == "cautious" and out["rounds"] == 30
    assert out["ci95"][0] <= out["mean"] <= out["ci95"][1]
    seen = []

    def quitter(view, actions, rng):
        assert dice.alone(view) and view.llama_row == bytearray(b"\x01" * 7)
        seen.append(round_points(view.rows[view.seat]))
        return (dice.QUIT,)

    def emptier(view, actions, rng):  # roll; discard all; take never happens alone
        if actions[0][0] == dice.DISCARD:
            return actions[-1]
        return (dice.ROLL,)

    table = arena_dice.bots()
    table["quitter"] = quitter
    table["emptier"] = emptier
    monkeypatch.setattr(arena_dice, "bots", lambda: table)
    assert arena_dice.play_solo_round("quitter", 4) == seen[-1]
    values = [arena_dice.play_solo_round("emptier", s) for s in range(60)]
    # every value is points (0..31) minus 10 per token returned (three llamas, emptying)
    assert all(any(0 <= v + 10 * k <= 31 for k in range(20)) for v in values)
    assert -10 in values or any(v < -10 for v in values)


def test_bad_arguments_are_refused_clearly():
    p = _run("--players", "cautious,nobody", "--games", "2")
    assert p.returncode != 0 and "unknown bot 'nobody'" in p.stderr
    p = _run("--players", "cautious", "--games", "2")
    assert p.returncode != 0 and "2 to 6" in p.stderr
    p = _run("--game", "chess", "--players", "a,b")
    assert p.returncode != 0 and "unknown game" in p.stderr
