"""An arena game played through its transcript (tools/arenas/TRANSCRIPT.md) and refereed by
the rules alone (arenas.referee_dice, arenas.referee_cards): the arenas count only the
referee's scores."""

import importlib

from arenas.referee import check
from arenas.transcript_lines import game_head, transcribe

GAMES = {"dice": "lama.dice", "cards": "lama.cards"}  # game -> its engine


def play_refereed(game, state, choose, rng, seed, names, first, rules):
    """Play `game`'s new `state` to its end (choose and rng as arenas.engine_play), writing
    its transcript and refereeing it; returns the refereed final scores, and raises
    arenas.referee.Foul when the transcript breaks a rule or the engine's scores differ."""
    engine = importlib.import_module(GAMES[game])
    scribe = importlib.import_module("arenas.transcript_" + game)
    judge = importlib.import_module("arenas.referee_" + game)
    lines = [game_head(game, seed, names, first, scribe.head_extra(rules), rules)]
    transcribe(engine, state, choose, rng, scribe.event_json, lines.append)
    scores = judge.referee(lines)[0]
    check(scores == list(state.scores), "the engine's scores %r, the referee's %r" % (state.scores, scores))
    return scores
