"""Talking to the board: finding its USB serial port, and an mpremote raw REPL on it whose every
step is under time and byte limits (GuardedSerial), with the check that it runs MicroPython.

Each step (entering the raw REPL, one exec, the reset) must end within FLASH_TIMEOUT seconds
and bring at most a bounded number of bytes, and the whole command within FLASH_OVERALL
seconds. A port that streams, trickles, floods or echoes, or runs another firmware, so ends
within seconds with "does not answer like MicroPython"."""

import contextlib
import glob
import io
import os
import time

from flash.errors import DeployError

RPI_VID = 0x2E8A  # Raspberry Pi: MicroPython's rp2 USB serial port
TIMEOUT_S = float(os.environ.get("FLASH_TIMEOUT", "10"))  # s one step with the board may take
OVERALL_S = float(os.environ.get("FLASH_OVERALL", "600"))  # s the whole command may take
EXEC_FACTOR = 3  # an exec (hashing every file, say) may take this many FLASH_TIMEOUTs
POLL_S = 0.1  # a read waits at most this long before the limits are looked at again
ENTER_MAX = 16 * 1024  # bytes the board may send while the raw REPL is entered
REPLY_MAX = 256 * 1024  # bytes one exec may bring back (the file listing: a few KB)
BOOTSEL_DRIVES = ("RPI-RP2", "RP2350")


class PortError(Exception):
    """The port went past a limit: too slow, or too many bytes for one step."""


def bootsel_drive():
    """The mount point of a Pico waiting in BOOTSEL mode, or None."""
    for label in BOOTSEL_DRIVES:
        for pattern in ("/media/*/%s", "/media/%s", "/run/media/*/%s", "/Volumes/%s"):
            hits = glob.glob(pattern % label)
            if hits:
                return hits[0]
    return None


def no_board_message():
    msg = "no board found on USB."
    drive = bootsel_drive()
    if drive:
        msg += (
            "\nA Pico in BOOTSEL mode is mounted at %s: it has no MicroPython yet. Copy the"
            " MicroPython UF2 for your board (RP2040 or RP2350) onto it, then run make flash"
            " again (README: Build the device)." % drive
        )
    else:
        msg += (
            "\nPlug the Pico in with a data USB cable (some cables only carry power). A new"
            " Pico needs MicroPython first (README: Build the device). To use a port by"
            " name: make flash PORT=/dev/ttyACM0"
        )
    return msg


def find_port(port):
    """The serial device to use: PORT, else the first Raspberry Pi USB serial port."""
    if port.startswith("-"):
        raise DeployError("PORT=%s looks like an option, not a serial port: name the Pico's"
                          " port, e.g. PORT=/dev/ttyACM0 (or leave PORT= out)" % port)
    if port:
        if not port.startswith(("COM", "socket:", "rfc2217:")) and not os.path.exists(port):
            raise DeployError("no board at %s (no such device). %s" % (port, no_board_message()))
        return port
    from serial.tools import list_ports

    ports = [p for p in sorted(list_ports.comports()) if p.vid is not None]
    picos = [p for p in ports if p.vid == RPI_VID]
    if picos:
        return picos[0].device
    if len(ports) == 1:
        return ports[0].device
    if ports:
        raise DeployError(
            "no Raspberry Pi board found, but other USB serial ports: %s. Name the board's"
            " port: make flash PORT=..." % ", ".join(p.device for p in ports)
        )
    raise DeployError(no_board_message())


class GuardedSerial:
    """A pyserial port whose every read and write is under the limits of the current step
    (`step`: seconds and bytes) and of the whole command (`overall_s`, from creation):
    past one, PortError. A read of n bytes waits at most `wait_s` in all, as pyserial's
    own timeout would, but looks at the limits every POLL_S."""

    def __init__(self, serial, overall_s, wait_s):
        self._s = serial
        self._s.timeout = POLL_S
        self._s.write_timeout = POLL_S
        self.wait_s = wait_s
        self.end_all = time.monotonic() + overall_s
        self.step(wait_s, ENTER_MAX)

    def step(self, seconds, max_bytes):
        """Start a step: at most `seconds` (within the overall limit) and `max_bytes` read."""
        self.end = min(time.monotonic() + seconds, self.end_all)
        self.seconds = seconds
        self.left = max_bytes

    def _check(self):
        now = time.monotonic()
        if now >= self.end_all:
            raise PortError("the whole command took over %g s (FLASH_OVERALL)" % OVERALL_S)
        if now >= self.end:
            raise PortError("no complete reply within %g s (FLASH_TIMEOUT)" % self.seconds)

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
        done = 0
        while done < len(data):
            self._check()
            try:
                done += self._s.write(data[done:]) or 0
            except Exception as e:  # serial.SerialTimeoutException: nobody reads
                if "timeout" not in type(e).__name__.lower():
                    raise
        return done

    def __getattr__(self, name):  # close, dtr, rts, isOpen...
        return getattr(self._s, name)


def not_micropython(port, why):
    return DeployError(
        "the board on %s does not answer like MicroPython (%s).\nInstall MicroPython on it"
        " (README: Build the device), check PORT= names the Pico, then run make flash again."
        % (port, why)
    )


class Connection:
    """An mpremote connection to a board in the raw REPL, every step under time limits."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        self.port = port
        try:
            self.t = SerialTransport(port, baudrate=115200, timeout=TIMEOUT_S)
        except TransportError as e:
            raise DeployError("cannot open %s: %s (is another program using it?)" % (port, e))
        self.guard = GuardedSerial(self.t.serial, OVERALL_S, TIMEOUT_S)
        self.t.serial = self.guard
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got
                self.t.enter_raw_repl(soft_reset=True, timeout_overall=TIMEOUT_S)
        except Exception as e:  # TransportError, PortError, a serial error
            self.close()
            why = str(e).strip() or type(e).__name__
            if not isinstance(e, PortError):
                why = "no raw REPL: " + why
            raise not_micropython(port, why)

    def _step(self, call, *args):
        """One exchange: EXEC_FACTOR * TIMEOUT_S and REPLY_MAX for it, PortError as a
        DeployError."""
        self.guard.step(EXEC_FACTOR * TIMEOUT_S, REPLY_MAX)
        try:
            return call(*args)
        except PortError as e:
            raise not_micropython(self.port, str(e))

    def exec(self, code):
        return self._step(self.t.exec, code).decode()

    def eval(self, expr):
        return self._step(self.t.eval, expr)

    def close(self):
        try:
            self.t.close()
        except OSError:
            pass

    def reset_into_game(self):
        """Soft reset from the friendly REPL: the board runs boot.py then main.py."""
        self._step(self._reset)

    def _reset(self):
        self.t.exit_raw_repl()
        self.t.read_until(1, b">>> ", timeout=TIMEOUT_S)
        self.t.serial.write(b"\x04")
        self.t.read_until(1, b"soft reboot\r\n", timeout=TIMEOUT_S)


def check_micropython(board, mpy):
    """Refuse boards that do not run MicroPython, or one too old for .mpy files of format
    `mpy` (version, sub-version): (its version, as text; its sys.implementation._mpy)."""
    board.exec("import sys")
    name, ver, machine, dev_mpy = board.eval(
        "(sys.implementation.name, sys.implementation.version,"
        " getattr(sys.implementation, '_machine', sys.platform),"
        " getattr(sys.implementation, '_mpy', 0))"
    )
    version = "%s on %s" % (".".join(str(v) for v in ver[:3]), machine)
    if name != "micropython":
        raise DeployError("the board runs %s %s, not MicroPython." % (name, version))
    if mpy is not None:
        dev = (dev_mpy & 0xFF, (dev_mpy >> 8) & 3)
        if dev[0] != mpy[0] or dev[1] < mpy[1]:
            raise DeployError(
                "MicroPython on the board (%s) loads .mpy version %d.%d; the firmware is .mpy"
                " %d.%d. Install MicroPython 1.19 or later (README: Build the device)."
                % (version, dev[0], dev[1], mpy[0], mpy[1])
            )
    return version, dev_mpy

