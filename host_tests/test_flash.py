"""`make flash` for real, against a fresh virtual Pico: layout, imports, title screen, reflash, cuts."""

import os
import re
import shutil
import signal
import subprocess
import sys
import time

from build import native
from flash import deploy, errors, image, pack, port as flash_port
import pytest
from vpico.host import ROOT, VirtualPico, make, mpremote

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ptys, /proc")

GOLDEN_TITLE = os.path.join(ROOT, "host_tests", "golden", "title.bin")
SAVE = b"LAMA save \x00\x01\x02 kept across flashes"
HANG_S = 300  # a guard against a hang only: every wait ends as soon as what it waits for comes
SETTLE_S = 3  # s: make run left running past the title, the saves loaded behind it (ui/boot.py)


def expected_root(firmware):
    """What `mpremote fs ls` should list at / after a flash (plus data/): the code pack (and
    where the game mounted it), the top-level files, and the folders that hold files the
    pack does not (their modules and data files are in the pack)."""
    names = {"board.py", "data/", pack.PACK, "code/"}
    for n in os.listdir(firmware):
        if os.path.isdir(os.path.join(firmware, n)):
            for _, _, files in os.walk(os.path.join(firmware, n)):
                if any(not f.endswith((".py", ".pyc") + pack.DATA) for f in files):
                    names.add(n + "/")
        elif n in image.KEEP_SOURCE:
            names.add(n)
        elif n.endswith(".py"):
            names.add(n[:-3] + ".mpy")
    return names


def board_pack(device, tmp):
    """{path: bytes} of the code pack on the board."""
    local = os.path.join(str(tmp), "code.pak")
    mpremote(device, "fs", "cp", ":" + pack.PACK, local)
    with open(local, "rb") as f:
        return pack.unpack(f.read())


def ls(device, path=":"):
    out = mpremote(device, "fs", "ls", path).stdout.splitlines()[1:]
    return {ln.split()[-1] for ln in out if ln.strip()}


def title_screen():
    if os.path.exists(GOLDEN_TITLE):
        with open(GOLDEN_TITLE, "rb") as f:
            return f.read()
    return None


def assert_boots_to_title(vp):
    expect = title_screen()
    shown = vp.panel_image(timeout=HANG_S, expect=expect)
    assert len(shown) == 1024, "nothing shown on the emulated panel"
    if expect is not None:
        assert shown == expect, "the panel does not show the title screen"
    else:
        assert any(shown), "the panel stays blank"


def flash(vp, build, timeout=HANG_S):
    proc = make("flash", timeout=timeout, PORT=vp.device, FLASH_BUILD=str(build),
                FLASH_FIRMWARE=str(build) + "-src")
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return proc.stdout


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    """The build folder; BUILD-src holds a snapshot of firmware/ (others edit the tree)."""
    d = tmp_path_factory.mktemp("flash-build")
    shutil.copytree(image.FIRMWARE, str(d) + "-src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return d


@pytest.fixture(scope="module")
def flashed(tmp_path_factory, build):
    """A virtual Pico with a save written, then flashed once: (vp, make flash output)."""
    d = tmp_path_factory.mktemp("vpico")
    vp = VirtualPico(str(d / "flash.img"), board="emulated")
    save = d / "keep.bin"
    save.write_bytes(SAVE)
    mpremote(vp.device, "fs", "mkdir", ":data", "+", "fs", "cp", str(save), ":data/keep.bin")
    out = flash(vp, build)
    yield vp, out
    vp.stop()
    assert vp.leftovers() == [], "processes left behind"


def test_flash_installs_the_layout_and_keeps_saves(flashed, build, tmp_path):
    vp, out = flashed
    assert "board reset: the game starts" in out
    assert "the bots' play-outs as x64 machine code" in out  # the virtual Pico: the unix port
    assert ls(vp.device) == expected_root(str(build) + "-src")
    assert "lama/" not in ls(vp.device)  # its modules and its data file: in the pack
    packed = board_pack(vp.device, tmp_path)
    assert set(packed) >= {"lama/score.mpy", "lama/__init__.mpy", "ui/boot.mpy", "hal/oled.mpy",
                           "lama/dice_values.bin", "ui/text/strings_en.bin"}
    assert ls(vp.device, ":code/lama") >= {"score.mpy", "__init__.mpy"}  # the game mounted it
    got = mpremote(vp.device, "exec", "print(repr(open('/data/keep.bin','rb').read()))")
    assert got.stdout.strip() == repr(SAVE)


def test_the_board_boots_the_flashed_firmware_to_the_title_screen(flashed):
    vp, _ = flashed
    mpremote(vp.device, "exec", "import os")  # stops the game (Ctrl-C), as mpremote does
    with open(vp.panel, "wb"):
        pass  # forget the frame shown so far
    deploy_reset(vp.device)
    assert_boots_to_title(vp)


def deploy_reset(device):
    board = flash_port.Connection(device)
    try:
        board.reset_into_game()
    finally:
        board.close()


def test_every_mpy_module_imports_on_the_board(flashed, build, tmp_path):
    vp, _ = flashed
    mods = sorted(p[:-4].replace("/", ".").replace(".__init__", "")
                  for p in board_pack(vp.device, tmp_path) if p.endswith(".mpy"))
    code = (
        "import codepack\n"
        "print(codepack.mount())\n"
        "bad = []\n"
        "for m in %r:\n"
        "    try:\n"
        "        __import__(m)\n"
        "    except Exception as e:\n"
        "        bad.append((m, repr(e)))\n"
        "print(len(%r), bad)\n" % (mods, mods)
    )
    out = mpremote(vp.device, "exec", code).stdout.splitlines()
    assert out[0] == "None", out  # mounted
    count, bad = out[1].split(" ", 1)
    assert bad == "[]", bad
    sources = [p for p, _ in image.firmware_sources(str(build) + "-src") if p.endswith(".py")]
    assert int(count) == len([p for p in sources if p not in image.KEEP_SOURCE and "/" in p])


def test_a_second_flash_copies_nothing_and_saves_survive(flashed, build):
    vp, _ = flashed
    out = flash(vp, build)
    assert "nothing to copy" in out and "  + " not in out, out
    got = mpremote(vp.device, "exec", "print(repr(open('/data/keep.bin','rb').read()))")
    assert got.stdout.strip() == repr(SAVE)


def test_a_flash_replaces_stale_files_that_would_shadow_the_new_ones(flashed, build, tmp_path):
    vp, _ = flashed
    junk = tmp_path / "score.py"
    junk.write_text("raise ImportError('the stale copy')\n")
    mpremote(vp.device, "fs", "mkdir", ":lama", "+", "fs", "cp", str(junk), ":lama/score.py",
             "+", "fs", "cp", str(junk),
             ":lama/gone.mpy", "+", "fs", "cp", str(junk), ":notes.txt")
    out = flash(vp, build)
    assert "lama/score.py (stale)" in out and "lama/gone.mpy (stale)" in out, out
    assert "lama/" not in ls(vp.device)  # the stale files gone, and their folder emptied
    assert "notes.txt" in ls(vp.device)  # not ours: left alone
    mpremote(vp.device, "fs", "rm", ":notes.txt")


def test_board_picks_the_profile_installed_as_board_py(flashed, build):
    vp, _ = flashed
    proc = make("flash", PORT=vp.device, FLASH_BUILD=str(build), BOARD="pico_sh1106",
                FLASH_FIRMWARE=str(build) + "-src")
    assert proc.returncode == 0, proc.stderr
    copied = [ln.split()[1] for ln in proc.stdout.splitlines() if ln.startswith("  + ")]
    assert copied == ["board.py", "main.py"], proc.stdout  # main.py goes last, always
    with open(os.path.join(ROOT, "board", "pico_sh1106.py")) as f:
        assert mpremote(vp.device, "fs", "cat", ":board.py").stdout == f.read()
    assert "  + board.py" in flash(vp, build)  # back to the default profile


def test_wipe_saves_asks_then_removes_only_the_saves(flashed):
    vp, _ = flashed
    proc = subprocess.run(
        ["make", "-s", "wipe-saves", "PORT=" + vp.device],
        capture_output=True, text=True, timeout=HANG_S, cwd=ROOT, stdin=subprocess.DEVNULL,
    )
    assert proc.returncode != 0 and "confirmation" in proc.stderr
    assert "keep.bin" in ls(vp.device, ":data")
    proc = make("wipe-saves", PORT=vp.device, YES="1")
    assert proc.returncode == 0 and re.search(r"deleted [1-9]\d* save file", proc.stdout), proc.stderr
    assert ls(vp.device, ":data") == set()
    assert "main.py" in ls(vp.device)


def test_make_play_flashes_an_attached_board_else_runs_the_simulator(flashed, build):
    vp, _ = flashed
    proc = make("play", PORT=vp.device, FLASH_BUILD=str(build),
                FLASH_FIRMWARE=str(build) + "-src")
    assert proc.returncode == 0, proc.stderr
    assert "board attached on " + vp.device in proc.stdout and "the game starts" in proc.stdout
    proc = subprocess.run(["make", "-s", "play", "PLAY=sim", "PORT=" + vp.device], cwd=ROOT,
                          capture_output=True, text=True, timeout=HANG_S, stdin=subprocess.DEVNULL)
    assert "board attached" not in proc.stdout and "sim.py" in proc.stdout + proc.stderr


def test_make_repl_is_a_repl_on_the_board(flashed):
    import pty
    import select
    import termios

    vp, _ = flashed
    deploy_reset(vp.device)  # the game runs
    pid, fd = pty.fork()
    if pid == 0:  # the child: make repl on a terminal
        try:
            os.chdir(ROOT)
            os.execvp("make", ["make", "-s", "repl", "PORT=" + vp.device])
        finally:
            os._exit(127)
    out = bytearray()

    def wait_for(text, seconds=HANG_S):
        end = time.monotonic() + seconds
        while text not in out and time.monotonic() < end:
            if select.select([fd], [], [], 0.05)[0]:
                try:
                    out.extend(os.read(fd, 4096))
                except OSError:
                    break
        return text in out

    try:
        assert wait_for(b"Ctrl-]"), out
        end = time.monotonic() + HANG_S
        while termios.tcgetattr(fd)[3] & termios.ISIG and time.monotonic() < end:
            wait_for(b"never", 0.05)  # until mpremote has put the terminal in raw mode
        os.write(fd, b"\x03")  # Ctrl-C stops the game: the friendly REPL
        assert wait_for(b">>> "), out
        os.write(fd, b"6 * 7\r")
        assert wait_for(b"42\r\n>>> "), out
        os.write(fd, b"\x1d")  # Ctrl-] leaves mpremote
        end = time.monotonic() + HANG_S
        while os.waitpid(pid, os.WNOHANG) == (0, 0) and time.monotonic() < end:
            wait_for(b"never", 0.1)
    finally:
        try:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(fd)


def test_make_run_runs_the_firmware_from_the_computer(flashed):
    vp, _ = flashed
    mpremote(vp.device, "exec", "import os")  # the game stopped, its frame forgotten
    with open(vp.panel, "wb"):
        pass
    proc = subprocess.Popen(["make", "-s", "run", "PORT=" + vp.device], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    try:
        line = proc.stdout.readline()
        assert "firmware is mounted at /remote" in line, line
        assert_boots_to_title(vp)
        time.sleep(SETTLE_S)  # the title is lit before the saves load (over /remote): let it
    finally:
        os.killpg(proc.pid, signal.SIGTERM)  # make, deploy.py and mpremote: all ours
        proc.wait(timeout=HANG_S)
    assert "main.py" in ls(vp.device)  # nothing was copied, the board still answers


def test_a_flash_cut_short_is_repaired_by_the_next_one(tmp_path, build):
    image = str(tmp_path / "flash.img")
    vp = VirtualPico(image, board="emulated")
    old = tmp_path / "main.py"
    old.write_text("print('an older firmware')\n")
    save = tmp_path / "keep.bin"
    save.write_bytes(SAVE)
    mpremote(vp.device, "fs", "cp", str(old), ":main.py", "+", "fs", "mkdir", ":data", "+",
             "fs", "cp", str(save), ":data/keep.bin")
    cmd = ["make", "-s", "flash", "PORT=" + vp.device, "FLASH_BUILD=" + str(build),
           "FLASH_FIRMWARE=" + str(build) + "-src"]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    copied = 0
    try:
        for line in proc.stdout:
            if line.startswith("  + "):
                copied += 1
                # (of 4, in order board.py, code.pak, codepack.mpy, main.py: the data
                # files are in the pack) after the first: the big pack is still to go, so
                # that a reader slowed down by a busy host cannot let the copy finish first
                if copied == 1:
                    vp.kill()  # the device dies in the middle of the copy
                    break
        out, err = proc.communicate(timeout=HANG_S)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert copied == 1
    assert proc.returncode != 0 and "Run make flash again" in err, err
    assert vp.leftovers() == []

    vp = VirtualPico(image, board="emulated")
    try:
        assert "main.py" not in ls(vp.device)  # removed first: a half-flashed board boots no mix
        out = flash(vp, build)
        assert "copied" in out and "main.py" in out
        assert_boots_to_title(vp)
        assert "nothing to copy" in flash(vp, build)
        got = mpremote(vp.device, "exec", "print(repr(open('/data/keep.bin','rb').read()))")
        assert got.stdout.strip() == repr(SAVE)  # the cut did not cost the saves
    finally:
        vp.stop()
    assert vp.leftovers() == []


def test_a_full_board_says_so(tmp_path, build):
    vp = VirtualPico(str(tmp_path / "small.img"), extra=["--blocks", "24"])  # 96 KB of flash
    try:
        proc = make("flash", PORT=vp.device, FLASH_BUILD=str(build),
                    FLASH_FIRMWARE=str(build) + "-src")
    finally:
        vp.stop()
    assert proc.returncode != 0 and "flash is full" in proc.stderr, proc.stderr
    assert vp.leftovers() == []


def test_no_board_found_says_so(tmp_path):
    proc = make("flash", PORT=str(tmp_path / "ttyACM9"), FLASH_BUILD=str(tmp_path))
    assert proc.returncode != 0
    assert "no board at" in proc.stderr and "data USB cable" in proc.stderr, proc.stderr


def test_auto_detection_without_a_board(monkeypatch):
    from serial.tools import list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [])
    with pytest.raises(errors.DeployError, match="no board found on USB"):
        flash_port.find_port("")


def test_a_board_that_does_not_speak_micropython(build):
    master, slave = os.openpty()  # a serial port nobody answers on
    try:
        proc = subprocess.run(  # FLASH_TIMEOUT=1: it gives up, the timeout only guards a hang
            ["make", "-s", "flash", "PORT=" + os.ttyname(slave), "FLASH_BUILD=" + str(build),
             "FLASH_FIRMWARE=%s-src" % build, "FLASH_TIMEOUT=1"],
            capture_output=True, text=True, timeout=HANG_S, cwd=ROOT,
        )
    finally:
        os.close(master)
        os.close(slave)
    assert proc.returncode != 0
    assert "does not answer like MicroPython" in proc.stderr, proc.stderr


class FakeBoard:
    def __init__(self, answer):
        self.answer = answer

    def exec(self, code):
        return ""

    def eval(self, expr):
        return self.answer


def test_micropython_too_old_for_the_mpy_format_is_refused():
    old = FakeBoard(("micropython", (1, 18, 0), "Raspberry Pi Pico with RP2040", 5))
    with pytest.raises(errors.DeployError, match="loads .mpy version 5.0.*1.19 or later"):
        flash_port.check_micropython(old, (6, 0))
    none = FakeBoard(("micropython", (1, 12, 0), "Raspberry Pi Pico with RP2040", 0))
    with pytest.raises(errors.DeployError, match="1.19 or later"):
        flash_port.check_micropython(none, (6, 0))
    ok = FakeBoard(("micropython", (1, 24, 1), "Raspberry Pi Pico2 with RP2350", 0x1F06))
    version, mpy = flash_port.check_micropython(ok, (6, 0))
    assert version.startswith("1.24.1 on Raspberry Pi Pico2") and mpy == 0x1F06
    cp = FakeBoard(("circuitpython", (9, 0, 0), "Raspberry Pi Pico", 0x306))
    with pytest.raises(errors.DeployError, match="not MicroPython"):
        flash_port.check_micropython(cp, (6, 0))


def test_mpy_files_are_bytecode_unless_built_for_the_boards_architecture(build):
    files = image.build("", str(build), str(build) + "-src")
    mpys = [d for p, d in files.items() if p.endswith(".mpy")]
    assert mpys and all(d[:2] == b"M\x06" for d in mpys)
    assert all(d[2] >> 2 == 0 for d in mpys)  # no native arch: any MicroPython 1.19 and later
    assert image.mpy_version(files) == (6, 0)
    assert "main.py" in files and "board.py" in files and "main.mpy" not in files
    rp2040 = image.build("", str(build), str(build) + "-src", "armv6m")
    arch = {p: d[2] >> 2 for p, d in rp2040.items() if p.endswith(".mpy")}
    hot = {p for p, a in arch.items() if a}
    assert hot == {"lama/card_playouts.mpy", "lama/card_expert.mpy", "lama/card_clues.mpy",
                   "lama/dice_expert.mpy", "lama/score.mpy", "hal/buttons.mpy", "hal/oled.mpy",
                   "ui/draw/gfx.mpy", "link/frame.mpy"}  # (ui.games.pieces: bytecode, issue 47)
    assert all(arch[p] == native.ARCHS.index("armv6m") for p in hot)
    assert image.mpy_version(rp2040) == (6, 3)  # native code: the board's own sub-version
    assert len(rp2040["lama/card_expert.mpy"]) > len(files["lama/card_expert.mpy"])


def test_the_native_code_is_built_for_the_boards_architecture_or_as_bytecode():
    cross = native.cross_version(image.mpy_cross_path())
    version, sub, release = cross
    rp2040 = version | sub << 8 | native.ARCHS.index("armv6m") << 10
    rp2350 = version | sub << 8 | native.ARCHS.index("armv7emsp") << 10
    assert image.native_arch(rp2040, cross)[0] == "armv6m"
    assert image.native_arch(rp2350, cross)[0] == "armv7emsp"
    arch, how = image.native_arch(version | (sub - 1) << 8 | 4 << 10, cross)  # older release
    assert arch is None and "bytecode, slower" in how and "MicroPython %s" % release in how
    arch, how = image.native_arch(version, cross)  # a port without a native emitter
    assert arch is None and "no native code" in how
    src = (b'"""Says @micropython.native."""\n@micropython.native\ndef f():\n    @micropython.native \n    def g():\n'
           b'@micropython.viper\ndef h(x: int) -> int:\n')
    assert native.as_bytecode(src) == src.replace(b"\n@micropython.native\n", b"\n@micropython.bytecode\n").replace(
        b"    @micropython.native \n", b"    @micropython.bytecode\n").replace(b"@micropython.viper", b"@micropython.bytecode")


def test_stale_files_are_ours_only():
    files = {"main.py": b"", "board.py": b"", "lama/score.mpy": b"", "ui/app.mpy": b""}
    device = ["main.py", "main.mpy", "board.mpy", "lama/score.mpy", "lama/score.py",
              "lama/old.mpy", "notes.txt", "lib/x.py", "data/game.sav"]
    assert deploy.stale_files(device, files, ["lama", "ui"]) == [
        "board.mpy",
        "lama/old.mpy",
        "lama/score.py",
        "main.mpy",
    ]


def test_board_profiles_by_name():
    assert image.board_profile("").endswith("board/pico_ssd1306.py")
    assert image.board_profile("pico-sh1106").endswith("board/pico_sh1106.py")
    with pytest.raises(errors.DeployError, match="pico_ssd1306"):
        image.board_profile("nosuch")


def test_make_lint_is_part_of_make_test():
    out = subprocess.run(["make", "-n", "test"], capture_output=True, text=True, cwd=ROOT,
                         timeout=HANG_S).stdout
    assert "ruff check" in out
    assert "typecheck" in out or "mypy" in out


def test_an_mpy_names_its_module_for_tracebacks_not_its_path(tmp_path):
    """Issue 26: mpy-cross -s gives each .mpy its dotted module name, a name its import
    interns anyway, rather than a path that would be interned beside it on the Pico."""
    assert native.source_name("ui/games/base.py") == "ui.games.base"
    assert native.source_name("ui/model/__init__.py") == "ui.model"
    assert native.source_name("codepack.py") == "codepack"
    out = str(tmp_path / "base.mpy")
    image.compile_mpy(os.path.join(image.FIRMWARE, "ui", "games", "base.py"), "ui/games/base.py",
                      out, image.mpy_cross_path())
    with open(out, "rb") as f:
        data = f.read()
    assert b"ui.games.base" in data and b"ui/games/base.py" not in data
