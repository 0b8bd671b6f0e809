"""Power policy, sound and entropy on the emulated board (MicroPython)."""

PRELUDE = """
import json
import sys
sys.path.insert(0, "tools/emu")
import board as emu_board
from hal import buttons as hb
from hal import power as hp

def make(**kw):
    emu_board.reset_config()
    emu_board.configure(**kw)
    return emu_board.make_board()

def frame(b):
    now = b.clock.ticks_ms()
    ev = b.power.filter(b.buttons.poll(now), now)
    out = [hb.KIND_NAMES[k] + " " + hb.NAMES[n] for k, n in ev]
    b.clock.sleep_ms(20)
    return out
"""


def run(micropython, body):
    return micropython.run_json(PRELUDE + body)


def test_dim_after_30_s_off_after_2_min_and_a_press_wakes_without_acting(micropython):
    r = run(
        micropython,
        """
b = make(contrast=200)
p = b.emu.panel
b.power.set_contrast(200)
log = []
def until(t):
    evs = []
    while b.clock.ticks_ms() < t:
        evs += frame(b)
    return evs
until(29000)
log.append([b.power.state, p.contrast, p.on])
until(31000)
log.append([b.power.state, p.contrast, p.on])
b.emu.buttons.press(hb.DOWN, 100)          # while dimmed: wakes AND acts
log.append(until(32000))
log.append([b.power.state, p.contrast])
until(32000 + 120500)
log.append([b.power.state, p.on])
b.emu.buttons.press(hb.A, 800)             # while off: wakes, eaten, incl. its release
log.append(until(b.clock.ticks_ms() + 1500))
log.append([b.power.state, p.on, p.contrast])
b.emu.buttons.press(hb.A, 50)              # the next press acts
log.append(until(b.clock.ticks_ms() + 200))
b.power.set_contrast(90)
log.append(p.contrast)
print(json.dumps(log))
""",
    )
    awake, dim, acted, woke, off, eaten, after, acts, contrast = r
    assert awake == [0, 200, True]
    assert dim == [1, 25, True]  # a dimmed contrast, still on
    assert acted == ["PRESS DOWN", "RELEASE DOWN"]
    assert woke == [0, 200]
    assert off == [2, False]
    assert eaten == []
    assert after == [0, True, 200]
    assert acts == ["PRESS A", "RELEASE A"]
    assert contrast == 90


def test_held_wake_button_is_eaten_until_released_others_act(micropython):
    r = run(
        micropython,
        """
b = make()
b.clock.sleep_ms(121000)
frame(b)
sb = b.emu.buttons
sb.press(hb.DOWN, 1500)   # wakes; its repeats and release are eaten
sb.press(hb.A, 50, at_ms=b.clock.ticks_ms() + 700)  # pressed after waking: acts
evs = []
for i in range(100):
    evs += frame(b)
print(json.dumps(evs))
""",
    )
    assert r == ["PRESS A", "RELEASE A"]


def test_sound_plays_without_blocking_and_mute_silences_everything(micropython):
    r = run(
        micropython,
        """
b = make()
s = b.sound
pwm = b.emu.pwm
t0 = b.clock.ticks_ms()
s.play("win")
blocked = b.clock.ticks_ms() - t0
b.clock.sleep_ms(1000)
notes = [(f, d) for _, f, d in pwm.log]
n_win = len([1 for f, d in notes if d])
pwm.log.clear()
s.play("no such sound")
s.mute(True)
for name in ("click", "roll", "bust", "win", "error"):
    s.play(name)
b.clock.sleep_ms(1000)
muted = len(pwm.log)
s.mute(False)
s.play("click")
b.clock.sleep_ms(100)
print(json.dumps([blocked, n_win, notes[-1][1], muted, len(pwm.log), s.is_muted()]))
""",
    )
    blocked, n_win, last_duty, muted, click, is_muted = r
    assert blocked == 0
    assert n_win >= 1 and last_duty == 0
    assert muted == 0
    assert click == 2  # on, then off
    assert is_muted is False


def test_board_without_buzzer_has_a_silent_sound(micropython):
    r = run(
        micropython,
        """
b = make(buzzer=False)
b.sound.play("win")
b.sound.mute(True)
print(json.dumps([type(b.sound).__name__, b.sound.is_muted(), b.emu.pwm.log]))
""",
    )
    assert r == ["Silent", True, []]


def test_entropy_seeded_is_repeatable_and_unseeded_is_random(micropython):
    r = run(
        micropython,
        """
a = make(seed=7).entropy.read(16)
b = make(seed=7).entropy.read(16)
c = make(seed=8).entropy.read(16)
u = make().entropy.read(16)
v = make().entropy.read(16)
print(json.dumps([a == b, a != c, len(a), len(u), u != v, type(a).__name__]))
""",
    )
    assert r == [True, True, 16, 16, True, "bytes"]


def test_board_object_has_the_contract_attributes(micropython):
    r = run(
        micropython,
        """
b = make(panel="sh1106")
names = ["name", "display", "buttons", "clock", "entropy", "sound", "power", "data_dir",
         "wdt_factory"]
w = make(watchdog=True).wdt_factory(1000)
w.feed()
print(json.dumps([[n for n in names if not hasattr(b, n)], b.name, b.free_memory() > 0,
                  b.display.width, b.display.height, b.emu.panel.lit(), b.wdt_factory,
                  w.feeds]))
""",
    )
    assert r == [[], "emulated-sh1106", True, 128, 64, True, None, 1]
