"""Button logic on scripted pins and virtual time: debounce, repeat, long press, latching (MicroPython)."""

PRELUDE = """
import json
from emu.pins import ScriptedButtons, IRQ_FALLING
from emu.vtime import VirtualTime
from hal.clock import Clock
from hal import buttons as hb

def setup(irq=True):
    vt = VirtualTime()
    sb = ScriptedButtons(vt)
    b = hb.Buttons(sb.pins, Clock(vt), IRQ_FALLING if irq else None)
    return vt, sb, b

def frames(vt, b, until, frame_ms=10):
    log = []
    while vt.now <= until:
        for kind, button in b.poll(vt.now):
            log.append([vt.now, hb.KIND_NAMES[kind], hb.NAMES[button]])
        vt.advance(frame_ms)
    return log
"""


def run(micropython, body):
    return micropython.run_json(PRELUDE + body)


def kinds(log):
    return [[k, b] for _, k, b in log]


def test_bouncing_contacts_give_one_press_and_one_release(micropython):
    r = run(
        micropython,
        """
out = []
for irq in (True, False):
    vt, sb, b = setup(irq)
    sb.press(hb.A, 120, at_ms=20, bounce_ms=7)
    sb.press(hb.B, 90, at_ms=300, bounce_ms=5)
    out.append(frames(vt, b, 600, frame_ms=1))
print(json.dumps(out))
""",
    )
    for log in r:
        assert kinds(log) == [["PRESS", "A"], ["RELEASE", "A"], ["PRESS", "B"], ["RELEASE", "B"]]
        assert log[0][0] == 20  # the first edge is accepted at once
        assert 140 <= log[1][0] <= 150


def test_bounce_seen_by_slow_polls_never_makes_a_phantom_press(micropython):
    r = run(
        micropython,
        """
vt, sb, b = setup()
sb.press(hb.LEFT, 100, at_ms=5, bounce_ms=9)
print(json.dumps(frames(vt, b, 500, frame_ms=33)))
""",
    )
    assert kinds(r) == [["PRESS", "LEFT"], ["RELEASE", "LEFT"]]


def test_a_poll_during_contact_bounce_never_doubles_a_press(micropython):
    r = run(
        micropython,
        """
vt, sb, b = setup()
sb.press(hb.A, 120, at_ms=20, bounce_ms=7)  # bounces 20..27 and 140..147
log = []
for t in (21, 35, 60, 141, 160, 200):  # 21: reads released, 141: reads pressed
    vt.advance_to(t)
    log.append([hb.KIND_NAMES[k] for k, _ in b.poll(t)])
print(json.dumps(log))
""",
    )
    assert r == [[], ["PRESS"], [], [], ["RELEASE"], []]


def test_a_button_held_at_boot_gives_nothing_until_released(micropython):
    r = run(
        micropython,
        """
vt = VirtualTime()
sb = ScriptedButtons(vt)
sb.set(hb.B, 0)  # held while the board starts
b = hb.Buttons(sb.pins, Clock(vt), IRQ_FALLING)
sb.at(1000, hb.B, 1)
sb.press(hb.B, 50, at_ms=1500)
print(json.dumps([frames(vt, b, 1700, frame_ms=20), b.is_down(hb.B)]))
""",
    )
    log, down = r
    assert kinds(log) == [["PRESS", "B"], ["RELEASE", "B"]]  # no LONG, no RELEASE at 1000
    assert log[0][0] == 1500 and down is False


def test_presses_still_count_after_a_week_of_idle_ticks(micropython):
    r = run(
        micropython,
        """
class WrapClock:  # time.ticks_* of the rp2: a 2**30 ms period
    def __init__(self, vt):
        self.vt = vt
    def ticks_ms(self):
        return self.vt.now & 0x3FFFFFFF
    def ticks_add(self, t, d):
        return (t + d) & 0x3FFFFFFF
    def ticks_diff(self, a, b):
        return ((a - b + 0x20000000) & 0x3FFFFFFF) - 0x20000000
vt = VirtualTime()
sb = ScriptedButtons(vt)
clock = WrapClock(vt)
b = hb.Buttons(sb.pins, clock, IRQ_FALLING)
log = []
for week in range(3):
    for _ in range(7 * 24):  # a week without a press, an idle poll every hour
        vt.advance(3_600_000)
        b.poll(clock.ticks_ms())
    sb.press(hb.A, 100, at_ms=vt.now + 5)
    for _ in range(20):
        vt.advance(25)
        for k, n in b.poll(clock.ticks_ms()):
            log.append(hb.KIND_NAMES[k])
print(json.dumps(log))
""",
    )
    assert r == ["PRESS", "RELEASE"] * 3


def test_auto_repeat_timing_for_directions_only(micropython):
    r = run(
        micropython,
        """
vt, sb, b = setup()
b.set_repeat(300, 100)
sb.press(hb.DOWN, 1000, at_ms=0)
sb.press(hb.A, 1000, at_ms=2000)
print(json.dumps(frames(vt, b, 3200, frame_ms=10)))
""",
    )
    down = [t for t, k, btn in r if btn == "DOWN" and k == "REPEAT"]
    assert down == [300, 400, 500, 600, 700, 800, 900]
    assert [k for _, k, btn in r if btn == "A"] == ["PRESS", "RELEASE"]


def test_repeat_after_a_slow_frame_does_not_burst(micropython):
    r = run(
        micropython,
        """
vt, sb, b = setup()
b.set_repeat(200, 50)
sb.press(hb.RIGHT, 2000, at_ms=0)
log = []
for t in (0, 10, 700, 710, 760, 770):
    vt.advance_to(t)
    log.append([hb.KIND_NAMES[k] for k, _ in b.poll(t)])
print(json.dumps(log))
""",
    )
    assert r == [["PRESS"], [], ["REPEAT"], [], ["REPEAT"], []]


def test_long_press_of_B_once_at_600_ms(micropython):
    r = run(
        micropython,
        """
vt, sb, b = setup()
sb.press(hb.B, 2000, at_ms=0)
sb.press(hb.B, 500, at_ms=3000)
sb.press(hb.A, 900, at_ms=4000)
print(json.dumps(frames(vt, b, 5200, frame_ms=20)))
""",
    )
    assert kinds(r) == [
        ["PRESS", "B"], ["LONG", "B"], ["RELEASE", "B"],
        ["PRESS", "B"], ["RELEASE", "B"],
        ["PRESS", "A"], ["RELEASE", "A"],
    ]
    assert r[1][0] == 600


def test_no_press_lost_during_a_slow_frame(micropython):
    r = run(
        micropython,
        """
vt, sb, b = setup()
out = []
b.poll(vt.now)
sb.press(hb.A, 30, at_ms=50)      # a tap entirely inside one 400 ms frame
vt.advance(400)
out.append([hb.KIND_NAMES[k] + " " + hb.NAMES[n] for k, n in b.poll(vt.now)])
sb.press(hb.UP, 1000, at_ms=vt.now + 10)  # held across frames...
vt.advance(50)
out.append([hb.KIND_NAMES[k] for k, _ in b.poll(vt.now)])
sb.at(vt.now + 30, hb.UP, 1)     # ...released and pressed again inside one slow frame
sb.at(vt.now + 80, hb.UP, 0)
vt.advance(300)
out.append([hb.KIND_NAMES[k] for k, _ in b.poll(vt.now)])
out.append(b.is_down(hb.UP))
print(json.dumps(out))
""",
    )
    assert r == [["PRESS A", "RELEASE A"], ["PRESS"], ["RELEASE", "PRESS"], True]


def test_polling_without_interrupts_still_debounces_and_reports(micropython):
    r = run(
        micropython,
        """
vt, sb, b = setup(irq=False)
sb.press(hb.UP, 60, at_ms=0, bounce_ms=4)
print(json.dumps([frames(vt, b, 200, frame_ms=5), b.is_down(hb.UP)]))
""",
    )
    log, down = r
    assert kinds(log) == [["PRESS", "UP"], ["RELEASE", "UP"]]
    assert down is False


def test_events_are_the_contract_tuples(micropython):
    r = run(
        micropython,
        """
vt, sb, b = setup()
sb.set(hb.DOWN, 0)
ev = b.poll(vt.now)
print(json.dumps([list(ev[0]), type(ev[0]) is tuple, hb.UP, hb.DOWN, hb.LEFT, hb.RIGHT,
                  hb.A, hb.B, hb.PRESS, hb.RELEASE, hb.REPEAT, hb.LONG]))
""",
    )
    assert r == [[0, 1], True, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3]
