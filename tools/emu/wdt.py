"""An emulated machine.WDT on the emulated board's virtual time: unfed, it resets the board.

`factory(vtime)` gives a board.wdt_factory; the watchdog it makes runs on virtual time
(VirtualTime.watch), and when `timeout_ms` pass without a feed it raises WatchdogReset
from inside whatever is advancing time (a sleep, a slow frame): the firmware's own
`except Exception` handlers cannot catch it, as they cannot catch a real reset. A test
then boots the board again on the same flash. Unlike the rp2's, this one has stop(),
standing for hal/watchdog.py's register write."""


class WatchdogReset(BaseException):
    """The emulated board was reset by its watchdog."""


class EmuWdt:
    """machine.WDT(timeout=ms) on virtual time."""

    def __init__(self, vtime, timeout_ms):
        self.vtime = vtime
        self.timeout_ms = timeout_ms
        self.started_at = vtime.ticks_ms()
        self.last_feed = self.started_at
        self.feeds = 0
        self.running = True
        vtime.watch(self)

    def feed(self):
        self.last_feed = self.vtime.ticks_ms()
        self.feeds += 1

    def stop(self):
        self.running = False

    def next_due(self):
        if not self.running:
            return None
        return self.last_feed + self.timeout_ms

    def run_due(self, now):
        if self.running and now - self.last_feed >= self.timeout_ms:
            self.running = False
            raise WatchdogReset("watchdog: %d ms without a feed" % (now - self.last_feed))


class Factory:
    """board.wdt_factory for the emulated board; remembers the watchdogs it started."""

    can_stop = True

    def __init__(self, vtime):
        self.vtime = vtime
        self.started = []

    def __call__(self, timeout_ms):
        w = EmuWdt(self.vtime, timeout_ms)
        self.started.append(w)
        return w


def factory(vtime):
    return Factory(vtime)
