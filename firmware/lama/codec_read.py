"""Reading a saved game's bytes back (lama.codec and lama.records write them): the bounds-checked Reader, decode (the engine state) and decode_progress (the record around it: seats, number, generators), loaded only to read a save and let go with the games' codec bodies when a game is set up or starts (issue 26: a game in play only writes)."""

from lama import codec, games, score, seats
from lama.errors import CodecError
from lama.records import MAX_BOT, MAX_NAME, MAX_RNGS, MAX_STATE, PROGRESS_MAX, PROGRESS_VERSION
from lama.records import Progress


class Reader:
    """Reads what lama.codec.Writer wrote; every read is bounds-checked and ranges are validated."""

    def __init__(self, data, pos=0):
        self.data = data
        self.pos = pos

    def u8(self, lo=0, hi=255):
        if self.pos >= len(self.data):
            raise CodecError("truncated")
        v = self.data[self.pos]
        self.pos += 1
        if v < lo or v > hi:
            raise CodecError("value out of range: " + str(v))
        return v

    def u16(self, lo=0, hi=0xFFFF):
        v = (self.u8() << 8) | self.u8()
        if v < lo or v > hi:
            raise CodecError("value out of range: " + str(v))
        return v

    def raw(self, n):
        if n < 0 or self.pos + n > len(self.data):
            raise CodecError("truncated")
        v = bytes(self.data[self.pos : self.pos + n])
        self.pos += n
        return v

    def u24(self, hi=0xFFFFFF):
        v = (self.u8() << 16) | self.u16()
        if v > hi:
            raise CodecError("value out of range: " + str(v))
        return v

    def blob(self, max_len=255):
        n = self.u8(0, max_len)
        return self.raw(n)

    def end(self):
        if self.pos != len(self.data):
            raise CodecError("trailing bytes")


def decode(data):
    """The state encoded in `data`; raises CodecError on anything but a valid encoding."""
    r = Reader(data)
    if r.raw(2) != codec.MAGIC:
        raise CodecError("not a saved game")
    version = r.u8()
    if version != codec.FORMAT_VERSION:
        raise CodecError("unsupported format version " + str(version))
    game = r.u8()
    if len(data) < 6:
        raise CodecError("truncated")
    end = len(data) - 2
    if codec.crc16(data, end) != (data[end] << 8) | data[end + 1]:
        raise CodecError("corrupt: checksum mismatch")
    r.data = data[:end]
    state = games.load(codec.row(game).body).decode_body(r)
    r.end()
    return state


def _bad(msg):
    raise CodecError("records: " + msg)


def _text(r, lo, hi):
    b = r.blob(hi)
    if len(b) < lo:
        _bad("text too short")
    for c in b:
        if c < 0x20 or c > 0x7E:
            _bad("not printable text")
    return b.decode()


def _seat(r, version):
    """A seat read back: version 1 wrote (name, bot or none), version 2 its kind too."""
    name = _text(r, 1, MAX_NAME)
    if version == 1:
        bot = _text(r, 0, MAX_BOT)
        return seats.bot(name, bot) if bot else seats.person(name)
    k = r.u8()
    if k == seats.PERSON:
        r.blob(0)
        return seats.person(name)
    if k == seats.BOT:
        return seats.bot(name, _text(r, 1, MAX_BOT))
    if k == seats.LINKED:
        r.u8(1, 1)  # (the detail's length: one byte)
        return seats.linked(name, r.u8())
    return (name, k, r.blob(MAX_BOT))  # a kind of a newer firmware: kept as it came


def decode_progress(data, version=PROGRESS_VERSION):
    """(lama.records.Progress, engine state) from untrusted bytes of format `version` (1:
    older firmware's, whose seats are (name, bot or none)); the state must seat as many
    players as there are seats. CodecError for anything else."""
    if len(data) > PROGRESS_MAX:
        _bad("progress too long")
    r = Reader(data)
    game_no = r.u16()
    if not 1 <= version <= PROGRESS_VERSION:
        _bad("unknown format version")
    n = r.u8(score.MIN_PLAYERS, score.MAX_PLAYERS)
    got = []
    for _ in range(n):
        got.append(_seat(r, version))
    emptied = bytearray(r.raw(n))
    counted = r.u16()
    rngs = []
    for _ in range(r.u8(0, MAX_RNGS)):
        hi = r.u24(0x3FFFFF)
        rngs.append((hi << 8) | r.u8())
    size = r.u16(1, MAX_STATE)
    state_bytes = r.raw(size)
    r.end()
    state = decode(state_bytes)
    if state.n != n:
        _bad("seats and state disagree")
    if counted > state.round_no:
        _bad("rounds counted ahead of the game")
    for c in emptied:
        if c > state.round_no:
            _bad("more rounds emptied than played")
    return Progress(state_bytes, got, game_no, emptied, counted, rngs), state
