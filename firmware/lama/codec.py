"""The compact, versioned byte encoding of a saved game: framing and bounds-checked I/O.

A saved game is MAGIC, FORMAT_VERSION, a game id byte, then the game's own body, written
by `encode_body(state, writer)` of the game's engine module and read back by
`decode_body(reader)` of the module its row of lama.games names `body` (loaded only to
read: a game in play saves without it). A CRC-16 of all the bytes before it ends the
encoding, so that corrupt input is refused."""

from lama import games
from lama.errors import CodecError

MAGIC = b"LM"
FORMAT_VERSION = 1


class Writer:
    """Appends small unsigned integers and byte strings to a bytearray: a growing one, or
    `buf` given (preallocated: nothing is allocated, CodecError past its end)."""

    def __init__(self, buf=None):
        self.fixed = buf is not None
        self.buf = buf if self.fixed else bytearray()
        self.n = 0

    def _room(self, k):
        if self.n + k > len(self.buf):
            if self.fixed:
                raise CodecError("too long for its buffer")
            self.buf.extend(bytearray(max(k, 64)))

    def u8(self, v):
        if v < 0 or v > 255:
            raise CodecError("value out of byte range: " + str(v))
        self._room(1)
        self.buf[self.n] = v
        self.n += 1

    def u16(self, v):
        if v < 0 or v > 0xFFFF:
            raise CodecError("value out of u16 range: " + str(v))
        self._room(2)
        self.buf[self.n] = v >> 8
        self.buf[self.n + 1] = v & 0xFF
        self.n += 2

    def raw(self, data):
        k = len(data)
        self._room(k)
        self.buf[self.n : self.n + k] = data
        self.n += k

    def blob(self, data):
        """A length-prefixed byte string (at most 255 bytes)."""
        self.u8(len(data))
        self.raw(data)

    def data(self):
        """What was written: bytes of a growing writer, a memoryview of a preallocated one."""
        if self.fixed:
            return memoryview(self.buf)[: self.n]
        return bytes(memoryview(self.buf)[: self.n])


class Reader:
    """Reads what Writer wrote; every read is bounds-checked and ranges are validated."""

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

    def blob(self, max_len=255):
        n = self.u8(0, max_len)
        return self.raw(n)

    def end(self):
        if self.pos != len(self.data):
            raise CodecError("trailing bytes")


def _row(game):
    g = games.get(game)
    if g is None:
        raise CodecError("unknown game id " + str(game))
    return g


def crc16(data, end):
    """CRC-16/CCITT-FALSE of data[:end] (small ints only)."""
    crc = 0xFFFF
    for i in range(end):
        crc ^= data[i] << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
    return crc


def encode(state, buf=None):
    """The bytes of a game state (dice or cards); with `buf` (a bytearray) written into it,
    and a memoryview of them returned: nothing allocated."""
    w = Writer(buf)
    w.raw(MAGIC)
    w.u8(FORMAT_VERSION)
    w.u8(state.GAME)
    games.load(_row(state.GAME).engine).encode_body(state, w)
    w.u16(crc16(w.buf, w.n))
    return w.data()


def decode(data):
    """The state encoded in `data`; raises CodecError on anything but a valid encoding."""
    r = Reader(data)
    if r.raw(2) != MAGIC:
        raise CodecError("not a saved game")
    version = r.u8()
    if version != FORMAT_VERSION:
        raise CodecError("unsupported format version " + str(version))
    game = r.u8()
    if len(data) < 6:
        raise CodecError("truncated")
    end = len(data) - 2
    if crc16(data, end) != (data[end] << 8) | data[end + 1]:
        raise CodecError("corrupt: checksum mismatch")
    r.data = data[:end]
    state = games.load(_row(game).body).decode_body(r)
    r.end()
    return state
