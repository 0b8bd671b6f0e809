"""The project on the real MicroPython firmware in the emulated Pico (tools/pico/): make flash, the watchdog, the panel and the buttons at the edges; skipped unless PICO_FIRMWARE names the firmware (run just them: pytest host_tests/test_pico_device.py)."""

import os

import pytest

from pico import device, firmware, provision

pytestmark = [
    pytest.mark.skipif(not os.environ.get(firmware.ENV),
                       reason="PICO_FIRMWARE is not set (the MicroPython UF2 or BIN for the Pico: "
                       "%s)" % firmware.WHERE),
]
BOOT_LIMIT_MS = 6000


@pytest.fixture(scope="module")
def flashed():
    """A flash file: the firmware on an erased Pico, then the project by make flash."""
    return provision.flashed(firmware.from_env())


@pytest.fixture
def pico_on(flashed, tmp_path):
    """Start an emulated Pico on a copy of the flashed flash (keyword options to device.Pico)."""
    started = []

    def start(**kw):
        p = device.Pico(provision.copy_of(flashed, str(tmp_path / "flash.bin")), **kw)
        started.append(p)
        return p
    yield start
    for p in started:
        p.close()


def shows_a_picture(pico, limit_ms=BOOT_LIMIT_MS):
    return pico.run_until(lambda: pico.panel.lit() and any(pico.image()), limit_ms, step_ms=50)


def test_make_flash_onto_an_erased_pico_boots_the_game(pico_on):
    pico = pico_on()
    assert shows_a_picture(pico)
    assert "Traceback" not in pico.text()


def test_make_flash_onto_a_pico_holding_saves_keeps_them(pico_on):
    pico = pico_on()
    assert shows_a_picture(pico)
    rc, out = provision.mpremote(pico, "exec", "import os\ntry:\n os.mkdir('data')\nexcept OSError:"
                                 "\n pass\nopen('data/kept.txt','w').write('saved game')")
    assert rc == 0, out
    rc, out = provision.make_flash(pico)
    assert rc == 0, out
    rc, out = provision.mpremote(pico, "cat", ":data/kept.txt")
    assert rc == 0 and "saved game" in out, out


def test_a_watchdog_reset_restarts_the_chip_and_the_game(pico_on):
    pico = pico_on()
    assert shows_a_picture(pico)
    # the REPL stops the game; the watchdog started there is never fed
    rc, out = provision.mpremote(pico, "exec", "import machine\nmachine.WDT(timeout=200)")
    assert rc == 0, out
    pico.run(1000)
    resets = [e for e in pico.events if e["ev"] == "reset"]
    assert [e["reason"] for e in resets] == ["watchdog"], pico.events
    # the chip boots again from its flash: the game sets the panel up and draws the title
    pico.run(BOOT_LIMIT_MS)
    after = [d for t, a, d in pico.i2c if t > resets[0]["t"] and a == device.PANEL_ADDR]
    assert after and after[0][:2] == bytes((0x00, 0xAE)), after[:1]  # its init sequence
    assert sum(len(d) for d in after) > 1024  # a whole frame
    assert pico.panel.lit() and any(pico.image())
    assert pico.stats()["powered"]
    # USB came up again, and the firmware knows why it restarted
    rc, out = provision.mpremote(pico, "exec", "import machine\nprint(machine.reset_cause()"
                                 " == machine.WDT_RESET)")
    assert rc == 0 and out.strip() == "True", out


def test_the_panel_unplugged_and_replugged_mid_game_comes_back(pico_on):
    pico = pico_on()
    assert shows_a_picture(pico)
    pico.press("A", after_ms=500)
    pico.plug_panel(False)
    pico.press("DOWN", after_ms=500)
    pico.press("UP", after_ms=500)
    pico.plug_panel(True)
    pico.i2c.clear()
    pico.press("DOWN", after_ms=500)  # the first frame after replugging: set-up and the whole frame
    assert pico.panel.lit() and any(pico.image())
    text = pico.text()
    assert text.count("stopped answering") == 1 and text.count("answers again") == 1, text
    assert "Traceback" not in text
    assert pico.proc.poll() is None


def test_a_button_held_at_boot_does_not_stop_the_game(pico_on):
    pico = pico_on()
    pico.button("A", True)
    pico.run(3000)
    pico.button("A", False)
    assert shows_a_picture(pico)
    assert "Traceback" not in pico.text()


def test_the_panel_at_the_wrong_address_leaves_the_board_running(pico_on):
    pico = pico_on(panel_addr=0x3D)
    pico.run(4000)
    assert pico.proc.poll() is None
    assert not [e for e in pico.events if e["ev"] == "reset"]
    assert "Traceback" not in pico.text()
