"""The L.L.A.M.A. card game engine (RULES C1-C14): state, legal actions, their effects.

Public API, mirroring lama.dice (identical on CPython and MicroPython)

Data
  GAME                      codec game id (lama.score.GAME_CARDS)
  Cards are symbol indices 0..6 into lama.symbols.SYMBOLS = "123456L"; a hand or the
  discard pile is a 7-count bytearray; the draw pile is a bytearray, top card first.

Phases (state.phase; the numbers lama.dice uses for the same phases)
  TURN        the active seat `state.turn` plays, draws or quits
  ROUND_OVER  the round is scored; the driver applies (NEXT,) to deal the next round
  GAME_OVER   S5/S6 ended the game; no legal actions

Actions (small tuples; compare with ==)
  (PLAY, v)   put one card of value v from the hand on the discard pile (C4)
  (DRAW,)     take the top card of the draw pile (C5)
  (QUIT,)     leave the round (C6)
  (NEXT,)     in ROUND_OVER: deal the next round (C2, C3)

Functions
  new_game(n_players, rules, first, rng) -> CardsState dealt for round 1 (S1, C2, C3)
  legal_actions(state) -> list of actions: plays in value order, draw, quit ([] in
      GAME_OVER; C8: only quit when nothing can be played or drawn)
  apply(state, action, rng) -> list of events; mutates state. An illegal action raises
      lama.errors.RuleError naming the rule (e.rule) and leaves the state untouched.
  round_event(state) -> the "round" event of the current deal (apply(NEXT) returns it;
      call it once after new_game for round 1)
  view(state, seat) -> View: what the player in that seat may know (C14)
  unseen(view) -> 7-count of the cards the view cannot see (other hands, draw pile)
  alone(s) -> True when the active player is the only one not quit (C7); s: state or view
  fits(v, top), next_value(v) -> C4; hand_points(hand, rules) -> C10/C12
  encode_body(state, w) / decode_body(r) -> for lama.codec (validated, CodecError)

Events (tuples; tools/transcript.py prints them as JSON Lines)
  ("round", round_no, first, hands[bytes7...], top, pile bytes top first)
  ("play", seat, v)   ("draw", seat, v)   ("quit", seat)
  ("round_end", round_no, reason, points[], returned[], scores[])
      reason: "empty" | "all_quit"
  ("game_end", scores[], winners[])

CardsState fields (read them; change them only through apply)
  n, rules (lama.score.Rules), scores, round_no (from 1), first, turn, phase, hands (n
  7-counts), quit (bytearray 0/1), pile, discard (7-count of the discard pile), top,
  ender (seat that ended the round just over, C3, or NO_SEAT), reason, points, returned.
"""

from lama import card_clues, match, score
from lama.errors import RuleError
from lama.match import GAME_OVER as GAME_OVER  # re-exported: lama.cards.GAME_OVER
from lama.match import ALL_QUIT, EMPTY, ROUND_OVER, TURN, alone
from lama.rng import shuffle
from lama.score import GAME_CARDS
from lama.symbols import LLAMA, N_SYMBOLS, new_counts, total

from micropython import const


GAME = GAME_CARDS
_HAND_SIZE = const(6)  # C2

# phases TURN, ROUND_OVER, GAME_OVER: lama.match

DRAW = const(0)
QUIT = const(1)
PLAY = const(2)
NEXT = const(3)

REASONS = ("", EMPTY, ALL_QUIT)

_ACT_DRAW = (DRAW,)
_ACT_QUIT = (QUIT,)
_ACT_NEXT = (NEXT,)


def copies(v, rules):
    """C1/C12: how many cards of value v the game has (eight; seven llamas in C12)."""
    if v == LLAMA and rules.komarami:
        return 7
    return 8


def deck_size(rules):
    """C1/C12: 56 cards, 55 in Lato z Komarami."""
    n = 0
    for v in range(N_SYMBOLS):
        n += copies(v, rules)
    return n


def next_value(v):
    """C4: the value one more than v: 1->2, ..., 5->6, 6->L, L->1."""
    return 0 if v == LLAMA else v + 1


def fits(v, top):
    """C4: a card of value v may go on `top`: the same value or exactly one more."""
    return v == top or v == next_value(top)


def hand_points(hand, rules):
    """C10/C12: what a hand scores (S3; each llama 10 in Lato z Komarami)."""
    return score.round_points(hand, rules.komarami)


class CardsState(match.Match):
    """The whole state of a card game (see the module docstring for the fields)."""

    GAME = GAME
    REASONS = REASONS

    def __init__(self, n, rules):
        match.Match.__init__(self, n, rules)
        self.hands = [new_counts() for _ in range(n)]
        self.pile = bytearray()
        self.discard = new_counts()
        self.top = 0
        self.clues = card_clues.new(n)  # what the table saw this round (not saved: a resumed game starts it anew)

    def round_scores(self):
        """C10/C11: every hand's points, face-down ones included, and whose hand is empty."""
        hands = self.hands
        return [hand_points(h, self.rules) for h in hands], [total(h) == 0 for h in hands]

    def __eq__(self, other):
        return (
            isinstance(other, CardsState)
            and self.n == other.n
            and self.rules == other.rules
            and self.scores == other.scores
            and self.round_no == other.round_no
            and self.first == other.first
            and self.turn == other.turn
            and self.phase == other.phase
            and [bytes(h) for h in self.hands] == [bytes(h) for h in other.hands]
            and bytes(self.quit) == bytes(other.quit)
            and bytes(self.pile) == bytes(other.pile)
            and bytes(self.discard) == bytes(other.discard)
            and self.top == other.top
            and self.ender == other.ender
            and self.reason == other.reason
            and self.points == other.points
            and self.returned == other.returned
        )

    def copy(self):
        """An independent copy."""
        s = CardsState(self.n, self.rules)
        s.scores = list(self.scores)
        s.round_no = self.round_no
        s.first = self.first
        s.turn = self.turn
        s.phase = self.phase
        s.hands = [bytearray(h) for h in self.hands]
        s.quit = bytearray(self.quit)
        s.pile = bytearray(self.pile)
        s.discard = bytearray(self.discard)
        s.top = self.top
        s.ender = self.ender
        s.reason = self.reason
        s.points = list(self.points)
        s.returned = list(self.returned)
        s.clues = bytearray(self.clues)
        return s


class View:
    """What the player in `seat` may know (C14): own hand, the discard pile (its top and
    every card played on it this round), the draw pile's size, every hand's size, who has
    quit, the scores, the settings and what the table saw of each hand (lama.card_clues). Copies: nothing in it leads back to hidden cards."""

    def __init__(self, state, seat):
        self.seat = seat
        self.n = state.n
        self.rules = state.rules
        self.scores = list(state.scores)
        self.round_no = state.round_no
        self.first = state.first
        self.turn = state.turn
        self.phase = state.phase
        self.hand = bytearray(state.hands[seat])
        self.top = state.top
        self.discard = bytearray(state.discard)
        self.pile_size = len(state.pile)
        self.sizes = bytearray(state.n)
        for p in range(state.n):
            self.sizes[p] = total(state.hands[p])
        self.quit = bytearray(state.quit)
        self.clues = bytearray(state.clues)


def view(state, seat):
    """C14: the View of `state` for the player in `seat`."""
    return View(state, seat)


def unseen(v):
    """The cards view `v` cannot see (other hands and the draw pile), as a 7-count."""
    out = new_counts()
    for s in range(N_SYMBOLS):
        out[s] = copies(s, v.rules) - v.hand[s] - v.discard[s]
    return out


# --- setting up ------------------------------------------------------------------------


def new_game(n_players, rules=None, first=0, rng=None):
    """A new game for n_players (S1) under `rules`, round 1 dealt, started by `first` (C3)."""
    rules = match.check_new(n_players, rules, first, "C3")
    if rng is None:
        raise ValueError("new_game needs a generator (lama.rng)")
    state = CardsState(n_players, rules)
    _deal(state, first, rng)
    return state


def _deal(state, first, rng):
    """C2: shuffle every card, deal six to each hand (one at a time, seat 0 first), turn
    the next card face up as the discard pile, the rest is the draw pile; `first` starts."""
    deck = bytearray()
    for v in range(N_SYMBOLS):
        deck.extend(bytes([v]) * copies(v, state.rules))
    shuffle(deck, rng)
    n = state.n
    for hand in state.hands:
        for v in range(N_SYMBOLS):
            hand[v] = 0
    pos = 0
    for _ in range(_HAND_SIZE):
        for p in range(n):
            state.hands[p][deck[pos]] += 1
            pos += 1
    for v in range(N_SYMBOLS):
        state.discard[v] = 0
    state.top = deck[pos]
    state.discard[state.top] = 1
    state.pile = deck[pos + 1 :]
    card_clues.new_round(state.clues, n)
    match.start_round(state, first)


def round_event(state):
    """The "round" event of the current deal: round number, first seat, hands, discard
    top, draw pile (top card first)."""
    return (
        "round",
        state.round_no,
        state.first,
        [bytes(h) for h in state.hands],
        state.top,
        bytes(state.pile),
    )


# --- legal actions ---------------------------------------------------------------------


def in_round(s):
    """How many players have not quit (s: a state or a view)."""
    k = 0
    for q in s.quit:
        if not q:
            k += 1
    return k


def playable(hand, top):
    """C4: the values in `hand` that fit on `top`, lowest first."""
    a = top
    b = next_value(top)
    if b < a:
        a, b = b, a
    out = []
    if hand[a]:
        out.append(a)
    if hand[b]:
        out.append(b)
    return out


def may_draw(state):
    """C5/C7: the active player may draw: the pile has a card and someone else is in."""
    return len(state.pile) > 0 and not alone(state)


def legal_actions(state):
    """Every action the rules allow now (a new list): plays lowest value first, then draw,
    then quit. C8: with nothing to play and no draw allowed, quitting is the only one."""
    ph = state.phase
    if ph == TURN:
        out = [(PLAY, v) for v in playable(state.hands[state.turn], state.top)]
        if may_draw(state):
            out.append(_ACT_DRAW)
        out.append(_ACT_QUIT)
        return out
    if ph == ROUND_OVER:
        return [_ACT_NEXT]
    return []


def _check(state, action):
    """Raise RuleError unless `action` is legal now; returns its kind."""
    if not isinstance(action, tuple) or not action:
        raise RuleError("C4", "an action is a tuple such as (DRAW,)")
    kind = action[0]
    if match.between_rounds(state, action, NEXT, "C9"):
        return kind
    if kind == PLAY and len(action) == 2:
        v = action[1]
        if not isinstance(v, int) or v < 0 or v >= N_SYMBOLS:
            raise RuleError("C4", "not a card value: " + str(v))
        if not state.hands[state.turn][v]:
            raise RuleError("C4", "that card is not in the hand")
        if not fits(v, state.top):
            raise RuleError("C4", "a card must have the top card's value or exactly one more")
        return kind
    if kind == DRAW and len(action) == 1:
        if not state.pile:
            raise RuleError("C5", "the draw pile is empty")
        if alone(state):
            raise RuleError("C7", "alone in the round: no more drawing")
        return kind
    if kind == QUIT and len(action) == 1:
        return kind
    if kind == NEXT and len(action) == 1:
        raise RuleError("C9", "the round is still being played")
    raise RuleError("C4", "a turn is a play (C4), a draw (C5) or a quit (C6)")


# --- applying --------------------------------------------------------------------------


def apply(state, action, rng):
    """Apply a legal action for the active player; returns the events it caused. rng deals
    the next round on (NEXT,)."""
    kind = _check(state, action)
    if state.phase == ROUND_OVER:
        _deal(state, state.ender, rng)  # C3
        return [round_event(state)]
    p = state.turn
    if kind == PLAY:
        return _play(state, p, action[1])
    if kind == DRAW:
        return _draw(state, p)
    return _quit(state, p)


def _play(state, p, v):
    """C4: the card goes on the discard pile; C9: the last card ends the round."""
    hand = state.hands[p]
    card_clues.on_play(state.clues, state.n, p, v, total(hand))
    hand[v] -= 1
    state.discard[v] += 1
    state.top = v
    ev = [("play", p, v)]
    for c in hand:
        if c:
            match.next_turn(state, p, ev)
            return ev
    match.end_round(state, p, EMPTY, ev)
    return ev


def _draw(state, p):
    """C5: the top card of the draw pile joins the hand; the turn ends."""
    card_clues.on_stop(state.clues, state.n, p, state.top, True)
    v = state.pile[0]
    state.pile[0:1] = b""
    state.hands[p][v] += 1
    ev = [("draw", p, v)]
    match.next_turn(state, p, ev)
    return ev


def _quit(state, p):
    """C6: the hand goes face down (it still scores); no more turns this round."""
    card_clues.on_stop(state.clues, state.n, p, state.top, False)
    state.quit[p] = 1
    ev = [("quit", p)]
    match.next_turn(state, p, ev)
    return ev


# --- codec body ------------------------------------------------------------------------


def encode_body(state, w):
    """The state's body for lama.codec (after MAGIC, version, game id)."""
    match.encode_head(state, w)
    for hand in state.hands:
        w.raw(hand)
    w.raw(state.quit)
    w.u8(state.top)
    w.raw(state.discard)
    w.blob(state.pile)
    match.encode_tail(state, w)
