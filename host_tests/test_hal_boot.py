"""Boot: the Pico profiles build on the rp2 machine API, main.py explains a missing or broken profile."""

import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAKE_RP2 = os.path.join(HERE, "fake_rp2")
PROFILES = ("pico_ssd1306", "pico_sh1106")


@pytest.mark.parametrize("profile", PROFILES)
def test_profile_builds_its_parts_on_the_pico_api_and_draws(micropython, profile):
    kind = profile.split("_")[1]
    r = micropython.run_json(
        f"""
import json
import machine
machine.PANEL_KIND = {kind!r}
import {profile} as profile
b = profile.make_board()
bus = machine.made["i2c"][0]
panel = bus.devices[0x3C]
b.display.text("LAMA", 0, 0, 1)
b.display.show()
pins = machine.made["pins"]
buttons = [p for p in pins if p.mode == machine.Pin.IN]
wdt = b.wdt_factory(2000)
b.sound.play("click")
print(json.dumps([b.name, panel.lit(), panel.errors, panel.ram_view() == bytes(b.display.buffer),
                  sorted(p.gpio for p in buttons), all(p.pull == machine.Pin.PULL_UP for p in buttons),
                  all(p._handler is not None for p in buttons), bus.freq,
                  [p.pin.gpio for p in machine.made["pwm"]], wdt.timeout,
                  machine.made["pwm"][0].log[-1] > 0]))
""",
        path=[FAKE_RP2, os.path.join(ROOT, "board")],
    )
    name, lit, errors, same, gpios, pulled, irqs, freq, pwm, wdt, sounding = r
    assert name == "pico-" + kind
    assert lit and errors == [] and same
    assert len(gpios) == 6 and not set(gpios) & {23, 24, 25, 29}
    assert pulled and irqs
    assert freq == 400_000
    assert pwm == [16]
    assert wdt == 2000
    assert sounding


def run_main(micropython, tmp_path, board_source=None):
    path = []
    if board_source is not None:
        (tmp_path / "board.py").write_text(board_source)
        path = [str(tmp_path)]
    return micropython.run_script(os.path.join(ROOT, "firmware", "main.py"), path=path, check=False)


def test_main_without_a_profile_prints_a_clear_message_and_stops(micropython, tmp_path):
    proc = run_main(micropython, tmp_path)
    assert proc.returncode == 0
    assert "no board profile installed" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


@pytest.mark.parametrize(
    "source, words",
    [
        ("def make_board(:\n", "is broken"),
        ("raise RuntimeError('half written')\n", "is broken"),
        ("import no_such_driver\n", "needs a module that is missing"),
        ("NAME = 'x'\n", "has no make_board()"),
        ("def make_board():\n    raise OSError(5)\n", "could not set up the hardware"),
    ],
)
def test_main_with_a_broken_profile_prints_a_clear_message_and_stops(
    micropython, tmp_path, source, words
):
    proc = run_main(micropython, tmp_path, source)
    assert proc.returncode == 0
    assert words in proc.stdout
    assert proc.stdout.count("LAMA console:") == 1
    assert "Traceback" not in proc.stdout + proc.stderr


def test_main_loads_the_emulated_profile(micropython):
    r = micropython.run_json(
        """
import json
import sys
sys.path.insert(0, "tools/emu")  # before "" (the repository root, where board/ is a folder)
import main  # (mounts nothing here: the working folder is not /)
from ui import start
sys.modules["rp2"] = json  # (as the rp2 firmware's boot leaves its rp2 module)
b = start.load_board()
print(json.dumps([b.name, b.emu.panel.lit(), "hal.assembly" in sys.modules, "rp2" in sys.modules,
                  "board" in sys.modules]))
""",
    )
    # the builders, the profile and the firmware's rp2 module let go once the board is made
    assert r == ["emulated-ssd1306", True, False, False, False]


@pytest.mark.parametrize("profile", ["pico_ssd1306.py", "pico_sh1106.py"])
def test_a_profile_imports_the_builders_only_to_make_its_board(profile):
    """Issue 26: a profile that held hal.assembly's pico_board at its top would keep the
    builders in the Pico's RAM all evening (the profile module stays loaded)."""
    import ast

    tree = ast.parse(open(os.path.join(ROOT, "board", profile)).read())
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert not any(getattr(n, "module", None) == "hal.assembly" for n in top)
    inside = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module == "hal.assembly"]
    assert len(inside) == 1


def test_main_lets_go_of_the_rp2_module_the_firmware_s_boot_left_in_its_globals(micropython):
    """The rp2 firmware's frozen _boot.py imports rp2 into the globals main.py runs in."""
    r = micropython.run_json(
        "import json\nrp2 = json\nexec(open('firmware/main.py').read())\n"
        "print(json.dumps(['rp2' in globals(), 'mount_code' in globals()]))\n")
    assert r == [False, True]


def test_main_explains_a_board_folder_found_instead_of_a_profile(micropython):
    proc = micropython.run("import main\nmain.main()\n", check=False)  # cwd: board/ is a folder
    assert "is a folder here" in proc.stdout
    assert "Traceback" not in proc.stdout + proc.stderr


def test_type_check_catches_a_call_the_pico_lacks(tmp_path):
    import subprocess
    import sys

    bad = tmp_path / "uses_machine.py"
    bad.write_text(
        '"""Calls machine functions."""\n'
        "import machine\n\n\n"
        "def go():\n"
        "    machine.Pin(2, machine.Pin.OUT).toggle()\n"
        "    machine.lightsleep(10)\n"
        "    machine.hibernate_forever()\n"
    )
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "build", "typecheck.py"), str(bad)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert proc.returncode != 0
    lines = [x for x in proc.stdout.splitlines() if "uses_machine.py" in x]
    assert len(lines) == 1 and "hibernate_forever" in lines[0], proc.stdout


def test_the_app_shows_the_same_picture_on_both_emulated_panels(micropython):
    r = micropython.run_json(
        """
import json
import sys
sys.path.insert(0, "tools/emu")
import board
from ui import boot
out = []
for kind in ("ssd1306", "sh1106"):
    board.reset_config()
    board.configure(panel=kind, seed=3, data_dir="/tmp/lama-hal-test")
    b = board.make_board()
    b.emu.buttons.press(4, 80, at_ms=400)   # A: past the title screen
    b.emu.buttons.press(1, 80, at_ms=900)   # DOWN in the menu
    boot.make_app(b).run(60)
    p = b.emu.panel
    out.append([p.image(), p.ram_view() == bytes(b.display.buffer), p.errors])
print(json.dumps([out[0][0] == out[1][0], out[0][0] != bytes(1024), out[0][1:], out[1][1:]]))
""",
    )
    assert r == [True, True, [True, []], [True, []]]


def test_a_display_at_another_address_is_named_and_the_i2c_timeout_fits_a_frame(micropython):
    r = micropython.run_json(
        """
import json
import machine
from hal.assembly import i2c_timeout_us
machine.PANEL_ADDR = 0x3D  # the module's address jumper moved
import pico_ssd1306 as profile
try:
    profile.make_board()
    msg = "made"
except OSError as e:
    msg = str(e)
print(json.dumps([msg, machine.made["i2c"][0].timeout, i2c_timeout_us(100_000),
                  i2c_timeout_us(1_000_000)]))
""",
        path=[FAKE_RP2, os.path.join(ROOT, "board")],
    )
    msg, timeout, slow, fast = r
    assert "the display at I2C address 0x3c does not answer" in msg
    assert msg.endswith("GP5: 0x3d")
    assert timeout == 50_000  # 400 kHz: the rp2 default already fits a 23 ms frame
    assert slow >= 2 * 93_000 and fast == 50_000


def test_main_reports_an_error_the_app_could_not_show_and_stops(micropython, tmp_path):
    proc = run_main(micropython, tmp_path, "def make_board():\n    return object()\n")
    assert proc.returncode == 0
    assert "the app stopped on an error" in proc.stdout
    assert "AttributeError" in proc.stdout
