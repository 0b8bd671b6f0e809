"""Benchmark of the game screens (`make bench BENCH=game`), under the MicroPython unix port:

- per button press during whole scripted games (one person, five computer players, A
  pressed through their steps): processing time of the frame that handles the press, and
  the bytes sent to the panel from that press to the next one (median, 95th percentile);
- the smallest heap (`micropython -X heapsize=N`, bisected) in which a scripted 6-player
  game of each kind runs through to the game-over page, next to the heap the emulated
  board and the app need on their own (so the game's share can be read off).

Run with python3 (it starts micropython itself) or `python3 -m benches.game --quick`."""

import json
import os
import subprocess
import tempfile
import sys

import paths

PRESSES = r"""
import sys, time, json
from simulator.driver import Driver
from simulator.game_play import play
bots = [None, "cautious", "expert", "random", "cautious", "expert"]
names = ["ANA", "BOB", "CAT", "DAN", "EVE", "FOX"]
res = {}
for game in (1, 2):
    times = []
    sent = []
    for seed in SEEDS:
        d = Driver.in_game(game, names, bots, seed=seed)
        app = d.app
        bus = d.board.emu.bus
        step = app.step
        deliver = app._deliver
        flag = [0]
        def _deliver(ev):
            if ev[0] == 0:  # PRESS
                flag[0] = 1
            deliver(ev)
        app._deliver = _deliver
        mark = [bus.bytes]
        def timed():
            flag[0] = 0
            t = time.ticks_us()
            step()
            dt = time.ticks_diff(time.ticks_us(), t)
            if flag[0]:
                times.append(dt)
                sent.append(bus.bytes - mark[0])
                mark[0] = bus.bytes
        app.step = timed
        play(d)
    # bytes per press: from one press to the next (the first entry is the opening frames)
    sent = [sent[i] for i in range(1, len(sent))]
    res[str(game)] = {"times": times, "bytes": sent}
print(json.dumps(res))
"""

HEAP_GAME = r"""
import sys
from simulator.driver import Driver
from simulator.game_play import play
d = Driver.in_game(GAME, ["ANA", "BOB", "CAT", "DAN", "EVE", "FOX"],
           [None, "cautious", "expert", "random", "cautious", "expert"], seed=SEED, record=False)
log = d.board.emu.pwm.log  # the emulated buzzer records every note: not the firmware's RAM
play(d, on_press=lambda d, k: log.clear())
assert d.session.result is not None
print("OK")
"""

HEAP_IDLE = r"""
import sys
from emu.board import configure, make_board
configure(seed=1, clock="virtual")
from ui.loop.app import App
from ui.loop.screen import Screen
from ui.model.settings import Settings
b = make_board()
app = App(b, Settings())
app.push(Screen(app))
for _ in range(10):
    app.step()
print("OK")
"""


def compile_mpy(out, arch="host"):
    """Precompile firmware/ and tools/ to .mpy under `out` (as the device gets them), so
    that the heap figure leaves out the compiler's own peak; returns (firmware, tools).
    The native functions (build.native) become machine code for this micropython ("host"),
    for an mpy-cross -march, or bytecode (None: for a VM without a native emitter)."""
    import shutil

    from build import native

    cross = os.path.join(os.path.dirname(paths.find_micropython()), "mpy-cross")
    if not os.path.exists(cross):
        cross = shutil.which("mpy-cross")
    if not cross:
        return None
    if arch == "host":
        here = subprocess.run([paths.find_micropython(), "-c",
                               "import sys; print(sys.implementation._mpy)"],
                              capture_output=True, text=True, timeout=60)
        arch = native.march(int(here.stdout), native.cross_version(cross))
        if arch is None:
            raise RuntimeError("%s loads no native code that %s writes" % (paths.find_micropython(), cross))
    dirs = []
    staged = tempfile.mkdtemp(prefix="lama-bytecode-")  # the sources as bytecode (arch None)
    try:
        for name in ("firmware", "tools"):
            src = os.path.join(paths.ROOT, name)
            if not arch:
                src = native.bytecode_tree(src, os.path.join(staged, name))
            dst = os.path.join(out, name)
            for base, _, files in os.walk(src):
                rel = os.path.relpath(base, src)
                os.makedirs(os.path.join(dst, rel), exist_ok=True)
                for f in files:
                    source = os.path.join(base, f)
                    if f.endswith(".py"):
                        target = os.path.join(dst, rel, f[:-3] + ".mpy")
                        # the name tracebacks give, as a flash's (tools/flash/image.py)
                        named = native.source_name(os.path.normpath(os.path.join(rel, f)))
                        cmd = [cross] + list(native.CROSS_FLAGS) + ["-s", named, "-o", target]
                        if arch:
                            cmd.append("-march=" + arch)
                        if subprocess.call(cmd + [source]):  # a file it cannot compile is a fault, not a skip
                            raise RuntimeError("mpy-cross could not compile %s" % source)
                    elif f.endswith(".bin"):  # data the firmware reads from flash (expert tables)
                        shutil.copy(source, os.path.join(dst, rel, f))
            dirs.append(dst)
    finally:
        shutil.rmtree(staged, ignore_errors=True)
    return dirs


PATHS = [None]  # the module path: the sources, or their precompiled .mpy


def run(code, heapsize=None, timeout=600):
    env = paths.micropython_env(PATHS[0] or ())
    cmd = [paths.find_micropython()]
    if heapsize:
        cmd += ["-X", "heapsize=%d" % heapsize]
    cmd += ["-c", code]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, cwd=paths.ROOT)


def pct(values, p):
    v = sorted(values)
    if not v:
        return 0
    k = min(len(v) - 1, max(0, int(round(p / 100.0 * (len(v) - 1)))))
    return v[k]


def smallest_heap(code, lo=8 * 1024, hi=2 * 1024 * 1024, step=1024):
    """The smallest heap size (to `step` bytes) in which `code` prints OK."""
    if "OK" not in run(code, hi).stdout:
        return None
    while hi - lo > step:
        mid = (lo + hi) // 2
        if "OK" in run(code, mid).stdout:
            hi = mid
        else:
            lo = mid
    return hi


def main(argv):
    quick = "--quick" in argv
    seeds = [1, 2] if quick else [1, 2, 3, 4, 5]
    proc = run(PRESSES.replace("SEEDS", repr(seeds)))
    if proc.returncode:
        print(proc.stderr[-2000:])
        return 1
    res = json.loads(proc.stdout.strip().splitlines()[-1])
    print("per button press, %d games of 6 players each (1 person + 5 computer players):"
          % len(seeds))
    for game, label in (("1", "LAMA Dice"), ("2", "L.L.A.M.A.")):
        t = res[game]["times"]
        b = res[game]["bytes"]
        print("  %-10s presses %5d  time us median %6d p95 %6d  panel bytes median %5d p95 %5d"
              % (label, len(t), pct(t, 50), pct(t, 95), pct(b, 50), pct(b, 95)))
    print("  (a full frame is 1,025+ bytes; bytes count from a press up to the next press,")
    print("   so a press that lets computer players move includes their steps and the dice)")
    import tempfile

    print("smallest heap (micropython -X heapsize, unix port, 64-bit: pessimistic for the Pico):")
    with tempfile.TemporaryDirectory() as tmp:
        for label, dirs in (("from .py sources", None), ("from .mpy", compile_mpy(tmp))):
            if label == "from .mpy" and dirs is None:
                print("  (no mpy-cross: no .mpy figure)")
                continue
            PATHS[0] = dirs
            idle = smallest_heap(HEAP_IDLE)
            print("  %s: emulated board + app alone: %s bytes" % (label, idle))
            for game, name in ((1, "LAMA Dice"), (2, "L.L.A.M.A.")):
                code = HEAP_GAME.replace("GAME", str(game)).replace("SEED", "3")
                h = smallest_heap(code)
                extra = "" if h is None or idle is None else "  (game's share %d)" % (h - idle)
                print("    6-player %-10s to game over: %s bytes%s" % (name, h, extra))
    PATHS[0] = None
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
