"""The L.L.A.M.A. transcripts' referee: replays `--game cards` lines (TRANSCRIPT.md) with
nothing but the rules (C1-C13, S3-S6) and gives each game's final scores; a broken rule
raises arenas.referee.Foul."""

import json

from arenas.referee import check, game_over, next_round_due, referee_games
from lama.score import round_points, token_to_return
from lama.symbols import str_to_counts

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


def fits(card, top):
    """C4: a card of the top's value or the next one (a llama after a 6, a 1 after a llama)."""
    return card == top or ORDER.index(card) == (ORDER.index(top) + 1) % 7


def _round(r, rnd, n, llamas):
    """Check a "round" line's deal (C1, C2, C12, C13); returns the hands as lists."""
    check(r["round"] == rnd, "round %r where round %d is due" % (r["round"], rnd))
    hands = [list(h) for h in r["hands"]]
    check(len(hands) == n, "%d hands dealt for %d players" % (len(hands), n))
    for h in r["hands"]:
        check(len(h) == 6 and list(h) == sorted(h, key=ORDER.index), "hand %r is not 6 sorted cards (C2)" % h)
    every = "".join(r["hands"]) + r["discard"] + r["pile"]
    for ch in ORDER:
        want = llamas if ch == "L" else 8
        check(every.count(ch) == want, "%d cards %s in the deal, not %d (C1, C12)" % (every.count(ch), ch, want))
    return hands


def _game(objs, i):
    """Referee the game whose "game" line is objs[i]: (the index after it, its final scores)."""
    head = objs[i]
    check(head["ev"] == "game" and head["game"] == "cards", "a cards game line is due, not " + json.dumps(head))
    n = len(head["players"])
    check(2 <= n <= 6, "%d players (S1)" % n)
    komarami = head["variant"] == "komarami"
    llamas = 7 if komarami else 8
    scores = [0] * n
    rnd = 0
    first = head["first"]
    i += 1
    while i < len(objs) and objs[i]["ev"] == "round":
        r = objs[i]
        next_round_due(head, scores, rnd)
        rnd += 1
        hands = _round(r, rnd, n, llamas)
        check(r["first"] == first, "round %d starts with seat %r, not %d (C3)" % (rnd, r["first"], first))
        top = r["discard"]
        pile = list(r["pile"])
        quit = [False] * n
        turn = first
        p = turn
        i += 1
        while i < len(objs) and objs[i]["ev"] in ("play", "draw", "quit"):
            e = objs[i]
            p = e["p"]
            check(p == turn and not quit[p], "seat %r moved on seat %d's turn: %s" % (p, turn, json.dumps(e)))
            if e["ev"] == "play":
                check(e["card"] in hands[p] and fits(e["card"], top), "seat %d cannot play %s on %s (C4)" % (p, e["card"], top))
                hands[p].remove(e["card"])
                top = e["card"]
            elif e["ev"] == "draw":
                check(bool(pile) and e["card"] == pile[0], "seat %d drew %s, not the pile's top (C5)" % (p, e["card"]))
                check(quit.count(False) > 1, "seat %d drew alone in the round (C7)" % p)
                hands[p].append(pile.pop(0))
            else:
                quit[p] = True
            i += 1
            if not hands[p] or all(quit):
                break
            turn = (turn + 1) % n
            while quit[turn]:
                turn = (turn + 1) % n
        check(i < len(objs), "the transcript stops inside round %d" % rnd)
        end = objs[i]
        check(end["ev"] == "round_end" and end["round"] == rnd, "round %d must end here, not with %s" % (rnd, json.dumps(end)))
        reason = "empty" if not hands[p] else "all_quit"
        check(end["reason"] == reason, "round %d ended %r, the rules give %r (C9)" % (rnd, end["reason"], reason))
        for q in range(n):
            pts = round_points(str_to_counts("".join(hands[q])), komarami)
            check(end["points"][q] == pts, "seat %d scored %r, the rules give %d (C10, C12)" % (q, end["points"][q], pts))
            ret = token_to_return(scores[q] + pts) if not hands[q] else 0
            check(end["returned"][q] == ret, "seat %d returned %r, the rules give %d (C11, S4)" % (q, end["returned"][q], ret))
            scores[q] += pts - ret
        check(end["scores"] == scores, "round %d scores %r, the rules give %r" % (rnd, end["scores"], scores))
        first = p  # C3: the next round starts with who ended this one
        i += 1
    check(i < len(objs), "the transcript stops before the game's end")
    game_over(head, scores, rnd, objs[i])
    return i + 1, scores


def referee(lines):
    """Every game of a cards transcript (its lines, without newlines), refereed: a list of
    each game's final scores. Raises Foul at the first broken rule."""
    return referee_games(lines, KEYS, _game)
