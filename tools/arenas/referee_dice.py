"""The LAMA Dice transcripts' referee: replays `--game dice` lines (TRANSCRIPT.md) with
nothing but the rules (D2-D21, S3-S6) and gives each game's final scores; a broken rule
raises arenas.referee.Foul."""

import json

from arenas.referee import check, game_over, next_round_due, referee_games
from lama.score import round_points
from lama.symbols import str_to_counts

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
ORDER = "123456L"
DICE = ["LL1234", "LL3456", "LL1256"]  # D2's default faces
DECK = [5, 5, 5, 5, 5, 5, 6]  # D1: the deck's cards of each symbol


def sorted_cards(counts):
    """Counts of the seven symbols as the format's sorted string."""
    return "".join(ch * counts[i] for i, ch in enumerate(ORDER))


def next_seat(quit, p):
    """The next seat after p still in the round, or None."""
    n = len(quit)
    for k in range(1, n + 1):
        if not quit[(p + k) % n]:
            return (p + k) % n
    return None


def _roll(o, nxt, p, rows, llama, quit, scores):
    """Check a roll (D7) and the line it leads to (D8-D12), applying it to the rows."""
    d = o["dice"]
    check(len(d) == 3 and all(face in die for die, face in zip(DICE, d)), "dice %r cannot come up (D2)" % d)
    check(nxt["p"] == p, "seat %d rolled, seat %r acted: %s" % (p, nxt["p"], json.dumps(nxt)))
    row = rows[p]
    ev = nxt["ev"]
    if d == "LLL":
        check(ev in ("token", "none"), "three llamas lead to a token or nothing (D8), not " + ev)
        if ev == "token":
            want = 10 if scores[p] >= 10 else 1
            check(scores[p] >= 1 and nxt["value"] == want, "seat %d returned %r, S4 gives %d" % (p, nxt["value"], want))
            scores[p] -= want
        else:
            check(scores[p] == 0, "seat %d had a token to return (D8, S4)" % p)
        return
    matches = any(row[ORDER.find(ch)] for ch in d)
    if ev == "discard":
        gone = str_to_counts(nxt["cards"])
        check(matches and sum(gone) >= 1, "seat %d discarded %r on %s (D9)" % (p, nxt["cards"], d))
        for s in range(7):
            check(gone[s] <= min(row[s], d.count(ORDER[s])), "seat %d cannot discard %r on %s (D9)" % (p, nxt["cards"], d))
            row[s] -= gone[s]
        return
    check(not matches, "seat %d had to discard on %s (D9), not %s" % (p, d, ev))
    alone = all(quit[q] for q in range(len(quit)) if q != p)
    if ev == "take":
        s = ORDER.find(nxt["card"])
        check(nxt["card"] in d and llama[s] == 1, "seat %d cannot take %r on %s (D10)" % (p, nxt["card"], d))
        check(not alone, "seat %d took a card alone in the round (D12)" % p)
        llama[s] -= 1
        row[s] += 1
        return
    check(ev == "bust" and nxt["cards"] == sorted_cards(llama), "a bust takes the whole llama row (D11): " + json.dumps(nxt))
    check(alone or not any(llama[ORDER.find(ch)] for ch in d), "seat %d had a llama-row card to take on %s (D10)" % (p, d))
    for s in range(7):
        row[s] += llama[s]
        llama[s] = 0


def _round_end(o, rnd, rows, llama, scores):
    """Check a "round_end" line (D13-D15, S3, S4) and add the round to `scores`."""
    check(o["ev"] == "round_end" and o["round"] == rnd, "round %d must end, not with %s" % (rnd, json.dumps(o)))
    points = [round_points(r) for r in rows]
    check(o["points"] == points, "round points %r, the rules give %r (S3)" % (o["points"], points))
    emptied = [sum(r) == 0 for r in rows]
    reason = o["reason"]
    check(reason in ("empty", "bust", "row_taken", "all_quit"), "no such end: %r" % reason)
    check((reason == "empty") == any(emptied), "round ended %r with rows %r (D13)" % (reason, rows))
    check((reason in ("bust", "row_taken")) == (sum(llama) == 0), "round ended %r, llama row %r (D13)" % (reason, llama))
    for p in range(len(rows)):
        scores[p] += points[p]
        want = 0
        if emptied[p]:
            want = 10 if scores[p] >= 10 else (1 if scores[p] else 0)
        check(o["returned"][p] == want, "seat %d returned %r, the rules give %d (D15, S4)" % (p, o["returned"][p], want))
        scores[p] -= want
    check(o["scores"] == scores, "round %d scores %r, the rules give %r" % (rnd, o["scores"], scores))


def _game(objs, i):
    """Referee the game whose "game" line is objs[i]: (the index after it, its final scores)."""
    head = objs[i]
    check(head["ev"] == "game" and head["game"] == "dice", "a dice game line is due, not " + json.dumps(head))
    check(head["dice"] == DICE, "dice %r, not D2's %r" % (head["dice"], DICE))
    n = len(head["players"])
    check(2 <= n <= 6, "%d players (S1)" % n)
    scores = [0] * n
    first = head["first"]
    rnd = 0
    i += 1
    while i < len(objs) and objs[i]["ev"] == "round":
        o = objs[i]
        next_round_due(head, scores, rnd)
        rnd += 1
        check(o["round"] == rnd and o["first"] == first, "round %d must start with seat %d (D5): %s" % (rnd, first, json.dumps(o)))
        rows = [str_to_counts(r) for r in o["rows"]]
        check(len(rows) == n and all(sum(r) == 6 for r in rows), "each of %d rows holds six cards (D4)" % n)
        check(all(r == sorted_cards(str_to_counts(r)) for r in o["rows"]), "rows are sorted strings")
        for s in range(7):
            check(sum(r[s] for r in rows) <= DECK[s], "more %s dealt than the deck holds (D1)" % ORDER[s])
        check(o["llama_row"] == "123456L", "the llama row starts full (D3)")
        llama = str_to_counts("123456L")
        quit = [False] * n
        turn = first
        last = first
        i += 1
        while i < len(objs) and objs[i]["ev"] in ("roll", "quit"):
            o = objs[i]
            p = o["p"]
            check(p == turn and not quit[p], "seat %r moved on seat %r's turn: %s" % (p, turn, json.dumps(o)))
            if o["ev"] == "roll":
                check(i + 1 < len(objs), "the transcript stops after a roll")
                _roll(o, objs[i + 1], p, rows, llama, quit, scores)
                i += 2
            else:
                quit[p] = True
                i += 1
            last = p
            if sum(rows[p]) == 0 or sum(llama) == 0 or all(quit):
                break  # D13: the round ends at once
            turn = next_seat(quit, p)
        check(i < len(objs), "the transcript stops inside round %d" % rnd)
        _round_end(objs[i], rnd, rows, llama, scores)
        first = last  # D5: who took the last turn starts the next round
        i += 1
    check(i < len(objs), "the transcript stops before the game's end")
    game_over(head, scores, rnd, objs[i])
    return i + 1, scores


def referee(lines):
    """Every game of a dice transcript (its lines, without newlines), refereed: a list of
    each game's final scores. Raises Foul at the first broken rule."""
    return referee_games(lines, KEYS, _game)
