"""hal/watchdog.py on the emulated board: a hang resets into the saved game; Ctrl-C and
mpremote never meet a running watchdog."""

import sys
import types

from hal import watchdog

BOOT = """
import json
from emu import ramflash, wdt
from emu.board import configure, make_board
from hal.buttons import A, PRESS
from lama import codec, dice
from lama.rng import SeededRng
from ui import boot
from ui.model.saves import Saves
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401

dev = ramflash.RamFlash(48)
ramflash.mkfs(dev)
ramflash.mount(dev, "/f")
configure(data_dir="/f/data", seed=5)

def new_board():
    b = make_board()
    b.wdt_factory = wdt.factory(b.emu.time)
    return b

def save_a_game(bots):
    rng = SeededRng(9)
    st = dice.new_game(3, None, 0, rng)
    for _ in range(6):
        dice.apply(st, dice.legal_actions(st)[0], rng)
    seats = [("ANA", bots[0]), ("BOB", bots[1]), ("CY", bots[2])]
    assert Saves("/f/data").save_progress(st, seats)
    return st

def hang_after(board, t, exc=None):
    real = board.buttons.poll
    def poll(now):
        if now >= t:
            if exc is not None:
                raise exc
            while True:  # hung: the frame loop never comes round again
                board.clock.sleep_ms(100)
        return real(now)
    board.buttons.poll = poll
"""


def test_a_hung_game_is_reset_by_the_watchdog_and_boots_back_into_the_saved_game(micropython):
    r = micropython.run_json(
        BOOT
        + """
first = save_a_game(["cautious", "cautious", "cautious"])  # computer players: it plays on
b1 = new_board()
b1.emu.buttons.press(A, at_ms=2000)  # "Continue the game?" -> yes
hang_after(b1, 30000)
app = None
reset_at = None
try:
    boot.run(b1)
except wdt.WatchdogReset:
    reset_at = b1.emu.time.now
w = b1.wdt_factory.started
# what the game had saved when it hung
on_flash = SavedGames(Saves("/f/data")).load()
b2 = new_board()
app2 = boot.run(b2, frames=5, fault=True)
top = app2.top()
name = type(top).__name__
same = codec.encode(top.shown()[0]) == codec.encode(on_flash[0])
top.handle((PRESS, A))
app2.run(20)  # the game's code loaded first, a module a frame
game = type(app2.top()).__name__
resumed = codec.encode(app2.top().session.state) == codec.encode(on_flash[0])
moved = codec.encode(first) != codec.encode(on_flash[0])
print(json.dumps([reset_at, w[0].last_feed, len(w), w[0].feeds, name, same, game, resumed,
                  b2.wdt_factory.started == [], moved]))
"""
    )
    reset_at, last_feed, started, feeds, name, same, game, resumed, none_yet, moved = r
    assert moved  # the game went on (and was saved) after it was continued
    assert 29900 <= last_feed < 30000  # the last frame before the hang
    assert reset_at == last_feed + watchdog.TIMEOUT_MS
    assert started == 1 and feeds > 500  # fed every frame until the hang
    assert name == "ContinueScreen" and same
    assert game == "DiceScreen" and resumed
    assert none_yet  # the new boot is still inside its grace period


def test_ctrl_c_stops_the_watchdog_so_a_long_mpremote_session_is_not_reset(micropython):
    r = micropython.run_json(
        BOOT
        + """
b = new_board()
hang_after(b, 20000, KeyboardInterrupt())  # mpremote's Ctrl-C arrives in the frame loop
try:
    boot.run(b)
    how = "returned"
except KeyboardInterrupt:
    how = "interrupted"
w = b.wdt_factory.started
armed = len(w) == 1 and w[0].feeds > 0
try:
    b.emu.time.advance(120000)  # two minutes at the REPL: copying files, soft resets
    reset = False
except wdt.WatchdogReset:
    reset = True
# and the contrary: a watchdog nobody stops resets the board
other = b.wdt_factory(8000)
try:
    b.emu.time.advance(9000)
    unstopped = False
except wdt.WatchdogReset:
    unstopped = True
print(json.dumps([how, armed, w[0].running, reset, unstopped]))
"""
    )
    how, armed, running, reset, unstopped = r
    assert how == "interrupted" and armed
    assert not running and not reset
    assert unstopped


def test_any_exception_out_of_the_loop_stops_the_watchdog_too(micropython):
    r = micropython.run_json(
        BOOT
        + """
b = new_board()
hang_after(b, 15000, SystemExit())
try:
    boot.run(b)
except SystemExit:
    pass
w = b.wdt_factory.started
print(json.dumps([len(w), w[0].running]))
"""
    )
    assert r == [1, False]


def test_no_watchdog_during_the_grace_period_after_boot(micropython):
    r = micropython.run_json(
        BOOT
        + """
b = new_board()
app = boot.run(b, frames=600)  # 15 s of frames
w = b.wdt_factory.started
print(json.dumps([len(w), w[0].started_at, w[0].timeout_ms, w[0].running]))
"""
    )
    started, at, timeout, running = r
    assert started == 1
    assert watchdog.GRACE_MS <= at < watchdog.GRACE_MS + 100  # the first frame after it
    assert timeout == watchdog.TIMEOUT_MS and not running  # stopped when the loop ended


def test_a_watchdog_that_could_not_be_stopped_is_never_started(micropython):
    """On a chip this module cannot stop the watchdog of (here: the unix port), a factory
    without stop() is never called at all."""
    r = micropython.run_json(
        """
import json
from hal.watchdog import Watchdog, chip
class Clock:
    t = 0
    def ticks_ms(self): return self.t
    def ticks_diff(self, a, b): return a - b
calls = []
c = Clock()
w = Watchdog(lambda ms: calls.append(ms), c)
for i in range(100):
    c.t += 1000
    w.feed()
w.stop()
print(json.dumps([chip(), calls, w.enabled]))
"""
    )
    assert r == [None, [], False]


def test_on_the_rp2040_stop_clears_the_watchdog_enable_bit(monkeypatch):
    """stop() writes WATCHDOG CTRL.ENABLE (bit 30) to the atomic clear alias."""
    writes = {}

    class Mem:
        def __setitem__(self, addr, v):
            writes[addr] = v

    fake = types.ModuleType("machine")
    fake.mem32 = Mem()
    monkeypatch.setitem(sys.modules, "machine", fake)
    for name, ctrl in (("RP2040", 0x40058000), ("RP2350", 0x400D8000)):
        writes.clear()
        monkeypatch.setattr(sys.implementation, "_machine", "Pico with " + name, raising=False)
        assert watchdog.chip() == name

        class Wdt:
            def feed(self):
                pass

        class Clock:
            def ticks_ms(self):
                return 20000

            def ticks_diff(self, a, b):
                return a - b

        w = watchdog.Watchdog(lambda ms: Wdt(), Clock(), grace_ms=0)
        w.feed()
        assert w.wdt is not None
        assert writes == {ctrl + 0x0C: 0x4C414D}  # armed: the mark in SCRATCH0
        w.stop()
        assert writes == {ctrl + 0x3000: 1 << 30, ctrl + 0x0C: 0}


def test_only_a_reset_by_the_armed_watchdog_counts_as_a_fault(monkeypatch):
    """machine.reset() and a UF2 copy also report WDT_RESET: the SCRATCH0 mark decides."""
    mem = {}

    class Mem:
        def __setitem__(self, addr, v):
            mem[addr] = v

        def __getitem__(self, addr):
            return mem.get(addr, 0)

    fake = types.ModuleType("machine")
    fake.mem32 = Mem()
    fake.WDT_RESET = 3
    fake.reset_cause = lambda: 3
    monkeypatch.setitem(sys.modules, "machine", fake)
    monkeypatch.setattr(sys.implementation, "_machine", "Pico with RP2040", raising=False)
    assert watchdog.reset_by_watchdog() is False  # machine.reset(): no mark
    mem[0x40058000 + 0x0C] = 0x4C414D  # the watchdog fired while armed
    assert watchdog.reset_by_watchdog() is True
    assert watchdog.reset_by_watchdog() is False  # read once: a soft reset is no fault
    fake.reset_cause = lambda: 1  # power-on
    mem[0x40058000 + 0x0C] = 0x4C414D
    assert watchdog.reset_by_watchdog() is False


def test_a_second_ctrl_c_during_stop_still_stops_it(micropython):
    r = micropython.run_json(
        BOOT
        + """
b = new_board()
hang_after(b, 15000, KeyboardInterrupt())
fac = b.wdt_factory
class Twice(wdt.Factory):
    def __call__(self, ms):
        w = fac(ms)
        real = w.stop
        calls = []
        def stop():
            calls.append(1)
            if len(calls) == 1:
                raise KeyboardInterrupt()  # the second Ctrl-C lands inside stop()
            real()
        w.stop = stop
        w.calls = calls
        return w
b.wdt_factory = Twice(b.emu.time)
try:
    boot.run(b)
except KeyboardInterrupt:
    pass
w = fac.started[0]
try:
    b.emu.time.advance(60000)
    reset = False
except wdt.WatchdogReset:
    reset = True
print(json.dumps([len(w.calls), w.running, reset]))
"""
    )
    assert r == [2, False, False]


def test_make_run_through_mpremote_mount_never_starts_it(micropython):
    """`mpremote mount` runs the firmware from /remote: no watchdog at all then."""
    r = micropython.run_json(
        BOOT
        + """
import os
remote = ramflash.RamFlash(8)
ramflash.mkfs(remote)
ramflash.mount(remote, "/remote")
here = os.getcwd()
os.chdir("/remote")
b = new_board()
boot.run(b, frames=600)  # 15 s, past the grace period
os.chdir(here)
print(json.dumps([len(b.wdt_factory.started)]))
"""
    )
    assert r == [0]
