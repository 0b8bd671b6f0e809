"""Deep sleep on a Pico until a button is pressed: machine.lightsleep() in DORMANT (the crystal stopped), woken by a button's GPIO going low."""

# IO_BANK0's DORMANT_WAKE_INTE registers (RP2040 / RP2350 datasheets): 4 bits a GPIO, 8 GPIOs
# a register; bit 0 of a GPIO's four is "level low".
_RP2040 = (0x40014000 + 0x160)
_RP2350 = (0x40028000 + 0x2D8)
_SET = 0x2000  # the atomic set and clear aliases of a register (datasheet 2.1.2)
_CLR = 0x3000


class DeepSleep:
    """sleep() returns once one of the `gpios` (buttons to ground) is low: the chip is in
    DORMANT meanwhile (about 0.9 mA on a Pico: its clocks, timer and watchdog stopped;
    ticks_ms does not move). `feed()` (the watchdog's) is called before and after."""

    def __init__(self, gpios, machine_name=None):
        import sys

        name = machine_name or getattr(sys.implementation, "_machine", "")
        base = _RP2350 if "RP2350" in name else _RP2040
        self._regs = {}  # register address -> the GPIOs' wake bits in it
        for g in gpios:
            addr = base + 4 * (g // 8)
            self._regs[addr] = self._regs.get(addr, 0) | 1 << (4 * (g % 8))
        self.feed = None
        self.sleeps = 0

    def sleep(self):
        """Sleep until a button is down; True (only a button wakes DORMANT here)."""
        import machine

        feed = self.feed
        if feed is not None:
            feed()
        for addr, bits in self._regs.items():
            machine.mem32[addr + _SET] = bits
        try:
            machine.lightsleep()  # no argument: DORMANT until a wake source
        finally:
            for addr, bits in self._regs.items():
                machine.mem32[addr + _CLR] = bits
        self.sleeps += 1
        if feed is not None:
            feed()
        return True
