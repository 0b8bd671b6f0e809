"""The battery gauge: VSYS through the board's divider, smoothed, corrected for the load, mapped through a LiPo discharge curve to a charge that never rises on battery; USB power says "charging"."""

from micropython import const

# A single LiPo cell's open-circuit voltage (mV) at 100, 90, ..., 10, 0 % of its charge: a
# typical curve at a low rate (the shape vendors publish for 1-cell LiPo/Li-ion; not
# measured on a particular cell). 0 % is where a cell's protection is near.
CURVE = (4200, 4110, 4020, 3950, 3870, 3840, 3800, 3770, 3730, 3690, 3270)
LOW = const(15)  # %: the console says so, once
EMPTY = const(3)  # %: the game is saved and the console sleeps
BARS = const(4)
_SAMPLES = const(8)  # ADC reads averaged into one sample (the ADC's noise)
_PERIOD_MS = const(1000)  # one sample a second
_SETTLE = const(3)  # samples ignored once USB power goes (VSYS falls back to the cell)
_MIN_MV = const(2500)  # VSYS outside these: no cell (or no divider) is read, no gauge
_MAX_MV = const(4500)  # (above: the cell is not what feeds VSYS)
_CHARGING = const(-1)


def percent_of(mv):
    """The charge (0..100 %) of a cell whose open-circuit voltage is `mv` (CURVE)."""
    if mv >= CURVE[0]:
        return 100
    for i in range(1, len(CURVE)):
        lo = CURVE[i]
        if mv >= lo:
            hi = CURVE[i - 1]
            return 100 - 10 * i + (10 * (mv - lo)) // (hi - lo)
    return 0


def bars_of(pct):
    """Bars lit (0..BARS) for a charge: a bar for each started quarter."""
    return (pct * BARS + 99) // 100


class Gauge:
    """`read_mv()` gives VSYS in mV (one ADC read), `usb()` True while USB powers the
    board. update(now_ms, load_ma) is called once a frame; it samples once a second:
    _SAMPLES reads averaged, the cell's voltage estimated as VSYS + what the board's path
    drops at `load_ma` (`drop_mv`: a diode's or switch's drop, `mohm`: the cell's, the
    switch's and the wires' resistance), smoothed (a quarter of each new sample), mapped through CURVE.
    On battery the charge shown never rises; on USB the cell cannot be read (VSYS is
    USB's) and the gauge says charging; once USB goes, it starts afresh after _SETTLE
    samples. A reading outside 2.5..4.5 V is no cell: percent() is None (no mark), and
    once the cell reads again it shows no more than before."""

    def __init__(self, read_mv, usb, clock, drop_mv=0, mohm=150):
        self.read_mv = read_mv
        self.usb = usb
        self.ticks_diff = clock.ticks_diff
        self.ticks_add = clock.ticks_add
        self.drop_mv = drop_mv
        self.mohm = mohm
        self._due = None
        self._mv = 0  # smoothed cell voltage, 0: none yet
        self._pct = None  # the charge shown (None: unknown)
        self._settle = 0
        self._least = 100  # the least charge shown since USB last powered the board
        self.samples = 0

    def update(self, now_ms, load_ma=20):
        """Sample when due (once a second). Returns True when a sample was taken."""
        due = self._due
        if due is not None and self.ticks_diff(now_ms, due) < 0:
            return False
        self._due = self.ticks_add(now_ms, _PERIOD_MS)
        self.samples += 1
        if self.usb():
            self._pct = _CHARGING
            self._mv = 0
            self._settle = _SETTLE
            self._least = 100
            return True
        if self._settle:
            self._settle -= 1
            if self._settle:
                return True
        total = 0
        for _ in range(_SAMPLES):
            total += self.read_mv()
        vsys = total // _SAMPLES
        if vsys < _MIN_MV or vsys > _MAX_MV:
            self._pct = None
            self._mv = 0
            return True
        ocv = vsys + self.drop_mv + self.mohm * load_ma // 1000
        if self._mv == 0:  # the first reading (or after USB, or after a floating pin)
            self._mv = ocv
        else:
            self._mv += (ocv - self._mv) // 4
        pct = percent_of(self._mv)
        if pct < self._least:  # on battery the charge shown only falls
            self._least = pct
        self._pct = self._least
        return True

    def charging(self):
        return self._pct == _CHARGING

    def percent(self):
        """The charge shown (0..100), None while unknown or charging."""
        p = self._pct
        return None if p is None or p == _CHARGING else p

    def bars(self):
        """Bars lit (0..BARS), -1 while charging, None with no reading (no mark)."""
        p = self._pct
        if p == _CHARGING:
            return -1
        return None if p is None else bars_of(p)


def vsys_reader(adc):
    """read_mv for a Pico: ADC3 (GPIO29) reads VSYS through the board's 200k/100k divider
    (VSYS/3) against the 3.3 V reference."""
    read = adc.read_u16

    def read_mv():
        return read() * 9900 // 65535

    return read_mv
