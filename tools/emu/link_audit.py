"""What a recorded link line carried, decoded as a console's decoder reads it (link.frame, then link.msg): the host's messages to each console, and any that tells a console what is not its own (another seat's hand, another seat's drawn card, the deal). Pure: CPython and MicroPython."""

from link import frame, msg


def wire_messages(wire, ends=None):
    """(destination, message) of every DATA frame the host put on the wire (kept by the
    line, a byte each), the frames then the messages in them; with `ends` (when each byte
    ended, as emu.line's stamps) (destination, message, when its frame ended)."""
    dec = frame.Decoder(None)
    out = []
    if ends is None:
        got = [(f, None) for f in dec.feed(bytes(wire))]
    else:
        got = []
        for i in range(len(wire)):
            for f in dec.feed(bytes(wire[i:i + 1])):
                got.append((f, ends[i]))
    for f, t in got:
        if f.src == frame.HOST and f.kind == frame.DATA:
            m = msg.decode(f.payload)
            if m is not None:
                out.append((f.dst, m) if ends is None else (f.dst, m, t))
    return out


def message_leaks(messages):
    """What no console may have got, of (destination, message) pairs in the order sent: a
    card game's STATE of a seat not its own (its START says which), an event that tells
    another seat's drawn card, the deal's event. [(what, destination)]."""
    from link.rebuild import own_hand  # (a console's reader: not in a host's modules)

    bad = []
    seat_of = {}
    for item in messages:
        dst = item[0]
        kind, value = item[1]
        if kind == msg.START:
            seat_of[dst] = value[1]
        elif kind == msg.STATE:
            own = own_hand(value)
            if own is not None and own[0] != seat_of.get(dst):
                bad.append(("wire seat", dst))
        elif kind == msg.EVENTS:
            for ev in value[1]:
                if ev[0] == "round" or (ev[0] == "draw" and ev[1] != seat_of.get(dst)
                                        and ev[2] != -1):
                    bad.append(("wire event", dst))
    return bad
