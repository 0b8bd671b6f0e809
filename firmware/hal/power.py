"""Display power policy: dim after 30 s without input, off after 2 min, a press wakes it (with a battery: hal/power_cell.py)."""

from micropython import const

from hal.buttons import PRESS, RELEASE

_AWAKE = const(0)
_DIM = const(1)
OFF = const(2)
_DIM_MS = const(30_000)
_OFF_MS = const(120_000)


class Power:
    """filter(events, now_ms) is called once per frame with the button events.

    Any event wakes a dimmed display (the event still acts: the screen was readable).
    When the display is off, the events that wake it are eaten, and so is everything the
    waking buttons send until they are released, so waking never acts."""

    battery = None  # the gauge (hal.battery.Gauge) when a cell is fitted: hal.power_cell
    keep_awake = None  # a function, True while no deep sleep may come (the app's: a link game)

    def __init__(self, display, clock, contrast=0x7F, dim_ms=_DIM_MS, off_ms=_OFF_MS):
        self.display = display
        self.clock = clock
        self.state = _AWAKE
        self.dim_ms = dim_ms
        self.off_ms = off_ms
        self._contrast = contrast
        self._last = clock.ticks_ms()
        self._eating = 0  # bit mask of buttons whose events are eaten until release

    def set_contrast(self, value):
        """The user's brightness (0..255); applied at once unless dimmed or off."""
        self._contrast = 0 if value < 0 else 255 if value > 255 else int(value)
        if self.state == _AWAKE:
            self.display.contrast(self._contrast)

    def contrast(self):
        return self._contrast

    def wake(self, now_ms):
        """Back to full brightness (input, or something the player must see)."""
        self._last = now_ms
        if self.state == OFF:
            self.display.poweron()
        if self.state != _AWAKE:
            self.display.contrast(self._contrast)
        self.state = _AWAKE

    def filter(self, events, now_ms):
        """The events to act on; changes `events` in place and returns it."""
        if events:
            was_off = self.state == OFF
            self.wake(now_ms)
            if was_off:
                for kind, button in events:
                    if kind == PRESS:
                        self._eating |= 1 << button
                    elif kind == RELEASE:  # a tap latched within one frame
                        self._eating &= ~(1 << button)
                events.clear()
            elif self._eating:
                keep = 0
                for ev in events:
                    bit = 1 << ev[1]
                    if self._eating & bit:
                        if ev[0] == RELEASE:  # the end of the eating
                            self._eating &= ~bit
                        continue
                    events[keep] = ev
                    keep += 1
                del events[keep:]
            return events
        idle = self.clock.ticks_diff(now_ms, self._last)
        if self.state != OFF and idle >= self.off_ms:
            self.display.poweroff()
            self.state = OFF
        elif self.state == _AWAKE and idle >= self.dim_ms:
            self.display.contrast(max(1, self._contrast >> 3))
            self.state = _DIM
        return events
