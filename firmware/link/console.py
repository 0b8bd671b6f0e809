"""A console's side of a link game: it says its person's name to the host at every link,
hears who is linked, and the game as the host tells it (its seat, then each action's
events and its own view), and sends its person's choices. A console that is not in a
link game makes none of this and reads nothing from the line."""

import gc

from link import msg
from link.bus import rest


def whole(bus):
    """Whether what the host sent is whole for the game: not an action's EVENTS whose STATE
    is still on its way (right behind it: a frame run between the two shows nothing, and
    the update waits for its end)."""
    got = bus.inbox
    return not got or not got[-1] or got[-1][0] != msg.EVENTS  # (its first byte: its kind)


class LinkConsole:
    """Over `bus` (link.console_bus.ConsoleBus: tick, send, recv, state), playing as `name`."""

    def __init__(self, bus, name):
        self.bus = bus
        self.name = name
        self.said = False  # the name told since the last link
        self.roster = []  # the names of the linked consoles (the host's ROSTER)
        self.start = None  # [game id, seat, names, seat kinds] of the game, once started
        self.fields = None  # the state fields of a START not yet taken by a screen
        self.started = False  # a START came that no screen took yet (take_start)
        self.queue = []  # [seat, events, fields] or ["refused", rule]: updates not yet shown
        self.ended = False  # the host ended the game
        self.closed = False  # left (the menu): the app lets it go
        self.primer = None  # called after its collects (saved): ui.games.remote's prime

    def close(self):
        self.closed = True

    def state(self):
        """"searching", "linked" or "host lost" (the bus's)."""
        return self.bus.state

    def rest(self, sleep_ms, ms, stop, step):
        """The frame's rest with the bus ticked through it (link.bus.rest; ui.loop.app),
        over once an update is whole (its view too: whole)."""
        rest(self.bus, sleep_ms, ms, stop, step, whole)

    def tick(self):
        """The line served between a frame's drawing and its panel's transfer (App._draw):
        a poll heard while the frame drew is answered before the transfer's 10-25 ms (the
        person's choice, sent in this frame, with it)."""
        self.bus.tick()

    def pump(self):
        bus = self.bus
        bus.tick()
        if bus.state != "linked":
            self.said = False
            return
        if not self.said:
            self.said = True
            bus.send(msg.encode(msg.HELLO, self.name))
        while True:
            payload = bus.recv()
            if payload is None:
                return
            m = msg.decode(payload)
            if m is not None:
                self.heard(m[0], m[1])

    def heard(self, kind, v):
        if kind == msg.ROSTER and isinstance(v, list):
            self.roster = [str(x) for x in v]
        elif kind == msg.START and isinstance(v, list) and len(v) == 4:
            self.start = v
            self.started = True
            self.fields = None
            self.queue = []
            self.ended = False
        elif kind == msg.STATE and isinstance(v, list):
            q = self.queue
            if self.started and self.fields is None:
                self.fields = v
            elif q and q[-1][0] != "refused" and q[-1][2] is None:
                q[-1][2] = v
            else:
                q.append([None, [], v])  # a view alone (a resync)
        elif kind == msg.EVENTS and isinstance(v, list) and len(v) == 2:
            self.queue.append([v[0], [msg.as_tuple(e) for e in v[1]], None])
        elif kind == msg.REFUSED:
            self.queue.append(["refused", str(v), None])
        elif kind == msg.END:
            self.ended = True

    def ready_start(self):
        """A START with its view, not yet taken by a screen: (start, fields), else None."""
        if self.started and self.fields is not None:
            self.started = False
            f = self.fields
            self.fields = None
            return self.start, f
        return None

    def next_update(self):
        """The oldest whole update (its view came too), taken; else None."""
        q = self.queue
        if q and (q[0][0] == "refused" or q[0][2] is not None):
            return q.pop(0)
        return None

    def has_update(self):
        q = self.queue
        return bool(q) and (q[0][0] == "refused" or q[0][2] is not None)

    def saved(self):
        """The frame that showed an update's moves is on the glass (GameScreen.after_frame,
        where a host saves them): the heap is collected now, unless another update waits
        (shown first). The collector's turn (tens of ms on the Pico, after ui.prime's
        GC_EVERY bytes) then falls here and not in the next update's decoding, rebuilding
        and drawing (an update shown 20-35 ms later on the emulated Picos); never at the
        person's own choice, whose answer to the host's poll is due. (Collecting only once
        24 KB of garbage were made, every second or third update, was tried: on six
        emulated Picos a move reached the last panel 15 ms later at the median.) Then
        `primer` (the allocator primed for the next picture)."""
        if not self.bus.inbox and not self.queue:
            gc.collect()
            if self.primer is not None:
                self.primer()

    def act(self, action):
        """Send the person's choice to the host (it answers with the action's events). (Sent
        with the answer to a poll held while the press was taken, before the frame's
        drawing, was tried: on two emulated Picos a move reached the last panel sooner,
        62 ms median, not 86, but the console's own press was answered later, p95 58 ms,
        not 40: not kept.)"""
        self.bus.send(msg.encode(msg.ACT, list(action)))
