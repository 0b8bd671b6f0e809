"""Scripted buttons for the emulated board: pins whose level follows a timed script."""

IRQ_FALLING = 4  # machine.Pin's values on rp2
IRQ_RISING = 8


class ScriptedPin:
    """A GPIO input with pull-up, wired to a button to ground: value() is 1 when released,
    0 when pressed. irq(handler, trigger) fires like the real pin's soft interrupt."""

    IRQ_FALLING = IRQ_FALLING
    IRQ_RISING = IRQ_RISING

    def __init__(self):
        self.level = 1
        self._handler = None
        self._trigger = 0

    def value(self, v=None):
        if v is None:
            return self.level
        self.set(v)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        self._handler = handler
        self._trigger = trigger

    def set(self, level):
        """Drive the pin to `level` (0 = pressed), firing the interrupt on an edge."""
        level = 1 if level else 0
        if level == self.level:
            return
        self.level = level
        edge = IRQ_RISING if level else IRQ_FALLING
        if self._handler is not None and self._trigger & edge:
            self._handler(self)


class ScriptedButtons:
    """Six scripted pins (index = hal.buttons constant) on virtual time.

    `at(t, button, level)` schedules a level change; `press(button, hold_ms, at_ms=None,
    bounce_ms=0)` schedules a press (with contact bounce: the level chatters every
    millisecond for `bounce_ms` after each edge); `set(button, level)` acts now (the
    interactive simulator). Times are virtual milliseconds."""

    def __init__(self, vtime):
        self.vtime = vtime
        self.pins = [ScriptedPin() for _ in range(6)]
        # sorted [(t, seq, button, level)] in _script[_lo:_hi]; the list's slots are reused
        # (it never shrinks: a list that grows and shrinks with every press would leave its
        # items wherever the heap had room, and the heap tests share this heap)
        self._script = []
        self._lo = 0
        self._hi = 0
        self._seq = 0
        vtime.watch(self)

    def set(self, button, level):
        self.pins[button].set(level)

    def at(self, t, button, level):
        self._seq += 1
        item = (t, self._seq, button, 1 if level else 0)
        script = self._script
        if self._hi == len(script):
            if self._lo:  # room at the front: move the live items down
                n = self._hi - self._lo
                for k in range(n):
                    script[k] = script[self._lo + k]
                for k in range(n, self._hi):
                    script[k] = None
                self._lo, self._hi = 0, n
            else:
                script.append(None)
        i = self._hi  # scripts are mostly written in time order: look from the end
        while i > self._lo and script[i - 1] > item:
            script[i] = script[i - 1]
            i -= 1
        script[i] = item  # (not sort(): MicroPython's is quadratic on sorted lists)
        self._hi += 1
        now = self.vtime.ticks_ms()
        if t <= now:  # due already: applies at once, not at the next advance
            self.run_due(now)

    def press(self, button, hold_ms=80, at_ms=None, bounce_ms=0):
        """Schedule a press of `button` for `hold_ms`; returns the release time."""
        t = self.vtime.now if at_ms is None else at_ms
        end = t + hold_ms
        self._edge(t, button, 0, bounce_ms)
        self._edge(end, button, 1, bounce_ms)
        return end

    def _edge(self, t, button, level, bounce_ms):
        other = 1 - level
        for i in range(bounce_ms):
            self.at(t + i, button, level if i % 2 == 0 else other)
        self.at(t + bounce_ms, button, level)

    def pending(self):
        """Number of scheduled level changes not yet applied."""
        return self._hi - self._lo

    def next_due(self):
        return self._script[self._lo][0] if self._hi > self._lo else None

    def run_due(self, now):
        script = self._script
        while self._hi > self._lo and script[self._lo][0] <= now:
            t, _, button, level = script[self._lo]
            script[self._lo] = None
            self._lo += 1
            if self._lo == self._hi:
                self._lo = self._hi = 0
            self.pins[button].set(level)
