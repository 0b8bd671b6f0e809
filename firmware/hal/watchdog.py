"""The watchdog policy: a hung game loop resets the Pico, and mpremote is never cut off.

The problem: on the rp2, `machine.WDT` cannot be stopped once started. mpremote (and
`make flash`) interrupts the running program with Ctrl-C and then talks to the raw REPL
for as long as a copy takes; a watchdog still running then, with nobody feeding it,
resets the board in the middle of writing a file.

The decision:
1. The watchdog runs only while the app's frame loop runs. `feed()` is called once a
   frame (ui/loop/app.py); the first feed after GRACE_MS from boot starts it. Nothing else
   starts it: no watchdog at the REPL, under `mpremote run`'s set-up, in the boot code
   or while the file system mounts.
2. Leaving the frame loop for ANY reason - Ctrl-C (KeyboardInterrupt, which is how
   mpremote gets in), an exception, a normal quit - goes through `stop()` (ui/boot.py
   calls it in a `finally`; a second Ctrl-C during it is ignored or retried). machine.WDT has no stop, so stop() clears the ENABLE bit of
   the chip's watchdog CTRL register itself (RP2040: WATCHDOG_BASE 0x40058000, RP2350:
   0x400d8000; bit 30, written through the atomic clear alias at +0x3000), which is what
   the Pico SDK's watchdog_disable() does.
3. The watchdog is armed only when it can be stopped that way: on a chip this module
   does not know (sys.implementation._machine names neither RP2040 nor RP2350) it is
   never started. An emulated watchdog (tools/emu/wdt.py) has its own stop(), and its
   factory says so (`can_stop = True`).
4. A long timeout, TIMEOUT_MS = 8000 (the RP2040's limit is 8388 ms): frames take 25 ms,
   a save or a bot's move well under a second; only a real hang goes 8 s unfed.
5. GRACE_MS = 10000 after boot, the watchdog is not armed yet: if the firmware hangs in
   C code (where Ctrl-C cannot reach it), the board resets, and then mpremote has ten
   seconds after each reset to interrupt it safely.
6. `make run` (mpremote mount: the firmware's files are read over USB from the computer,
   the working directory is /remote) never starts it: loading a module that way may take
   seconds, and the computer is in charge anyway (`from_host()`).
7. After a watchdog reset the board boots as usual (main.py); the saved game (written
   after every completed action) is offered at once by the "Continue the game?"
   prompt, with a line saying the console restarted after a fault. machine.reset_cause()
   alone cannot tell: machine.reset() (mpremote reset) and the reboot after a UF2 copy
   also go through the watchdog and report WDT_RESET. So arming also writes a mark in
   WATCHDOG SCRATCH0 (a user scratch word, which survives a watchdog reset; power-on
   and the RUN pin clear it), stop() clears it, and only a WDT_RESET with the mark
   still there is a fault; reading it clears it. It does not resume
   without asking: a saved state that makes the firmware hang would otherwise loop.
"""

import sys

from micropython import const


TIMEOUT_MS = const(8000)
GRACE_MS = const(10000)
_CTRL = {"RP2040": 0x40058000, "RP2350": 0x400D8000}  # WATCHDOG_BASE + CTRL (offset 0)
_CLR = const(0x3000)  # atomic bit-clear alias
_ENABLE = 1 << 30
_SCRATCH0 = const(0x0C)  # WATCHDOG SCRATCH0, same offset on both chips
_ARMED = const(0x4C414D)  # "LAM": the mark of an armed watchdog (see 7.)


def chip():
    """'RP2040', 'RP2350' or None (not a chip whose watchdog this module can stop)."""
    m = getattr(sys.implementation, "_machine", "")
    for name in _CTRL:
        if name in m:
            return name
    return None


def _hw_stop():
    """Clear WATCHDOG CTRL.ENABLE on the rp2 (machine.WDT cannot be stopped), then the
    armed mark."""
    import machine

    machine.mem32[_CTRL[chip()] + _CLR] = _ENABLE
    machine.mem32[_CTRL[chip()] + _SCRATCH0] = 0


def _mark_armed():
    import machine

    machine.mem32[_CTRL[chip()] + _SCRATCH0] = _ARMED


def from_host():
    """True when running through `mpremote mount` (make run): no watchdog then."""
    try:
        import os

        return os.getcwd().startswith("/remote")
    except (AttributeError, OSError):
        return False


def reset_by_watchdog():
    """True when the last reset was this watchdog firing: machine.reset_cause() says
    WDT_RESET and, on the rp2, the armed mark is still set (see 7.; it is cleared)."""
    try:
        import machine

        cause = machine.reset_cause() == machine.WDT_RESET
    except (ImportError, AttributeError):
        return False
    if chip() is None:
        return cause
    at = _CTRL[chip()] + _SCRATCH0
    marked = machine.mem32[at] == _ARMED
    machine.mem32[at] = 0
    return cause and marked


def machine_wdt(timeout_ms):
    """The chip's own watchdog, machine.WDT, armed at `timeout_ms`: the wdt_factory of a
    Pico profile (hal.assembly.pico_board)."""
    from machine import WDT

    return WDT(timeout=timeout_ms)


class Watchdog:
    """Arms `factory(timeout_ms)` (board.wdt_factory) on the first feed after the grace
    period; `stop()` disarms it. No watchdog at all when `factory` is None or when it
    could not be stopped (see the module docstring, 3.)."""

    def __init__(self, factory, clock, timeout_ms=TIMEOUT_MS, grace_ms=GRACE_MS):
        self.factory = factory
        self.clock = clock
        self.timeout_ms = timeout_ms
        self.grace_ms = grace_ms
        self.start_ms = clock.ticks_ms()
        self.wdt = None
        self.enabled = factory is not None and (
            getattr(factory, "can_stop", False) or chip() is not None
        )

    def feed(self):
        """Called once a frame by the app."""
        wdt = self.wdt
        if wdt is None:
            if not self.enabled:
                return
            now = self.clock.ticks_ms()
            if self.clock.ticks_diff(now, self.start_ms) < self.grace_ms:
                return
            wdt = self.factory(self.timeout_ms)
            self.wdt = wdt
            if getattr(wdt, "stop", None) is None:
                _mark_armed()
        wdt.feed()

    def stop(self):
        """Disarm (the frame loop is left); it is not started again. A second Ctrl-C
        arriving meanwhile (mpremote may send two) cannot leave it running: Ctrl-C is
        ignored while the register is written, and an interrupt before that retries."""
        while True:
            try:
                self.enabled = False
                _kbd_intr(-1)
                wdt = self.wdt
                if wdt is not None:
                    stop = getattr(wdt, "stop", None)
                    if stop is not None:
                        stop()
                    else:
                        _hw_stop()
                    self.wdt = None
                _kbd_intr(3)
                return
            except KeyboardInterrupt:
                continue


def _kbd_intr(c):
    """micropython.kbd_intr: -1 makes Ctrl-C plain input, 3 makes it interrupt again."""
    try:
        import micropython

        micropython.kbd_intr(c)
    except (ImportError, AttributeError):
        pass
