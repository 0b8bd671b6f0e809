"""The LAMA Dice state read back for lama.codec: decode_body(r), which rejects a state the
rules (lama.dice) could not have produced (lama.dice.encode_body writes it). Loaded only
to read a saved game, and let go after (issue 26)."""

from lama import score, state_reader
from lama.dice import (ALL_CARDS, BUST, CHOOSE_DISCARD, CHOOSE_TAKE, DECK_COUNTS, DECK_SIZE,
                       DICE, ROW_SIZE, ROW_TAKEN, DiceState, matches, three_llamas)
from lama.errors import CodecError
from lama.match import ALL_QUIT, EMPTY, NO_SEAT, TURN, alone
from lama.symbols import N_SYMBOLS, SYMBOLS

_DIE_MASKS = tuple(sum(1 << SYMBOLS.find(ch) for ch in set(die)) for die in DICE)  # D2

def decode_body(r):
    """The state encoded by encode_body; CodecError for anything inconsistent."""
    state = state_reader.decode_head(r, DiceState)
    n = state.n
    state.rows = [bytearray(r.raw(N_SYMBOLS)) for _ in range(n)]
    state.llama_row = bytearray(r.raw(N_SYMBOLS))
    state.discarded = bytearray(r.raw(N_SYMBOLS))
    state.set_aside = bytearray(r.raw(N_SYMBOLS))
    state.quit = bytearray(r.raw(n))
    state.dice = bytearray(r.raw(3))
    state_reader.decode_tail(state, r)
    _validate(state)
    return state


def _bad(msg):
    raise CodecError("dice state: " + msg)


def _validate(state):
    """Reject a decoded state that the rules could not have produced."""
    n = state.n
    for s in range(N_SYMBOLS):
        held = state.llama_row[s] + state.discarded[s] + state.set_aside[s]
        for row in state.rows:
            held += row[s]
        if held != ALL_CARDS[s]:
            _bad("D19 card conservation broken for " + SYMBOLS[s])
        if state.llama_row[s] > 1:
            _bad("llama row holds one card of each symbol")
        if state.set_aside[s] > DECK_COUNTS[s]:
            _bad("set-aside cards exceed the deck")
    aside = 0
    for c in state.set_aside:
        aside += c
    if aside != DECK_SIZE - ROW_SIZE * n:
        _bad("D4 wrong number of set-aside cards")
    state_reader.check_flags(state, _bad)
    for i in range(3):
        if not (_DIE_MASKS[i] >> state.dice[i]) & 1:
            _bad("D2 die face not on that die")
    ph = state.phase
    t = state.turn
    if ph == TURN or ph == CHOOSE_DISCARD or ph == CHOOSE_TAKE:
        if state.round_no == 1:
            if (
                state.ender != NO_SEAT
                or state.reason != ""
                or any(state.points)
                or any(state.returned)
            ):
                _bad("round 1 follows no finished round")
        elif state.ender != state.first:
            _bad("D5 a round is started by who ended the last one")
        if score.game_over(state.scores, state.rules, state.round_no - 1):
            _bad("S5 the game was over before this round")
        if state.quit[t]:
            _bad("the active player has quit")
        for row in state.rows:
            if not any(row):
                _bad("D13/D20 an empty row in play")
        if not any(state.llama_row):
            _bad("D13 the llama row is empty in play")
        if ph == CHOOSE_DISCARD and (
            three_llamas(state.dice) or not matches(state.rows[t], state.dice)
        ):
            _bad("D9 discard phase without a matching roll")
        if ph == CHOOSE_TAKE and (
            three_llamas(state.dice)
            or matches(state.rows[t], state.dice)
            or not matches(state.llama_row, state.dice)
            or alone(state)
        ):
            _bad("D10 take phase without a D10 roll")
        return
    state_reader.check_finished(state, _bad)
    r = state.reason
    emptied = 0
    for i in range(n):
        if state.points[i] != score.round_points(state.rows[i]):
            _bad("S3 round points disagree with the rows")
        if any(state.rows[i]):
            if state.returned[i]:
                _bad("D15 only a player with an empty row returns a token")
        else:
            emptied += 1
            v = state.returned[i]
            if (v == 0 and state.scores[i] != 0) or (v == 1 and state.scores[i] > 8):
                _bad("S4 the token returned is the best one")
    if (r == EMPTY) != (emptied == 1) or emptied > 1:
        _bad("D13 'empty' means one row emptied")
    if (r == BUST or r == ROW_TAKEN) == any(state.llama_row):
        _bad("D13/D17 the llama row is empty after a bust or the last take")
    if r == ALL_QUIT and not all(state.quit):
        _bad("D13 'all_quit' but someone is still in")
