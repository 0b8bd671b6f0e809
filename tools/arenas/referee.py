"""The transcripts' referee (TRANSCRIPT.md), what both games share: a line read and checked
against the format, a broken rule raised as Foul. The games' rules are in referee_dice and
referee_cards; the arenas count only refereed games, the tests use the same referee."""

import json


class Foul(ValueError):
    """A transcript that breaks the format or a rule: the message says which line and why."""


def check(ok, what):
    """Raise Foul(what) unless `ok`."""
    if not ok:
        raise Foul(what)


def read_lines(lines, keys):
    """The objects of transcript lines, each checked: a known event whose keys come in the
    format's order (`keys`: event -> its keys; a "game" line may add "rounds"), written as
    compact JSON."""
    objs = []
    for line in lines:
        try:
            o = json.loads(line)
        except ValueError:
            raise Foul("not JSON: " + line)
        check(isinstance(o, dict) and o.get("ev") in keys, "not a known event: " + line)
        order = list(o)
        want = keys[o["ev"]]
        check(order == want or (o["ev"] == "game" and order == want + ["rounds"]), "keys out of order: " + line)
        check(json.dumps(o, separators=(",", ":")) == line, "not compact JSON: " + line)
        objs.append(o)
    return objs


def referee_games(lines, keys, game):
    """Every game of a transcript refereed: its lines read (read_lines, `keys`), then
    game(objs, i) for the game whose "game" line is objs[i], giving (the index after it,
    its final scores); a list of each game's final scores."""
    objs = read_lines(lines, keys)
    out = []
    i = 0
    while i < len(objs):
        i, scores = game(objs, i)
        out.append(scores)
    return out


def game_goes_on(head, scores, rounds_played):
    """Whether another round is due after `rounds_played` rounds (S5, S6): the head's fixed
    number of rounds not yet played, else no score at the target yet."""
    if "rounds" in head:
        return rounds_played < head["rounds"]
    return max(scores) < head["target"]


def next_round_due(head, scores, rounds_played):
    """Check that a round may follow the `rounds_played` rounds scored so far (S5, S6)."""
    check(game_goes_on(head, scores, rounds_played), "round %d dealt after the game's end (S5, S6)" % (rounds_played + 1))


def game_over(head, scores, rounds_played, end):
    """Check a game's last line `end` ("game_end") against the refereed scores, and that the
    game was due to end (S5, S6)."""
    check(end["ev"] == "game_end", "a game_end line must end the game, not " + json.dumps(end))
    check(not game_goes_on(head, scores, rounds_played), "the game ended after %d rounds, scores %r (S5, S6)" % (rounds_played, scores))
    check(end["scores"] == scores, "game_end scores %r, the rules give %r" % (end["scores"], scores))
    low = min(scores)
    winners = [p for p in range(len(scores)) if scores[p] == low]
    check(end["winners"] == winners, "winners %r, the rules give %r (S5)" % (end["winners"], winners))
