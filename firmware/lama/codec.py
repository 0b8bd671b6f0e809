"""The compact, versioned byte encoding of a saved game: framing and bounds-checked I/O.

A saved game is MAGIC, FORMAT_VERSION, a game id byte, then the game's own body, written
by `encode_body(state, writer)` of the game's engine module and read back by
`decode_body(reader)` of the module its row of lama.games names `body` (loaded only to
read: a game in play saves without it). A CRC-16 of all the bytes before it ends the
encoding, so that corrupt input is refused. The reading half (Reader, decode) is
lama/codec_read.py, loaded only to read, as the bodies are."""

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


def row(game):
    """The row of lama.games of game id `game` (CodecError for an unknown id)."""
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
    games.load(row(state.GAME).engine).encode_body(state, w)
    w.u16(crc16(w.buf, w.n))
    return w.data()
