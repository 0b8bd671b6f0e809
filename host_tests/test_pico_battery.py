"""The battery on the real MicroPython firmware in the emulated Pico (issue 51): DORMANT while the panel is off on battery, each button wakes it without acting, none on USB (make flash works), an empty cell's game saved and offered after a recharge; skipped unless PICO_FIRMWARE is set."""

import os

import pytest

from pico import device, firmware, provision
from pico.tour import Probe

pytestmark = [
    pytest.mark.skipif(not os.environ.get(firmware.ENV),
                       reason="PICO_FIRMWARE is not set (the MicroPython UF2 or BIN for the Pico: "
                       "%s)" % firmware.WHERE),
]
OFF_MS = 123_000  # the panel goes off 2 minutes after the last press
DISPLAY_ON = bytes((0x00, 0xAF))
DISPLAY_OFF = bytes((0x00, 0xAE))


@pytest.fixture(scope="module")
def battery_flash():
    """The project flashed with the bench probe (the top screen's name), BATTERY = True."""
    return provision.with_battery(provision.flashed(firmware.from_env(), probe=True))


@pytest.fixture
def pico_on(battery_flash, tmp_path):
    started = []

    def start(**cell):
        p = device.Pico(provision.copy_of(battery_flash, str(tmp_path / "flash.bin")))
        started.append(p)
        p.battery(**cell)
        return p
    yield start
    for p in started:
        p.close()


def panel_on(pico):
    """Whether the panel was last told to show (display on) or not."""
    for _, addr, data in reversed(pico.i2c):
        if addr == device.PANEL_ADDR and data in (DISPLAY_ON, DISPLAY_OFF):
            return data == DISPLAY_ON
    return True


def lit_after(pico, t_ns):
    """ms from t_ns to the display-on command after it, or None."""
    for t, addr, data in pico.i2c:
        if t >= t_ns and addr == device.PANEL_ADDR and data == DISPLAY_ON:
            return (t - t_ns) / 1e6
    return None


def modes(pico):
    return pico.stats()["power"]


def test_on_battery_the_panel_off_is_dormant_and_a_button_wakes_it_without_acting(pico_on):
    """A and B (the two that act at once on the title); every button: the host tests
    (test_battery.py), 2 emulated minutes each here."""
    pico = pico_on(charge=0.8, usb=False)
    probe = Probe(pico)
    pico.run_until(lambda: probe.screen() == "TitleScreen", 5000)
    pico.run(1000)
    image = pico.image()  # the title (the glass is blank while the panel is off)
    pico.run(OFF_MS)
    assert not panel_on(pico)
    for name in ("A", "B"):
        before = modes(pico)["dormant"]
        pico.run(5000)
        assert modes(pico)["dormant"] - before >= 4.9e9, name  # asleep in DORMANT
        t = pico.button(name, True)
        pico.run(80)
        pico.button(name, False)
        pico.run(400)
        ms = lit_after(pico, t * 1e6)
        assert ms is not None and ms <= 100, (name, ms)
        assert probe.screen() == "TitleScreen", name  # the waking press did not act
        assert pico.image() == image
        pico.run(OFF_MS)
        assert not panel_on(pico), name
    assert "Traceback" not in pico.text()


def test_on_usb_the_panel_goes_off_without_deep_sleep_and_make_flash_works(pico_on):
    pico = pico_on(charge=0.8, usb=True)
    pico.run(OFF_MS + 2000)
    assert not panel_on(pico)
    before = modes(pico)
    pico.run(3000)
    after = modes(pico)
    assert after["dormant"] == before["dormant"]
    assert after["light"] == before["light"]
    rc, out = provision.make_flash(pico)
    assert rc == 0, out


def test_unplugged_from_usb_while_the_panel_is_off_it_goes_to_sleep(pico_on):
    pico = pico_on(charge=0.8, usb=True)
    pico.run(OFF_MS + 2000)
    assert modes(pico)["dormant"] == 0
    pico.battery(usb=False)
    pico.run(5000)
    assert modes(pico)["dormant"] >= 3e9


def test_a_drained_cell_saves_the_game_which_continue_offers_after_a_recharge(pico_on):
    pico = pico_on(charge=0.6, usb=False)
    probe = Probe(pico)
    pico.run_until(lambda: probe.screen() == "TitleScreen", 5000)
    for key in ("A", "A", "UP", "A"):  # the main menu, LAMA Dice, Start
        pico.press(key, after_ms=600)
    pico.run(1500)
    if probe.screen() == "HowToScreen":
        pico.press("B", after_ms=1500)
    assert probe.screen() == "DiceScreen"
    pico.press("A", after_ms=3000)  # a roll: the game has moved
    pico.battery(charge=0.02)
    assert pico.run_until(lambda: not panel_on(pico), 40_000, step_ms=500)
    before = modes(pico)["dormant"]
    pico.run(3000)
    assert modes(pico)["dormant"] - before >= 2.9e9
    with pico._lock:
        pico.console.clear()  # the probe's line again after the restart
    pico.battery(usb=True, charge=0.5)  # plugged in: a press restarts the console
    pico.press("A", after_ms=2000)
    assert [e for e in pico.events if e["ev"] == "reset"], pico.events
    probe = Probe(pico, 8000)
    assert pico.run_until(lambda: probe.screen() == "ContinueScreen", 8000)


def test_the_gauge_reads_the_cell_on_adc3(pico_on):
    pico = pico_on(charge=0.35, usb=False)
    pico.run(4000)
    rc, out = provision.mpremote(pico, "exec", "import codepack\ncodepack.mount()\n"
                                 "import board\nb = board.make_board()\n"
                                 "g = b.power.battery\nimport time\n"
                                 "for i in range(3):\n g.update(time.ticks_ms() + 2000 * i, 20)\n"
                                 "print('PCT', g.percent(), g.bars())")
    assert rc == 0, out
    pct, bars = out.split("PCT", 1)[1].split()[:2]
    assert abs(int(pct) - 35) <= 8 and int(bars) == 2, out
