"""tools/flash/deploy.py against ports that are not MicroPython (fake boards on ptys): each ends
with a clear message, under its time limits; BOARD= and PORT= values that are not a
profile or a port are refused before anything is sent."""

import os
import subprocess
import sys
import threading
import time

from flash import errors, image
from flash.limits import Budget, GuardedSerial, PortError
import pytest
from vpico.host import ROOT, make

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ptys")

HANG_S = 300  # a guard against a hang only: every case ends on its own limits
NOT_MP = "does not answer like MicroPython"


class FakePort:
    """A pty whose far end behaves as `kind` (a thread on the master side) until stop()."""

    def __init__(self, kind):
        self.master, self.slave = os.openpty()
        os.set_blocking(self.master, False)
        self.device = os.ttyname(self.slave)
        self.kind = kind
        self.ctrl_c = 0  # Ctrl-Cs it got
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def send(self, data):
        try:
            os.write(self.master, data)
        except (BlockingIOError, OSError):
            pass  # nobody reads: a real port drops it too

    def take(self):
        try:
            return os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return b""

    def serve(self):
        junk = bytes(range(256)) * 16
        while not self.done.is_set():
            got = self.take()
            if self.kind == "stream":  # a serial device that is not MicroPython: noise
                self.send(junk[:64])
                time.sleep(0.005)
            elif self.kind == "flood":  # a reply of many megabytes, as fast as it goes
                self.send(junk)
            elif self.kind == "trickle":  # a byte every 0.7 s, forever
                self.send(b".")
                self.done.wait(0.7)
            elif self.kind == "echo":  # a loop-back: what is written comes back
                self.send(got)
                time.sleep(0.01)
            elif self.kind == "deaf once":  # MicroPython whose program took a Ctrl-C as input
                self.repl(got)
            elif self.kind == "other":  # another firmware: its own prompt and answers
                if got:
                    self.send(b"\r\nERROR: unknown command\r\nAT> ")
                time.sleep(0.01)

    def repl(self, got):
        """The raw REPL's way in, as MicroPython answers it, from the second Ctrl-C on."""
        for c in got:
            if c == 3:
                self.ctrl_c += 1
            elif c == 1 and self.ctrl_c >= 2:
                self.send(b"\r\nraw REPL; CTRL-B to exit\r\n>")
            elif c == 4 and self.ctrl_c >= 2:
                self.send(b"OK\r\nMPY: soft reboot\r\nraw REPL; CTRL-B to exit\r\n>")
        time.sleep(0.01)

    def stop(self):
        self.done.set()
        self.thread.join(10)
        os.close(self.master)
        os.close(self.slave)


def deploy_cmd(*args, **env):
    full = dict(os.environ, **env)
    script = os.path.join(ROOT, "tools", "flash", "deploy.py")
    return subprocess.run([sys.executable, script] + list(args), capture_output=True, text=True,
                          timeout=HANG_S, cwd=ROOT, env=full)


@pytest.mark.parametrize("kind", ["stream", "flood", "trickle", "echo", "other"])
def test_a_port_that_is_not_micropython_ends_with_a_clear_message(kind):
    port = FakePort(kind)
    try:
        proc = deploy_cmd("wipe-saves", "--yes", "--port=" + port.device, FLASH_TIMEOUT="2")
    finally:
        port.stop()
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert NOT_MP in proc.stderr, proc.stderr
    assert len(proc.stdout) < 2000  # what the port sent is not poured on the terminal


def test_make_flash_against_a_streaming_port_ends_with_a_clear_message(tmp_path):
    port = FakePort("stream")
    try:
        proc = make("flash", PORT=port.device, FLASH_BUILD=str(tmp_path), FLASH_TIMEOUT="2")
    finally:
        port.stop()
    assert proc.returncode != 0
    assert NOT_MP in proc.stderr, proc.stderr


def test_a_board_whose_program_missed_the_ctrl_c_gets_a_second_one(monkeypatch):
    """A program that took the first Ctrl-C as plain input (hal.watchdog's stop, between its
    kbd_intr(-1) and kbd_intr(3)), or a board still starting: the raw REPL all the same."""
    from flash import port as flash_port

    monkeypatch.setattr(flash_port, "TIMEOUT_S", 1.0)
    port = FakePort("deaf once")
    try:
        board = flash_port.Connection(port.device)
        board.close()
    finally:
        port.stop()
    assert port.ctrl_c == 2


def test_the_whole_command_has_a_limit_too(monkeypatch):
    """Steps that each answer in time, but never end: FLASH_OVERALL stops them."""
    port = FakePort("trickle")
    try:
        proc = deploy_cmd("wipe-saves", "--yes", "--port=" + port.device,
                          FLASH_TIMEOUT="100", FLASH_OVERALL="2")
    finally:
        port.stop()
    assert proc.returncode == 2
    assert NOT_MP in proc.stderr and "FLASH_OVERALL" in proc.stderr, proc.stderr


class Endless:
    """A pyserial stand-in that always has one more byte."""

    timeout = None
    write_timeout = None

    def read(self, n=1):
        return b"x" * n

    def inWaiting(self):  # noqa: N802
        return 1

    def write(self, data):
        return len(data)


def test_the_guard_stops_a_read_that_never_ends_and_a_step_that_brings_too_much():
    budget = Budget()
    g = GuardedSerial(Endless(), budget, 5)
    g.step(100, 1000, "a test's limit")
    with pytest.raises(PortError, match="more than any reply"):
        while True:
            g.read(1)
    g.step(0, 1000, "a test's limit")
    with pytest.raises(PortError, match=r"within 0 s \(a test's limit\)"):
        g.read(1)
    budget.end = 0
    with pytest.raises(PortError, match="the whole command took over 20 s") as e:
        g.write(b"a")
    assert e.value.overall


@pytest.mark.parametrize("value", ["../firmware/main", "../firmware/main.py", "/etc/passwd",
                                   "board/pico_sh1106", "README", "x;y"])
def test_board_accepts_only_the_profile_names_in_board(value):
    with pytest.raises(errors.DeployError, match="no board profile.*pico_sh1106, pico_ssd1306"):
        image.board_profile(value)
    assert image.board_profiles() == ["pico_sh1106", "pico_ssd1306"]


def test_make_flash_refuses_a_board_path_before_anything(tmp_path):
    proc = make("flash", BOARD="../firmware/main", PORT=str(tmp_path / "nothing"),
                FLASH_BUILD=str(tmp_path))
    assert proc.returncode != 0
    assert "no board profile" in proc.stderr, proc.stderr
    assert not os.listdir(tmp_path)  # nothing was built


@pytest.mark.parametrize("port", ["-h", "--help", "-x"])
def test_an_option_looking_port_is_refused_with_a_clear_message(port, tmp_path):
    proc = make("flash", PORT=port, FLASH_BUILD=str(tmp_path))
    assert proc.returncode != 0
    assert "looks like an option, not a serial port" in proc.stderr, proc.stderr
    assert "usage:" not in proc.stderr


def test_a_port_that_reads_slowly_gets_every_byte_once():
    """A board that takes its input slowly (a flash erase, a loaded host): the guard waits,
    and what it writes arrives whole, nothing sent twice (pyserial's timed-out write would
    not say how much it had written, and a retry repeated it)."""
    import serial

    master, slave = os.openpty()
    got = bytearray()
    done = threading.Event()

    def slow_reader():
        while not done.is_set():
            time.sleep(0.15)  # longer than a poll: the port stays full meanwhile
            try:
                got.extend(os.read(master, 4096))
            except OSError:
                return

    reader = threading.Thread(target=slow_reader, daemon=True)
    reader.start()
    port = serial.Serial(os.ttyname(slave), 115200)
    try:
        g = GuardedSerial(port, Budget(), 5)
        g.step(100, 1000, "a test's limit")
        data = bytes(range(251)) * 400  # 100 KB: far more than a pty holds
        assert g.write(data) == len(data)
        deadline = time.monotonic() + 60
        while len(got) < len(data) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        done.set()
        port.close()
        reader.join(5)
        os.close(master)
        os.close(slave)
    assert bytes(got) == data
