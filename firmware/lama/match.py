"""The match part both games share (RULES S): seats, scores, phases, turn order, round end, save head.

lama.dice and lama.cards build their states on Match and call these functions; a game
state class adds its own fields and provides
  GAME, REASONS        codec game id; the round-end reasons, index = the saved byte
  round_scores()       (points[], emptied[]) of the round just played (S3, D15/C11)
Phases: TURN, ROUND_OVER, GAME_OVER (lama.dice adds CHOOSE_DISCARD = 1, CHOOSE_TAKE = 2).
"""

from lama import score
from lama.errors import RuleError
from lama.score import GAME_OVER, ROUND_OVER

from micropython import const

TURN = const(0)  # (ROUND_OVER, GAME_OVER: lama.score)

NO_SEAT = const(255)
MAX_SETTING = 9999  # S6: the largest target or number of rounds (kept by the codec)

EMPTY = "empty"
ALL_QUIT = "all_quit"


class Match:
    """The fields every game state has: n, rules, scores, round_no (from 1), first, turn,
    phase, quit (bytearray of 0/1), ender (who ended the round just over, or NO_SEAT),
    reason, points and returned (of the round just over)."""

    def __init__(self, n, rules):
        self.n = n
        self.rules = rules
        self.scores = [0] * n
        self.round_no = 0
        self.first = 0
        self.turn = 0
        self.phase = TURN
        self.quit = bytearray(n)
        self.ender = NO_SEAT
        self.reason = ""
        self.points = [0] * n
        self.returned = [0] * n


def check_new(n_players, rules, first, first_rule):
    """S1, S6 and who starts (rule `first_rule`) for a new game; returns the rules (None:
    lama.score.Rules())."""
    score.check_players(n_players)
    if rules is None:
        rules = score.Rules()
    if not (1 <= rules.target <= MAX_SETTING and 0 <= rules.rounds <= MAX_SETTING):
        raise RuleError("S6", "target 1.." + str(MAX_SETTING) + ", rounds 0.." + str(MAX_SETTING))
    if not isinstance(first, int) or first < 0 or first >= n_players:
        raise RuleError(first_rule, "the first player must be a seat 0.." + str(n_players - 1))
    return rules


def start_round(state, first):
    """A new deal: the next round number, everyone in again, `first` to play."""
    for i in range(state.n):
        state.quit[i] = 0
    state.round_no += 1
    state.first = first
    state.turn = first
    state.phase = TURN


def between_rounds(state, action, next_kind, rule):
    """S5: no action once the game is over; between rounds (rule D13/C9) only (NEXT,).
    True when `action` (a non-empty tuple) is that (NEXT,)."""
    ph = state.phase
    if ph == GAME_OVER:
        raise RuleError("S5", "the game is over")
    if ph == ROUND_OVER:
        if action[0] != next_kind or len(action) != 1:
            raise RuleError(rule, "the round is over: only (NEXT,) deals the next one")
        return True
    return False


def alone(s):
    """D12/C7: the active player is the only one who has not quit (s: a state or a view)."""
    q = s.quit
    t = s.turn
    for i in range(s.n):
        if i != t and not q[i]:
            return False
    return not q[t]


def next_turn(state, p, ev):
    """D5/C3: play goes on clockwise to the next player still in the round (D12/C7:
    possibly the same one); D13/C9: when everyone has quit the round ends, `p` the last."""
    n = state.n
    q = state.quit
    state.phase = TURN
    i = p + 1
    for _ in range(n):
        if i >= n:
            i = 0
        if not q[i]:
            state.turn = i
            return
        i += 1
    end_round(state, p, ALL_QUIT, ev)


def end_round(state, p, reason, ev):
    """S3-S6 after a round: score it (state.round_scores()), who emptied their cards
    returns a token (D15/C11, S4), then S5/S6 decide whether the game ends; `p` took the
    last turn and starts the next round (D5/C3). Appends round_end (and game_end) to ev."""
    points, emptied = state.round_scores()
    returned, over = score.finish_round(state.scores, points, emptied, state.rules, state.round_no)
    state.points = points
    state.returned = returned
    state.ender = p
    state.reason = reason
    state.turn = p
    ev.append(
        ("round_end", state.round_no, reason, list(points), list(returned), list(state.scores))
    )
    if over:
        state.phase = GAME_OVER
        ev.append(("game_end", list(state.scores), score.winners(state.scores)))
    else:
        state.phase = ROUND_OVER


# --- codec body: the head before a game's own fields, the tail after them (read back
# and checked by lama.state_reader) ------------------------------------------------------


def encode_head(state, w):
    """n, the rules, round_no, first, turn, phase, ender, reason, scores."""
    n = state.n
    r = state.rules
    w.u8(n)
    w.u16(r.target)
    w.u16(r.rounds)
    w.u8(1 if r.komarami else 0)
    w.u16(state.round_no)
    w.u8(state.first)
    w.u8(state.turn)
    w.u8(state.phase)
    w.u8(state.ender)
    w.u8(state.REASONS.index(state.reason))
    for i in range(n):
        w.u16(state.scores[i])


def encode_tail(state, w):
    """The points and returned tokens of the round just over."""
    for i in range(state.n):
        w.u8(state.points[i])
    for i in range(state.n):
        w.u8(state.returned[i])
