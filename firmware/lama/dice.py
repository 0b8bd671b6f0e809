"""The LAMA Dice engine (RULES D1-D22): state, legal actions, their application, the codec body.

Public API (identical on CPython and MicroPython; small ints, bytes and bytearrays only)

Data
  GAME                      codec game id (lama.score.GAME_DICE)
  DICE = ("LL1234", "LL3456", "LL1256")   D2, the faces of dice A, B, C (the one place)
  DICE_FACES                the same as three 6-byte `bytes` of symbol indices (LLAMA = 6)
  Symbols are indices 0..6 into lama.symbols.SYMBOLS = "123456L"; a set of cards is a
  7-count bytearray (count of 1s, 2s, ..., 6s, llamas).

Phases (state.phase)
  TURN            the active seat `state.turn` rolls or quits
  CHOOSE_DISCARD  it rolled dice matching its row (D9) and must choose which cards to discard
  CHOOSE_TAKE     it rolled no match but the llama row matches (D10): choose a card
  ROUND_OVER      the round is scored; the driver applies (NEXT,) to deal the next round
  GAME_OVER       S5/S6 ended the game; no legal actions

Actions (small tuples; compare with ==)
  (ROLL,)  (QUIT,)          in TURN
  (DISCARD, counts)         in CHOOSE_DISCARD: counts, 7-byte bytes, the cards to discard
  (TAKE, symbol)            in CHOOSE_TAKE: the llama-row card to take
  (NEXT,)                   in ROUND_OVER
  Every choice of the rules is an action: all non-empty discards D9 allows are listed.

Functions
  new_game(n_players, rules, first, rng) -> DiceState dealt for round 1 (S1, D3-D5);
      rules None means lama.score.Rules()
  legal_actions(state) -> list of actions (a new list; [] in GAME_OVER). In CHOOSE_DISCARD
      the last one discards every card the roll allows.
  apply(state, action, rng) -> list of events; mutates state. An illegal action raises
      lama.errors.RuleError naming the rule (e.rule) and leaves the state untouched.
      rng (randbelow) is used by ROLL (three randbelow(6), dice A, B, C) and NEXT (the
      shuffle); other actions may pass None.
  round_event(state) -> the "round" event of the current deal (apply(NEXT) returns it;
      call it once after new_game for round 1)
  view(state, seat) -> View: what a player at the table sees (all but the set-aside cards)
  alone(s) -> True when the active player is the only one not quit (D12); s: state or view
  matches(counts, dice) -> True when a die shows a symbol present in counts
  allowed_discard(row, dice) -> 7-byte bytes: the most of each symbol D9 lets go
  (the codec body: encode_body here, decode_body in lama.dice_codec)

Events (tuples; tools/transcript.py prints them as JSON Lines, see tools/arenas/TRANSCRIPT.md)
  ("round", round_no, first, rows[bytes7...], llama_row bytes7)
  ("roll", seat, dice bytes3)          faces of A, B, C
  ("discard", seat, cards bytes7)      exactly one of discard/take/bust/token/none
  ("take", seat, symbol)               follows each roll (discard and take come from the
  ("bust", seat, cards bytes7)         DISCARD / TAKE action that follows the roll)
  ("token", seat, value)               D8, value 1 or 10
  ("none", seat)                       D8 with no token to return
  ("quit", seat)
  ("round_end", round_no, reason, points[], returned[], scores[])
      reason: "empty" | "bust" | "row_taken" | "all_quit"
  ("game_end", scores[], winners[])

DiceState fields (read them; change them only through apply)
  n, rules (lama.score.Rules), scores (list), round_no (from 1), first (seat that started
  this round), turn (active seat), phase, rows (list of n 7-count bytearrays), llama_row,
  quit (bytearray of 0/1), discarded (7-count, this round), set_aside (7-count, hidden),
  dice (bytearray(3), the last roll; LLL before a round's first roll), ender (the seat
  that took the last turn of the round just ended, or NO_SEAT), reason, points, returned
  (of the round just ended; points and returned are lists).

Bots (lama.dice_bots): choose(view, actions, rng) -> one of actions.
"""

from lama import match, score
from lama.errors import RuleError
from lama.match import GAME_OVER as GAME_OVER  # re-exported: lama.dice.GAME_OVER
from lama.match import ALL_QUIT, EMPTY, ROUND_OVER, TURN, alone
from lama.rng import shuffle
from lama.score import GAME_DICE
from lama.symbols import LLAMA, N_SYMBOLS, SYMBOLS

from micropython import const


GAME = GAME_DICE

# D2: the one place the dice faces are kept. Each number is on exactly two dice.
DICE = ("LL1234", "LL3456", "LL1256")
DICE_FACES = tuple(bytes([SYMBOLS.find(ch) for ch in die]) for die in DICE)

# D1/D4: the deck (five of each number, six llamas) and the llama row (one of each).
DECK_COUNTS = bytes([5, 5, 5, 5, 5, 5, 6])
LLAMA_ROW_COUNTS = bytes([1, 1, 1, 1, 1, 1, 1])
ALL_CARDS = bytes([6, 6, 6, 6, 6, 6, 7])  # D1: 43 cards
ROW_SIZE = 6  # D4
DECK_SIZE = 36

# phases (TURN, ROUND_OVER, GAME_OVER: lama.match)
CHOOSE_DISCARD = const(1)
CHOOSE_TAKE = const(2)

# action kinds
ROLL = const(0)
QUIT = const(1)
DISCARD = const(2)
TAKE = const(3)
NEXT = const(4)

BUST = "bust"
ROW_TAKEN = "row_taken"
REASONS = ("", EMPTY, BUST, ROW_TAKEN, ALL_QUIT)

_ACT_ROLL = (ROLL,)
_ACT_QUIT = (QUIT,)
_ACT_NEXT = (NEXT,)


class DiceState(match.Match):
    """The whole state of a LAMA Dice game (see the module docstring for the fields)."""

    GAME = GAME
    REASONS = REASONS

    def __init__(self, n, rules):
        match.Match.__init__(self, n, rules)
        self.rows = [bytearray(N_SYMBOLS) for _ in range(n)]
        self.llama_row = bytearray(N_SYMBOLS)
        self.discarded = bytearray(N_SYMBOLS)
        self.set_aside = bytearray(N_SYMBOLS)
        self.dice = bytearray([LLAMA, LLAMA, LLAMA])

    def round_scores(self):
        """D14/D15: every row's points (S3), and whose row is empty."""
        rows = self.rows
        return [score.round_points(r) for r in rows], [not any(r) for r in rows]


class View:
    """What seat `seat` sees of a state (shared, read-only references; no set-aside cards)."""

    def __init__(self, state, seat):
        self.seat = seat
        self.n = state.n
        self.rules = state.rules
        self.scores = state.scores
        self.round_no = state.round_no
        self.first = state.first
        self.turn = state.turn
        self.phase = state.phase
        self.rows = state.rows
        self.llama_row = state.llama_row
        self.quit = state.quit
        self.discarded = state.discarded
        self.dice = state.dice


def view(state, seat):
    """The View of `state` for the player in `seat` (C14's principle, applied to dice)."""
    return View(state, seat)


# --- helpers the engine and the bots share ---------------------------------------------


def matches(counts, dice):
    """True when at least one die shows a symbol present in `counts` (D9, D10)."""
    return counts[dice[0]] > 0 or counts[dice[1]] > 0 or counts[dice[2]] > 0


def three_llamas(dice):
    """D8: all three dice show a llama."""
    return dice[0] == LLAMA and dice[1] == LLAMA and dice[2] == LLAMA


def allowed_discard(row, dice):
    """D9: for each symbol, the most cards of it the roll lets go (one per die showing it,
    no more than the row holds)."""
    m = bytearray(N_SYMBOLS)
    for d in dice:
        if m[d] < row[d]:
            m[d] += 1
    return bytes(m)


def _discard_options(allowed):
    """Every non-empty sub-multiset of `allowed` (D9) as a DISCARD action, in a fixed order
    whose last element discards everything allowed."""
    opts = [bytearray(N_SYMBOLS)]
    for s in range(N_SYMBOLS):
        if allowed[s]:
            grown = []
            for o in opts:
                for k in range(1, allowed[s] + 1):
                    c = bytearray(o)
                    c[s] = k
                    grown.append(c)
            opts = opts + grown
    return [(DISCARD, bytes(o)) for o in opts[1:]]


# --- setting up ------------------------------------------------------------------------


def new_game(n_players, rules, first, rng):
    """A new game for n_players (S1) under `rules` (None: the defaults), round 1 dealt,
    started by `first` (D5)."""
    rules = match.check_new(n_players, rules, first, "D5")
    state = DiceState(n_players, rules)
    _deal(state, first, rng)
    return state


def _deal(state, first, rng):
    """D3-D5: lay out the llama row, shuffle the deck, deal six to each row, set aside the
    rest; `first` starts."""
    deck = bytearray()
    for s in range(N_SYMBOLS):
        deck.extend(bytes([s]) * DECK_COUNTS[s])
    shuffle(deck, rng)
    pos = 0
    for row in state.rows:
        for s in range(N_SYMBOLS):
            row[s] = 0
        for _ in range(ROW_SIZE):
            row[deck[pos]] += 1
            pos += 1
    aside = state.set_aside
    for s in range(N_SYMBOLS):
        aside[s] = 0
        state.llama_row[s] = LLAMA_ROW_COUNTS[s]
        state.discarded[s] = 0
    while pos < DECK_SIZE:
        aside[deck[pos]] += 1
        pos += 1
    match.start_round(state, first)
    state.dice[0] = state.dice[1] = state.dice[2] = LLAMA


def round_event(state):
    """The "round" event of the current deal: round number, first seat, rows, llama row."""
    return (
        "round",
        state.round_no,
        state.first,
        [bytes(r) for r in state.rows],
        bytes(state.llama_row),
    )


# --- legal actions ---------------------------------------------------------------------


def legal_actions(state):
    """Every action the rules allow now (a new list)."""
    ph = state.phase
    if ph == TURN:
        return [_ACT_ROLL, _ACT_QUIT]
    if ph == CHOOSE_DISCARD:
        return _discard_options(allowed_discard(state.rows[state.turn], state.dice))
    if ph == CHOOSE_TAKE:
        d = state.dice
        lr = state.llama_row
        out = []
        for s in range(N_SYMBOLS):
            if lr[s] and (d[0] == s or d[1] == s or d[2] == s):
                out.append((TAKE, s))
        return out
    if ph == ROUND_OVER:
        return [_ACT_NEXT]
    return []


def _check(state, action):
    """Raise RuleError unless `action` is legal now; returns its kind."""
    if not isinstance(action, tuple) or not action:
        raise RuleError("D7", "an action is a tuple such as (ROLL,)")
    kind = action[0]
    if match.between_rounds(state, action, NEXT, "D13"):
        return kind
    ph = state.phase
    if ph == TURN:
        if (kind != ROLL and kind != QUIT) or len(action) != 1:
            raise RuleError("D6", "a turn is a roll (D7) or a quit (D6)")
        return kind
    if ph == CHOOSE_DISCARD:
        if kind != DISCARD or len(action) != 2:
            raise RuleError("D9", "the roll matches the row: discard at least one card")
        cards = action[1]
        if not isinstance(cards, (bytes, bytearray)) or len(cards) != N_SYMBOLS:
            raise RuleError("D9", "a discard is a 7-byte count of cards")
        allowed = allowed_discard(state.rows[state.turn], state.dice)
        n = 0
        for s in range(N_SYMBOLS):
            if cards[s] > allowed[s]:
                raise RuleError(
                    "D9", "each die lets one card of its own symbol go: too many " + SYMBOLS[s]
                )
            n += cards[s]
        if n == 0:
            raise RuleError("D9", "discard at least one card")
        return kind
    # TAKE
    if kind != TAKE or len(action) != 2:
        raise RuleError("D10", "no die matches the row: take one matching llama-row card")
    s = action[1]
    d = state.dice
    if not isinstance(s, int) or s < 0 or s >= N_SYMBOLS:
        raise RuleError("D10", "not a symbol: " + str(s))
    if not (d[0] == s or d[1] == s or d[2] == s):
        raise RuleError("D10", "the card taken must match a die")
    if not state.llama_row[s]:
        raise RuleError("D10", "no " + SYMBOLS[s] + " left in the llama row")
    return kind


# --- applying --------------------------------------------------------------------------


def apply(state, action, rng):
    """Apply a legal action for the active player; returns the events it caused."""
    kind = _check(state, action)
    p = state.turn
    if state.phase == ROUND_OVER:
        _deal(state, state.ender, rng)
        return [round_event(state)]
    if state.phase == TURN:
        if kind == QUIT:
            return _quit(state, p)
        return _roll(state, p, rng)
    if state.phase == CHOOSE_DISCARD:
        return _discard(state, p, bytes(action[1]))
    return _take(state, p, action[1])


def _quit(state, p):
    """D6: the player's row turns face down; they take no more turns this round."""
    state.quit[p] = 1
    ev = [("quit", p)]
    match.next_turn(state, p, ev)
    return ev


def _roll(state, p, rng):
    """D7: roll the three dice; exactly one of D8-D11 applies, in that order."""
    d = state.dice
    for i in range(3):
        d[i] = DICE_FACES[i][rng.randbelow(6)]
    ev = [("roll", p, bytes(d))]
    row = state.rows[p]
    if three_llamas(d):
        _three_llamas(state, p, ev)  # D8, D21 (alone too)
        match.next_turn(state, p, ev)
    elif matches(row, d):
        state.phase = CHOOSE_DISCARD  # D9: the DISCARD action follows
    elif alone(state) or not matches(state.llama_row, d):
        _bust(state, p, ev)  # D12 alone, or D11
    else:
        state.phase = CHOOSE_TAKE  # D10: the TAKE action follows
    return ev


def _three_llamas(state, p, ev):
    """D8/D21: return one token (S4) if the player has any; no card moves."""
    value = score.token_to_return(state.scores[p])
    if value:
        state.scores[p] -= value
        ev.append(("token", p, value))
    else:
        ev.append(("none", p))


def _discard(state, p, cards):
    """D9/D19: the chosen cards leave the player's row and the round."""
    row = state.rows[p]
    for s in range(N_SYMBOLS):
        row[s] -= cards[s]
        state.discarded[s] += cards[s]
    ev = [("discard", p, cards)]
    for c in row:
        if c:
            match.next_turn(state, p, ev)
            return ev
    match.end_round(state, p, EMPTY, ev)  # D13: the last card went
    return ev


def _take(state, p, s):
    """D10: the chosen llama-row card joins the row; D18: the last one ends the round."""
    state.llama_row[s] -= 1
    state.rows[p][s] += 1
    ev = [("take", p, s)]
    for c in state.llama_row:
        if c:
            match.next_turn(state, p, ev)
            return ev
    match.end_round(state, p, ROW_TAKEN, ev)
    return ev


def _bust(state, p, ev):
    """D11/D17: every card left in the llama row joins the row; the round ends at once."""
    lr = state.llama_row
    row = state.rows[p]
    ev.append(("bust", p, bytes(lr)))
    for s in range(N_SYMBOLS):
        row[s] += lr[s]
        lr[s] = 0
    match.end_round(state, p, BUST, ev)


# --- codec body ------------------------------------------------------------------------


def encode_body(state, w):
    """The state's body for lama.codec (after MAGIC, version, game id)."""
    match.encode_head(state, w)
    for row in state.rows:
        w.raw(row)
    w.raw(state.llama_row)
    w.raw(state.discarded)
    w.raw(state.set_aside)
    w.raw(state.quit)
    w.raw(state.dice)
    match.encode_tail(state, w)
