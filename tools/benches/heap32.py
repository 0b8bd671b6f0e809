"""32-bit heap figures for bench_memory: the same games and session on the VM built at 32 bits.

The pinned sdist cannot build a 32-bit unix port (no extmod/: see tools/build/build_mpcore.py);
its VM (py/) is built instead, at 32 and at 64 bits with the same settings, with a small
os and open() of its own (tools/build/mpcore) and framebuf written in Python
(tools/build/mpcore/stand_ins: MONO_VLSB drawing that allocates nothing, text as a bit pattern per
character). Under it run bench_memory's own programs unchanged: the emulated board and the
app alone, the 6-player game of each kind, and the menu session with saves, each bisected
as on the unix port; the 64-bit core figures show what the stand-ins change against the
unix port, the 32-bit ones what the word size changes. Also: each module's heap once
imported at 32 vs 64 bits, what of a figure is the emulated board and the tools driving it
(not on the device), and, since a pass at N bytes does not promise one at N + 1 (the heap
fragments differently), the smallest size from which every 4 KB step up to the Pico's
~190 KB passes. Used by bench_memory when build/mpcore/ holds both binaries (MP32=1 builds
them)."""

import ast
import os

from benches import game as bench_game
from build import build_mpcore

PICO_HEAP = 190 * 1024  # the heap the firmware plans for (docs/platform.md)
STEP = 4 * 1024

# heap of one module once imported (benches.memory too), framebuf loaded before the baseline
# (Python on the core build; built in, and free, on the unix port)
IMPORT = r"""
import gc
try:
    import framebuf
except ImportError:
    pass
gc.collect()
b = gc.mem_alloc()
__import__(@NAME@)
gc.collect()
print(gc.mem_alloc() - b)
"""

# what of the smallest heaps is not on the device: emu.* code and objects, the harness code
EMU_SHARE = r"""
import gc
def used():
    gc.collect()
    return gc.mem_alloc()
import hal.assembly, hal.clock, hal.entropy, hal.sh1106, hal.ssd1306, hal.sound, lama.rng
out = {}
b = used()
import emu.board
out["emu code"] = used() - b
from emu.board import configure, make_panel, I2CBus, VirtualTime, ScriptedButtons, RecordingPwm
configure(seed=1, clock="virtual")
b = used()
p = make_panel("ssd1306")
bus = I2CBus()
bus.attach(0x3C, p)
t = VirtualTime()
btn = ScriptedButtons(t)
pwm = RecordingPwm(t)
out["emu objects"] = used() - b
import ui.games.base, ui.games.session, hal.buttons
b = used()
import simulator.driver, simulator.game_play
out["harness"] = used() - b
print(repr(out))
"""


class Core:
    """Runs code under one core build: bench_game.run with that binary and the stand-ins."""

    def __init__(self, path, mpy_paths):
        self.path = path
        self.mpy_paths = list(mpy_paths) + [build_mpcore.STAND_INS]

    def __enter__(self):
        self.saved = (os.environ.get("MICROPYTHON"), bench_game.PATHS[0])
        os.environ["MICROPYTHON"] = self.path
        bench_game.PATHS[0] = self.mpy_paths
        return self

    def __exit__(self, *exc):
        env, paths = self.saved
        if env is None:
            os.environ.pop("MICROPYTHON", None)
        else:
            os.environ["MICROPYTHON"] = env
        bench_game.PATHS[0] = paths


def import_cost(name):
    proc = bench_game.run(IMPORT.replace("@NAME@", repr(name)))
    return int(proc.stdout) if proc.returncode == 0 and proc.stdout.strip() else None


def emu_share():
    proc = bench_game.run(EMU_SHARE)
    if proc.returncode:
        return None
    return ast.literal_eval(proc.stdout.strip().splitlines()[-1])


def steady_heap(code, top=PICO_HEAP):
    """The smallest multiple of STEP from which every STEP up to `top` runs `code` to OK
    (None: it fails at `top` itself)."""
    n = top - top % STEP
    if "OK" not in bench_game.run(code, n).stdout:
        return None
    while n - STEP > 0 and "OK" in bench_game.run(code, n - STEP).stdout:
        n -= STEP
    return n


def binaries():
    """{32: path, 64: path} of the core builds, built first when MP32=1; None if absent."""
    if os.environ.get("MP32") == "1":
        return build_mpcore.ensure()
    found = {b: build_mpcore.binary(b) for b in (32, 64)}
    return found if all(os.path.exists(p) for p in found.values()) else None


def kb(n):
    return "-" if n is None else "%.1f KB" % (n / 1024.0)


def report(modules, runs, quick, bytecode):
    """Print the 32-bit section. `modules`: module names of the compiled firmware;
    `runs`: [(label, code, smallest heap on the unix port, "idle", "game" or "menu")] from
    bench_memory: a game's program holds simulator.driver and game_play; `bytecode()`:
    the module path of the same compiled as bytecode only (the core has no native emitter)."""
    found = binaries()
    if found is None:
        print("32-bit figures: no core build in build/mpcore/ (MP32=1 make bench BENCH=memory"
              " builds it: tools/build/build_mpcore.py)")
        return
    mpy_paths = bytecode()
    cores = {b: Core(p, mpy_paths) for b, p in found.items()}
    costs = {}
    share = {}
    for bits, core in cores.items():
        with core:
            costs[bits] = {m: import_cost(m) for m in modules}
            share[bits] = emu_share()
    print("heap once imported, 32-bit vs 64-bit (the VM alone, tools/build/mpcore; framebuf in"
          " Python there):")
    tot = {32: 0, 64: 0}
    for m in modules:
        a, b = costs[32][m], costs[64][m]
        if a is None or b is None:
            print("  %-22s does not import on the core build" % m)
            continue
        tot[32] += a
        tot[64] += b
        print("  %-22s %7d %7d bytes  %.2f" % (m, a, b, a / b))
    print("  %-22s %7d %7d bytes  %.2f" % ("sum", tot[32], tot[64], tot[32] / max(tot[64], 1)))
    for bits in (64, 32):
        s = share[bits]
        if s:
            print("not on the device, core %d-bit: emulated board code %d + its objects %d bytes"
                  " (a Pico's machine.I2C, Pin, PWM objects instead: a few hundred);"
                  " the test driver + game_play %d"
                  % (bits, s["emu code"], s["emu objects"], s["harness"]))
    if quick:
        return
    print("smallest heap (bisected) on the unix port (64-bit) / core 64-bit / core 32-bit; then"
          " at 32 bits: from where every 4 KB step up to ~190 KB passes, that less the"
          " emulated board and harness, and the Pico margin:")
    for label, code, unix, kind in runs:
        got = {}
        for bits, core in cores.items():
            with core:
                got[bits] = bench_game.smallest_heap(code)
        with cores[32]:
            steady = steady_heap(code)
        s = share[32]
        if steady is not None and s:
            extra = s["emu code"] + s["emu objects"]
            if kind != "idle":
                extra += s["harness"]
            dev = steady - extra
            tail = "%s, less %s = %s: margin ~%s" % (kb(steady), kb(extra), kb(dev),
                                                     kb(PICO_HEAP - dev))
        else:
            tail = "does not pass at every 4 KB step up to 190 KB"
        print("  %-30s %s / %s / %s; %s" % (label, kb(unix), kb(got[64]), kb(got[32]), tail))
