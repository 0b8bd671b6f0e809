"""The project on the real MicroPython firmware in the emulated Pico (tools/pico/): make flash, the watchdog, the panel and the buttons at the edges; skipped unless PICO_FIRMWARE names the firmware (run just them: pytest host_tests/test_pico_device.py)."""

import os

import pytest

from build import native
from flash import pack
from hal import store
from lama import codec_read, records, seats as seat_kinds
from pico import device, firmware, provision
from pico.tour import SIX_HARD, Probe, Tour
from uf2 import fs_image
from ui.model import saves

pytestmark = [
    pytest.mark.skipif(not os.environ.get(firmware.ENV),
                       reason="PICO_FIRMWARE is not set (the MicroPython UF2 or BIN for the Pico: "
                       "%s)" % firmware.WHERE),
]
BOOT_LIMIT_MS = 6000
GAME_LIMIT_MS = 600_000  # a six-seat game of hard computer players takes 100-160 emulated s
SAVE_GAP_NS = 30e6  # flash operations closer than this (after the previous one's end): one save
OP_NS = {"erase": (4096, 45e6), "program": (256, 0.4e6)}  # unit, typical time of one


@pytest.fixture(scope="module")
def flashed():
    """A flash file: the firmware on an erased Pico, then the project by make flash."""
    return provision.flashed(firmware.from_env())


@pytest.fixture(scope="module")
def probed(flashed):
    """The same, with the bench probe in /board.py (the top screen's name, in RAM)."""
    return provision.flashed(firmware.from_env(), probe=True)


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
    # the REPL stops the game; the watchdog started there is never fed (mpremote leaves once
    # the board took the code, so the reset does not race its reading the answer)
    rc, out = provision.mpremote(pico, "exec", "--no-follow",
                                 "import machine\nmachine.WDT(timeout=200)")
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


def test_a_board_that_resets_under_mpremote_ends_it_with_an_error_not_a_hang(pico_on):
    pico = pico_on()
    assert shows_a_picture(pico)
    # the reset comes before the answer: the port vanishes under mpremote, as a real one does
    rc, out = provision.mpremote(pico, "exec", "import machine\nmachine.reset()")
    assert rc != 0, out
    assert len([e for e in pico.events if e["ev"] == "reset"]) == 1, pico.events
    pico.run(BOOT_LIMIT_MS)  # the board is back, and its port answers again
    rc, out = provision.mpremote(pico, "exec", "print(6 * 7)")
    assert rc == 0 and out.strip() == "42", out


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


# --- whole games, and power cuts while saving ---------------------------------------------
def files_of(pico, tmp_path, name="now.bin"):
    """{path: bytes} of the device's file system, as its flash holds it now."""
    path = str(tmp_path / name)
    pico.save_flash(path)
    with open(path, "rb") as f:
        flash = f.read()
    return fs_image.read(flash[fs_image.FS_OFFSET: fs_image.FS_OFFSET + fs_image.FS_SIZE])


def slots(files, game):
    """{slot: (seq, payload)} of the valid copies of a saved game of kind `game`."""
    name = saves.record_name(game)
    out = {}
    for slot in store.SLOTS:
        data = files.get("data/%s.%s" % (name, slot))
        got = data and store.unframe(data, saves.KIND_GAME, records.PROGRESS_VERSION,
                                     records.PROGRESS_MAX)
        if got:
            out[slot] = got
    return out


def current(copies):
    """The payload the store loads: the valid copy with the newer seq (None: no copy)."""
    best = None
    for seq, payload in copies.values():
        if best is None or store.newer(seq, best[0]):
            best = (seq, payload)
    return best and best[1]


def to_setup(tour, cards):
    """From power-on to the setup screen of a new game of LAMA Dice (or L.L.A.M.A.)."""
    assert tour.wait_screen(lambda s: s == "TitleScreen", BOOT_LIMIT_MS)
    tour.press("A")
    if cards:
        tour.press("DOWN")
    tour.press("A")
    assert tour.probe.screen() == "SetupScreen"


@pytest.mark.parametrize("cards", [False, True], ids=["lama dice", "llama cards"])
def test_a_full_game_with_six_hard_computer_players_reaches_its_game_over(probed, tmp_path,
                                                                          cards):
    with device.Pico(provision.copy_of(probed, str(tmp_path / "flash.bin"))) as pico:
        tour = Tour(pico, Probe(pico))
        to_setup(tour, cards)
        tour.keys(SIX_HARD)
        tour.press("A", settle_ms=0)  # Start
        pico.run(3000)  # its first moves saved
        game = 2 if cards else 1
        seats = codec_read.decode_progress(current(slots(files_of(pico, tmp_path), game)))[0].seats
        assert [seat_kinds.bot_name(s) for s in seats] == ["hard"] * 6
        took, presses, over = tour.bot_game(GAME_LIMIT_MS)
        assert over, "no game over after %d emulated s" % (took / 1000)
        assert "GameOverPanel" in tour.probe.screen()
        text = pico.text()
        assert "Traceback" not in text, text[-2000:]
        # the hard players' and the buttons' and panel's code ran as armv6m machine code (MicroPython
        # imports a module's .py before its .mpy: none is there), from the code pack
        files = files_of(pico, tmp_path)
    files.update(pack.unpack(files[pack.PACK]))
    armv6m = native.ARCHS.index("armv6m")
    machine = {p for p, d in files.items() if p.endswith(".mpy") and d[2] >> 2 == armv6m}
    hot = {"lama/card_expert.mpy" if cards else "lama/dice_expert.mpy",
           "hal/oled.mpy", "hal/buttons.mpy", "ui/draw/gfx.mpy"}
    assert hot <= machine
    assert not [p for p in machine if p[:-4] + ".py" in files]


def op_groups(ops):
    """The flash operations `ops` ((t, op, addr, len), in order) as saves: lists of
    (op, operations counted as the flash model counts them: sectors erased, pages
    programmed), a save ending SAVE_GAP_NS after its last operation's end; and that end."""
    groups = []
    end = None
    for t, op, addr, n in ops:
        unit, ns = OP_NS[op]
        count = (addr + n + unit - 1) // unit - addr // unit
        if end is None or t - end > SAVE_GAP_NS:
            groups.append([])
        groups[-1].append((op, count))
        end = t + count * ns
    return groups, end


def test_a_power_cut_at_every_flash_operation_of_a_save_loses_nothing(probed, tmp_path):
    # a LAMA Dice game of six computer players, stopped in its menu: saved on flash
    with device.Pico(provision.copy_of(probed, str(tmp_path / "made.bin"))) as pico:
        tour = Tour(pico, Probe(pico))
        to_setup(tour, False)
        tour.keys(SIX_HARD)
        tour.press("A", settle_ms=0)
        pico.run(3000)
        tour.press("B", hold_ms=900)  # the in-game menu: the players wait
        pico.run(500)
        assert tour.probe.screen() == "DiceScreen/MenuPanel"
        pico.save_flash(str(tmp_path / "saved.bin"))

    def boot_and_continue(cut=None):
        """Boot the saved game, wait for Continue, arm a cut at the cut-th flash operation
        from then, and continue the game; the Pico and its Tour."""
        pico = device.Pico(provision.copy_of(str(tmp_path / "saved.bin"),
                                             str(tmp_path / "flash.bin")))
        tour = Tour(pico, Probe(pico))
        assert tour.wait_screen(lambda s: s == "ContinueScreen", BOOT_LIMIT_MS)
        if cut:
            pico.cut_power_at(*cut)
        tour.press("A", settle_ms=0)
        return pico, tour

    # the reference: the saves that follow, up to the first one that erases a sector
    pico, tour = boot_and_continue()
    with pico:
        t0 = pico.t_ns
        while True:
            pico.run(50)
            groups, end = op_groups([op for op in pico.flash_ops if op[0] >= t0])
            done = groups if end is not None and pico.t_ns - end > SAVE_GAP_NS else groups[:-1]
            erasing = [i for i, g in enumerate(done) if any(op == "erase" for op, _ in g)]
            if erasing:
                break
            assert pico.ms - t0 / 1e6 < 30_000, groups
        target = erasing[0]
        first = 1 + sum(n for g in groups[:target] for _, n in g)
        last = first + sum(n for _, n in groups[target]) - 1
        copies = slots(files_of(pico, tmp_path, "reference.bin"), 1)
    new = current(copies)
    old = [p for _, p in copies.values() if p != new]
    assert new and len(old) == 1  # the save, and the one before it in the other slot
    assert last - first >= 2  # an erase and programs
    for n in range(first, last + 1):
        for mid in (False, True):
            pico, tour = boot_and_continue((n, mid))
            with pico:
                assert not pico.run(10_000), "no power cut at operation %d" % n
                pico.power(True)
                assert tour.wait_screen(lambda s: s == "ContinueScreen", BOOT_LIMIT_MS), n
                assert "Traceback" not in pico.text()
                loaded = current(slots(files_of(pico, tmp_path), 1))
            assert loaded in (old[0], new), (n, mid)
