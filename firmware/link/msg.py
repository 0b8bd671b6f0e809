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


def _pack(out, values):
    """Append each of `values` packed, in order, in ONE call: nested lists go through a
    stack of their own, not a call each (on the emulated Pico a call of a function whose
    locals and stack pass 11 words takes its state from the heap, ~80 us; five consoles'
    views packed in 6.0 ms, 6.8 with a call a value)."""
    todo = list(values)
    todo.reverse()
    while todo:
        v = todo.pop()
        t = type(v)
        if t is int and -64 <= v < 64:
            out.append(_INT)
            out.append((v << 1) if v >= 0 else ((-v) << 1) - 1)
        elif t is list or t is tuple:
            n = len(v)
            out.append(_LIST)
            _varint(out, n) if n > 0x7F else out.append(n)
            m = 0
            while m < n:  # its small ints first, in place (scores, points: most of a view)
                x = v[m]
                if type(x) is not int or not -64 <= x < 64:
                    break
                out.append(_INT)
                out.append((x << 1) if x >= 0 else ((-x) << 1) - 1)
                m += 1
            while n > m:  # the rest through the stack, in order
                n -= 1
                todo.append(v[n])
        elif t is bytes or t is bytearray:
            out.append(_BYTES)
            n = len(v)
            _varint(out, n) if n > 0x7F else out.append(n)
            out.extend(v)
        elif v is None:
            out.append(_NONE)
        elif isinstance(v, bool):
            out.append(_INT)
            out.append(2 if v else 0)
        elif isinstance(v, int):
            out.append(_INT)
            _varint(out, (v << 1) if v >= 0 else ((-v) << 1) - 1)
        elif isinstance(v, str):
            v = v.encode()
            out.append(_STR)
            n = len(v)
            _varint(out, n) if n > 0x7F else out.append(n)
            out.extend(v)
        else:
            raise TypeError("cannot pack " + str(type(v)))


def encode(kind, value=None):
    """The payload of a message of `kind` carrying `value`; TooLong past MAX_PAYLOAD."""
    out = bytearray()
    out.append(kind)
    _pack(out, (value,))
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
    _pack(out, head)
    made = []
    for last in lasts:
        one = bytearray(out)
        if type(last) is bytes and len(last) < 0x80:  # (a card seat's own part: at C speed)
            one.append(_BYTES)
            one.append(len(last))
            one.extend(last)
        else:
            _pack(one, (last,))
        if len(one) > MAX_PAYLOAD:
            raise TooLong("message of " + str(len(one)) + " bytes")
        made.append(bytes(one))
    return made


def _value(b, i):
    """(the value packed at b[i], the index past it), in ONE call (see _pack): the lists
    being filled and what each still waits for on a stack; ValueError or IndexError for
    what is not a packed value."""
    filling = []  # type: list  # [list, count still due] of each list being read, outermost first
    while True:
        tag = b[i]
        i += 1
        if tag != _NONE:  # every other value starts with a varint
            z = b[i]
            i += 1
            if z & 0x80:
                z &= 0x7F
                shift = 7
                while True:
                    x = b[i]
                    i += 1
                    z |= (x & 0x7F) << shift
                    if not x & 0x80:
                        break
                    shift += 7
                    if shift > 28:
                        raise ValueError("varint too long")
        if tag == _INT:
            v = (z >> 1) if not z & 1 else -((z + 1) >> 1)
        elif tag == _LIST and len(filling) < 2 * _DEPTH:
            if z > len(b):
                raise ValueError("list too long")
            v = []
            while z and b[i] == _INT and b[i + 1] < 0x80:  # its small ints, in place
                x = b[i + 1]
                i += 2
                v.append((x >> 1) if not x & 1 else -((x + 1) >> 1))
                z -= 1
            if z:
                filling.append(v)
                filling.append(z)
                continue
        elif tag == _BYTES or tag == _STR:
            if i + z > len(b):
                raise ValueError("cut short")
            v = bytes(b[i:i + z])
            i += z
            if tag == _STR:
                v = v.decode()
        elif tag == _NONE:
            v = None
        else:
            raise ValueError("bad tag")
        while True:  # the value goes into the list being filled; a list filled, into its own
            if not filling:
                return v, i
            filling[-2].append(v)
            filling[-1] -= 1
            if filling[-1]:
                break
            filling.pop()
            v = filling.pop()


def decode(payload):
    """(kind, value) of a payload, or None when it is not a whole, known message."""
    try:
        if not payload or len(payload) > MAX_PAYLOAD or payload[0] not in KINDS:
            return None
        v, i = _value(payload, 1)
        if i != len(payload):
            return None
        return (payload[0], v)
    except Exception:  # noqa: BLE001 - garbage in: None, never a crash
        return None


def as_tuple(v):
    """A decoded list as the tuple the engine compares (an action, an event)."""
    return tuple(v) if isinstance(v, list) else v
