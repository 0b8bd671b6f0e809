"""Statistics, high scores and the game-in-progress record: pure data, strict byte codecs.

Statistics (per game: LAMA Dice and L.L.A.M.A.)
  lifetime totals: games finished, rounds played, rounds emptied;
  per player name (at most MAX_NAMES per game; a new name replaces the one with the
  fewest games, the earliest of those): games played, wins in 1/60ths (a win shared by k
  tied winners, S5, counts 60 // k: exact for 2..6-way ties), best (lowest) final score,
  the sum of final scores (the average is sum / games), rounds emptied;
  high scores: the _HIGH_SCORES lowest winning scores of people (not computer players),
  each with the winner's initials and the number of players; an equal score goes below
  the ones already there (the Pico has no clock: the order they were set is the order).
  `last_game` is the number of the last game counted, so a game is never counted twice
  (see ui/model/saves.py).

The game in progress (Progress): the engine state's lama.codec bytes, the seats (name and
bot of each: None for a person, else the computer player's name, e.g. "cautious"), the
rounds each seat emptied so far, the game's number, and the states of seeded generators
(lama.rng.SeededRng, for tests and replays; none on the device, whose dice are hardware).

decode_* take untrusted bytes: every length is bounded, every value range-checked, every
invariant checked; anything else raises lama.errors.CodecError (decode_stats leaves a
damaged entry out instead, and counts it). Counters saturate instead
of overflowing. No I/O here (hal/store.py does it).
"""

from lama import codec, games, score
from lama.errors import CodecError

from micropython import const


STATS_VERSION = const(1)
PROGRESS_VERSION = const(1)
GAMES = games.IDS
MAX_NAME = const(8)  # characters in a player name
MAX_NAMES = const(24)  # player names kept per game
_HIGH_SCORES = const(10)
WIN_UNIT = const(60)  # a whole win; 60 // k for each of k tied winners
NO_SCORE = const(0xFFFF)  # "best" of a name with no finished game
_MAX_SCORE = const(9999)
U16 = const(0xFFFF)
U24 = const(0xFFFFFF)
_MAX_BOT = const(12)  # characters in a computer player's name
_MAX_RNGS = const(2)  # generator states kept in a Progress
MAX_STATE = const(512)  # bytes of engine state in a Progress
STATS_MAX = const(2 + 2 * (10 + MAX_NAMES * (1 + MAX_NAME + 12) + 1 + _HIGH_SCORES * 6))
PROGRESS_MAX = const(2 + 1 + 6 * (2 + MAX_NAME + _MAX_BOT) + 6 + 2 + 1 + 4 * _MAX_RNGS + 2 + MAX_STATE)


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


def _r24(r, hi=U24):
    v = (r.u8() << 16) | r.u16()
    if v > hi:
        _bad("value out of range")
    return v


def _text(r, lo, hi):
    b = r.blob(hi)
    if len(b) < lo:
        _bad("text too short")
    for c in b:
        if c < 0x20 or c > 0x7E:
            _bad("not printable text")
    return b.decode()


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
        self.players = []  # PlayerStats, in the order names were first seen
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


def _player_slot(gs, name):
    p = gs.player(name)
    if p is not None:
        return p
    if len(gs.players) >= MAX_NAMES:
        drop = 0
        for i in range(1, len(gs.players)):
            if gs.players[i].games < gs.players[drop].games:
                drop = i
        gs.players.pop(drop)
    p = PlayerStats(name)
    gs.players.append(p)
    return p


def add_high_score(gs, points, name, n_players):
    """Insert a winning score; returns its place (0 = best) or -1 when it does not make
    the table. Equal scores keep the order in which they were set."""
    pos = len(gs.high)
    for i in range(len(gs.high)):
        if gs.high[i][0] > points:
            pos = i
            break
    if pos >= _HIGH_SCORES:
        return -1
    gs.high.insert(pos, (points, initials(name), n_players))
    if len(gs.high) > _HIGH_SCORES:
        gs.high.pop()
    return pos


def record_result(stats, game_id, seats, scores, rounds, emptied, game_no):
    """Count a finished game: seats [(name, bot)], final scores, rounds played, rounds
    emptied per seat. Returns the high-score places the winners made (may be empty)."""
    gs = stats.game(game_id)
    n = len(seats)
    names = unique_names([seat[0] for seat in seats])  # one record per seat, always
    win = score.winners(scores)
    share = WIN_UNIT // len(win)
    gs.games = _sat(gs.games + 1, U24)
    gs.rounds = _sat(gs.rounds + rounds, U24)
    places = []
    for i in range(n):
        name = names[i]
        bot = seats[i][1]
        s = _sat(scores[i], _MAX_SCORE)
        gs.emptied = _sat(gs.emptied + emptied[i], U24)
        p = _player_slot(gs, name)
        p.games = _sat(p.games + 1, U16)
        p.total = _sat(p.total + s, U24)
        p.emptied = _sat(p.emptied + emptied[i], U16)
        if s < p.best:
            p.best = s
        if i in win:
            p.wins60 = _sat(p.wins60 + share, p.games * WIN_UNIT)
            if bot is None:
                place = add_high_score(gs, s, name, n)
                if place >= 0:
                    places.append(place)
    stats.last_game = game_no & 0xFFFF
    return places


def encode_stats(stats, buf=None):
    """The bytes of a Stats (at most STATS_MAX); with `buf`, written into it (as codec.encode)."""
    w = codec.Writer(buf)
    w.u16(stats.last_game)
    for gs in stats.games:
        _u24(w, gs.games)
        _u24(w, gs.rounds)
        _u24(w, gs.emptied)
        w.u8(len(gs.players))
        for p in gs.players:
            w.blob(p.name.encode())
            w.u16(p.games)
            _u24(w, p.wins60)
            w.u16(p.best)
            _u24(w, p.total)
            w.u16(p.emptied)
        w.u8(len(gs.high))
        for points, ini, n in gs.high:
            w.u16(points)
            w.raw(ini.encode())
            w.u8(n)
    return w.data()


def _player(gs, raw, games, wins60, best, total, emptied):
    """The PlayerStats an entry describes, or None when it could not have been written."""
    if not 0 < len(raw) <= MAX_NAME:
        return None
    for c in raw:
        if c < 0x20 or c > 0x7E:
            return None
    name = raw.decode()
    if gs.player(name) is not None or games > gs.games or wins60 > games * WIN_UNIT:
        return None
    if games == 0:
        if best != NO_SCORE or total or emptied:
            return None
    elif best > _MAX_SCORE or best * games > total:
        return None
    p = PlayerStats(name)
    p.games = games
    p.wins60 = wins60
    p.best = best
    p.total = total
    p.emptied = emptied
    return p


def _high(gs, points, ini, n):
    """True when a high-score entry can stand below the ones kept so far."""
    if points > _MAX_SCORE or not score.MIN_PLAYERS <= n <= score.MAX_PLAYERS:
        return False
    if len(gs.high) >= _HIGH_SCORES or (gs.high and points < gs.high[-1][0]):
        return False
    for c in ini:
        if c < 0x20 or c > 0x7E:
            return False
    return True


def decode_stats(data):
    """The Stats in untrusted bytes. CodecError when the framing is off (truncated, too
    long, trailing bytes); an entry that could not have been written (a name twice, more
    games than the total, a best score out of range, high scores out of order...) is left
    out and counted in `dropped`, inconsistent totals are cut to agree: one damaged entry
    never costs the others."""
    if len(data) > STATS_MAX:
        _bad("statistics too long")
    r = codec.Reader(data)
    st = Stats()
    st.last_game = r.u16()
    for gs in st.games:
        gs.games = _r24(r)
        gs.rounds = _r24(r)
        gs.emptied = _r24(r)
        if gs.rounds < gs.games or gs.emptied > gs.rounds * score.MAX_PLAYERS:
            st.dropped += 1
            gs.rounds = max(gs.rounds, gs.games)
            gs.emptied = min(gs.emptied, gs.rounds * score.MAX_PLAYERS)
        for _ in range(r.u8()):
            raw = r.blob()
            p = _player(gs, raw, r.u16(), _r24(r), r.u16(), _r24(r), r.u16())
            if p is None or len(gs.players) >= MAX_NAMES:
                st.dropped += 1
            else:
                gs.players.append(p)
        for _ in range(r.u8()):
            points = r.u16()
            ini = r.raw(score.NAME_LENGTH)
            n = r.u8()
            if _high(gs, points, ini, n):
                gs.high.append((points, ini.decode(), n))
            else:
                st.dropped += 1
    r.end()
    return st


# --- the game in progress --------------------------------------------------------------


class Progress:
    """A game being played: engine state bytes, seats [(name, bot)], rounds emptied per
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


def check_seats(seats):
    """CodecError unless seats is 2..6 (name, bot) pairs: valid names, bot None or text."""
    if not isinstance(seats, (list, tuple)):
        _bad("seats are not a list")
    if not score.MIN_PLAYERS <= len(seats) <= score.MAX_PLAYERS:
        _bad("2 to 6 seats")
    for seat in seats:
        if not isinstance(seat, (list, tuple)) or len(seat) != 2:
            _bad("a seat is (name, bot)")
        if not valid_name(seat[0]):
            _bad("bad seat name")
        bot = seat[1]
        if bot is not None and not (valid_name(bot) and len(bot) <= _MAX_BOT):
            _bad("bad computer player name")


def encode_progress(p, buf=None):
    """The bytes of a Progress (at most PROGRESS_MAX); with `buf`, written into it."""
    check_seats(p.seats)
    if len(p.state_bytes) > MAX_STATE:
        _bad("state too long")
    w = codec.Writer(buf)
    w.u16(p.game_no & 0xFFFF)
    w.u8(len(p.seats))
    for name, bot in p.seats:
        w.blob(name.encode())
        w.blob(b"" if bot is None else bot.encode())
    w.raw(p.emptied)
    w.u16(p.counted)
    if len(p.rng_states) > _MAX_RNGS:
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


def decode_progress(data):
    """(Progress, engine state) from untrusted bytes; the state is decoded by lama.codec
    and must seat as many players as there are seats. CodecError for anything else."""
    if len(data) > PROGRESS_MAX:
        _bad("progress too long")
    r = codec.Reader(data)
    game_no = r.u16()
    n = r.u8(score.MIN_PLAYERS, score.MAX_PLAYERS)
    seats = []
    for _ in range(n):
        name = _text(r, 1, MAX_NAME)
        bot = _text(r, 0, _MAX_BOT)
        seats.append((name, bot if bot else None))
    emptied = bytearray(r.raw(n))
    counted = r.u16()
    rngs = []
    for _ in range(r.u8(0, _MAX_RNGS)):
        hi = _r24(r, 0x3FFFFF)
        rngs.append((hi << 8) | r.u8())
    size = r.u16(1, MAX_STATE)
    state_bytes = r.raw(size)
    r.end()
    state = codec.decode(state_bytes)
    if state.n != n:
        _bad("seats and state disagree")
    if counted > state.round_no:
        _bad("rounds counted ahead of the game")
    for c in emptied:
        if c > state.round_no:
            _bad("more rounds emptied than played")
    return Progress(state_bytes, seats, game_no, emptied, counted, rngs), state
