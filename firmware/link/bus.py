"""The host/console polling machines over one shared line (pure: the line and a ticks_ms function are passed in): joining, in-order exactly-once delivery, resends, lost consoles."""

from link import frame as F

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

BAUD = const(115200)
MAX_PAYLOAD = const(200)  # what send() takes
WINDOW = const(4)  # host -> one console: frames in flight before an ack
REPLY_MS = const(40)  # a console answers at its next tick (25 ms frames) plus its work
MISSES = const(5)  # missed polls in a row (a garbled answer counts half) ...
LOST_MS = const(1500)  # ... over at least this long: the console is lost
HOST_LOST_MS = const(2500)  # a console not polled this long: "host lost"
DISCOVER_MS = const(600)  # how often the host opens a discovery slot while a seat is free
BURST_BYTES = const(1024)  # at most this much queued data written in one tick
QUIET_MS = const(1)  # a line silent longer than this (11 bytes' time): no frame is coming
REPOLL = const(3)  # a console that sent data is polled again at once, this many times

RESUME = const(1)  # a WELCOME's ack: the same session goes on (else 0xFF: a new one)

FREE = const(0)
PENDING = const(1)  # welcomed, its first answer not heard yet
LINKED = const(2)


def wire_ms(nbytes, baud):
    """How long `nbytes` take on the line (10 bits a byte), rounded up."""
    return (nbytes * 10000 + baud - 1) // baud


def ticks_diff(a, b):
    """time.ticks_diff for ticks_ms values (wrap at 2**30 on MicroPython)."""
    d = (a - b) & 0x3FFFFFFF
    return d - 0x40000000 if d & 0x20000000 else d


def seq_le(a, b):
    """Whether sequence number a is at or before b (mod 256)."""
    return ((b - a) & 0xFF) < 128


class _Line:
    """What both machines share: the line, its decoder and encoder, the clock."""

    def __init__(self, line, ticks_ms, me, baud):
        self.line = line
        self.ticks_ms = ticks_ms
        self.baud = baud
        self.enc = F.Encoder()
        self.dec = F.Decoder(me)
        self.frame_ms = wire_ms(F.MAX_FRAME, baud) + 5
        self.held_at = -1
        self.held_since = 0
        self.data_at = 0  # when bytes were last heard
        self.written = 0  # bytes written this tick
        self.bytes_out = 0
        self.frames_out = 0

    def _heard(self, now):
        """The frames heard since the last tick, and whether bytes came (or a frame is still
        coming). A partial frame held for longer than the longest frame takes (a garbled
        header's length still waiting for its bytes) is given up, so the frames inside it
        are seen."""
        dec = self.dec
        data = self.line.read()
        if data:
            self.data_at = now
            frames = dec.feed(data)
        elif dec.n:
            # a partial frame is given up only once the line has said nothing for a while:
            # a tick soon after another (the frame's after its rest's last) may come
            # before the frame's next byte
            if ticks_diff(now, self.data_at) > QUIET_MS:
                return dec.quiet(), False
            return (), True
        else:
            return (), False
        if dec.n:
            if dec.base != self.held_at:
                self.held_at = dec.base
                self.held_since = now
            elif ticks_diff(now, self.held_since) > self.frame_ms:
                frames.extend(dec.quiet())
        return frames, True

    def _write(self, dst, src, kind, seq, ack, payload=b""):
        buf = self.enc.build(dst, src, kind, seq, ack, payload)
        self.line.write(buf)
        self.written += len(buf)
        self.bytes_out += len(buf)
        self.frames_out += 1


class HostBus(_Line):
    """The host (id 0): polls consoles 1..5 in turn, with a discovery slot for consoles
    without an id; sends each console's payloads in order (up to WINDOW in flight) and
    sends again what a console's answer did not ack. `known`: {uid: id} to give consoles
    back their ids after a restart (a console's own old id is honoured too when free).
    `epoch` (1..255) tells this host's run from an earlier one's."""

    def __init__(self, line, ticks_ms, known=None, epoch=None, baud=BAUD):
        _Line.__init__(self, line, ticks_ms, F.HOST, baud)
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
        self._events = []
        self.waiting = -1  # console polled (0: the discovery slot), -1: none
        self.bad_at_poll = 0
        self.answered = False
        self.deadline = 0
        self.turn = 0
        self.repoll = 0
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
        self.written = 0
        frames, busy = self._heard(now)
        for f in frames:
            if f.dst == F.HOST:
                self._on_frame(f, now)
        if self.waiting >= 0:
            if self.answered:
                self.waiting = -1
            elif ticks_diff(now, self.deadline) >= 0 and not busy:
                # garbage heard meanwhile: the console may well have answered
                self._missed(self.waiting, now, 1 if self.dec.bad > self.bad_at_poll else 2)
                self.waiting = -1
        if self.waiting < 0:
            self._burst()
            self._poll_next(now)

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
                self.turn = c - 1  # the same console next
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

    def _poll_next(self, now):
        for _ in range(F.MAX_ID + 1):
            self.turn = (self.turn + 1) % (F.MAX_ID + 1)
            c = self.turn
            if c == 0:
                if (ticks_diff(now, self.last_discover) >= DISCOVER_MS
                        and FREE in self.state[1:]):
                    self.last_discover = now
                    self._write(F.ALL, F.HOST, F.DISCOVER, self.epoch, 0xFF)
                    break
            elif self.state[c] != FREE:
                self._write(c, F.HOST, F.POLL, self.epoch, (self.rx_next[c] - 1) & 0xFF)
                self.polls += 1
                break
        else:
            return
        self.waiting = self.turn
        self.answered = False
        self.bad_at_poll = self.dec.bad
        # the longest answer: a DATA frame, or a HELLO (old id, epoch, a uid of 16)
        reply = F.HEADER + F.TRAILER + (MAX_PAYLOAD if self.turn else 18)
        self.deadline = now + wire_ms(self.written + reply, self.baud) + REPLY_MS


class ConsoleBus(_Line):
    """A console: answers the host's polls (one payload per answer), takes the host's
    payloads in order once each, and asks for an id in the discovery slot after a random
    backoff. `uid`: bytes that stay the same across power cycles (up to 16)."""

    def __init__(self, line, ticks_ms, uid, baud=BAUD):
        _Line.__init__(self, line, ticks_ms, None, baud)
        self.uid = bytes(uid)[:16]
        self.console_id = None
        self.state = "searching"
        self.epoch = 0
        self.txq = []
        self.tx_seq = 0
        self.rx_next = 0
        self.inbox = []
        self.last_heard = 0
        self.skip = 0
        self.tries = 0
        r = ticks_ms() & 0xFFFF
        for b in self.uid:
            r = (r * 31 + b) & 0xFFFF
        self.rand = r or 1

    def send(self, payload):
        """Queue `payload` for the host; False (dropped) when not linked."""
        if len(payload) > MAX_PAYLOAD:
            raise ValueError("link payload of %d bytes (at most %d)"
                             % (len(payload), MAX_PAYLOAD))
        if self.state != "linked":
            return False
        self.txq.append(bytes(payload))
        return True

    def recv(self):
        """The oldest payload from the host, or None."""
        return self.inbox.pop(0) if self.inbox else None

    def tick(self):
        now = self.ticks_ms()
        self.written = 0
        self.dec.skip_src = self.console_id if self.console_id else F.NOBODY
        frames, _ = self._heard(now)
        last = len(frames) - 1
        for i, f in enumerate(frames):
            # answer only the last frame heard, and only when nothing has followed it
            self._on_frame(f, now, i == last and not self.dec.started())
        if self.state == "linked" and ticks_diff(now, self.last_heard) >= HOST_LOST_MS:
            self.state = "host lost"

    def _on_frame(self, f, now, may_answer):
        if f.src != F.HOST:
            return
        me = self.console_id
        if f.kind in (F.POLL, F.DISCOVER) and self.epoch and f.seq != self.epoch:
            self._drop()  # another host's run (it restarted): our session is over
        if f.kind == F.DISCOVER:
            if self.state != "linked" and may_answer:
                self._discovered()
            return
        if f.kind == F.WELCOME:
            if f.payload == self.uid:
                if not (f.ack == RESUME and f.dst == me and f.seq == self.epoch):
                    self.txq = []  # a new session
                    self.tx_seq = 0
                    self.rx_next = 0
                self.console_id = f.dst
                self.epoch = f.seq
                self.state = "linked"
                self.tries = 0
                self.skip = 0
                self.last_heard = now
            elif f.dst == me:  # our id went to another console: our session is over
                self._drop()
            return
        if f.dst != me or me is None or not self.epoch:
            return
        self.last_heard = now
        if self.txq and f.ack == self.tx_seq:
            self.txq.pop(0)
            self.tx_seq = (self.tx_seq + 1) & 0xFF
        if f.kind == F.DATA:
            if f.seq == self.rx_next:
                self.inbox.append(f.payload)
                self.rx_next = (self.rx_next + 1) & 0xFF
        elif f.kind == F.POLL:
            self.state = "linked"
            if may_answer:
                ack = (self.rx_next - 1) & 0xFF
                if self.txq:
                    self._write(F.HOST, me, F.DATA, self.tx_seq, ack, self.txq[0])
                else:
                    self._write(F.HOST, me, F.ACK, 0, ack)

    def _drop(self):
        self.epoch = 0
        if self.state == "linked":
            self.state = "host lost"

    def _discovered(self):
        if self.skip:
            self.skip -= 1
            return
        self.tries += 1
        self.rand = (self.rand * 75 + 74) % 65537
        span = 1 << (self.tries if self.tries < 3 else 3)
        self.skip = self.rand % span
        hello = bytearray(2)
        hello[0] = self.console_id or 0
        hello[1] = self.epoch
        self._write(F.HOST, F.NOBODY, F.HELLO, 0, 0, bytes(hello) + self.uid)


def rest(bus, sleep_ms, ms, stop, step=4):
    """A link game's rest between frames (ui.loop.app): sleep `ms` in slices of `step` ms
    with `sleep_ms`, ticking `bus` after each, so that an exchange waits milliseconds for
    the other end, not whole 25 ms frames (make bench BENCH=link_bus gives the figures);
    it ends early once `stop()` (a press) or once the bus has a payload for the game (the
    next frame shows it)."""
    while ms > 0 and not stop():
        s = step if ms > step else ms
        sleep_ms(s)
        ms -= s
        bus.tick()
        if bus.inbox:
            return
