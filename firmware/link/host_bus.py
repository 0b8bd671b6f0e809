"""The host's polling machine (pure: the line and a ticks_ms function are passed in): polls the consoles in turn, a discovery slot for new ones, in-order exactly-once delivery with resends, lost consoles."""

from link import frame as F
from link.bus import (BAUD, BURST_BYTES, DISCOVER_MS, FREE, LINKED, LOST_MS, MAX_PAYLOAD, MISSES,
                      PENDING, REPLY_MS, REPOLL, RESUME, WINDOW, Line, seq_le, ticks_diff, wire_ms)

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

STALL_MS = const(40)  # a tick later than this after the last: the host stood still
# payloads heard and not yet taken by the game (recv): no new poll for this long, so that the
# game's answer (a console's move: its events to every console) goes out at the game's next
# tick, not behind the poll of a console busy drawing (its answer up to a frame away)
TAKE_MS = const(30)
# no console's person to act (first 0: the host's person's turn, or a computer player's) and
# nothing queued: a poll this long after the last answer at the soonest (the line free when
# the host's move comes: its frames go out at once, before the host draws)
IDLE_POLL_MS = const(30)
# while a console's person is to act (first), the discovery slot (the line held ~45 ms, the
# move waiting behind it) opens this often only (else DISCOVER_MS)
DISCOVER_TURN_MS = const(2500)


class HostBus(Line):
    """The host (id 0): polls consoles 1..5 in turn, with a discovery slot for consoles
    without an id; sends each console's payloads in order (up to WINDOW in flight) and
    sends again what a console's answer did not ack. `known`: {uid: id} to give consoles
    back their ids after a restart (a console's own old id is honoured too when free).
    `epoch` (1..255) tells this host's run from an earlier one's."""

    def __init__(self, line, ticks_ms, known=None, epoch=None, baud=BAUD):
        Line.__init__(self, line, ticks_ms, F.HOST, baud)
        n = F.MAX_ID + 1
        self.uid = [None] * n
        self.state = [FREE] * n
        self.txq = [[] for _ in range(n)]
        self.tx_base = [0] * n  # seq of txq[c][0]
        self.tx_sent = [0] * n  # frames of the window on the line since the last poll
        self.tx_top = [0] * n  # the seq after the newest ever sent (to count resends)
        self.rx_next = [0] * n
        self.misses = [0] * n  # in halves: 2 a silent poll, 1 a poll answered by garbage
        self.heard = [0] * n
        self.welcome = [False] * n
        self.resume = [False] * n  # its WELCOME carries on the session it had
        self.began = [False] * n  # a session with it began in this run (known: not yet)
        if known:
            for uid, c in known.items():
                if 1 <= c <= F.MAX_ID:
                    self.uid[c] = bytes(uid)
        if not (epoch and 1 <= epoch <= 255):
            epoch = (ticks_ms() * 37 + 11) % 255 + 1
        self.epoch = epoch
        self.inbox = []
        self.inbox_at = 0  # when the inbox's newest payload was heard
        self._events = []
        self.waiting = -1  # console polled (0: the discovery slot), -1: none
        self.hold = False  # True: no new poll (the line kept quiet through the host's save)
        self.bad_at_poll = 0
        self.answered = False
        self.deadline = 0
        self.ticked = ticks_ms()  # when tick() last ran
        self.turn = 0  # the last console polled in turn (0: the discovery slot)
        self.polled = -1  # the last console polled, in turn or first
        # a console polled every other poll (its person to act; link.host); 0 none: no
        # console's person to act, idle polls spaced (IDLE_POLL_MS); -1 not known: no gaps
        self.first = -1
        self.freed = ticks_ms() - IDLE_POLL_MS  # when the last poll was answered (or missed)
        self.repoll = 0
        self.again = 0  # the console polled again at once (it sent data: REPOLL), 0 none
        self.last_discover = ticks_ms() - DISCOVER_MS
        self.resent = 0
        self.polls = 0
        self.missed = 0

    # -- the game's side
    def send(self, console_id, payload):
        """Queue `payload` for a linked console; False (dropped) when it is not linked. What
        was queued for a console that is lost stays queued for it: if it comes back with its
        session (it was unplugged, not restarted), it gets it, else it is dropped."""
        if len(payload) > MAX_PAYLOAD:
            raise ValueError("link payload of %d bytes (at most %d)"
                             % (len(payload), MAX_PAYLOAD))
        if not (1 <= console_id <= F.MAX_ID) or self.state[console_id] != LINKED:
            return False
        self.txq[console_id].append(bytes(payload))
        return True

    def recv(self):
        """(console_id, payload) of the oldest payload heard, or None."""
        return self.inbox.pop(0) if self.inbox else None

    def events(self):
        """("joined", id, uid) / ("lost", id) since the last call."""
        ev = self._events
        if not ev:
            return ()  # (asked every frame: no list made when nothing happened)
        self._events = []
        return ev

    def members(self):
        """The ids of the linked consoles, in order."""
        return [c for c in range(1, F.MAX_ID + 1) if self.state[c] == LINKED]

    def uid_of(self, console_id):
        return self.uid[console_id]

    def pending(self, console_id):
        """Payloads queued for a console and not yet acked."""
        return len(self.txq[console_id])

    # -- each frame
    def tick(self):
        now = self.ticks_ms()
        # a tick this late: the host stood still (a save's flash erase stops the CPU and
        # the UART's interrupts), and its poll may have left only as it woke
        late = ticks_diff(now, self.ticked) > STALL_MS
        self.ticked = now
        self.written = 0
        frames, busy = self._heard(now)
        for f in frames:
            if f.dst == F.HOST:
                self._on_frame(f, now)
        if self.waiting >= 0:
            if self.answered:
                self.waiting = -1
                self.freed = now
            elif late and self.waiting and ticks_diff(now, self.deadline) >= 0:
                # the console's time to answer, from now (not a discovery slot's: a HELLO
                # lost comes again at the next; a frame drawn over STALL_MS kept the host's
                # move behind the slot, 40 ms more at each, on the emulated Picos)
                self.deadline = now + REPLY_MS
            elif ticks_diff(now, self.deadline) >= 0 and not busy:
                # garbage heard meanwhile: the console may well have answered
                self._missed(self.waiting, now, 1 if self.dec.bad > self.bad_at_poll else 2)
                self.waiting = -1
                self.freed = now
        if self.waiting < 0:
            self._burst()  # (on hold too: what the host queued goes out before its save)
            if not self.hold and self._may_poll(now):
                self._poll_next(now)

    def _may_poll(self, now):
        """Whether a new poll goes out now: not while the game has not taken a payload
        heard (TAKE_MS), nor, when no console's person is to act and nothing is queued,
        sooner than IDLE_POLL_MS after the last answer."""
        if self.inbox and ticks_diff(now, self.inbox_at) < TAKE_MS:
            return False
        if self.first != 0 or self.repoll or ticks_diff(now, self.freed) >= IDLE_POLL_MS:
            return True
        for c in range(1, F.MAX_ID + 1):
            if self.txq[c] and self.state[c] == LINKED:
                return True
        return False

    def _on_frame(self, f, now):
        c = f.src
        if f.kind == F.HELLO:
            if self.waiting == 0:
                self.answered = True
            self._hello(f.payload)
            return
        if not (1 <= c <= F.MAX_ID) or self.state[c] == FREE:
            return
        if c == self.waiting:
            self.answered = True
            if f.kind == F.DATA and self.repoll < REPOLL:
                self.repoll += 1
                # the same console next, out of turn: the others' turns stay where they
                # were (set back to it, the turns never reached the consoles after the
                # ones whose persons acted: on six emulated Picos, console 5 went 1.5 s
                # unpolled while the persons of consoles 1 and 2 played)
                self.again = c
            else:
                self.repoll = 0
        self.misses[c] = 0
        self.heard[c] = now
        if self.state[c] == PENDING:
            self.state[c] = LINKED
            self._events.append(("joined", c, self.uid[c]))
        q = self.txq[c]
        while q and seq_le(self.tx_base[c], f.ack):
            q.pop(0)
            self.tx_base[c] = (self.tx_base[c] + 1) & 0xFF
        self.tx_sent[c] = 0  # what is still unacked was lost: send it again
        if f.kind == F.DATA and f.seq == self.rx_next[c]:
            self.inbox.append((c, f.payload))
            self.inbox_at = now
            self.rx_next[c] = (self.rx_next[c] + 1) & 0xFF

    def _hello(self, payload):
        if len(payload) < 3:
            return
        hint, their_epoch, uid = payload[0], payload[1], payload[2:]
        c = 0
        for i in range(1, F.MAX_ID + 1):
            if self.uid[i] == uid:
                c = i
        if c and self.state[c] == LINKED and hint == c and their_epoch == self.epoch:
            return  # its session is alive (we were slow): it answers the next poll
        if not c and 1 <= hint <= F.MAX_ID and self.uid[hint] is None:
            c = hint
        for pool in ((None,), ()):  # an id never used, else one whose console is gone
            for i in range(1, F.MAX_ID + 1):
                if not c and self.state[i] == FREE and (not pool or self.uid[i] is None):
                    c = i
        if not c:
            return  # the table is full
        self.misses[c] = 0
        self.tx_sent[c] = 0
        self.welcome[c] = True
        if (self.uid[c] == uid and hint == c and their_epoch == self.epoch
                and self.state[c] == FREE and self.began[c]):
            # back after being lost, its session with this host whole: carry on with it
            # (what was queued for it is still queued; nothing is delivered twice)
            self.state[c] = PENDING
            self.resume[c] = True
            return
        if self.state[c] == LINKED:
            self._events.append(("lost", c))  # it restarted: its old session is over
        self.resume[c] = False
        self.began[c] = True
        self.uid[c] = uid
        self.state[c] = PENDING
        self.txq[c] = []
        self.tx_base[c] = 0
        self.tx_sent[c] = 0
        self.tx_top[c] = 0
        self.rx_next[c] = 0

    def _missed(self, c, now, halves):
        if c == 0:
            return
        self.missed += 1
        self.repoll = 0
        self.again = 0
        self.tx_sent[c] = 0
        self.misses[c] += halves
        if self.misses[c] < 2 * MISSES:
            return
        if self.state[c] == PENDING:
            self.state[c] = FREE
        elif ticks_diff(now, self.heard[c]) >= LOST_MS:
            self.state[c] = FREE  # its queue stays, for the same session coming back
            self._events.append(("lost", c))

    def _burst(self):
        budget = BURST_BYTES
        for c in range(1, F.MAX_ID + 1):
            if self.welcome[c]:
                self.welcome[c] = False
                self._write(c, F.HOST, F.WELCOME, self.epoch, RESUME if self.resume[c] else 0xFF,
                            self.uid[c])
            if self.state[c] != LINKED:
                continue
            q = self.txq[c]
            k = self.tx_sent[c]
            top = len(q) if len(q) < WINDOW else WINDOW
            ack = (self.rx_next[c] - 1) & 0xFF
            while k < top and budget > 0:
                seq = (self.tx_base[c] + k) & 0xFF
                if seq_le(seq, (self.tx_top[c] - 1) & 0xFF):
                    self.resent += 1
                else:
                    self.tx_top[c] = (seq + 1) & 0xFF
                self._write(c, F.HOST, F.DATA, seq, ack, q[k])
                budget -= len(q[k]) + F.HEADER + F.TRAILER
                k += 1
            self.tx_sent[c] = k

    def _blocked(self):
        """A console whose window is full while more waits for it (its ack lets the rest
        go out: polled before the others' turns), or -1."""
        for c in range(1, F.MAX_ID + 1):
            if (self.state[c] == LINKED and self.tx_sent[c] >= WINDOW
                    and len(self.txq[c]) > WINDOW):
                return c
        return -1

    def _poll_next(self, now):
        f = self.first
        a = self.again
        self.again = 0
        if a and self.state[a] != FREE:
            c = a
        elif 1 <= f <= F.MAX_ID and self.polled != f and self.state[f] != FREE:
            c = f  # the console whose person is to act: every other poll
        else:
            c = self._blocked()
        if c < 0:
            for _ in range(F.MAX_ID + 1):
                self.turn = (self.turn + 1) % (F.MAX_ID + 1)
                t = self.turn
                if t == 0:
                    f = self.first
                    every = DISCOVER_TURN_MS if f > 0 and self.state[f] != FREE else DISCOVER_MS
                    if (ticks_diff(now, self.last_discover) >= every
                            and FREE in self.state[1:]):
                        self.last_discover = now
                        self._write(F.ALL, F.HOST, F.DISCOVER, self.epoch, 0xFF)
                        c = 0
                        break
                elif self.state[t] != FREE:
                    c = t
                    break
            if c < 0:
                return
        if c:
            self._write(c, F.HOST, F.POLL, self.epoch, (self.rx_next[c] - 1) & 0xFF)
            self.polls += 1
        self.polled = c
        self.waiting = c
        self.answered = False
        self.bad_at_poll = self.dec.bad
        # the longest answer: a DATA frame, or a HELLO (old id, epoch, a uid of 16)
        reply = F.HEADER + F.TRAILER + (MAX_PAYLOAD if c else 18)
        self.deadline = now + wire_ms(self.written + reply, self.baud) + REPLY_MS
