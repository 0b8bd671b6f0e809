"""Emulated Picos (tools/pico/device.py, one node process each) wired on one link line: their UART0 bytes go through the line model of tools/emu/line.py (a low wins, every RX hears every byte when it has taken its time at the baud rate, faults), the Picos run in lockstep slices of emulated time."""

from emu.line import Line
from link.bus import BAUD
from pico import device


def paced(heard, now_ns):
    """`heard` [(ns, byte)] for a Pico whose clock is at `now_ns`: the bytes it already ran
    past are all as late as the first of them (bytes can reach an RX FIFO no faster than
    the line brings them: fed all at once at the start of the next slice, a slice's bytes
    at 460800 baud, 92 in 2 ms, overran its 32 bytes)."""
    late = now_ns - heard[0][0] if heard else 0
    return [(t + late, b) for t, b in heard] if late > 0 else heard


class LinkedPicos:
    """`picos` on one line. run(ms) runs them all in slices of `slice_ms` emulated ms
    (each slice on every Pico at once, one thread each); after a slice the bytes each sent
    go on the line at their times, and each Pico's RX is fed what it heard at the times
    the bytes ended (a byte heard in a slice another Pico had already run reaches it in its
    next slice, at most `slice_ms` late, the bytes after it spaced as on the line: paced)."""

    def __init__(self, picos, baud=BAUD, error=0.0, drop=0.0, seed=1, slice_ms=1.0,
                 stamps=False, burst=(0.0, 0)):
        self.picos = list(picos)
        self.t_us = 0
        self.line = Line(lambda: self.t_us, baud, error, drop, seed, record=True, timed=True,
                         stamps=stamps, burst=burst)
        self.ports = [self.line.plug("pico%d" % i) for i in range(len(self.picos))]
        self.slice_ms = slice_ms
        self.sent_by = [bytearray() for _ in self.picos]  # what each Pico's TX sent
        # each Pico's own clock at the wiring (they may have run apart before): the line's
        # time is counted from there
        self.base = [p.t_ns for p in self.picos]

    @property
    def ms(self):
        """Emulated ms since the Picos were wired."""
        return min(p.t_ns - b for p, b in zip(self.picos, self.base)) / 1e6

    def unplug(self, i):
        self.ports[i].unplug()

    def replug(self, i):
        self.ports[i].replug()

    def _slice(self, ms):
        """Every Pico runs to the same time on the line, `ms` on (each in its own node
        process, at once). One that stands ahead waits for the others: a flash operation's
        time is added at once, past the slice's end, and a Pico run `ms` from its own time
        stayed that far ahead for good (after a few saves, the host hundreds of ms: it heard
        every answer that late, and sent again what had been acked)."""
        to = self.ms + ms
        ids = []
        for p, base in zip(self.picos, self.base):
            left = to - (p.t_ns - base) / 1e6
            ids.append(p.send("run", ms=left, pace=0) if left > 1e-6 else None)
        for p, cid in zip(self.picos, ids):
            if cid is not None:
                p.answer(cid, "run")

    def _wire(self):
        sent = []
        for i, p in enumerate(self.picos):
            for t_ns, b in p.take_uart():
                sent.append((t_ns - self.base[i], i, b))
                self.sent_by[i].append(b)
        sent.sort()
        for t_ns, i, b in sent:
            self.t_us = int(t_ns) // 1000
            self.ports[i].write(bytes([b]))
        self.t_us = int(self.ms * 1000)
        for p, port, base in zip(self.picos, self.ports, self.base):
            heard = [(t * 1000 + base, b) for t, b in port.read_timed()]
            p.feed_uart(paced(heard, p.t_ns))

    def run(self, ms):
        end = self.ms + ms
        while self.ms < end - 1e-6:
            self._slice(min(self.slice_ms, end - self.ms))
            self._wire()

    def run_until(self, test, limit_ms, step_ms=20):
        return device.run_until(self, test, limit_ms, step_ms)
