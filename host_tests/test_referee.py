"""The transcripts' referee (tools/arenas/referee*.py): a transcript that breaks a rule is
a Foul naming the rule, and the arenas count only refereed games."""

import json

import pytest

from arenas import refereed, referee_cards, referee_dice, transcript_cards, transcript_dice
from arenas import tournament_cards, tournament_dice
from arenas.referee import Foul
from arenas.transcript_options import parse_args


def lines(module, args):
    out = []
    module.run(parse_args(args), out.append)
    return out


def cards_lines():
    return lines(transcript_cards, ["--game", "cards", "--seed", "5", "--games", "2", "--players", "expert,cautious,random"])


def dice_lines():
    return lines(transcript_dice, ["--seed", "5", "--games", "2", "--players", "expert,cautious,random"])


def edit(text_lines, ev, change, nth=0):
    """The lines with the nth line of event `ev` changed by change(obj)."""
    out = list(text_lines)
    seen = 0
    for i, line in enumerate(out):
        o = json.loads(line)
        if o["ev"] == ev:
            if seen == nth:
                change(o)
                out[i] = json.dumps(o, separators=(",", ":"))
                return out
            seen += 1
    raise AssertionError("no line " + ev)


def test_honest_transcripts_pass_with_their_scores():
    for ref, text in ((referee_cards, cards_lines()), (referee_dice, dice_lines())):
        finals = [json.loads(x)["scores"] for x in text if '"ev":"game_end"' in x]
        assert ref.referee(text) == finals and len(finals) == 2


@pytest.mark.parametrize(
    "ev, change, rule",
    [
        ("play", lambda o: o.update(card="L" if o["card"] != "L" else "3"), "C4"),
        ("draw", lambda o: o.update(card="L" if o["card"] != "L" else "1"), "C5"),
        ("round", lambda o: o.update(pile=o["pile"][1:] + "1"), "C1"),
        ("round_end", lambda o: o["points"].__setitem__(0, o["points"][0] + 1), "C10"),
        ("round_end", lambda o: o.update(reason="empty" if o["reason"] == "all_quit" else "all_quit"), "C9"),
        ("game_end", lambda o: o.update(winners=[9]), "S5"),
        ("quit", lambda o: o.update(p=(o["p"] + 1) % 3), "turn"),
    ],
)
def test_a_broken_card_rule_is_a_foul_naming_it(ev, change, rule):
    with pytest.raises(Foul, match=rule):
        referee_cards.referee(edit(cards_lines(), ev, change))


@pytest.mark.parametrize(
    "ev, change, rule",
    [
        ("roll", lambda o: o.update(dice="666"), "D2"),
        ("discard", lambda o: o.update(cards="L" * 3), "D9"),
        ("round", lambda o: o.update(llama_row="12345L"), "D3"),
        ("round_end", lambda o: o["returned"].__setitem__(0, 7), "D15"),
        ("game_end", lambda o: o["scores"].__setitem__(1, 0), "rules give"),
    ],
)
def test_a_broken_dice_rule_is_a_foul_naming_it(ev, change, rule):
    with pytest.raises(Foul, match=rule):
        referee_dice.referee(edit(dice_lines(), ev, change))


def test_a_round_after_the_games_end_and_a_cut_transcript_are_fouls():
    text = cards_lines()
    first_game_end = [i for i, x in enumerate(text) if '"ev":"game_end"' in x][0]
    second_round = [x for x in text[first_game_end:] if '"ev":"round"' in x][0]
    with pytest.raises(Foul, match="after the game's end"):
        referee_cards.referee(text[:first_game_end] + [second_round] + text[first_game_end:])
    with pytest.raises(Foul, match="stops"):
        referee_cards.referee(text[: first_game_end - 2])


def test_the_format_is_refereed_too():
    text = cards_lines()
    o = json.loads(text[0])
    with pytest.raises(Foul, match="order"):
        referee_cards.referee([json.dumps(dict(reversed(list(o.items()))), separators=(",", ":"))] + text[1:])
    with pytest.raises(Foul, match="compact"):
        referee_cards.referee([json.dumps(o)] + text[1:])
    with pytest.raises(Foul, match="known event"):
        referee_cards.referee(['{"ev":"cheat"}'] + text)
    with pytest.raises(Foul, match="JSON"):
        referee_dice.referee(["{"])


def test_arena_games_are_refereed(monkeypatch):
    names = ["expert", "cautious", "cautious"]
    for game, play in (("cards", tournament_cards.play_game), ("dice", tournament_dice.play_game)):
        text = played_lines(monkeypatch, game, names, 3)
        assert json.loads(text[0])["players"] == names and json.loads(text[-1])["ev"] == "game_end"
        assert play(names, 3) == json.loads(text[-1])["scores"]
    real = transcript_cards.event_json

    def lying(ev):  # the transcript says every play was a llama
        line = real(ev)
        return line.replace('"card":"1"', '"card":"L"') if ev[0] == "play" else line

    monkeypatch.setattr(transcript_cards, "event_json", lying)
    with pytest.raises(Foul, match="C4"):
        tournament_cards.play_game(names, 3)


def played_lines(monkeypatch, game, names, seed):
    """The transcript lines of an arena game, caught on their way to the referee."""
    caught = []
    judge = referee_cards if game == "cards" else referee_dice
    real = judge.referee

    def spy(text):
        caught.extend(text)
        return real(text)

    monkeypatch.setattr(judge, "referee", spy)
    (tournament_cards if game == "cards" else tournament_dice).play_game(names, seed)
    monkeypatch.undo()
    return caught


def test_arena_scores_must_agree_with_the_referee(monkeypatch):
    real = refereed.transcribe

    def miscount(engine, state, choose, rng, event_json, emit):
        real(engine, state, choose, rng, event_json, emit)
        state.scores[0] += 1  # the engine's count drifts from what the transcript shows

    monkeypatch.setattr(refereed, "transcribe", miscount)
    with pytest.raises(Foul, match="engine's scores"):
        tournament_dice.play_game(["expert", "cautious"], 4)
