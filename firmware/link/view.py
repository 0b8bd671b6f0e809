"""What one seat may know of a game, as the host sends it to that seat's console (pure):
`state_fields(state, seat)` the state with every other seat's hand as its size only and the
draw pile as its length only (dice: all but the set-aside cards); `events_for(events,
seat)` the events without the deal and without another seat's drawn card. The console
rebuilds its state from the fields with link.rebuild (which the host never loads)."""


def state_fields(state, seat):
    """The list a console of `seat` rebuilds its state from: nothing of another's hand."""
    f = public_fields(state)
    f.append(own_fields(state, (seat,))[0])
    return f


def small(values):
    """`values` (ints) as bytes when each is 0..255, else as a list: link.msg packs a bytes
    in one step (and a console reads it so), an int at a time (~45 us each on the Pico)."""
    try:
        return bytes(values)
    except ValueError:
        return list(values)


def public_fields(state):
    """state_fields but its last field: what every console gets alike. Its first field
    the small numbers (link.rebuild.HEAD), in bytes when they fit."""
    r = state.rules
    return [small((state.GAME, state.n, r.target, r.rounds, 1 if r.komarami else 0,
                   state.round_no, state.first, state.turn, state.phase, state.ender)),
            small(state.scores), bytes(state.quit), state.reason, small(state.points),
            small(state.returned)]


def own_fields(state, seats):
    """state_fields' last field for each of `seats`: a card game's the bytes of the seat,
    the pile's length, the top, the seat's own hand (7 counts), every seat's hand size and
    the discards (7 counts); a dice game's the table, the same for every seat (all but the
    set-aside cards, which are no one's)."""
    if hasattr(state, "hands"):
        sizes = bytearray(state.n)
        for i in range(state.n):
            sizes[i] = sum(state.hands[i])
        rest = bytes(sizes) + bytes(state.discard)
        pile = len(state.pile)
        return [bytes((seat, pile, state.top)) + bytes(state.hands[seat]) + rest
                for seat in seats]
    table = [[bytes(row) for row in state.rows], bytes(state.llama_row),
             bytes(state.discarded), bytes(state.dice)]
    return [table for _ in seats]


def events_for(events, seat):
    """The events of an action as `seat`'s console may see them: no deal (it holds every
    hand), another's drawn card without its value."""
    out = []
    for ev in events:
        k = ev[0]
        if k == "round":
            continue
        if k == "draw" and ev[1] != seat:
            ev = ("draw", ev[1], -1)
        out.append(ev)
    return out
