"""The link game's messages, as the bus carries them (pure: no I/O): what the host and the
consoles say to each other, packed into at most MAX_PAYLOAD bytes; `decode` gives None for
anything malformed, never an exception.

A message is its kind (one byte) and one packed value (`pack`): ints (zigzag varints),
text, bytes, lists of those, and None.

Host -> console                           console -> host
  ROSTER  [names of the linked consoles]    HELLO  name (at every link: join or rejoin)
  START   [game id, your seat, [names],     ACT    [action] (the person's choice)
           [linked seat flags]]
  EVENTS  [seat, [events]] (masked)
  STATE   [state fields] (masked)
  REFUSED rule id (text)
  END     None (the host ended the game)

What a console may read of a game (its own hand only) is cut by link.view."""

from micropython import const

MAX_PAYLOAD = const(200)

HELLO = const(1)
ROSTER = const(2)
START = const(3)
EVENTS = const(4)
STATE = const(5)
ACT = const(6)
REFUSED = const(7)
END = const(9)
KINDS = (HELLO, ROSTER, START, EVENTS, STATE, ACT, REFUSED, END)

_INT = const(0)
_STR = const(1)
_BYTES = const(2)
_LIST = const(3)
_NONE = const(4)
_DEPTH = const(6)  # lists in lists at most this deep (events in a list in a message)


class TooLong(ValueError):
    """A message that would not fit in MAX_PAYLOAD bytes."""


def _varint(out, v):
    while True:
        b = v & 0x7F
        v >>= 7
        if v:
            out.append(b | 0x80)
        else:
            out.append(b)
            return


def _pack(out, v):
    if v is None:
        out.append(_NONE)
    elif isinstance(v, bool):
        out.append(_INT)
        _varint(out, 2 if v else 0)
    elif isinstance(v, int):
        out.append(_INT)
        _varint(out, (v << 1) if v >= 0 else ((-v) << 1) - 1)
    elif isinstance(v, str):
        b = v.encode()
        out.append(_STR)
        _varint(out, len(b))
        out.extend(b)
    elif isinstance(v, (bytes, bytearray)):
        out.append(_BYTES)
        _varint(out, len(v))
        out.extend(v)
    elif isinstance(v, (list, tuple)):
        out.append(_LIST)
        _varint(out, len(v))
        for x in v:
            _pack(out, x)
    else:
        raise TypeError("cannot pack " + str(type(v)))


def encode(kind, value=None):
    """The payload of a message of `kind` carrying `value`; TooLong past MAX_PAYLOAD."""
    out = bytearray()
    out.append(kind)
    _pack(out, value)
    if len(out) > MAX_PAYLOAD:
        raise TooLong("message of " + str(len(out)) + " bytes")
    return bytes(out)


def encode_each(kind, head, lasts):
    """The payloads of the messages of `kind` carrying the list `head + [last]`, one for
    each of `lasts`: `head` packed once (the host's view of a card game for each console
    differs in its last field only: the seat's own part, link.view)."""
    out = bytearray()
    out.append(kind)
    out.append(_LIST)
    _varint(out, len(head) + 1)
    for x in head:
        _pack(out, x)
    made = []
    for last in lasts:
        one = bytearray(out)
        _pack(one, last)
        if len(one) > MAX_PAYLOAD:
            raise TooLong("message of " + str(len(one)) + " bytes")
        made.append(bytes(one))
    return made


class _Reader:
    def __init__(self, buf):
        self.buf = buf
        self.i = 0

    def byte(self):
        b = self.buf[self.i]  # IndexError at the end: decode's None
        self.i += 1
        return b

    def varint(self):
        v = 0
        shift = 0
        while True:
            b = self.byte()
            v |= (b & 0x7F) << shift
            if not b & 0x80:
                return v
            shift += 7
            if shift > 28:
                raise ValueError("varint too long")

    def take(self, n):
        if self.i + n > len(self.buf):
            raise ValueError("cut short")
        b = bytes(self.buf[self.i:self.i + n])
        self.i += n
        return b

    def value(self, depth):
        tag = self.byte()
        if tag == _NONE:
            return None
        if tag == _INT:
            z = self.varint()
            return (z >> 1) if not z & 1 else -((z + 1) >> 1)
        if tag == _STR:
            return self.take(self.varint()).decode()
        if tag == _BYTES:
            return self.take(self.varint())
        if tag == _LIST and depth < _DEPTH:
            n = self.varint()
            if n > len(self.buf):
                raise ValueError("list too long")
            return [self.value(depth + 1) for _ in range(n)]
        raise ValueError("bad tag")


def decode(payload):
    """(kind, value) of a payload, or None when it is not a whole, known message."""
    try:
        if not payload or len(payload) > MAX_PAYLOAD or payload[0] not in KINDS:
            return None
        r = _Reader(payload)
        r.i = 1
        v = r.value(0)
        if r.i != len(payload):
            return None
        return (payload[0], v)
    except Exception:  # noqa: BLE001 - garbage in: None, never a crash
        return None


def as_tuple(v):
    """A decoded list as the tuple the engine compares (an action, an event)."""
    return tuple(v) if isinstance(v, list) else v
