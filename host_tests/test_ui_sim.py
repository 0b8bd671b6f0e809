"""tools/sim.py: headless frames (PNG + display RAM), clear errors for bad arguments and for
no terminal, and the interactive mode driven through a pseudo-terminal."""

import os
import select
import subprocess
import sys
import time

import mp
from PIL import Image

SIM = os.path.join(mp.TOOLS, "sim.py")
HANG_S = 120  # a guard against a hang only: the waits end when the simulator is up / exits
FRAME_SIDE = "\u2502".encode()  # the panel's frame, drawn with every picture


def sim(args, **kw):
    env = dict(os.environ, MICROPYTHON=mp.micropython_path())
    return subprocess.run([sys.executable, SIM] + args, capture_output=True, text=True,
                          timeout=120, env=env, cwd=mp.ROOT, **kw)


def test_headless_writes_each_changed_frame_as_png_and_ram(tmp_path):
    out = tmp_path / "frames"
    proc = sim(["--headless", "--keys", "A,DOWN,DOWN,A,B:800", "--out", str(out), "--seed", "5"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    pngs = sorted(p for p in os.listdir(out) if p.endswith(".png"))
    bins = sorted(p for p in os.listdir(out) if p.endswith(".bin"))
    # title, menu, two cursor moves, statistics, back to the menu by the long press
    assert pngs == ["%04d.png" % i for i in range(6)]
    assert [b[:4] for b in bins] == [p[:4] for p in pngs]
    for name in pngs:
        im = Image.open(out / name)
        assert im.size == (512, 256)
        ram = (out / (name[:4] + ".bin")).read_bytes()
        assert len(ram) == 1024
        # the PNG is the RAM scaled 4x, white on black (the panel is not flipped here)
        px = im.convert("L").load()
        for x, y in ((5, 1), (20, 12), (64, 30), (100, 60), (127, 63)):
            lit = ram[(y >> 3) * 128 + x] >> (y & 7) & 1
            assert (px[4 * x + 1, 4 * y + 2] > 0) == bool(lit)
    frames = [(out / p).read_bytes() for p in bins]
    assert frames[3] != frames[4] and frames[5] == frames[3]  # back where it was


def test_headless_is_reproducible_with_a_seed(tmp_path):
    a = sim(["--headless", "--keys", "A,A,RIGHT", "--out", str(tmp_path / "a"), "--seed", "9"])
    b = sim(["--headless", "--keys", "A,A,RIGHT", "--out", str(tmp_path / "b"), "--seed", "9"])
    assert a.returncode == b.returncode == 0
    names = sorted(os.listdir(tmp_path / "a"))
    assert names == sorted(os.listdir(tmp_path / "b"))
    for n in names:
        if n.endswith(".bin"):
            assert (tmp_path / "a" / n).read_bytes() == (tmp_path / "b" / n).read_bytes()


def test_bad_arguments_say_what_is_wrong(tmp_path):
    for args, word in (
        (["--headless", "--keys", "A,JUMP", "--out", str(tmp_path)], "unknown key"),
        (["--headless", "--keys", "A:x", "--out", str(tmp_path)], "bad time"),
        (["--headless", "--keys", "A"], "needs --out"),
        (["--seed", "abc"], "whole number"),
        (["--frobnicate"], "unknown argument"),
        (["--headless", "--keys-file", str(tmp_path / "none"), "--out", str(tmp_path)],
         "cannot read the keys file"),
        (["--headless", "--keys", "A", "--keys-file", __file__, "--out", str(tmp_path)],
         "not both"),
        (["--keep-data"], "for --headless"),
    ):
        proc = sim(args)
        assert proc.returncode == 2
        assert word in proc.stdout and "usage:" in proc.stdout


def last_frame(folder):
    bins = sorted(p for p in os.listdir(folder) if p.endswith(".bin"))
    return len(bins), (folder / bins[-1]).read_bytes()


def test_help_says_every_option_and_exits_0():
    proc = sim(["--help"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "usage:" in proc.stdout
    for word in ("--panel", "--seed", "--headless", "--keys ", "--keys-file", "--out",
                 "--keep-data", "RESTART", "WAIT:MS", ".emu-data/"):
        assert word in proc.stdout, word


def test_restart_in_the_keys_powers_off_and_on_with_the_flash_kept(tmp_path):
    """What make screenshots' key files say (docs/screenshots/keys/continue.keys): RESTART
    is a second boot on the same flash, as a second run with --keep-data."""
    game = "A,DOWN,A,UP,A,WAIT:1500,A,WAIT:3000"
    one = sim(["--headless", "--keys", game + ",RESTART", "--out", str(tmp_path / "one"),
               "--seed", "3"])
    assert one.returncode == 0, one.stdout + one.stderr
    first = sim(["--headless", "--keys", game, "--out", str(tmp_path / "two"), "--seed", "3"])
    n_first, left = last_frame(tmp_path / "two")
    second = sim(["--headless", "--keep-data", "--out", str(tmp_path / "two"), "--seed", "3"])
    assert first.returncode == second.returncode == 0
    n_second, offer = last_frame(tmp_path / "two")
    assert offer != left  # "Continue game?", not the game
    assert last_frame(tmp_path / "one") == (n_first + n_second, offer)
    shots = os.path.join(mp.ROOT, "docs", "screenshots", "keys", "continue.keys")
    proc = sim(["--headless", "--keys-file", shots, "--out", str(tmp_path / "k"), "--seed", "3"])
    assert proc.returncode == 0, proc.stdout + proc.stderr


def without_last_move(image):
    """A panel image (MONO_VLSB, 8 pages of 128 columns) with rows 47-53 cleared: the game
    screens' last-move line (ui.games.base.MSG_Y)."""
    out = bytearray(image)
    for x in range(128):
        out[5 * 128 + x] &= 0x7F  # row 47: bit 7 of page 5
        out[6 * 128 + x] &= 0xC0  # rows 48-53: bits 0-5 of page 6
    return bytes(out)


def main_menu_rows():
    """How many rows the main menu has (the games, then the pages: the cursor goes round
    them), asked of the firmware itself: a row added on purpose (as "Link game" was) does
    not change what the long key runs below assert."""
    got = mp.run("from ui.screens.main_menu import MainMenu\nprint(MainMenu.count(None))")
    return int(got.stdout)


def test_a_keys_file_of_thousands_of_keys_is_pressed_key_by_key(tmp_path):
    keys = tmp_path / "keys.txt"
    # the menu, then 1,500 times a cursor move and a key the menu ignores, 3,001 keys
    keys.write_text("# a long session\nA\n" + "DOWN LEFT,\n" * 1500)
    proc = sim(["--headless", "--keys-file", str(keys), "--out", str(tmp_path / "long")])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = main_menu_rows()
    assert 1500 % rows  # the long run ends off the first row (8 rows: 4 down)
    short = sim(["--headless", "--keys", "A" + ",DOWN" * (1500 % rows), "--out", str(tmp_path / "short")])
    assert short.returncode == 0
    n, image = last_frame(tmp_path / "long")
    assert n == 2 + 1500  # title, menu, one frame per cursor move
    assert image == last_frame(tmp_path / "short")[1]  # 1,500 moves round the rows


def test_a_keys_argument_of_256_characters_or_more_works_from_cpython(tmp_path):
    keys = "A," + "DOWN,LEFT," * 41  # 412 characters: the unix port takes 255 at most
    proc = sim(["--headless", "--keys", keys, "--out", str(tmp_path / "long")])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = main_menu_rows()
    assert 41 % rows  # the long run ends off the first row (8 rows: 1 down)
    short = sim(["--headless", "--keys", "A" + ",DOWN" * (41 % rows), "--out", str(tmp_path / "s")])
    assert short.returncode == 0
    assert last_frame(tmp_path / "long") == (2 + 41, last_frame(tmp_path / "s")[1])


def test_keep_data_keeps_the_saved_game_for_the_next_run_to_resume(tmp_path):
    out = tmp_path / "run"
    # a dice game (Start is one up from Players), B past how to play, a roll, then the computer's moves
    first = sim(["--headless", "--keys", "A,A,UP,A,B,WAIT:1000,A,WAIT:3000", "--out", str(out),
                 "--seed", "4"])
    assert first.returncode == 0, first.stdout + first.stderr
    _, left = last_frame(out)
    offer = sim(["--headless", "--keep-data", "--out", str(out)])
    assert offer.returncode == 0
    n, image = last_frame(out)
    assert n == 2 and image != left  # the title, then "Continue game?" at once
    again = sim(["--headless", "--keep-data", "--keys", "A", "--out", str(out)])
    assert again.returncode == 0
    n, resumed = last_frame(out)
    # A: the game as the first run left it, but for the last-move line (rows 47-53: a
    # resumed game has no last move yet)
    assert n == 3 and without_last_move(resumed) == without_last_move(left)
    assert resumed != image
    fresh = sim(["--headless", "--out", str(out)])  # without --keep-data: a new flash
    assert fresh.returncode == 0
    assert last_frame(out)[1] != image


def test_no_terminal_gives_a_clear_message():
    proc = sim([], stdin=subprocess.DEVNULL)
    assert proc.returncode == 1
    assert "no terminal" in proc.stdout and "--headless" in proc.stdout


def play(tmp_path, keys, size=b"50;200"):
    """Run the interactive simulator on a pty answering the size query with `size`; type
    `keys` ((bytes, seconds to wait after)), then q. Returns (exit status, output, last frame)."""
    import pty

    exe = os.path.abspath(mp.micropython_path())  # the child changes directory
    pid, fd = pty.fork()
    if pid == 0:  # the child: the simulator on the pty (never back into pytest)
        try:
            os.chdir(tmp_path)
            os.execv(exe, [exe, SIM])
        finally:
            os._exit(127)
    out = bytearray()

    def pump(seconds, until=None):
        """Read the output for `seconds`, or until `until` is in it; False at its end."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and not (until and until in out):
            r, _, _ = select.select([fd], [], [], 0.02)
            if r:
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return False  # the simulator exited (the pty closed)
                if not data:
                    return False
                out.extend(data)
                if b"\x1b[6n" in data:
                    os.write(fd, b"\x1b[" + size + b"R")
        return True

    try:
        pump(HANG_S, until=FRAME_SIDE)  # up: its terminal in raw mode, its first frame drawn
        for key, wait in keys:
            os.write(fd, key)
            pump(wait)
        os.write(fd, b"q")  # it quits once the keys typed before are pressed
        pump(HANG_S)  # to its exit (the pty closes)
    finally:
        end = time.monotonic() + HANG_S
        done, status = os.waitpid(pid, os.WNOHANG)
        while not done and time.monotonic() < end:
            time.sleep(0.02)
            done, status = os.waitpid(pid, os.WNOHANG)
        if not done:
            os.kill(pid, 9)  # only after HANG_S: a hang
            _, status = os.waitpid(pid, 0)
        os.close(fd)
    text = out.decode("utf-8", "replace")
    frames = [f.split("\x1b[K")[0] for f in text.split("\x1b[H") if "\u2502" in f]
    return status, text, frames


TO_SETTINGS = [(b"z", 0.3), (b"\x1b[B", 0.2), (b"\x1b[B", 0.2), (b"\x1b[B", 0.3)]


def test_interactive_mode_in_a_pseudo_terminal(tmp_path):
    status, text, frames = play(tmp_path, TO_SETTINGS)
    menu = frames[-1]
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert "\u2580" in text or "\u2584" in text  # half blocks on a big terminal
    assert "q: quit" in text
    assert menu.count("\u2502") == 2 * 32  # 32 lines of half blocks, framed
    # Enter opens the settings; Backspace comes back to the same menu picture
    _, _, back = play(tmp_path, TO_SETTINGS + [(b"\r", 0.3), (b"\x7f", 0.4)])
    assert back[-1] == menu


def test_holding_x_is_a_long_press_of_B(tmp_path):
    # menu -> dice setup -> seat 1 -> name editor, two screens deep
    deep = [(b"z", 0.3), (b"\r", 0.3), (b"\x1b[B", 0.2), (b"\r", 0.4)]
    _, _, setup = play(tmp_path, deep[:3])
    _, _, menu = play(tmp_path, [(b"z", 0.4)])
    # the terminal repeats a held key: x, its repeat delay, then x every 30 ms
    held = [(b"x", 0.5)] + [(b"x", 0.03)] * 30 + [(b"", 0.5)]
    _, _, frames = play(tmp_path, deep + held)
    assert frames[-1] == menu[-1]  # back at the menu ...
    assert frames[-2] == setup[-1]  # ... by the setup: B went back at once, held on home


def test_small_terminal_gets_braille(tmp_path):
    status, text, frames = play(tmp_path, [(b"z", 0.4)], size=b"24;80")
    frame = frames[-1]
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert any(0x2801 <= ord(ch) <= 0x28FF for ch in frame)
    assert frame.count("\u2502") == 2 * 16  # 16 lines of 64 braille cells
