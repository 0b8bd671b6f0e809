"""Six buttons to ground with pull-ups: debounce, latched presses, repeat and long press."""

import micropython
from micropython import const


UP = const(0)
DOWN = const(1)
LEFT = const(2)
RIGHT = const(3)
A = const(4)
B = const(5)
COUNT = const(6)
NAMES = ("UP", "DOWN", "LEFT", "RIGHT", "A", "B")

PRESS = const(0)
RELEASE = const(1)
REPEAT = const(2)  # directions only, while held
LONG = const(3)  # B held >= LONG_MS: "back to the menu"
KIND_NAMES = ("PRESS", "RELEASE", "REPEAT", "LONG")

_DEBOUNCE_MS = const(10)
_REPEAT_DELAY_MS = const(400)
_REPEAT_INTERVAL_MS = const(100)
LONG_MS = const(600)

# Every possible event, made once: EVENTS[kind][button] is the tuple (kind, button).
EVENTS = tuple(tuple((k, b) for b in range(COUNT)) for k in range(4))


class Buttons:
    """Reads six pin-like objects (`value()` is 0 while pressed) once per frame.

    poll(now_ms) returns the events since the last poll, as (kind, button) tuples. A
    level change is accepted when _DEBOUNCE_MS have passed since the last accepted change
    (contact bounce is ignored). When the pins support `irq()` (pass `irq_trigger`, e.g.
    Pin.IRQ_FALLING), each falling edge is latched with its time, so a press that starts
    and ends between two polls (a slow frame) still gives PRESS + RELEASE, and a quick
    release-and-press gives RELEASE + PRESS; a latched edge less than _DEBOUNCE_MS old is
    decided at the next poll (the contact may still be bouncing). A button already held
    when Buttons is made (at boot) gives no event until it has been released. The
    returned list is reused: it is valid until the next poll()."""

    def __init__(self, pins, clock, irq_trigger=None, debounce_ms=_DEBOUNCE_MS):
        if len(pins) != COUNT:
            raise ValueError("Buttons needs 6 pins (UP, DOWN, LEFT, RIGHT, A, B)")
        self._pins = pins
        self._clock = clock
        self._debounce = debounce_ms
        self._delay = _REPEAT_DELAY_MS
        self._interval = _REPEAT_INTERVAL_MS
        self._down = bytearray(COUNT)
        self._long_sent = bytearray(COUNT)
        self._latched = bytearray(COUNT)
        self._pressed = False  # an edge latched since the last poll
        self._latching = irq_trigger is not None
        now = clock.ticks_ms()
        self._changed = [clock.ticks_add(now, -debounce_ms) for _ in range(COUNT)]
        self._edge = [now] * COUNT
        self._next_repeat = [now] * COUNT
        self._out = []
        # held at boot: ignored until released (a press nobody made on this screen)
        self._held = bytearray(1 if pins[i].value() == 0 else 0 for i in range(COUNT))
        if irq_trigger is not None:
            for i in range(COUNT):
                pins[i].irq(handler=self._handler(i), trigger=irq_trigger)

    def _handler(self, i):
        def on_edge(pin):
            self._edge[i] = self._clock.ticks_ms()
            self._latched[i] = 1
            self._pressed = True

        return on_edge

    def set_repeat(self, delay_ms, interval_ms):
        """Auto-repeat of the directions: first REPEAT after delay_ms, then every
        interval_ms (values below 20 ms are raised to 20)."""
        self._delay = max(20, int(delay_ms))
        self._interval = max(20, int(interval_ms))

    def pressed_since_poll(self):
        """True when a press edge has been latched since the last poll (the frame loop
        wakes from its sleep for it); always False without interrupts."""
        return self._pressed

    def may_rest(self):
        """True when the frame loop may sleep long: presses are latched by interrupts
        (a sleep ends at one) and no button is held (its repeats and release are polled)."""
        if not self._latching:
            return False
        for d in self._down:
            if d:
                return False
        return True

    def due_in(self, now_ms):
        """Ms from now_ms until a held button's next event (B's LONG, a direction's
        REPEAT) is due, at most 1000: the frame loop sleeps no longer, so that the event
        comes when due, not a frame late. (Called every frame: at most 11 words of
        state, see _change.)"""
        due = 1000
        i = 0
        while i < COUNT:
            if self._down[i]:
                if i == B:
                    w = 1000 if self._long_sent[i] else LONG_MS - self._clock.ticks_diff(
                        now_ms, self._changed[i])
                else:
                    w = self._clock.ticks_diff(self._next_repeat[i], now_ms) if i <= RIGHT else 1000
                if w < due:
                    due = w
            i += 1
        return due if due > 0 else 0

    def is_down(self, button):
        """True while `button` is held (debounced state as of the last poll)."""
        return bool(self._down[button])

    def _press(self, i, now):
        out = self._out
        self._down[i] = 1
        self._changed[i] = now
        self._long_sent[i] = 0
        self._next_repeat[i] = self._clock.ticks_add(now, self._delay)
        out.append(EVENTS[PRESS][i])

    def _release(self, i, now):
        self._down[i] = 0
        self._changed[i] = now
        self._out.append(EVENTS[RELEASE][i])

    @micropython.native
    def poll(self, now_ms):
        """The events since the last poll (one snapshot per frame). Native code for a
        button at rest, the case of every frame; the rest (_change) is bytecode, for RAM
        (issue 26: the whole of it native took 2 KB of the Pico's heap)."""
        out = self._out
        out.clear()
        self._pressed = False
        for i in range(COUNT):
            raw = self._pins[i].value() == 0
            if raw or self._down[i] or self._latched[i] or self._held[i]:
                self._change(i, now_ms, raw)
            elif self._clock.ticks_diff(now_ms, self._changed[i]) >= self._debounce:
                # settled and idle: keep the last change recent (same decisions), so
                # ticks_diff (range 2**29 ms, about 6 days, on the rp2) never wraps
                self._changed[i] = self._clock.ticks_add(now_ms, -self._debounce)
        return out

    def _change(self, i, now, raw):
        """Button i, not at rest (`raw`: its pin reads pressed now): its events, if any.
        At most 11 words of state (a bytecode call's state past that comes from the heap
        on the rp2 port, at each call: see ui.loop.app.App.step)."""
        latched = self._latched[i]
        self._latched[i] = 0
        if self._held[i]:
            if raw:
                self._changed[i] = now
            elif self._since(now, self._changed[i]):
                self._held[i] = 0
                self._changed[i] = now
            return
        down = self._down[i]
        if raw != bool(down):
            if self._since(now, self._changed[i]):
                if raw:
                    self._press(i, now)
                else:
                    self._release(i, now)
            return
        # an edge latched well after the last accepted change is a real press
        if latched and self._since(self._edge[i], self._changed[i]):
            if not self._since(now, self._edge[i]):
                self._latched[i] = 1  # maybe contact bounce: decide at the next poll
            elif down:  # released and pressed again since the last poll
                self._release(i, now)
                self._press(i, now)
            else:  # pressed and released since the last poll
                self._press(i, now)
                self._release(i, now)
            return
        if down:
            self._held_events(i, now)
        elif self._since(now, self._changed[i]):  # at rest after all: as poll does
            self._changed[i] = self._clock.ticks_add(now, -self._debounce)

    def _since(self, now, then):
        """True when `then` is at least the debounce time before `now`."""
        return self._clock.ticks_diff(now, then) >= self._debounce

    def _held_events(self, i, now):
        """Button i held down: B's LONG once when due, a direction's REPEATs."""
        out = self._out
        diff = self._clock.ticks_diff
        if i == B:
            if not self._long_sent[i] and diff(now, self._changed[i]) >= LONG_MS:
                self._long_sent[i] = 1
                out.append(EVENTS[LONG][i])
        elif i <= RIGHT and diff(now, self._next_repeat[i]) >= 0:
            out.append(EVENTS[REPEAT][i])
            nxt = self._clock.ticks_add(self._next_repeat[i], self._interval)
            if diff(nxt, now) <= 0:  # a slow frame: no burst of repeats
                nxt = self._clock.ticks_add(now, self._interval)
            self._next_repeat[i] = nxt
