"""The time and byte limits of every exchange with the board: each step (entering the raw REPL
and the reset: FLASH_TIMEOUT seconds; one exec: EXEC_FACTOR times that) and the whole command
(Budget: BASE_S to connect, check and list the board, and for the copy EXCHANGE_S an exec
plus KB_S a KB sent; FLASH_OVERALL= sets one limit instead), held by GuardedSerial around the
pyserial port that mpremote reads and writes: past one, PortError."""

import os
import select
import sys
import time


def env_seconds(name, default):
    """A positive number of seconds from the environment variable `name`, else `default`
    (a value that is not one is said on stderr, and the default used)."""
    text = os.environ.get(name, "")
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value < 1e6:
        print("%s=%s is not a number of seconds: %s" % (name, text,
              "no overall limit but the work's" if default is None else "%g s" % default),
              file=sys.stderr)
        return default
    return value


TIMEOUT_S = env_seconds("FLASH_TIMEOUT", 10.0)  # s one step with the board may take
OVERALL_S = env_seconds("FLASH_OVERALL", None)  # s the whole command may take; None: Budget's
EXEC_FACTOR = 3  # an exec (hashing every file, say) may take this many FLASH_TIMEOUTs
# The whole command's limit (Budget), about twice what a first flash of the whole
# firmware (some 280 execs sending 190 KB) takes on the emulated Pico of tools/pico, the
# official firmware on it (40-60 s, under a loaded host): 20 s + 70 s + 23 s = 113 s
BASE_S = 20.0  # s to connect, check and list the board (twice) and reset it
EXCHANGE_S = 0.25  # s more for each exec of a copy ...
KB_S = 0.12  # ... and for each KB it sends
PACE_AFTER = 0.1  # share of the copy's work done before its pace is judged
POLL_S = 0.1  # a read waits at most this long before the limits are looked at again
ENTER_MAX = 16 * 1024  # bytes the board may send while the raw REPL is entered
REPLY_MAX = 256 * 1024  # bytes one exec may bring back (the file listing: a few KB)


class PortError(Exception):
    """The port went past a limit: too slow (`overall`: the whole command's; `step`: the
    step's), or too many bytes for one step."""

    def __init__(self, message, overall=False, step=False):
        Exception.__init__(self, message)
        self.overall = overall
        self.step = step


def cost(execs, nbytes):
    """Seconds the Budget allows a copy of `execs` execs sending `nbytes`."""
    return EXCHANGE_S * execs + KB_S * nbytes / 1024


class Budget:
    """The whole command's time limit: BASE_S, plus EXCHANGE_S an exec and KB_S a KB of the
    copy once it is known (work()); FLASH_OVERALL= instead, when set."""

    def __init__(self):
        self.start = time.monotonic()
        self.local_s = 0.0
        self.work(0, 0)

    def add_local(self, seconds):
        """Time spent on this computer (compiling), not with the board: not counted."""
        self.local_s += seconds
        self.end += seconds

    def work(self, execs, nbytes):
        if OVERALL_S is not None:
            self.seconds = OVERALL_S
            self.why = "FLASH_OVERALL=%g s" % OVERALL_S
        else:
            self.seconds = BASE_S + cost(execs, nbytes)
            self.why = "this command's limit: %g s to connect and list the board" % BASE_S
            if execs:
                self.why += ", and %g s an exec and %g s a KB for %d execs sending %d KB" % (
                    EXCHANGE_S, KB_S, execs, nbytes // 1024)
        self.end = self.start + self.local_s + self.seconds

    def text(self):
        return "%.0f s (%s)" % (self.seconds, self.why)


class GuardedSerial:
    """A pyserial port whose every read and write is under the limits of the current step
    (`step`: seconds and bytes) and of the whole command (`budget`, a Budget): past one,
    PortError. A read of n bytes waits at most `wait_s` in all, as pyserial's own timeout
    would, but looks at the limits every POLL_S."""

    def __init__(self, serial, budget, wait_s):
        self._s = serial
        self._s.timeout = POLL_S
        self._s.write_timeout = POLL_S
        self.wait_s = wait_s
        self.budget = budget
        self.step(wait_s, ENTER_MAX, "FLASH_TIMEOUT=%g s" % TIMEOUT_S)

    def step(self, seconds, max_bytes, why):
        """Start a step: at most `seconds` (within the overall limit; `why`: where that limit
        comes from, for the message) and `max_bytes` read."""
        self.end = time.monotonic() + seconds
        self.seconds = seconds
        self.why = why
        self.left = max_bytes

    def _check(self):
        now = time.monotonic()
        if now >= self.budget.end:
            raise PortError("the whole command took over %s" % self.budget.text(), True)
        if now >= self.end:
            raise PortError("no complete reply within %g s (%s)" % (self.seconds, self.why),
                            step=True)

    def read(self, n=1):
        out = b""
        give_up = time.monotonic() + self.wait_s
        while len(out) < n:
            self._check()
            got = self._s.read(n - len(out))
            out += got
            self.left -= len(got)
            if self.left < 0:
                raise PortError("it sends more than any reply of MicroPython")
            if not got and time.monotonic() >= give_up:
                break
        return out

    def inWaiting(self):  # noqa: N802 - pyserial's name, as mpremote calls it
        self._check()
        return self._s.inWaiting()

    def write(self, data):
        """Write all of `data`, each byte once, looking at the limits every POLL_S while the
        port takes none. pyserial's own write is not used on a port with a file descriptor:
        past its write_timeout it raises without saying how much it wrote, so a retry sends
        some bytes twice (a board that reads slowly then gets garbled code)."""
        fd = getattr(self._s, "fd", None)
        done = 0
        while done < len(data):
            self._check()
            if fd is None:  # no descriptor (a socket:// port): pyserial's write
                try:
                    done += self._s.write(data[done:]) or 0
                except Exception as e:  # serial.SerialTimeoutException: nobody reads
                    if "timeout" not in type(e).__name__.lower():
                        raise
                continue
            if select.select([], [fd], [], POLL_S)[1]:
                try:
                    done += os.write(fd, data[done:])
                except (BlockingIOError, InterruptedError):
                    pass
        return done

    def __getattr__(self, name):  # close, dtr, rts, isOpen...
        return getattr(self._s, name)
