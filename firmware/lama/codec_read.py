"""Reading a saved game's bytes back (lama.codec writes them): the bounds-checked Reader and decode, loaded only to read a save and let go with the games' codec bodies when a game is set up or starts (issue 26: a game in play only writes)."""

from lama import codec, games
from lama.errors import CodecError


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
