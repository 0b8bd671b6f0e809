"""Talking to the board: finding its USB serial port, and an mpremote raw REPL on it whose every
step is under time and byte limits (GuardedSerial), with the check that it runs MicroPython.

Every exchange is under the limits of flash.limits, the whole command's scaling with its
work. A board that answers too slowly for its work is stopped as soon as its pace
shows it (Connection.pace), with a message that says so. A port that streams, trickles,
floods or echoes, runs another firmware, or answers with anything MicroPython would not
send, ends with "does not answer like MicroPython"."""

import ast
import contextlib
import glob
import io
import os
import time

from flash.errors import DeployError
from flash.limits import (
    ENTER_MAX, EXEC_FACTOR, PACE_AFTER, REPLY_MAX, TIMEOUT_S, Budget, GuardedSerial, PortError, cost,
)

RPI_VID = 0x2E8A  # Raspberry Pi: MicroPython's rp2 USB serial port
SHOW_MAX = 60  # characters of a garbled reply quoted in a message
BOOTSEL_DRIVES = ("RPI-RP2", "RP2350")


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


def not_micropython(port, why):
    return DeployError(
        "the board on %s does not answer like MicroPython (%s).\nInstall MicroPython on it"
        " (README: Build the device) and check that PORT= names the Pico." % (port, why)
    )


def shown(reply):
    """A reply as a message quotes it: its repr, cut to SHOW_MAX characters."""
    text = repr(reply)
    return text if len(text) <= SHOW_MAX else text[: SHOW_MAX - 3] + "..."


def is_traceback(text):
    """Whether an exec's error output is a MicroPython traceback (the board ran the code
    and it raised), not bytes of something else."""
    return text.lstrip().startswith("Traceback (most recent call last):")


class Connection:
    """An mpremote connection to a board in the raw REPL, every step under time limits.

    A reply that MicroPython would not send (garbled, cut short, not text, past a limit)
    is a DeployError saying the board does not answer like MicroPython; once the board has
    shown it runs MicroPython (`proven`), going past the whole command's limit says it
    answers too slowly instead."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        self.port = port
        self.proven = False
        self.budget = Budget()
        self.copy_start = None
        try:
            self.t = SerialTransport(port, baudrate=115200, timeout=TIMEOUT_S)
        except TransportError as e:
            raise DeployError("cannot open %s: %s (is another program using it?)" % (port, e))
        self.guard = GuardedSerial(self.t.serial, self.budget, TIMEOUT_S)
        self.t.serial = self.guard
        try:
            self._enter_raw_repl()
        except Exception as e:  # TransportError, PortError, a serial error
            self.close()
            why = str(e).strip() or type(e).__name__
            if not isinstance(e, PortError):
                why = "no raw REPL: " + why
            raise not_micropython(port, why)

    def _enter_raw_repl(self):
        """mpremote's way in (a Ctrl-C, a Ctrl-A, a soft reset), once more when the board did
        not answer: a program that took the Ctrl-C as plain input (between the watchdog's
        kbd_intr(-1) and kbd_intr(3)), or a board still starting, gets a second one."""
        from mpremote.transport import TransportError

        for last in (False, True):
            self._enter_step()
            try:
                with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got
                    self.t.enter_raw_repl(soft_reset=True, timeout_overall=TIMEOUT_S)
                return
            except (TransportError, PortError) as e:
                if last or isinstance(e, PortError) and not e.step:  # (too much, too long)
                    raise

    def garbled(self, what, reply):
        """The DeployError for a reply MicroPython would not give."""
        return not_micropython(self.port, "%s: %s" % (what, shown(reply)))

    def too_slow(self, why):
        return DeployError(
            "the board on %s answers too slowly: %s.\nPlug it straight into the computer (not"
            " through a slow hub), close other programs using the port, then run make flash"
            " again (FLASH_OVERALL= sets the whole command's limit)." % (self.port, why)
        )

    def _step(self, call, *args):
        """One exchange: EXEC_FACTOR * TIMEOUT_S and REPLY_MAX for it; a PortError, or a
        reply of the wrong shape, as a DeployError."""
        from mpremote.transport import TransportError, TransportExecError

        self.guard.step(EXEC_FACTOR * TIMEOUT_S, REPLY_MAX,
                        "one exec: %d x FLASH_TIMEOUT=%g s" % (EXEC_FACTOR, TIMEOUT_S))
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # mpremote prints what it got
                return call(*args)
        except PortError as e:
            if e.overall and self.proven:
                raise self.too_slow(str(e))
            raise not_micropython(self.port, str(e))
        except TransportExecError as e:
            if is_traceback(e.error_output):
                raise  # MicroPython ran it and it raised: the caller says what that means
            raise self.garbled("an exec's error output", e.error_output)
        except TransportError as e:
            raise not_micropython(self.port, str(e).strip() or "no raw REPL")
        except OSError:
            raise  # the port itself failed (unplugged): the caller says what that means
        except Exception:  # mpremote itself choking on the bytes (struct, decode, index...)
            raise not_micropython(self.port, "a reply that mpremote cannot read")

    def exec(self, code):
        """The text an exec printed (DeployError when it is not text)."""
        out = self._step(self.t.exec, code)
        try:
            return out.decode()
        except UnicodeError:
            raise self.garbled("an exec printed bytes that are not text", out)

    def eval(self, expr):
        """The value of `expr` on the board, read back from its repr (ints, strings, tuples...)."""
        text = self.exec("print(repr(%s))" % expr).strip()
        try:
            return ast.literal_eval(text)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            raise self.garbled("its answer to %s" % expr.split(",")[0], text)

    def work(self, execs, nbytes):
        """The copy about to start: `execs` execs sending `nbytes`; the whole command's limit
        becomes the Budget for that work, and the copy's pace is judged from now on."""
        self.budget.work(execs, nbytes)
        self.copy_start = time.monotonic()
        self.copy_work = (execs, nbytes)

    def pace(self, execs, nbytes):
        """After `execs` execs of the copy sending `nbytes`: DeployError when the pace so
        far, in the Budget's units (EXCHANGE_S an exec, KB_S a KB), cannot finish the rest
        within the whole command's limit."""
        if self.copy_start is None:
            return
        share = cost(execs, nbytes) / max(cost(*self.copy_work), 1e-9)
        if share < PACE_AFTER or share >= 1:
            return
        now = time.monotonic()
        took = now - self.copy_start
        end = self.copy_start + took / share
        if end > self.budget.end:
            raise self.too_slow(
                "%d of the copy's %d execs took %.1f s, so the copy would end after about %.0f s"
                " in all, past %s" % (execs, self.copy_work[0], took,
                                      end - self.budget.start - self.budget.local_s,
                                      self.budget.text()))

    def close(self):
        try:
            self.t.close()
        except OSError:
            pass

    def reset_into_game(self):
        """Soft reset from the friendly REPL: the board runs boot.py then main.py."""
        self._step(self._reset)

    def _enter_step(self):
        """A step of entering a REPL: FLASH_TIMEOUT seconds, ENTER_MAX bytes."""
        self.guard.step(TIMEOUT_S, ENTER_MAX, "FLASH_TIMEOUT=%g s" % TIMEOUT_S)

    def _reset(self):
        self._enter_step()
        self.t.exit_raw_repl()
        self.t.read_until(1, b">>> ", timeout=TIMEOUT_S)
        self.t.serial.write(b"\x04")
        self.t.read_until(1, b"soft reboot\r\n", timeout=TIMEOUT_S)


def check_micropython(board, mpy):
    """Refuse boards that do not run MicroPython, or one too old for .mpy files of format
    `mpy` (version, sub-version): (its version, as text; its sys.implementation._mpy)."""
    board.exec("import sys")
    answer = board.eval(
        "(sys.implementation.name, sys.implementation.version,"
        " getattr(sys.implementation, '_machine', sys.platform),"
        " getattr(sys.implementation, '_mpy', 0))"
    )
    if not (isinstance(answer, tuple) and len(answer) == 4 and isinstance(answer[0], str)
            and isinstance(answer[1], tuple) and len(answer[1]) >= 3
            and all(isinstance(v, int) for v in answer[1][:3])
            and isinstance(answer[2], str) and type(answer[3]) is int and answer[3] >= 0):
        raise not_micropython(getattr(board, "port", "the port"),
                              "its answer to sys.implementation: %s" % shown(answer))
    name, ver, machine, dev_mpy = answer
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
    board.proven = True
    return version, dev_mpy
