"""tools/transcript.py --game cards: the JSON Lines format of issue 3, checked by replaying
every line against the rules; bad arguments refused."""

import json
import os
import subprocess
import sys

import pytest

import mp
from lama.score import round_points, token_to_return
from lama.symbols import str_to_counts

SCRIPT = os.path.join(mp.TOOLS, "transcript.py")

KEYS = {
    "game": ["ev", "game", "seed", "players", "first", "variant", "target"],
    "round": ["ev", "round", "first", "hands", "discard", "pile"],
    "play": ["ev", "p", "card"],
    "draw": ["ev", "p", "card"],
    "quit": ["ev", "p"],
    "round_end": ["ev", "round", "reason", "points", "returned", "scores"],
    "game_end": ["ev", "scores", "winners"],
}
ORDER = "123456L"


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
    lines = text.splitlines()
    objs = [json.loads(line) for line in lines]
    for line, o in zip(lines, objs):
        keys = KEYS[o["ev"]]
        assert list(o) == keys or (o["ev"] == "game" and list(o) == keys + ["rounds"])
        assert json.dumps(o, separators=(",", ":")) == line
    return objs


def is_sorted(cards):
    return list(cards) == sorted(cards, key=ORDER.index)


def fits(card, top):
    return card == top or ORDER.index(card) == (ORDER.index(top) + 1) % 7


def replay(objs):
    """Check every line of a run against the rules; returns the number of games."""
    games = 0
    i = 0
    while i < len(objs):
        head = objs[i]
        assert head["ev"] == "game" and head["game"] == "cards"
        n = len(head["players"])
        llamas = 7 if head["variant"] == "komarami" else 8
        scores = [0] * n
        rnd = 0
        i += 1
        while objs[i]["ev"] == "round":
            r = objs[i]
            rnd += 1
            assert r["round"] == rnd
            hands = [list(h) for h in r["hands"]]
            assert all(len(h) == 6 and is_sorted(h) for h in hands)
            every = "".join(r["hands"]) + r["discard"] + r["pile"]
            for ch in ORDER:
                assert every.count(ch) == (llamas if ch == "L" else 8)  # C1, C12, C13
            top = r["discard"]
            pile = list(r["pile"])
            quit = [False] * n
            turn = r["first"]
            i += 1
            while objs[i]["ev"] in ("play", "draw", "quit"):
                e = objs[i]
                p = e["p"]
                assert p == turn and not quit[p]
                if e["ev"] == "play":
                    assert e["card"] in hands[p] and fits(e["card"], top)  # C4
                    hands[p].remove(e["card"])
                    top = e["card"]
                elif e["ev"] == "draw":
                    assert pile and e["card"] == pile.pop(0)  # C5
                    assert sum(1 for q in quit if not q) > 1  # C7
                    hands[p].append(e["card"])
                else:
                    quit[p] = True
                i += 1
                if not hands[p] or all(quit):
                    break
                turn = (turn + 1) % n
                while quit[turn]:
                    turn = (turn + 1) % n
            end = objs[i]
            assert end["ev"] == "round_end" and end["round"] == rnd
            assert end["reason"] == ("empty" if not hands[p] else "all_quit")  # C9
            for q in range(n):
                pts = round_points(str_to_counts("".join(hands[q])), llamas == 7)
                assert end["points"][q] == pts  # C10, C12
                ret = token_to_return(scores[q] + pts) if not hands[q] else 0
                assert end["returned"][q] == ret  # C11, S4
                scores[q] += pts - ret
            assert end["scores"] == scores
            i += 1
            if i < len(objs) and objs[i]["ev"] == "round":
                assert objs[i]["first"] == p  # C3
        fin = objs[i]
        assert fin["ev"] == "game_end" and fin["scores"] == scores
        assert fin["winners"] == [q for q in range(n) if scores[q] == min(scores)]
        if "rounds" in head:
            assert rnd == head["rounds"]
        else:
            assert max(scores) >= head["target"]
        games += 1
        i += 1
    return games


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
    objs = parse(transcript(args).stdout)
    games = int(args[args.index("--games") + 1])
    assert replay(objs) == games
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
