"""Virtual time for the emulated board: a millisecond clock that moves only when told."""


class VirtualTime:
    """ticks_ms/sleep_ms/ticks_diff on a virtual clock. Parts that act at given times
    (scripted pins, timers) register with `watch(part)`; when time moves forward they are
    advanced in time order through `part.next_due()` / `part.run_due(now)`, so an edge
    scheduled at t fires its interrupt while ticks_ms() reads t."""

    def __init__(self, start_ms=0):
        self.now = start_ms
        self.parts = []
        self.slept_ms = 0  # total time spent in sleep_ms (frame pacing figures)

    def watch(self, part):
        """Have `part` run its due actions as time passes."""
        self.parts.append(part)

    def ticks_ms(self):
        return self.now

    def ticks_add(self, t, delta):
        return t + delta

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        """Sleeping is what moves virtual time."""
        if ms > 0:
            self.slept_ms += ms
            self.advance(ms)

    def advance(self, ms):
        """Move time forward by `ms` (a slow frame, or waiting), running due actions."""
        self.advance_to(self.now + ms)

    def advance_to(self, target):
        """Move time forward to `target`, running each part's actions at their times."""
        while True:
            due = None
            first = None
            for p in self.parts:
                t = p.next_due()
                if t is not None and t <= target and (due is None or t < due):
                    due = t
                    first = p
            if first is None:
                break
            if due > self.now:
                self.now = due
            first.run_due(self.now)
        if target > self.now:
            self.now = target


class VirtualTimer:
    """machine.Timer's one-shot/periodic API on virtual time (for the sound sequencer)."""

    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, vtime):
        self.vtime = vtime
        self._due = None
        self._period = 0
        self._mode = 0
        self._callback = None
        vtime.watch(self)

    def init(self, mode=0, period=0, callback=None, freq=None):
        if freq:
            period = 1000 // freq
        self._mode = mode
        self._period = max(1, period)
        self._callback = callback
        self._due = self.vtime.ticks_add(self.vtime.ticks_ms(), self._period)

    def deinit(self):
        self._due = None

    def next_due(self):
        return self._due

    def run_due(self, now):
        cb = self._callback
        if self._mode == self.PERIODIC:
            self._due = now + self._period
        else:
            self._due = None
        if cb:
            cb(self)


class RealTime:
    """Wall-clock time (the interactive simulator) with the same `watch` hook as
    VirtualTime, so scripted pins and timers still run. `sleep_hook(ms)`, when given,
    does the sleeping (e.g. waits for a key with a timeout)."""

    def __init__(self, sleep_hook=None):
        import time

        self._time = time
        self.parts = []
        self.sleep_hook = sleep_hook
        self.slept_ms = 0

    def watch(self, part):
        self.parts.append(part)

    def ticks_ms(self):
        return self._time.ticks_ms()

    def ticks_add(self, t, delta):
        return self._time.ticks_add(t, delta)

    def ticks_diff(self, a, b):
        return self._time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        if ms > 0:
            self.slept_ms += ms
            if self.sleep_hook is not None:
                self.sleep_hook(ms)
            else:
                self._time.sleep_ms(ms)
        self.run_due()

    def run_due(self):
        """Run the watched parts' actions that are due by now."""
        now = self.ticks_ms()
        for p in self.parts:
            t = p.next_due()
            while t is not None and self._time.ticks_diff(t, now) <= 0:
                p.run_due(now)
                t = p.next_due()
