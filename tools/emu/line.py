"""An emulated link line: one shared wire for several emulated boards (a low from any TX wins, every RX hears every byte, bytes take their time at the baud rate, optional bit errors, bursts of noise, drops and unplugging)."""

from link.bus import BAUD


class Lcg:
    """A tiny seeded generator (the same numbers on CPython and MicroPython)."""

    def __init__(self, seed):
        self.s = (seed * 2654435761 + 1) & 0x7FFFFFFF or 1

    def below(self, n):
        self.s = (self.s * 1103515245 + 12345) & 0x7FFFFFFF
        return (self.s >> 8) % n


class Port:
    """One console's plug on the line: the `board.link` object (write, read)."""

    def __init__(self, line, name):
        self.line = line
        self.name = name
        self.plugged = True
        self.rx = bytearray()
        self.rx_t = []  # the µs each byte of rx ended at (a timed line only)
        self.tx_free = 0  # µs at which this TX finishes what it was given
        self.sent = 0
        self.heard = 0
        self.noise = 0  # bytes of a burst of noise still to come at this receiver

    def write(self, buf):
        """Send bytes (non-blocking): each starts when the one before has gone."""
        if self.plugged:
            self.line._send(self, bytes(buf))
        return len(buf)

    def read(self):
        """The bytes heard since the last call (b"" when none)."""
        self.line._resolve()
        if not self.rx:
            return b""
        data = bytes(self.rx)
        self.rx = bytearray()
        self.heard += len(data)
        return data

    def read_timed(self):
        """[(µs it ended at, byte)] heard since the last call (a timed line only)."""
        self.line._resolve()
        out = list(zip(self.rx_t, self.rx))
        self.rx = bytearray()
        self.rx_t = []
        self.heard += len(out)
        return out

    def any(self):
        self.line._resolve()
        return len(self.rx)

    def unplug(self):
        """The cable out (or the console off): it neither sends nor hears."""
        self.line._resolve()
        self.plugged = False
        self.rx = bytearray()
        self.rx_t = []

    def replug(self):
        self.line._resolve()
        self.plugged = True


class Line:
    """The wire. `now_us()`: the time in µs (virtual in tests: e.g. lambda: t.now * 1000).
    Each byte occupies 10 bit times from when its TX is free; bytes of different TXs
    that overlap in time reach every RX as their AND (a low wins: a collision garbles).
    `error`/`drop`: chance per byte and per receiver of one flipped bit / of losing the
    byte; `burst`: (chance, length): per byte and per receiver, the chance that a burst of
    noise begins there, garbling that byte and the next (`length` bytes in all: each
    random, as a spike or a loose contact makes them). `record`: keep every byte the wire carried (after collisions, before the
    receivers' faults) in `self.wire` (a bytearray: a byte each) for tests that decode
    every frame; `stamps` too: when each of them ended, in `self.wire_t` (a list: 8 bytes
    or more each, only for a log that shows the times). `timed`: each port also keeps when
    each byte ended (read_timed), for emulators fed at those times."""

    def __init__(self, now_us, baud=BAUD, error=0.0, drop=0.0, seed=1, record=False,
                 timed=False, stamps=False, burst=(0.0, 0)):
        self.now_us = now_us
        self.baud = baud
        self.byte_us = (10_000_000 + baud - 1) // baud
        self.error = error
        self.drop = drop
        self.burst = burst
        self.bursts = 0
        self.rng = Lcg(seed)
        self.ports = []
        self.pending = []  # [start, end, value] of bytes not yet heard, in start order
        self.record = record
        self.wire = bytearray()
        self.stamps = record and stamps
        self.wire_t = []  # when each byte of wire ended (µs), with `stamps`
        self.collisions = 0
        self.faults = 0
        self.timed = timed

    def plug(self, name=""):
        p = Port(self, name)
        self.ports.append(p)
        return p

    def _send(self, port, data):
        t = self.now_us()
        start = port.tx_free if port.tx_free > t else t
        pend = self.pending
        for b in data:
            end = start + self.byte_us
            item = [start, end, b]
            # keep start order (another port's bytes may already be queued later)
            i = len(pend)
            while i and pend[i - 1][0] > start:
                i -= 1
            pend.insert(i, item)
            start = end
        port.tx_free = start
        port.sent += len(data)

    def busy_until(self):
        """When the last byte on the wire ends (µs)."""
        return max([p[1] for p in self.pending] or [0])

    def _resolve(self):
        now = self.now_us()
        pend = self.pending
        done = 0
        while done < len(pend):
            start, end, value = pend[done]
            j = done + 1
            while j < len(pend) and pend[j][0] < end:
                if pend[j][1] > end:
                    end = pend[j][1]
                value &= pend[j][2]
                j += 1
            if end > now:
                break
            if j - done > 1:
                self.collisions += 1
            self._hear(value, end)
            done = j
        if done:
            del pend[:done]

    def _hear(self, value, end):
        if self.record:
            self.wire.append(value)
            if self.stamps:
                self.wire_t.append(end)
        for p in self.ports:
            if not p.plugged:
                continue
            v = value
            if self.drop and self.rng.below(1_000_000) < self.drop * 1_000_000:
                self.faults += 1
                continue
            if self.error and self.rng.below(1_000_000) < self.error * 1_000_000:
                self.faults += 1
                v ^= 1 << self.rng.below(8)
            if (not p.noise and self.burst[0]
                    and self.rng.below(1_000_000) < self.burst[0] * 1_000_000):
                p.noise = self.burst[1]
                self.bursts += 1
            if p.noise:
                p.noise -= 1
                self.faults += 1
                v = self.rng.below(256)
            p.rx.append(v)
            if self.timed:
                p.rx_t.append(end)
