"""The statistics' bookkeeping and bytes: record_result counts a finished game (with the
high scores), encode_stats and decode_stats are their strict codec (lama/records.py has
the format's description and the Stats data). Loaded only when the statistics are read or
counted, and let go after (ui/model/saves.py): a game in play keeps none of it in RAM."""

from lama import codec, codec_read, score
from lama.seats import is_person, of
from lama.records import (GAMES, HIGH_SCORES, MAX_NAME, MAX_NAMES, MAX_SCORE, NO_SCORE,
                          STATS_MAX, STATS_V1_GAMES, STATS_VERSION, U16, U24, WIN_UNIT,
                          PlayerStats, Stats, _bad, _sat, _u24, initials, unique_names)


def _seat_records(gs, names):
    """The PlayerStats of `names` (one game's players), moved to the front of gs.players
    (its order: most recently seen first) in seat order; new names get new records, and
    room is made for them by dropping the least recently seen names of other games (the
    last ones), never one of these."""
    mine = []
    for name in names:
        p = gs.player(name)
        if p is None:
            p = PlayerStats(name)
        else:
            gs.players.remove(p)
        mine.append(p)
    keep = MAX_NAMES - len(mine)
    if len(gs.players) > keep:
        del gs.players[keep:]
    gs.players = mine + gs.players
    return mine


def add_high_score(gs, points, name, n_players):
    """Insert a winning score; returns its place (0 = best) or -1 when it does not make
    the table. Equal scores keep the order in which they were set."""
    pos = len(gs.high)
    for i in range(len(gs.high)):
        if gs.high[i][0] > points:
            pos = i
            break
    if pos >= HIGH_SCORES:
        return -1
    gs.high.insert(pos, (points, initials(name), n_players))
    if len(gs.high) > HIGH_SCORES:
        gs.high.pop()
    return pos


def record_result(stats, game_id, seats, scores, rounds, emptied, game_no):
    """Count a finished game: seats (lama.seats; people make the high scores), final
    scores, rounds played, rounds emptied per seat. Returns the high-score places the winners made (may be empty)."""
    gs = stats.game(game_id)
    n = len(seats)
    names = unique_names([seat[0] for seat in seats])  # one record per seat, always
    win = score.winners(scores)
    share = WIN_UNIT // len(win)
    gs.games = _sat(gs.games + 1, U24)
    gs.rounds = _sat(gs.rounds + rounds, U24)
    places = []
    mine = _seat_records(gs, names)
    for i in range(n):
        name = names[i]
        person = is_person(of(seats[i]))
        s = _sat(scores[i], MAX_SCORE)
        gs.emptied = _sat(gs.emptied + emptied[i], U24)
        p = mine[i]
        p.games = _sat(p.games + 1, U16)
        p.total = _sat(p.total + s, U24)
        p.emptied = _sat(p.emptied + emptied[i], U16)
        if s < p.best:
            p.best = s
        if i in win:
            p.wins60 = _sat(p.wins60 + share, p.games * WIN_UNIT)
            if person:
                place = add_high_score(gs, s, name, n)
                if place >= 0:
                    places.append(place)
    stats.last_game = game_no & 0xFFFF
    return places


def encode_stats(stats, buf=None):
    """The bytes of a Stats (at most STATS_MAX); with `buf`, written into it (as
    codec.encode): the last game counted, then each game's section under its id (in the
    order of lama.games) with its length, so that a reader may pass over a game it does
    not know."""
    w = codec.Writer(buf)
    w.u16(stats.last_game)
    w.u8(len(GAMES))
    for gid in GAMES:
        w.u8(gid)
        at = w.n
        w.u16(0)  # the section's length, once written
        _encode_game(w, stats.game(gid))
        n = w.n - at - 2
        w.buf[at] = n >> 8
        w.buf[at + 1] = n & 0xFF
    return w.data()


def _encode_game(w, gs):
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
    elif best > MAX_SCORE or best * games > total:
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
    if points > MAX_SCORE or not score.MIN_PLAYERS <= n <= score.MAX_PLAYERS:
        return False
    if len(gs.high) >= HIGH_SCORES or (gs.high and points < gs.high[-1][0]):
        return False
    for c in ini:
        if c < 0x20 or c > 0x7E:
            return False
    return True


def decode_stats(data, version=STATS_VERSION):
    """The Stats in untrusted bytes of format `version` (1: an older firmware's, a section
    per game in the order of STATS_V1_GAMES, without ids). CodecError when the framing is
    off (truncated, too long, trailing bytes, a section's length); an entry that could not
    have been written (a name twice, more games than the total, a best score out of
    range, high scores out of order...), or the section of a game id not known here or
    seen twice, is left out and counted in `dropped`, inconsistent totals are cut to
    agree: one damaged entry never costs the others."""
    if len(data) > STATS_MAX or not 1 <= version <= STATS_VERSION:
        _bad("statistics too long or of an unknown format")
    r = codec_read.Reader(data)
    st = Stats()
    st.last_game = r.u16()
    if version == 1:
        for gid in STATS_V1_GAMES:
            _decode_game(r, st, st.game(gid))
    else:
        seen = []
        for _ in range(r.u8()):
            gid = r.u8()
            size = r.u16()
            if gid not in GAMES or gid in seen:
                r.raw(size)
                st.dropped += 1
                continue
            seen.append(gid)
            end = r.pos + size
            if end > len(data):
                _bad("truncated")
            _decode_game(codec_read.Reader(memoryview(data)[:end], r.pos), st, st.game(gid), True)
            r.pos = end
    r.end()
    return st


def _decode_game(r, st, gs, whole=False):
    """Read one game's section into `gs` (the damage it leaves out counted in `st`); with
    `whole`, the section must end where `r`'s bytes end."""
    gs.games = r.u24()
    gs.rounds = r.u24()
    gs.emptied = r.u24()
    if gs.rounds < gs.games or gs.emptied > gs.rounds * score.MAX_PLAYERS:
        st.dropped += 1
        gs.rounds = max(gs.rounds, gs.games)
        gs.emptied = min(gs.emptied, gs.rounds * score.MAX_PLAYERS)
    for _ in range(r.u8()):
        raw = r.blob()
        p = _player(gs, raw, r.u16(), r.u24(), r.u16(), r.u24(), r.u16())
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
    if whole:
        r.end()
