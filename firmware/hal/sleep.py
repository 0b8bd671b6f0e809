"""Sleep on a Pico's battery: DORMANT until a button is pressed while the panel is off (DeepSleep), and the frames' rests in light sleep, the system clock stopped (Naps)."""

# IO_BANK0's DORMANT_WAKE_INTE registers (RP2040 / RP2350 datasheets): 4 bits a GPIO, 8 GPIOs
# a register; bit 0 of a GPIO's four is "level low".
_RP2040 = (0x40014000 + 0x160)
_RP2350 = (0x40028000 + 0x2D8)
_GPIO_IN = 0xD0000004  # SIO's GPIO_IN: the level of every GPIO (both chips)
_SET = 0x2000  # the atomic set and clear aliases of a register (datasheet 2.1.2)
_CLR = 0x3000


class DeepSleep:
    """sleep() returns once one of the `gpios` (buttons to ground) is low, or `vbus` (USB
    power's sense GPIO) is high: the chip is in DORMANT meanwhile (about 0.9 mA on a Pico:
    its clocks and timer stopped, ticks_ms does not move; the watchdog, on the same clocks,
    waits too). It returns True when a button is down."""

    def __init__(self, gpios, machine_name=None, vbus=24):
        import sys

        name = machine_name or getattr(sys.implementation, "_machine", "")
        base = _RP2350 if "RP2350" in name else _RP2040
        self._regs = {}  # register address -> the GPIOs' wake bits in it
        self._mask = 0  # the buttons' bits in GPIO_IN
        for g in gpios:
            self._wake_on(base, g, 0)  # level low
            self._mask |= 1 << g
        if vbus is not None:
            self._wake_on(base, vbus, 1)  # level high: USB plugged in
        self.sleeps = 0

    def _wake_on(self, base, gpio, bit):
        addr = base + 4 * (gpio // 8)
        self._regs[addr] = self._regs.get(addr, 0) | 1 << (4 * (gpio % 8) + bit)

    def sleep(self):
        """Sleep until a button is down (True) or USB power comes (False)."""
        import machine

        for addr, bits in self._regs.items():
            machine.mem32[addr + _SET] = bits
        try:
            machine.lightsleep()  # no argument: DORMANT until a wake source
        finally:
            for addr, bits in self._regs.items():
                machine.mem32[addr + _CLR] = bits
        self.sleeps += 1
        mask = self._mask
        return machine.mem32[_GPIO_IN] & mask != mask


class Naps:
    """The time module's ticks, and a sleep_ms that on battery rests in machine.lightsleep
    (clk_sys on the 12 MHz crystal and gated, the PLLs off: about 1 mA instead of 15 at
    125 MHz in sleep_ms's WFE) unless a tune plays (its PWM and timer need their clocks).
    The frame loop's rests are 6 ms slices that look for a press after each
    (ui.loop.app: App._rest), so a press is answered as soon as before; on USB power it is
    time.sleep_ms (USB keeps its clocks: make flash, mpremote, the REPL), and so is
    awake_ms always (a link game's rests: light sleep stops the UART)."""

    def __init__(self, usb, sound=None):
        import time

        import machine

        self.ticks_ms = time.ticks_ms
        self.ticks_add = time.ticks_add
        self.ticks_diff = time.ticks_diff
        self._sleep = time.sleep_ms
        self.awake_ms = time.sleep_ms  # (hal.clock: a link game's rests, the UART running)
        self._light = machine.lightsleep
        self._usb = usb
        self._sound = sound

    def sleep_ms(self, ms):
        sound = self._sound
        if ms > 1 and not self._usb() and (sound is None or not sound._tune):  # (no tune)
            self._light(ms)
        else:
            self._sleep(ms)
