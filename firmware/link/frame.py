"""Link frames: sync, addresses, kind, sequence, ack, length, payload, CRC-16 and Fletcher-16, and a streaming decoder that resyncs after garbage (pure: CPython and MicroPython)."""

from lama import native as micropython  # @micropython.viper: lama.native
from lama.native import ptr8

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

SYNC0 = const(0xB7)
SYNC1 = const(0x4C)
SYNC = b"\xb7\x4c"
HEADER = const(8)  # sync 2, addr (dst << 4 | src), kind, seq, ack, length, header check
# the header check (the low byte of the header's CRC-16) stops a header whose length was
# garbled from holding back the frames after it while the decoder waits for its bytes
TRAILER = const(4)  # CRC-16/CCITT-FALSE then Fletcher-16, over addr..payload, high bytes first
# Two checks of 16 bits each: a frame cut short by a collision or a pulled cable, then
# filled out with other bytes, passes both by chance about once in 4 billion.
MAX_PAYLOAD = const(216)  # a bus payload (200) plus room for the bus's own fields
MAX_FRAME = HEADER + MAX_PAYLOAD + TRAILER

HOST = const(0)
MAX_ID = const(5)  # consoles 1..5
NOBODY = const(15)  # a console that has no id yet (its HELLO's source)
ALL = const(15)  # a frame for every console (DISCOVER)

# kinds
POLL = const(1)  # host -> console: your turn to speak (ack: the host's ack of your data)
DATA = const(2)  # either way: a payload with its seq (ack piggybacked)
ACK = const(3)  # console -> host: nothing to send (ack only)
DISCOVER = const(4)  # host -> ALL: a console without an id may say HELLO now
HELLO = const(5)  # console (NOBODY) -> host: payload = old id (1 byte, 0 none) + uid
WELCOME = const(6)  # host -> the new id: payload = the uid it is for
KINDS = (POLL, DATA, ACK, DISCOVER, HELLO, WELCOME)


def _table():
    t = bytearray(512)  # CRC-16/CCITT's table: each entry high byte, low byte
    for i in range(256):
        c = i << 8
        for _ in range(8):
            c = ((c << 1) ^ 0x1021) if c & 0x8000 else (c << 1)
        t[2 * i] = (c >> 8) & 0xFF
        t[2 * i + 1] = c & 0xFF
    return t


CRC_TABLE = _table()


@micropython.viper
def _checks(buf, start: int, end: int, table, out, at: int):
    """out[at:at + 4] = CRC-16/CCITT-FALSE then Fletcher-16 of buf[start:end], high bytes
    first (viper code on MicroPython: ptr8, machine ints; no allocation)."""
    b = ptr8(buf)
    t = ptr8(table)
    o = ptr8(out)
    crc = 0xFFFF
    s1 = 0
    s2 = 0
    i = start
    while i < end:
        x = b[i]
        k = (((crc >> 8) ^ x) & 0xFF) << 1
        crc = ((crc << 8) & 0xFF00) ^ ((t[k] << 8) | t[k + 1])
        s1 += x
        if s1 >= 255:
            s1 -= 255
        s2 += s1
        if s2 >= 255:
            s2 -= 255
        i += 1
    o[at] = crc >> 8
    o[at + 1] = crc & 0xFF
    o[at + 2] = s1
    o[at + 3] = s2


_OUT = bytearray(4)


def _trailer_ok(b, end, start):
    o = _OUT
    _checks(b, start, end, CRC_TABLE, o, 0)
    return (o[0] == b[end] and o[1] == b[end + 1] and o[2] == b[end + 2]
            and o[3] == b[end + 3])


class Encoder:
    """Builds frames into one preallocated buffer; `build` returns a memoryview of it
    (valid until the next build: write it out before building the next frame)."""

    def __init__(self):
        self.buf = bytearray(MAX_FRAME)
        self.view = memoryview(self.buf)

    def build(self, dst, src, kind, seq, ack, payload=b""):
        n = len(payload)
        if n > MAX_PAYLOAD:
            raise ValueError("link payload of %d bytes (at most %d)" % (n, MAX_PAYLOAD))
        b = self.buf
        b[0] = SYNC0
        b[1] = SYNC1
        b[2] = ((dst & 15) << 4) | (src & 15)
        b[3] = kind
        b[4] = seq & 0xFF
        b[5] = ack & 0xFF
        b[6] = n
        b[HEADER:HEADER + n] = payload
        end = HEADER + n
        # the header's check made where the trailer goes (its low CRC byte), then the
        # trailer over it: two viper calls, no copy
        _checks(b, 2, 7, CRC_TABLE, b, end)
        b[7] = b[end + 1]
        _checks(b, 2, end, CRC_TABLE, b, end)
        return self.view[:end + TRAILER]


def encode(dst, src, kind, seq, ack, payload=b""):
    """One frame as bytes (tests and tools; the bus uses an Encoder)."""
    return bytes(Encoder().build(dst, src, kind, seq, ack, payload))


class Frame:
    """A decoded frame: dst, src, kind, seq, ack, payload (bytes)."""

    __slots__ = ("dst", "src", "kind", "seq", "ack", "payload")

    def __init__(self, dst, src, kind, seq, ack, payload):
        self.dst = dst
        self.src = src
        self.kind = kind
        self.seq = seq
        self.ack = ack
        self.payload = payload

    def __repr__(self):
        return "Frame(%d->%d kind %d seq %d ack %d %r)" % (
            self.src, self.dst, self.kind, self.seq, self.ack, self.payload)


class Decoder:
    """Frames from a stream of bytes heard on the line. `feed(data)` returns the list of
    whole frames completed by `data`. A frame is yielded only when its sync, header and
    CRC all check; after a bad one the search starts again one byte past its sync, so a
    real frame that began inside garbage (or inside a cut-short frame) is still found.
    `skip_src`: frames from this source are dropped (a port's own echo); `only_dst`: when
    set, frames for another console are checked but not made (a linked console hears every
    console's traffic: no payload built for it), and `skipped_last` says whether the last
    frame found since the last feed() began was one of those. `quiet()`, called
    when the line has said nothing for a while, gives up a frame still waiting for bytes
    (garbage that looked like a long header) and looks again past its sync."""

    def __init__(self, skip_src=None):
        self.buf = bytearray(2 * MAX_FRAME)
        self.view = memoryview(self.buf)
        self.n = 0
        self.base = 0  # where buf[0] is in the stream (bytes consumed before it)
        self.skip_src = skip_src
        self.only_dst = None
        self.skipped_last = False
        self.bad = 0  # frames (or sync look-alikes) that failed their checks
        self.dropped = 0  # bytes thrown away unread when the buffer was full

    def reset(self):
        self.n = 0

    def feed(self, data):
        out = []
        self.skipped_last = False
        pos = 0
        size = len(data)
        cap = len(self.buf)
        while pos < size:
            room = cap - self.n
            if room == 0:  # cannot happen after _parse, which keeps < MAX_FRAME bytes
                self.dropped += self.n
                self.n = 0
                room = cap
            take = size - pos if size - pos < room else room
            # (all of it, the usual case: no slice of it made, a copy of every byte heard)
            self.buf[self.n:self.n + take] = data if take == size else data[pos:pos + take]
            self.n += take
            pos += take
            self._parse(out)
        return out

    def started(self):
        """Whether a frame has begun arriving (its sync heard) and is not yet whole: a
        lone last byte equal to the sync's first (a CRC's, say) does not count."""
        return self.n > 1 or (self.n == 1 and self.buf[0] != SYNC0)

    def quiet(self):
        """The line went quiet: a held partial frame will never complete; rescan past it."""
        out = []
        if self.n:
            self._parse(out, True)
        return out

    def _parse(self, out, stale=False):
        b = self.buf
        n = self.n
        i = 0
        while True:
            i = b.find(SYNC, i, n)
            if i < 0:
                # keep a last byte that may be the first half of a sync
                i = n - 1 if n and b[n - 1] == SYNC0 else n
                break
            if n - i < HEADER:
                if stale:
                    i += 1
                    continue
                break
            addr = b[i + 2]
            kind = b[i + 3]
            length = b[i + 6]
            # a header that could be a real frame's, then its check (the low byte of the
            # CRC of its five bytes): in place, no call but the check's (every frame on the
            # line is heard by every console)
            dst = addr >> 4
            src = addr & 15
            if not ((dst <= MAX_ID or dst == ALL) and (src <= MAX_ID or src == ALL)
                    and POLL <= kind <= WELCOME and length <= MAX_PAYLOAD):
                self.bad += 1
                i += 1
                continue
            _checks(b, i + 2, i + 7, CRC_TABLE, _OUT, 0)
            if _OUT[1] != b[i + 7]:
                self.bad += 1
                i += 1
                continue
            end = i + HEADER + length
            if n < end + TRAILER:
                if stale:
                    self.bad += 1
                    i += 1
                    continue
                break
            if _trailer_ok(b, end, i + 2):
                only = self.only_dst
                if src == self.skip_src:
                    pass
                elif only is not None and dst != only and dst != ALL:
                    self.skipped_last = True
                else:
                    self.skipped_last = False
                    out.append(Frame(dst, src, kind, b[i + 4], b[i + 5],
                                     bytes(self.view[i + HEADER:end])))
                i = end + TRAILER
                continue
            self.bad += 1
            i += 1
        if i:
            self.base += i
            left = n - i
            if left:
                b[0:left] = self.view[i:n]
            self.n = left
