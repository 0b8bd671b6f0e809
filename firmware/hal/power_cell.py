"""The power policy with a battery: the gauge read, the app told when the bars change, the cell is low or empty, and the console asleep while the panel is off on battery (loaded only when a cell is fitted)."""

from micropython import const

from hal.power import OFF, Power

_SEEN_MS = const(250)  # the press that ended a deep sleep is polled within this (eaten)
_FLAT_WAKE_MS = const(1000)  # an empty console, woken, looks for USB this long, then sleeps
_LOW_PCT = const(15)  # hal.battery's LOW and EMPTY
_EMPTY_PCT = const(3)
ALERT_GAUGE = const(0)  # what alert(kind) is told: the gauge's bars changed (redraw) ...
ALERT_LOW = const(1)  # ... once each: the cell is low ...
ALERT_EMPTY = const(2)  # ... or empty
# the board's current by panel state (on, dimmed, off; mA) for the gauge's load correction
# (make bench BENCH=power measures them: README, "Battery life")
_LOAD_MA = (22, 17, 15)


class CellPower(Power):
    """Power (hal.power) and, from filter() once a frame: the gauge sampled (`battery`,
    hal.battery.Gauge); `alert(kind)` told (the app's answer: ui/screens/battery_note.py);
    while the panel is off and USB does not power the board, `sleeper.sleep()` (DORMANT
    until a button is down: hal.sleep), then the panel lit at once and the waking press
    eaten when the poll sees it. After empty() nothing acts and the console sleeps; woken
    on USB power, it restarts (`restart`: machine.reset), and the game is offered."""

    def __init__(self, display, clock, contrast, battery, sleeper=None, restart=None):
        Power.__init__(self, display, clock, contrast)
        self.battery = battery
        self._gauge = battery  # (the same: typed here, None in Power)
        self.sleeper = sleeper
        self.restart = restart
        self.alert = None
        self.flat = False  # the cell is empty: nothing acts, the console sleeps
        self._told = 0  # the alerts told since the cell was last charged
        self._bars = None  # the bars last told
        self._woke = None  # when the last deep sleep ended (None: not just woken)

    def wake(self, now_ms):
        self._woke = None
        Power.wake(self, now_ms)

    def filter(self, events, now_ms):
        if self.flat:
            events.clear()  # an empty cell: nothing acts
            self._flat_rest()
            return events
        if events:
            woke = self._woke
            if woke is not None and self.clock.ticks_diff(now_ms, woke) < _SEEN_MS:
                self.state = OFF  # the press that ended the sleep: eaten as on a panel off
            return Power.filter(self, events, now_ms)
        Power.filter(self, events, now_ms)
        bat = self._gauge
        if bat.update(now_ms, _LOAD_MA[self.state]):
            bars = bat.bars()
            if bars != self._bars:
                self._bars = bars
                if self.alert is not None:
                    self.alert(ALERT_GAUGE)
            self._tell(bat.percent())
        if self.state == OFF and self.sleeper is not None and not bat.usb() and not self.kept():
            # on USB no deep sleep: make flash, mpremote and the REPL work; nor in a link
            # game: DORMANT stops the UART (the console would be lost to the line)
            if self.sleeper.sleep():
                now = self.clock.ticks_ms()
                self.wake(now)  # lit at once
                self._woke = now
        return events

    def kept(self):
        """Whether the app keeps the console awake now (keep_awake: a link game)."""
        keep = self.keep_awake
        return keep is not None and keep()

    def _tell(self, pct):
        """Tell the app once when the cell is low, and once when it is empty (with no one
        to tell, the console goes to sleep at once: empty())."""
        if pct is None:
            if self._gauge.charging():
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

    def empty(self):
        """The cell is empty (the app has saved the game and said so): the panel goes off
        and the console sleeps."""
        self.flat = True
        if self.state != OFF:
            self.display.poweroff()
            self.state = OFF
        self._woke = None

    def _flat_rest(self):
        woke = self._woke
        now = self.clock.ticks_ms()
        if woke is not None and self.clock.ticks_diff(now, woke) < _FLAT_WAKE_MS:
            return
        if self._gauge.usb():
            if self.restart is not None:
                self.restart()
            return
        if self.sleeper is not None:
            self.sleeper.sleep()
        self._woke = self.clock.ticks_ms()
