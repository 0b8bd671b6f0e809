"""Time for the firmware: ticks and sleep (virtual in the emulator); ui.loop.app paces the frames."""


class Clock:
    """ticks_ms, ticks_add, ticks_diff and sleep_ms of `source` (default: the time
    module; the emulated board passes virtual time)."""

    def __init__(self, source=None):
        if source is None:
            import time

            source = time
        self.ticks_ms = source.ticks_ms
        self.ticks_add = source.ticks_add
        self.ticks_diff = source.ticks_diff
        self.sleep_ms = source.sleep_ms
        # a sleep that never stops the clocks (a link game's: the UART must go on hearing
        # the line), where sleep_ms may (hal.sleep.Naps: light sleep on battery)
        self.awake_ms = getattr(source, "awake_ms", source.sleep_ms)

