"""Time for the firmware: ticks and sleep (virtual in the emulator) and frame pacing."""


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


class FramePacer:
    """Keeps a frame loop at `fps` frames per second by sleeping (never spinning) until
    the next frame is due; after a slow frame it starts afresh instead of rushing."""

    def __init__(self, clock, fps=30):
        self.clock = clock
        self.period = 1000 // max(1, fps)
        self._next = clock.ticks_add(clock.ticks_ms(), self.period)

    def set_fps(self, fps):
        """Change the frame rate (1..100)."""
        self.period = 1000 // max(1, min(100, fps))

    def wait(self):
        """Sleep until the next frame is due; returns the milliseconds slept."""
        c = self.clock
        now = c.ticks_ms()
        left = c.ticks_diff(self._next, now)
        if left > 0:
            c.sleep_ms(left)
            self._next = c.ticks_add(self._next, self.period)
            return left
        self._next = c.ticks_add(now, self.period)
        return 0
