"""Power policy: the panel dims after 30 s without input and goes off after 2 min, a press wakes it; with a battery, the gauge read, the console asleep while the panel is off (on battery), an empty cell told."""

from micropython import const

from hal.buttons import PRESS, RELEASE

_AWAKE = const(0)
_DIM = const(1)
OFF = const(2)
_DIM_MS = const(30_000)
_OFF_MS = const(120_000)
_SEEN_MS = const(250)  # the press that woke the console is polled within this (eaten)
_FLAT_WAKE_MS = const(1000)  # an empty console, woken, looks for USB this long, then sleeps
_LOW_PCT = const(15)  # hal.battery's LOW and EMPTY (that module is loaded with a cell only)
_EMPTY_PCT = const(3)
ALERT_GAUGE = const(0)  # what alert(kind) is told: the gauge's bars changed (redraw) ...
ALERT_LOW = const(1)  # ... once each: the cell is low ...
ALERT_EMPTY = const(2)  # ... or empty
# the board's current by panel state (mA, for the gauge's load correction: docs/power.md)
_LOAD_MA = (22, 17, 15)


class Power:
    """filter(events, now_ms) is called once per frame with the button events.

    Any event wakes a dimmed display (the event still acts: the screen was readable).
    When the display is off, the events that wake it are eaten, and so is everything the
    waking buttons send until they are released, so waking never acts."""

    def __init__(self, display, clock, contrast=0x7F, dim_ms=_DIM_MS, off_ms=_OFF_MS,
                 battery=None, sleeper=None, restart=None):
        self.display = display
        self.clock = clock
        self.battery = battery  # hal.battery.Gauge, or None (no cell fitted)
        self.sleeper = sleeper  # sleep() until a button is pressed (hal.sleep), or None
        self.restart = restart  # restart() the console (machine.reset), or None
        self.alert = None  # alert(kind) (ALERT_LOW, ALERT_EMPTY): the app's answer
        self.flat = False  # the cell is empty: nothing acts, the console sleeps
        self._told = 0  # the alerts told since the cell was last charged
        self._bars = None  # the gauge's bars last told
        self._woke = None  # when the last deep sleep ended (None: not just woken)
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
        self._woke = None
        if self.state == OFF:
            self.display.poweron()
        if self.state != _AWAKE:
            self.display.contrast(self._contrast)
        self.state = _AWAKE

    def filter(self, events, now_ms):
        """The events to act on; changes `events` in place and returns it."""
        if self.flat:
            events.clear()  # an empty cell: nothing acts
            self._flat_rest(now_ms)
            return events
        if events:
            woke = self._woke  # (the press that ended a deep sleep, seen now)
            was_off = self.state == OFF or (
                woke is not None and self.clock.ticks_diff(now_ms, woke) < _SEEN_MS)
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
        bat = self.battery
        if bat is not None:
            if bat.update(now_ms, _LOAD_MA[self.state]):
                bars = bat.bars()
                if bars != self._bars:
                    self._bars = bars
                    if self.alert is not None:
                        self.alert(ALERT_GAUGE)
                self._tell(bat.percent())
            if self.state == OFF and self.sleeper is not None:
                self._doze(bat, now_ms)
        return events

    def _tell(self, pct):
        """Tell the app once when the cell is low, and once when it is empty (with no one
        to tell, the console goes to sleep at once: empty())."""
        if pct is None:
            if self.battery.charging():
                self._told = 0
            return
        kind = ALERT_EMPTY if pct <= _EMPTY_PCT else ALERT_LOW if pct <= _LOW_PCT else 0
        if kind <= self._told:
            return
        self._told = kind
        if self.alert is not None:
            self.alert(kind)
        elif kind == ALERT_EMPTY:
            self.empty()

    def _doze(self, bat, now_ms):
        """The panel is off: on battery, sleep until a button is pressed, then light the
        panel at once; the press that woke the console is eaten when the poll sees it
        (within _SEEN_MS), with what its button sends until released."""
        if bat.usb():  # on USB: no deep sleep (make flash, mpremote and the REPL work)
            return
        if self.sleeper.sleep():
            now = self.clock.ticks_ms()
            self.wake(now)
            self._woke = now

    def empty(self):
        """The cell is empty (the app has saved the game and said so): the panel goes off
        and the console sleeps; woken on USB power, it restarts (and offers the game)."""
        self.flat = True
        if self.state != OFF:
            self.display.poweroff()
            self.state = OFF
        self._woke = None

    def _flat_rest(self, now_ms):
        woke = self._woke
        if woke is not None and self.clock.ticks_diff(now_ms, woke) < _FLAT_WAKE_MS:
            return
        bat = self.battery
        if bat is not None and bat.usb():
            if self.restart is not None:
                self.restart()
            return
        if self.sleeper is not None:
            self.sleeper.sleep()
        self._woke = self.clock.ticks_ms()
