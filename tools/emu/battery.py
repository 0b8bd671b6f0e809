"""The emulated board's battery: a LiPo cell that drains with virtual time at the board's current, USB power plugged or not, the ADC reading of VSYS it gives, and the deep sleep a button ends (host only)."""

# open-circuit voltage (mV) at 100, 95, ..., 0 % of the charge: a typical 1-cell LiPo curve
# (finer than the firmware's, which has to find the charge from it)
OCV = (4200, 4150, 4110, 4080, 4020, 3980, 3950, 3910, 3870, 3850, 3840, 3820, 3800,
       3790, 3770, 3750, 3730, 3710, 3690, 3610, 3270)
# the board's current (mA) by what it does: the panel on, dimmed, off, deep sleep
LOAD_MA = {"on": 22.0, "dim": 17.0, "off": 15.0, "sleep": 0.95}
USB_VSYS_MV = 4750  # VBUS 5 V less the Pico's Schottky diode


def ocv_mv(fraction):
    """The cell's open-circuit voltage at `fraction` (0..1) of its charge."""
    f = max(0.0, min(1.0, fraction))
    pos = (1.0 - f) * (len(OCV) - 1)
    i = int(pos)
    if i >= len(OCV) - 1:
        return float(OCV[-1])
    return OCV[i] + (OCV[i + 1] - OCV[i]) * (pos - i)


class Cell:
    """A cell of `mah` charged to `charge` (0..1). drain follows virtual time: the current
    is `load()` (mA, set by the board: the panel's state, or deep sleep) between two
    looks. `usb`: USB power plugged (the cell charges at `charge_ma`); `r_mohm` and
    `drop_mv`: what VSYS loses under load; `noise_mv`: the ADC's noise (seeded);
    `connected`: False, the ADC reads a floating pin."""

    def __init__(self, mah=500, charge=1.0, usb=False, r_mohm=150, drop_mv=0, noise_mv=12,
                 charge_ma=200, seed=1):
        self.mah = mah
        self.left_mah = mah * charge
        self.usb = usb
        self.r_mohm = r_mohm
        self.drop_mv = drop_mv
        self.noise_mv = noise_mv
        self.charge_ma = charge_ma
        self.connected = True
        self._seed = seed & 0x7FFFFFFF
        self.load = lambda: LOAD_MA["on"]
        self.time = None  # the VirtualTime it drains on (set by the board)
        self._t = None
        self.used_mah = 0.0
        self.ms_by_mode = {}

    def fraction(self):
        self.advance()
        return self.left_mah / self.mah

    def percent(self):
        return 100.0 * self.fraction()

    def advance(self, mode=None):
        """Drain (or charge) up to the virtual time now at the current of `mode` (LOAD_MA's
        key; None: the board's load())."""
        now = self.time.ticks_ms() if self.time is not None else 0
        if self._t is None:
            self._t = now
        dt = now - self._t
        self._t = now
        if dt <= 0:
            return
        ma = LOAD_MA[mode] if mode else self.load()
        key = mode or "awake"
        self.ms_by_mode[key] = self.ms_by_mode.get(key, 0) + dt
        if self.usb:
            self.left_mah = min(self.mah, self.left_mah + self.charge_ma * dt / 3_600_000)
            return
        used = ma * dt / 3_600_000
        self.used_mah += used
        self.left_mah = max(0.0, self.left_mah - used)

    def vsys_mv(self):
        """VSYS now: USB's when plugged, else the cell's voltage less what the load drops."""
        self.advance()
        if self.usb:
            return USB_VSYS_MV
        return ocv_mv(self.left_mah / self.mah) - self.drop_mv - self.load() * self.r_mohm / 1000

    def read_mv(self):
        """One ADC read of VSYS/3 (12 bits against 3.3 V), as hal.battery.vsys_reader
        gives it: noise included; a floating pin reads near 0 or near full scale."""
        if not self.connected:
            return (0, 40, 9900, 9860)[int(self._rand() * 4) % 4]
        mv = self.vsys_mv() + (2 * self._rand() - 1) * self.noise_mv
        code = max(0, min(4095, round(mv / 3 / 3300 * 4095)))
        return (code << 4 | code >> 8) * 9900 // 65535

    def _rand(self):
        """0..1, seeded (the same under CPython and MicroPython)."""
        self._seed = (self._seed * 1103515245 + 12345) & 0x7FFFFFFF
        return self._seed / 0x7FFFFFFF

    def plugged(self):
        return self.usb


class Sleeper:
    """hal.sleep.DeepSleep for the emulated board: sleep() moves virtual time on to the
    next scripted button change (at most `max_ms`), the cell draining at the sleep
    current meanwhile."""

    def __init__(self, time, buttons, cell, max_ms=3_600_000):
        self.time = time
        self.buttons = buttons
        self.cell = cell
        self.max_ms = max_ms
        self.sleeps = 0
        self.slept_ms = 0

    def sleep(self):
        """True when a button's change ended the sleep (False: max_ms passed, or USB power
        is there: DORMANT wakes on VBUS too)."""
        cell = self.cell
        if cell.usb:
            return False
        cell.advance()
        t0 = self.time.ticks_ms()
        due = self.buttons.next_due()
        target = t0 + self.max_ms if due is None else min(max(due, t0), t0 + self.max_ms)
        self.time.advance_to(target)
        cell.advance("sleep")
        self.sleeps += 1
        self.slept_ms += self.time.ticks_ms() - t0
        return due is not None and due <= target


class Restarted(SystemExit):
    """The console restarted itself (machine.reset on the device): the app's run ends."""


def restart():
    raise Restarted("restart")
