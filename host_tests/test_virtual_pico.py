"""The virtual Pico (tools/virtual_pico.py): a board's REPL protocol on a pty, littlefs image root."""

import os
import subprocess
import sys
import textwrap
import time

import pytest
from vpico.host import ROOT, VirtualPico, alive, children, mpremote

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ptys, /proc")

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
TIMEOUT_S = 60  # a guard against a hang only: each wait ends when its bytes arrive


@pytest.fixture
def vpico(tmp_path):
    vp = VirtualPico(str(tmp_path / "flash.img"))
    yield vp
    vp.stop()
    assert vp.leftovers() == [], "processes left behind"


@pytest.fixture
def transport(vpico):
    from mpremote.transport_serial import SerialTransport

    t = SerialTransport(vpico.device, timeout=TIMEOUT_S)
    yield t
    t.close()


def raw_repl(t):
    """mpremote's entry to the raw REPL (Ctrl-C, Ctrl-A), without a soft reset."""
    t.enter_raw_repl(soft_reset=False, timeout_overall=TIMEOUT_S)


def read_until(t, ending, timeout=TIMEOUT_S):
    data = t.read_until(1, ending, timeout=timeout, timeout_overall=timeout)
    assert data.endswith(ending), data
    return data


def test_prints_its_device_first_and_formats_a_pico_sized_image(vpico):
    assert vpico.device.startswith("/dev/pts/")
    out = mpremote(vpico.device, "df").stdout
    assert os.path.getsize(vpico.image) == 352 * 4096
    row = [ln.split() for ln in out.splitlines() if ln.rstrip().endswith(" /")][0]
    assert row[0] == "<VfsLfs2>" and row[1] == str(352 * 4096), out
    assert mpremote(vpico.device, "fs", "ls").stdout.strip() == "ls :"  # nothing but littlefs


def test_files_persist_across_soft_resets_and_restarts(tmp_path, vpico):
    src = tmp_path / "note.txt"
    src.write_bytes(b"kept\n" * 300)
    mpremote(vpico.device, "fs", "mkdir", ":data", "+", "fs", "cp", str(src), ":data/note.txt")
    mpremote(vpico.device, "soft-reset")
    assert mpremote(vpico.device, "fs", "cat", ":data/note.txt").stdout == "kept\n" * 300
    vpico.stop()
    again = VirtualPico(vpico.image)
    try:
        out = mpremote(again.device, "exec", "print(open('/data/note.txt').read(5))").stdout
        assert out.strip() == "kept"
    finally:
        again.stop()
        assert again.leftovers() == []


def test_raw_repl_soft_reboot_and_plain_raw_exec(transport):
    t = transport
    t.serial.write(b"\r\x03")
    t.serial.write(b"\r\x01")
    read_until(t, RAW_BANNER + b">")
    t.serial.write(b"\x04")  # Ctrl-D on an empty raw line: soft reset
    read_until(t, b"OK\r\nMPY: soft reboot\r\n" + RAW_BANNER + b">")
    t.serial.write(b"x = 6 * 7\nprint(x)\x04")  # the plain raw REPL, no raw-paste
    assert t.serial.read(2) == b"OK"
    assert t.follow(TIMEOUT_S) == (b"42\r\n", b"")
    read_until(t, b">")
    t.serial.write(b"print(x + 1)\x04")  # globals live on between executions
    assert t.serial.read(2) == b"OK"
    assert t.follow(TIMEOUT_S) == (b"43\r\n", b"")
    t.serial.write(b"1/0\x04")
    read_until(t, b">OK")
    out, err = t.follow(TIMEOUT_S)
    assert out == b"" and err.endswith(b"ZeroDivisionError: divide by zero\r\n"), err
    assert b'File "<stdin>", line 1' in err


def test_raw_paste_mode_with_flow_control(transport):
    t = transport
    raw_repl(t)
    read_until(t, b">")
    t.serial.write(b"\x05A\x01")
    assert t.serial.read(2) == b"R\x01"
    t.serial.write(b"\x03")  # leave it again cleanly (Ctrl-C ends the paste)
    read_until(t, b"KeyboardInterrupt: \r\n\x04")
    code = "s = 0\n" + "".join("s += %d\n" % i for i in range(200)) + "print(s)\n"
    assert len(code) > 4 * 128  # several flow-control windows
    assert t.exec(code) == b"19900\r\n"
    assert t.use_raw_paste  # mpremote did not have to fall back


def test_ctrl_c_interrupts_running_code(transport):
    t = transport
    raw_repl(t)
    t.exec_raw_no_follow("import time\nprint('running')\nwhile True:\n    time.sleep_ms(5)\n")
    read_until(t, b"running\r\n")  # the code runs (not a fixed wait: it may start late)
    t.serial.write(b"\x03")
    out, err = t.follow(TIMEOUT_S)
    assert err.endswith(b"KeyboardInterrupt: \r\n"), err
    assert t.exec("print('alive')") == b"alive\r\n"


def test_boot_py_and_main_py_run_like_on_a_board(transport):
    t = transport
    raw_repl(t)
    t.fs_writefile("boot.py", b"print('boot ran')\n")
    t.fs_writefile("main.py", b"import time\nprint('main ran')\nwhile True:\n time.sleep_ms(10)\n")
    t.serial.write(b"\x04")  # soft reset in the raw REPL: boot.py only
    data = read_until(t, RAW_BANNER + b">")
    assert b"soft reboot\r\nboot ran\r\n" in data and b"main ran" not in data
    t.exit_raw_repl()
    read_until(t, b">>> ")
    t.serial.write(b"\x04")  # soft reset in the friendly REPL: boot.py then main.py
    read_until(t, b"MPY: soft reboot\r\nboot ran\r\nmain ran\r\n")
    raw_repl(t)  # mpremote's Ctrl-C stops main.py
    t.exec("import os\nos.remove('main.py')\nos.remove('boot.py')")


def test_friendly_repl_echoes_and_prints_results(transport):
    t = transport
    raw_repl(t)
    t.exit_raw_repl()
    read_until(t, b'Type "help()" for more information.\r\n>>> ')
    t.serial.write(b"7 * 6\r")
    read_until(t, b"7 * 6\r\n42\r\n>>> ")
    t.serial.write(b"for i in range(2):\r")
    read_until(t, b"... ")
    t.serial.write(b" print(i)\r\r")
    read_until(t, b"0\r\n1\r\n>>> ")


def test_machine_reset_restarts_the_interpreter(vpico, transport):
    t = transport
    raw_repl(t)
    before = vpico.interpreter_pids()
    t.exec("x = 1")
    t.exec_raw_no_follow("import machine\nmachine.reset()")
    read_until(t, b">>> ")  # power-on: the friendly REPL
    raw_repl(t)
    assert t.exec("print('x' in globals())") == b"False\r\n"
    assert vpico.interpreter_pids() != before


def test_stops_when_its_parent_goes_away(tmp_path):
    parent = textwrap.dedent(
        """
        import subprocess, sys
        p = subprocess.Popen([sys.executable, %r, "--image", %r], stdout=subprocess.PIPE)
        p.stdout.readline()
        print(p.pid, flush=True)
        sys.stdin.readline()  # lives until the test says so (closes our stdin)
        """
        % (os.path.join(ROOT, "tools", "virtual_pico.py"), str(tmp_path / "img"))
    )
    proc = subprocess.Popen([sys.executable, "-c", parent], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, cwd=str(tmp_path))
    pid = int(proc.stdout.readline().strip())
    end = time.monotonic() + 60  # only a guard against a hang: the loop ends when it starts
    kids = children(pid)
    while not kids and time.monotonic() < end:  # the interpreter starts after the path
        time.sleep(0.02)
        kids = children(pid)
    assert kids and alive(pid)  # the virtual Pico and its interpreter run...
    proc.stdin.close()
    proc.wait(timeout=60)  # ...until their parent exits
    end = time.monotonic() + 60
    while (alive(pid) or any(alive(k) for k in kids)) and time.monotonic() < end:
        time.sleep(0.05)
    assert not alive(pid) and not any(alive(k) for k in kids)


def test_emulated_board_without_firmware_still_serves(tmp_path):
    vp = VirtualPico(str(tmp_path / "img"), board="emulated")
    try:
        assert mpremote(vp.device, "exec", "print(1 + 1)").stdout.strip() == "2"
    finally:
        err = vp.stop()
    assert "emulated board not loaded" in err  # no hal/ on a blank device: said on stderr
    assert vp.leftovers() == []


def test_the_profile_is_the_board_py_on_the_image(transport):
    t = transport
    raw_repl(t)
    t.fs_writefile("board.py", b"def make_board():\n    print('profile from the image')\n")
    t.fs_writefile("main.py", b"import board\nboard.make_board()\n")
    t.exit_raw_repl()
    read_until(t, b">>> ")
    t.serial.write(b"\x04")
    read_until(t, b"soft reboot\r\nprofile from the image\r\n")


def test_ctrl_c_right_after_a_reset_still_stops_main_py(transport):
    t = transport
    raw_repl(t)
    t.fs_writefile("main.py", b"import time\nwhile True:\n time.sleep_ms(10)\n")
    for _ in range(5):
        t.exit_raw_repl()
        read_until(t, b">>> ")
        t.serial.write(b"\x04")  # main.py starts in a new interpreter...
        read_until(t, b"soft reboot\r\n")
        raw_repl(t)  # ...and mpremote's Ctrl-C at once stops it
    t.exec("import os\nos.remove('main.py')")


def test_a_failing_boot_py_skips_main_py_as_on_rp2(transport):
    t = transport
    raw_repl(t)
    t.fs_writefile("boot.py", b"raise ValueError('bad boot')\n")
    t.fs_writefile("main.py", b"print('main ran')\n")
    t.exit_raw_repl()
    read_until(t, b">>> ")
    t.serial.write(b"\x04")
    data = read_until(t, b">>> ")
    assert b"ValueError: bad boot" in data and b"main ran" not in data
    raw_repl(t)
    t.exec("import os\nos.remove('main.py')\nos.remove('boot.py')")
