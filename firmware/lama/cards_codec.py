"""The L.L.A.M.A. state read back for lama.codec: decode_body(r), which rejects a state the
rules (lama.cards) could not have produced (lama.cards.encode_body writes it). Loaded only
to read a saved game, and let go after (issue 26)."""

from lama import state_reader
from lama.cards import (GAME_OVER, CardsState, copies, deck_size, in_round)
from lama.errors import CodecError
from lama.match import ALL_QUIT, EMPTY, NO_SEAT, ROUND_OVER, TURN
from lama.symbols import N_SYMBOLS, SYMBOLS, new_counts, total


def decode_body(r):
    """The state encoded by encode_body; CodecError for anything inconsistent."""
    state = state_reader.decode_head(r, CardsState)
    n = state.n
    state.hands = [bytearray(r.raw(N_SYMBOLS)) for _ in range(n)]
    state.quit = bytearray(r.raw(n))
    state.top = r.u8(0, N_SYMBOLS - 1)
    state.discard = bytearray(r.raw(N_SYMBOLS))
    state.pile = bytearray(r.blob(deck_size(state.rules)))
    state_reader.decode_tail(state, r)
    _validate(state)
    return state


def _bad(msg):
    raise CodecError("cards state: " + msg)


def _validate(state):
    """Reject a decoded state that the rules could not have produced."""
    n = state.n
    rules = state.rules
    held = new_counts()
    for v in state.pile:
        if v >= N_SYMBOLS:
            _bad("not a card in the draw pile")
        held[v] += 1
    for s in range(N_SYMBOLS):
        k = held[s] + state.discard[s]
        for hand in state.hands:
            k += hand[s]
        if k != copies(s, rules):
            _bad("C13 card conservation broken for " + SYMBOLS[s])
    if not state.discard[state.top]:
        _bad("the top card is not on the discard pile")
    state_reader.check_flags(state, _bad)
    if state.phase == TURN:
        if state.quit[state.turn]:
            _bad("the active player has quit")
        for hand in state.hands:
            if total(hand) == 0:
                _bad("C9 an empty hand in a round still being played")
        if state.ender != NO_SEAT and state.ender >= n:
            _bad("seat out of range")
    elif state.phase == ROUND_OVER or state.phase == GAME_OVER:
        state_reader.check_finished(state, _bad)
        if state.reason == EMPTY and total(state.hands[state.ender]) != 0:
            _bad("C9 the round ended by an empty hand, but that hand holds cards")
        if state.reason == ALL_QUIT and in_round(state) != 0:
            _bad("C9 the round ended with everyone quit, but someone is still in")
    else:
        _bad("no such phase")
