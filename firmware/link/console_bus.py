"""A console's polling machine (pure: the line and a ticks_ms function are passed in): answers the host's polls, takes its payloads in order once each, asks for an id in the discovery slot."""

from link import frame as F
from link.bus import BAUD, HOST_LOST_MS, MAX_PAYLOAD, RESUME, Line, ticks_diff


class ConsoleBus(Line):
    """A console: answers the host's polls (one payload per answer), takes the host's
    payloads in order once each, and asks for an id in the discovery slot after a random
    backoff. `uid`: bytes that stay the same across power cycles (up to 16)."""

    def __init__(self, line, ticks_ms, uid, baud=BAUD):
        Line.__init__(self, line, ticks_ms, None, baud)
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
        # (its own echo skipped once it has an id; before, every HELLO is heard: another
        # console's answer to a discovery slot is its answer too, _on_frame's may_answer)
        dec = self.dec
        dec.skip_src = self.console_id if self.console_id else None
        # linked: the frames for the other consoles (most of the line's bytes) checked,
        # not made (a console allocated ~22 KB/s in a six-console game)
        dec.only_dst = self.console_id if self.state == "linked" else None
        frames, _ = self._heard(now)
        last = len(frames) - 1
        for i, f in enumerate(frames):
            # answer only the last frame heard, and only when nothing has followed it (a
            # frame for another console included)
            self._on_frame(f, now, i == last and not dec.started() and not dec.skipped_last)
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
