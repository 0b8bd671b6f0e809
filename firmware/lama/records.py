"""The records kept on flash: the game in progress (Progress, its strict byte codec: the
reading half, decode_progress, is lama/codec_read.py's, let go when a game is in play), the
players' names, and the statistics' data (Stats; their bookkeeping and bytes are
lama/statistics.py, loaded only when they are read or counted: issue 26).

Statistics (per game, each under its game id: LAMA Dice and L.L.A.M.A.)
  lifetime totals: games finished, rounds played, rounds emptied;
  per player name (at most MAX_NAMES per game, most recently seen first: a counted
  game's players go first, in seat order, and its new names replace the least recently
  seen names of other games): games played, wins in 1/60ths (a win shared by k
  tied winners, S5, counts 60 // k: exact for 2..6-way ties), best (lowest) final score,
  the sum of final scores (the average is sum / games), rounds emptied;
  high scores: the HIGH_SCORES lowest winning scores of people (not computer players),
  each with the winner's initials and the number of players; an equal score goes below
  the ones already there (the Pico has no clock: the order they were set is the order).
  `last_game` is the number of the last game counted, so a game is never counted twice
  (see ui/model/saves.py).

The game in progress (Progress): the engine state's lama.codec bytes, the seats (lama.seats:
name, kind and its detail; format 1, of older firmware, had no kind: a bot name or none), the
rounds each seat emptied so far, the game's number, and the states of seeded generators
(lama.rng.SeededRng, for tests and replays; none on the device, whose dice are hardware).

decode_* take untrusted bytes: every length is bounded, every value range-checked, every
invariant checked; anything else raises lama.errors.CodecError (decode_stats leaves a
damaged entry out instead, and counts it). Counters saturate instead
of overflowing. No I/O here (hal/store.py does it).
"""

from lama import codec, games, score, seats
from lama.errors import CodecError

from micropython import const


STATS_VERSION = const(2)  # 1: a section per game, without its id (STATS_V1_GAMES)
PROGRESS_VERSION = const(2)  # 1: seats without a kind (read still)
GAMES = games.IDS
MAX_NAME = const(8)  # characters in a player name
MAX_NAMES = const(24)  # player names kept per game
HIGH_SCORES = const(10)
WIN_UNIT = const(60)  # a whole win; 60 // k for each of k tied winners
NO_SCORE = const(0xFFFF)  # "best" of a name with no finished game
MAX_SCORE = const(9999)
U16 = const(0xFFFF)
U24 = const(0xFFFFFF)
MAX_BOT = const(12)  # characters in a computer player's name
MAX_RNGS = const(2)  # generator states kept in a Progress
MAX_STATE = const(512)  # bytes of engine state in a Progress
GAME_STATS_MAX = const(10 + MAX_NAMES * (1 + MAX_NAME + 12) + 1 + HIGH_SCORES * 6)  # a game's
# last game, how many games, then each game's id, the length of its section and the section
STATS_MAX = 2 + 1 + len(GAMES) * (1 + 2 + GAME_STATS_MAX)
STATS_V1_GAMES = (games.GAME_DICE, games.GAME_CARDS)  # the sections of format 1, in order
PROGRESS_MAX = const(2 + 1 + 6 * (3 + MAX_NAME + MAX_BOT) + 6 + 2 + 1 + 4 * MAX_RNGS + 2 + MAX_STATE)


def _bad(msg):
    raise CodecError("records: " + msg)


def valid_name(name):
    """A player name is 1..MAX_NAME printable ASCII characters."""
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
        return False
    for ch in name:
        if not " " <= ch <= "~":
            return False
    return True


def unique_names(names, width=MAX_NAME):
    """The names with every repeat made distinct: a later seat with a name already taken
    gets a digit at its end (2, 3 ...), within `width` characters; the first keeps it."""
    out = []
    for name in names:
        got = name
        k = 2
        while got in out:
            got = (name[: width - 1] if len(name) >= width else name) + str(k)
            k += 1
        out.append(got)
    return out


def initials(name):
    """The three characters shown in the high-score table."""
    return (name.upper() + "   ")[: score.NAME_LENGTH]


def _u24(w, v):
    w.u8(v >> 16)
    w.u16(v & 0xFFFF)


def _sat(v, hi):
    return hi if v > hi else v


# --- statistics ------------------------------------------------------------------------


class PlayerStats:
    """One player name's record in one game."""

    def __init__(self, name):
        self.name = name
        self.games = 0
        self.wins60 = 0
        self.best = NO_SCORE
        self.total = 0
        self.emptied = 0

    def average10(self):
        """Ten times the average final score, rounded (0 with no game)."""
        if not self.games:
            return 0
        return (self.total * 20 + self.games) // (2 * self.games)


class GameStats:
    """Lifetime totals, player records and high scores of one game."""

    def __init__(self):
        self.games = 0
        self.rounds = 0
        self.emptied = 0
        self.players = []  # PlayerStats, most recently seen first
        self.high = []  # (score, initials, n_players), best first

    def player(self, name):
        for p in self.players:
            if p.name == name:
                return p
        return None


class Stats:
    """Everything the statistics screen shows: GameStats for each game id."""

    def __init__(self):
        self.last_game = 0
        self.games = [GameStats() for _ in GAMES]
        self.dropped = 0  # damaged entries decode_stats left out (0 for a sound record)

    def game(self, game_id):
        return self.games[GAMES.index(game_id)]


# --- the game in progress --------------------------------------------------------------


class Progress:
    """A game being played: engine state bytes, seats (lama.seats), rounds emptied per
    seat, the last round counted in them, the game's number, generator states (30-bit)."""

    def __init__(self, state_bytes, seats, game_no=0, emptied=None, counted=0, rng_states=()):
        self.state_bytes = state_bytes
        self.seats = seats
        self.game_no = game_no
        self.emptied = bytearray(len(seats)) if emptied is None else emptied
        self.counted = counted
        self.rng_states = rng_states


def tally(progress, state):
    """Count the round just over in `state` (once): its ender emptied their cards when the
    round ended by an empty row or hand (the reason lama.dice and lama.cards call "empty").
    """
    if state.phase < score.ROUND_OVER or state.round_no == progress.counted:
        return
    progress.counted = state.round_no
    if state.reason == "empty" and 0 <= state.ender < len(progress.emptied):
        if progress.emptied[state.ender] < 255:
            progress.emptied[state.ender] += 1


def check_seats(row):
    """CodecError unless `row` is 2..6 seats (lama.seats; an older (name, bot or None)
    pair is read as one): valid names; a computer player's name, a linked console and a
    newer kind's bytes fit the format."""
    if not isinstance(row, (list, tuple)):
        _bad("seats are not a list")
    if not score.MIN_PLAYERS <= len(row) <= score.MAX_PLAYERS:
        _bad("2 to 6 seats")
    for seat in row:
        if not isinstance(seat, (list, tuple)) or not 2 <= len(seat) <= 3:
            _bad("a seat is (name, kind, detail)")
        if not valid_name(seat[0]):
            _bad("bad seat name")
        _detail(seats.of(seat))


def _detail(seat):
    """The bytes a seat's detail is saved as (see encode_progress)."""
    k = seats.kind(seat)
    d = seats.detail(seat)
    if k == seats.PERSON:
        return b""
    if k == seats.BOT:
        if not (valid_name(d) and len(d) <= MAX_BOT):
            _bad("bad computer player name")
        return d.encode()
    if k == seats.LINKED:
        if not isinstance(d, int) or not 0 <= d <= 255:
            _bad("bad console")
        return bytes((d,))
    if not isinstance(k, int) or not 0 <= k <= 255 or not isinstance(d, bytes):
        _bad("bad seat kind")
    if len(d) > MAX_BOT:
        _bad("seat detail too long")
    return d


def encode_progress(p, buf=None):
    """The bytes of a Progress (at most PROGRESS_MAX); with `buf`, written into it."""
    check_seats(p.seats)
    if len(p.state_bytes) > MAX_STATE:
        _bad("state too long")
    w = codec.Writer(buf)
    w.u16(p.game_no & 0xFFFF)
    w.u8(len(p.seats))
    for seat in p.seats:
        seat = seats.of(seat)
        w.blob(seats.name(seat).encode())
        w.u8(seats.kind(seat))
        w.blob(_detail(seat))
    w.raw(p.emptied)
    w.u16(p.counted)
    if len(p.rng_states) > MAX_RNGS:
        _bad("too many generators")
    w.u8(len(p.rng_states))
    for v in p.rng_states:
        if not 0 <= v < 0x40000000:
            _bad("generator state out of range")
        _u24(w, v >> 8)
        w.u8(v & 0xFF)
    w.u16(len(p.state_bytes))
    w.raw(p.state_bytes)
    return w.data()
