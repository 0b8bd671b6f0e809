"""What both games' codec bodies (lama.dice_codec, lama.cards_codec) share to read a saved state back and check it: the match's head and tail (lama.match writes them), its flags, a finished round. Loaded only to read a save, and let go with them (issue 26)."""

from lama import score
from lama.match import MAX_SETTING, TURN
from lama.score import GAME_OVER


def decode_head(r, cls):
    """A new `cls` state with the fields encode_head wrote (bounds-checked)."""
    n = r.u8(score.MIN_PLAYERS, score.MAX_PLAYERS)
    target = r.u16(1, MAX_SETTING)
    rounds = r.u16(0, MAX_SETTING)
    komarami = r.u8(0, 1) == 1
    state = cls(n, score.Rules(target, rounds, komarami))
    state.round_no = r.u16(1, 0xFFFF)
    state.first = r.u8(0, n - 1)
    state.turn = r.u8(0, n - 1)
    state.phase = r.u8(TURN, GAME_OVER)
    state.ender = r.u8()
    state.reason = cls.REASONS[r.u8(0, len(cls.REASONS) - 1)]
    state.scores = [r.u16() for _ in range(n)]
    return state


def decode_tail(state, r):
    """The fields encode_tail wrote."""
    state.points = [r.u8(0, 255) for _ in range(state.n)]
    state.returned = [r.u8(0, 10) for _ in range(state.n)]


def check_flags(state, bad):
    """Quit flags are 0/1 and a returned token is 0, 1 or 10 (S4); bad(msg) refuses."""
    for q in state.quit:
        if q > 1:
            bad("quit flag out of range")
    for v in state.returned:
        if v not in (0, 1, 10):
            bad("returned token out of range")


def check_finished(state, bad):
    """A finished round (ROUND_OVER, GAME_OVER) names who ended it, who starts next and
    why; S5/S6: GAME_OVER exactly when the scores or the rounds played end the game."""
    if state.ender >= state.n or state.turn != state.ender or state.reason == "":
        bad("a finished round names who ended it and why")
    if score.game_over(state.scores, state.rules, state.round_no) != (state.phase == GAME_OVER):
        bad("S5 game-over phase disagrees with the scores")
