"""The battery (issue 51): the gauge from simulated readings, deep sleep and the waking press, the empty cell's saved game, on the emulated board (MicroPython)."""

import pytest

PRELUDE = """
import json
import sys
sys.path.insert(0, "tools/emu")
from emu.board import configure, make_board, reset_config
from emu.battery import Cell, Restarted
from hal import buttons as hb
from hal.battery import Gauge, percent_of, bars_of
from ui import boot
from ui.draw import battery as mark

class Clock:
    def __init__(self):
        self.t = 0
    def ticks_diff(self, a, b):
        return a - b
    def ticks_add(self, a, b):
        return a + b

def gauge_of(cell, clock=None):
    clock = clock or Clock()
    return Gauge(cell.read_mv, cell.plugged, clock, cell.drop_mv, cell.r_mohm), clock

def board(cell, data="/tmp/lama-bat-%d"):
    reset_config()
    configure(seed=3, battery=cell, data_dir=data)
    return make_board()

def name(app):
    return type(app.top()).__name__
"""


def run(micropython, body, data):
    return micropython.run_json(PRELUDE.replace("/tmp/lama-bat-%d", str(data)) + body)


def test_the_gauge_through_a_whole_drain_stays_within_a_bar_and_never_rises(micropython, tmp_path):
    """A noisy ADC (12 mV; 40 mV: the Pico's ADC noise times the divider's 3), the load's
    sag (150 mOhm, 0.3 V diode): sampled every second
    while the cell drains, the bars shown are within one of the cell's and never go up."""
    r = run(micropython, """
out = {"worst": 0, "rose": 0, "n": 0, "first": None}
for drop, load, noise in ((0, 22.0, 12), (300, 22.0, 12), (300, 60.0, 12), (0, 22.0, 40)):
    cell = Cell(charge=1.0, drop_mv=drop, noise_mv=noise)
    cell.load = lambda: load
    g, clock = gauge_of(cell)
    last = None
    t = 0
    while cell.fraction() > 0.02:
        cell.left_mah -= 0.25   # the cell drains between samples
        g.update(t, load)
        t += 1000
        b = g.bars()
        if out["first"] is None:
            out["first"] = b
        true = bars_of(int(cell.percent()))
        out["worst"] = max(out["worst"], abs(b - true))
        if last is not None and b > last:
            out["rose"] += 1
        last = b
        out["n"] += 1
print(json.dumps(out))
""", tmp_path)
    assert r["first"] == 4
    assert r["n"] > 1000
    assert r["worst"] <= 1
    assert r["rose"] == 0


def test_a_load_step_does_not_drop_the_gauge_for_good(micropython, tmp_path):
    """The panel on at full brightness sags VSYS; the gauge corrects for the load it is told."""
    r = run(micropython, """
cell = Cell(charge=0.50, r_mohm=2000, noise_mv=0)
g, clock = gauge_of(cell)
cell.load = lambda: 15.0
for t in range(0, 10000, 1000):
    g.update(t, 15)
quiet = g.percent()
cell.load = lambda: 60.0            # a heavy load: 90 mV more sag through 2 ohm
for t in range(10000, 30000, 1000):
    g.update(t, 60)
print(json.dumps([quiet, g.percent(), percent_of(int(cell.vsys_mv()))]))
""", tmp_path)
    quiet, loaded, naive = r
    assert abs(quiet - 50) <= 3
    assert abs(loaded - quiet) <= 2  # corrected
    assert naive < quiet - 5  # what an uncorrected reading would have said


def test_usb_says_charging_then_the_cell_is_read_afresh_and_no_adc_is_no_mark(micropython, tmp_path):
    r = run(micropython, """
cell = Cell(charge=0.30, noise_mv=0)
g, clock = gauge_of(cell)
out = []
g.update(0, 20); out.append(g.bars())
cell.usb = True
g.update(1000, 20); out.append([g.bars(), g.percent(), g.charging()])
cell.usb = False
cell.left_mah = cell.mah * 0.9   # charged meanwhile
for t in range(2000, 8000, 1000):
    g.update(t, 20)
out.append(g.bars())
cell.connected = False           # the divider's wire off: the pin floats
for t in range(8000, 10000, 1000):
    g.update(t, 20)
out.append([g.bars(), g.percent()])
cell.left_mah = cell.mah * 0.5    # the wire back, the cell lower than when last read
cell.connected = True
for t in range(10000, 14000, 1000):
    g.update(t, 20)
was = g.percent()
cell.left_mah = cell.mah * 0.9    # a glitch that reads high: never shown on battery
cell.connected = False
g.update(14000, 20)
cell.connected = True
for t in range(15000, 18000, 1000):
    g.update(t, 20)
out.append([was, g.percent()])
print(json.dumps(out))
""", tmp_path)
    assert r[0] == 2
    assert r[1] == [-1, None, True]
    assert r[2] == 4  # read afresh after USB, not held at the old low
    assert r[3] == [None, None]
    was, after = r[4]
    assert abs(was - 50) <= 3 and after == was  # read again, never higher on battery


def test_no_cell_no_mark_and_the_screens_unchanged(micropython, tmp_path):
    r = run(micropython, """
out = []
for cell in (None, Cell(charge=0.8)):
    b = board(cell)
    app = boot.run(b, frames=3)
    out.append([mark.GAUGE is None, b.power.battery is None])
print(json.dumps(out))
""", tmp_path)
    (none_g, none_b), (cell_g, cell_b) = r
    assert none_g and none_b
    assert not cell_g and not cell_b


WAKE = """
cell = Cell(charge=0.8, usb=%s)
b = board(cell)
app = boot.run(b, frames=3)
p = b.emu.panel
t0 = b.clock.ticks_ms()
while b.clock.ticks_ms() < t0 + 125000:
    app.step()
out = {"off": not p.on, "sleeps": b.emu.sleeper.sleeps, "top": name(app)}
at = b.clock.ticks_ms() + 5000
b.emu.buttons.press(hb.A, 80, at_ms=at)
lit = None
while b.clock.ticks_ms() < at + 1000:
    app.step()
    if lit is None and p.on:
        lit = b.clock.ticks_ms() - at
out["lit_ms"] = lit
out["after"] = name(app)
out["sleeps_after"] = b.emu.sleeper.sleeps
out["slept_ms"] = b.emu.sleeper.slept_ms
print(json.dumps(out))
"""


@pytest.mark.parametrize("key", ["UP", "DOWN", "LEFT", "RIGHT", "A", "B"])
def test_on_battery_the_panel_off_sleeps_and_each_button_wakes_it_without_acting(micropython, tmp_path, key):
    r = run(micropython, WAKE.replace("hb.A, 80", "hb.%s, 80" % key) % "False", tmp_path)
    assert r["off"]
    assert r["sleeps"] >= 1
    assert r["slept_ms"] >= 4900  # asleep until the press
    assert r["lit_ms"] is not None and r["lit_ms"] <= 100
    assert r["top"] == r["after"]  # the waking press did not act (A would open the menu)


def test_on_usb_the_panel_goes_off_but_the_console_never_sleeps(micropython, tmp_path):
    r = run(micropython, WAKE % "True", tmp_path)
    assert r["off"]
    assert r["sleeps"] == 0 and r["sleeps_after"] == 0
    assert r["lit_ms"] is not None and r["lit_ms"] <= 100
    assert r["top"] == r["after"]


def test_a_tap_shorter_than_the_debounce_still_lights_the_panel_and_a_timeout_does_not(micropython, tmp_path):
    """A 3 ms tap wakes the console (the panel lights, nothing acts); a sleep that ends
    with no button (the emulator's hour) leaves the panel off and sleeps again."""
    r = run(micropython, """
cell = Cell(charge=0.8)
b = board(cell)
app = boot.run(b, frames=3)
t0 = b.clock.ticks_ms()
while b.clock.ticks_ms() < t0 + 125000 + 3 * 3600000:
    app.step()
out = [b.emu.panel.on, b.emu.sleeper.sleeps]
at = b.clock.ticks_ms() + 1000
b.emu.buttons.press(hb.A, 3, at_ms=at)
lit = None
while b.clock.ticks_ms() < at + 500:
    app.step()
    if lit is None and b.emu.panel.on:
        lit = b.clock.ticks_ms() - at
print(json.dumps(out + [lit, name(app)]))
""", tmp_path)
    on, sleeps, lit, top = r
    assert not on and sleeps >= 3
    assert lit is not None and lit <= 100
    assert top == "TitleScreen"


def test_low_is_said_once_and_empty_saves_the_game_which_continue_offers_after_a_recharge(micropython, tmp_path):
    r = run(micropython, """
cell = Cell(charge=0.20, noise_mv=5)
b = board(cell)
app = boot.run(b, frames=3)
out = {}
def press(k, hold=80):
    end = b.emu.buttons.press(k, hold)
    while b.clock.ticks_ms() < end + 150:
        app.step()
def run_ms(ms):
    end = b.clock.ticks_ms() + ms
    while b.clock.ticks_ms() < end:
        app.step()
press(hb.A)              # the main menu
run_ms(400)
press(hb.A)              # LAMA Dice: setup
run_ms(400)
press(hb.UP); press(hb.A)   # Start
run_ms(1500)
press(hb.B)              # how to play: skip
run_ms(1500)
out["game"] = name(app)
notes = []
def seen():
    n = name(app)
    if n == "BatteryNote" and (not notes or notes[-1] != app.top().text):
        notes.append(app.top().text)
cell.left_mah = cell.mah * 0.14   # low
for _ in range(200):
    app.step(); seen()
press(hb.A)              # (a press takes the note away)
cell.left_mah = cell.mah * 0.12   # still low: not said again
for _ in range(200):
    app.step(); seen()
out["lows"] = list(notes)
cell.left_mah = cell.mah * 0.02   # empty
end = b.clock.ticks_ms() + 40000
while not b.power.flat and b.clock.ticks_ms() < end:
    app.step(); seen()
out["notes"] = notes
out["flat"] = b.power.flat
out["panel_on"] = b.emu.panel.on
b.emu.buttons.press(hb.A, 80)     # woken on battery: back to sleep, nothing acts
for _ in range(100):
    app.step()
out["sleeps"] = b.emu.sleeper.sleeps
out["still_flat"] = b.power.flat and not b.emu.panel.on
cell.usb = True                    # plugged in: the console restarts
try:
    for _ in range(400):
        app.step()
    out["restarted"] = False
except Restarted:
    out["restarted"] = True
b2 = board(Cell(charge=0.9))
app2 = boot.run(b2, frames=3)
out["boot"] = name(app2)
print(json.dumps(out))
""", tmp_path)
    assert r["game"] == "DiceScreen"
    assert r["lows"] == ["Battery low"]
    assert r["notes"] == ["Battery low", "Battery empty: game saved"]
    assert r["flat"] and not r["panel_on"]
    assert r["sleeps"] >= 1
    assert r["still_flat"]
    assert r["restarted"]
    assert r["boot"] == "ContinueScreen"


@pytest.mark.parametrize("mv,pct", [(4250, 100), (4200, 100), (3870, 60), (3800, 40), (3270, 0), (3000, 0)])
def test_the_discharge_curve(micropython, tmp_path, mv, pct):
    assert run(micropython, "print(json.dumps(percent_of(%d)))" % mv, tmp_path) == pct


def test_deep_sleep_enables_the_buttons_and_vbus_as_dormant_wake_sources_then_clears_them():
    """hal.sleep.DeepSleep on a stand-in machine module: level-low wake on GP10-15 and
    level-high on GP24 in IO_BANK0's DORMANT_WAKE_INTE (RP2040), set before
    machine.lightsleep() and cleared after; a button down says True."""
    import sys
    import types

    from hal import sleep

    log = []

    class Mem:
        def __setitem__(self, addr, value):
            log.append(("w", addr, value))

        def __getitem__(self, addr):
            assert addr == 0xD0000004
            return (0x3F << 10) & ~(1 << 12)  # LEFT (GP12) down, the others up

    fake = types.SimpleNamespace(mem32=Mem(), lightsleep=lambda *a: log.append(("sleep", a)))
    old = sys.modules.get("machine")
    sys.modules["machine"] = fake
    try:
        woke = sleep.DeepSleep((10, 11, 12, 13, 14, 15), "Raspberry Pi Pico with RP2040").sleep()
    finally:
        if old is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = old
    inte1 = 0x40014164  # GPIO 8-15
    inte3 = 0x4001416C  # GPIO 24-29
    buttons = sum(1 << (4 * (g - 8)) for g in range(10, 16))
    assert ("w", inte1 + 0x2000, buttons) in log and ("w", inte3 + 0x2000, 2) in log
    i = log.index(("sleep", ()))
    assert all(e[1] < 0x40014000 + 0x3000 for e in log[:i])  # set before, ...
    assert ("w", inte1 + 0x3000, buttons) in log[i:] and ("w", inte3 + 0x3000, 2) in log[i:]
    assert woke is True


def naps_logged(log, on_usb, sound):
    """hal.sleep.Naps made against a machine and a time that log each sleep in `log`
    (("light", ms): machine.lightsleep, ("wfe", ms): time.sleep_ms)."""
    import sys
    import types

    from hal import sleep

    fake = types.SimpleNamespace(lightsleep=lambda ms: log.append(("light", ms)))
    ticks = types.SimpleNamespace(ticks_ms=None, ticks_add=None, ticks_diff=None,
                                  sleep_ms=lambda ms: log.append(("wfe", ms)))
    old = sys.modules.get("machine"), sys.modules["time"]
    sys.modules["machine"] = fake
    sys.modules["time"] = ticks
    try:
        return sleep.Naps(on_usb, sound)
    finally:
        sys.modules["time"] = old[1]
        if old[0] is None:
            del sys.modules["machine"]
        else:
            sys.modules["machine"] = old[0]


def test_naps_rest_in_light_sleep_on_battery_only_and_never_under_a_tune():
    import types

    log = []
    usb = [False]
    sound = types.SimpleNamespace(_tune=())
    naps = naps_logged(log, lambda: usb[0], sound)
    naps.sleep_ms(6)
    sound._tune = (1, 2)
    naps.sleep_ms(6)
    sound._tune = ()
    usb[0] = True
    naps.sleep_ms(6)
    usb[0] = False
    naps.sleep_ms(1)
    assert log == [("light", 6), ("wfe", 6), ("wfe", 6), ("wfe", 1)]


LINKED = """
from emu.line import Line
cell = Cell(charge=0.8)
b = board(cell)
line = Line(lambda: b.clock.ticks_ms() * 1000)
b.link = line.plug("me")
app = boot.run(b, frames=3)
naps, awake = [], []
sleep_ms, awake_ms = b.clock.sleep_ms, b.clock.awake_ms
def nap(ms):
    naps.append(ms)
    sleep_ms(ms)
def stay(ms):
    awake.append(ms)
    awake_ms(ms)
b.clock.sleep_ms, b.clock.awake_ms = nap, stay
def press(key, hold=80):
    at = b.clock.ticks_ms() + 50
    b.emu.buttons.press(key, hold, at_ms=at)
    while b.clock.ticks_ms() < at + 600:
        app.step()
def run(ms):
    t0 = b.clock.ticks_ms()
    while b.clock.ticks_ms() < t0 + ms:
        app.step()
for key in %s:
    press(key)
out = {"top": name(app), "link": app.link is not None}
del naps[:], awake[:]
run(125000)
out.update(off=not b.emu.panel.on, sleeps=b.emu.sleeper.sleeps, naps=len(naps),
           awake=sum(awake), still=app.link is not None)
press(hb.B)  # (the panel lit: this press is eaten)
press(hb.B, 1500)  # B held: the main menu, the link let go
run(2000)
out["after"] = [name(app), app.link is None]
del naps[:]
run(125000)
out.update(sleeps_after=b.emu.sleeper.sleeps, naps_after=len(naps))
print(json.dumps(out))
"""


@pytest.mark.parametrize("role, keys, screen", [
    ("host", "[hb.A, hb.UP, hb.A, hb.A]", "HostScreen"),
    ("console", "[hb.A, hb.UP, hb.A, hb.DOWN, hb.A, hb.A, hb.A, hb.A]", "JoinScreen"),
])
def test_in_a_link_game_on_battery_the_console_never_naps_nor_sleeps(micropython, tmp_path,
                                                                     role, keys, screen):
    """Light sleep and DORMANT stop the Pico's UART: while a link game's side is up (the
    host's or a joining console's screens) the rests are awake sleeps (clock.awake_ms) and
    the panel off does not deep-sleep; at the main menu both come back."""
    r = run(micropython, LINKED % keys, tmp_path)
    assert r["top"] == screen and r["link"] and r["still"]
    assert r["off"], "the panel still goes off after two minutes"
    assert r["naps"] == 0 and r["sleeps"] == 0
    assert r["awake"] >= 120000
    assert r["after"] == ["MainMenu", True]
    assert r["sleeps_after"] >= 1 and r["naps_after"] > 0


def test_naps_awake_ms_never_light_sleeps():
    log = []
    naps = naps_logged(log, lambda: False, None)
    naps.sleep_ms(6)
    naps.awake_ms(4)
    assert log == [("light", 6), ("wfe", 4)]


def test_without_a_cell_the_title_is_lit_without_the_marks_code(micropython, tmp_path):
    """The boot's first frame: the battery mark's module is not imported when no cell is
    fitted (an import is some ms of the Pico's boot, and a module some heap all evening);
    with a cell, it is, and the mark reads that cell's gauge."""
    r = micropython.run_json("""
import json, sys
sys.path.insert(0, "tools/emu")
from emu.board import configure, make_board, reset_config
from emu.battery import Cell
from ui.boot import make_app
out = []
for cell in (None, Cell(charge=0.8)):
    reset_config()
    configure(seed=3, battery=cell, data_dir=%r)
    b = make_board()
    app = make_app(b)
    app.run(1)
    out.append("ui.draw.battery" in sys.modules)
print(json.dumps(out))
""" % str(tmp_path))
    assert r == [False, True]


def test_the_boots_wiring_leaves_ram_once_the_saves_are_offered(micropython, tmp_path):
    """ui/wiring.py (the app made at the title, the saves and notices behind it) runs once:
    it is not kept in RAM after the boot (1 KB of the Pico's heap all evening), and the
    hooks the app keeps (a failed settings save's notices) are ui.boot's, not its."""
    r = run(micropython, """
b = board(None)
app = boot.run(b, frames=3)
out = ["ui.wiring" in sys.modules, "ui.prime" in sys.modules]
boot.make_app(board(None))  # (the same wiring, kept by whoever calls it)
out.append("ui.wiring" in sys.modules)
print(json.dumps(out))
""", tmp_path)
    assert r == [False, False, True]


def test_the_boot_makes_its_app_through_ui_boot_make_app(micropython, tmp_path):
    """The bench's board profile (tools/pico/probe_board.py) wraps ui.boot.make_app to see
    the app: the boot's wiring makes it through that name, not around it."""
    r = run(micropython, """
made = []
make = boot.make_app
def wrapped(*a, **k):
    app = make(*a, **k)
    made.append(app)
    return app
boot.make_app = wrapped
app = boot.run(board(None), frames=2)
boot.make_app = make
print(json.dumps([len(made), made[0] is app if made else None]))
""", tmp_path)
    assert r == [1, True]
