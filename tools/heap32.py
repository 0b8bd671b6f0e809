"""32-bit heap figures for bench_memory: the same MicroPython VM at 32 and at 64 bits.

The pinned sdist cannot build a 32-bit unix port (no extmod/: see tools/build_mpcore.py),
so what is measured at 32 bits is what its core-only build runs: every module's heap once
imported from .mpy (framebuf and os as import-only stand-ins), and the smallest heap for a
6-player game of each kind on the bare engine (the seats and seed of bench_game's game).
Each is measured at 64 bits too, with the same build settings, and the engine games also
under the unix port, so the 32/64 ratios are measured and the unix port's whole-session
figures can be scaled by them (an estimate for the screens, which the core cannot run).
Used by bench_memory when build/mpcore/ holds both binaries (MP32=1 builds them)."""

import json
import os

import bench_game
import build_mpcore

PICO_HEAP = 190 * 1024  # what the RP2040 build leaves (DESIGN.md)

# heap of one module once imported, the stand-ins loaded before the baseline
IMPORT = r"""
import gc
for m in ("framebuf", "os"):
    try:
        __import__(m)
    except ImportError:
        pass
gc.collect()
b = gc.mem_alloc()
__import__(@NAME@)
gc.collect()
print(gc.mem_alloc() - b)
"""

# a 6-player game on the bare engine, seats as bench_game.HEAP_GAME (the person plays the
# cautious policy); the dice expert's tables stay in RAM (the core has no open())
ENGINE_GAME = r"""
from lama.rng import SeededRng
from lama.score import Rules
from ui.game_session import BOT_SEED_SALT, choose_bot
if @GAME@ == 1:
    from lama import dice as mod
    from lama.dice_bots import BOTS
else:
    from lama import cards as mod
    from lama.card_bots import BOTS
bots = [None, "cautious", "expert", "random", "cautious", "expert"]
rng = SeededRng(@SEED@)
bot_rng = SeededRng(@SEED@ ^ BOT_SEED_SALT)
st = mod.new_game(6, Rules(), 0, rng)
while st.phase != mod.GAME_OVER:
    if st.phase == mod.ROUND_OVER:
        a = (mod.NEXT,)
    elif bots[st.turn] is None:
        a = choose_bot(BOTS, "cautious")(mod.view(st, st.turn), mod.legal_actions(st), SeededRng(7))
    else:
        a = choose_bot(BOTS, bots[st.turn])(mod.view(st, st.turn), mod.legal_actions(st), bot_rng)
    mod.apply(st, a, rng)
print("OK")
"""

# the emulated board's own share (unix port): emu.* code and objects, and the harness code
EMU_SHARE = r"""
import gc, json
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
import ui.game_common, ui.game_session, hal.buttons
b = used()
import game_drive, game_play
out["game harness"] = used() - b
b = used()
import ui_driver
out["menu harness"] = used() - b
print(json.dumps(out))
"""


class Core:
    """Runs code under one core build: bench_game.run with that binary and path."""

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


def engine_game(game):
    code = ENGINE_GAME.replace("@GAME@", str(game)).replace("@SEED@", "3")
    return bench_game.smallest_heap(code)


def binaries():
    """{32: path, 64: path} of the core builds, built first when MP32=1; None if absent."""
    if os.environ.get("MP32") == "1":
        return build_mpcore.ensure()
    found = {b: build_mpcore.binary(b) for b in (32, 64)}
    return found if all(os.path.exists(p) for p in found.values()) else None


def kb(n):
    return "%.1f KB" % (n / 1024.0)


def report(modules, unix_figures, quick):
    """Print the 32-bit section. `modules`: module names of the compiled firmware and tools;
    `unix_figures`: [(label, smallest heap on the unix port or None, "game" or "menu")]
    from bench_memory: a game's figure holds game_drive/game_play, the menu's ui_driver too."""
    found = binaries()
    if found is None:
        print("32-bit figures: no core build in build/mpcore/ (MP32=1 make bench BENCH=memory"
              " builds it: tools/build_mpcore.py)")  # fmt: skip
        return
    mpy = bench_game.PATHS[0]
    cores = {b: Core(p, mpy) for b, p in found.items()}
    costs = {}
    for bits, core in cores.items():
        with core:
            costs[bits] = {m: import_cost(m) for m in modules}
    print("heap once imported, 32-bit vs 64-bit (the same VM, core-only build; framebuf and"
          " os import-only stand-ins):")  # fmt: skip
    tot = {32: 0, 64: 0}
    for m in modules:
        a, b = costs[32][m], costs[64][m]
        if a is None or b is None:
            print("  %-22s does not import on the core build" % m)
            continue
        tot[32] += a
        tot[64] += b
        print("  %-22s %7d %7d bytes  %.2f" % (m, a, b, a / b))
    code_ratio = tot[32] / tot[64] if tot[64] else None
    print("  %-22s %7d %7d bytes  %.2f" % ("all of them", tot[32], tot[64], code_ratio or 0))

    share = json.loads(bench_game.run(EMU_SHARE).stdout.strip().splitlines()[-1])
    print("not on the device, in the unix port's smallest heaps (64-bit): emulated board code"
          " %d + its objects %d bytes (a Pico's machine.I2C, Pin, PWM: a few hundred);"
          " game_drive + game_play %d (a game's figure), ui_driver + sim %d more (the menu"
          " session's)" % (share["emu code"], share["emu objects"], share["game harness"],
                           share["menu harness"]))  # fmt: skip
    if quick:
        return
    print("smallest heap for a 6-player game on the bare engine (no screens), from .mpy:")
    ratios = []
    for game, name in ((1, "LAMA Dice"), (2, "L.L.A.M.A.")):
        unix = engine_game(game)
        got = {}
        for bits, core in cores.items():
            with core:
                got[bits] = engine_game(game)
        if got[32] and got[64]:
            ratios.append(got[32] / got[64])
        print("  %-10s unix port 64-bit %s, core 64-bit %s, core 32-bit %s bytes (32/64: %s)"
              % (name, unix, got[64], got[32],
                 "%.2f" % (got[32] / got[64]) if got[32] and got[64] else "-"))  # fmt: skip
    if not ratios:
        return
    ratio = max(ratios)
    print("the unix port's smallest heaps scaled by the engine games' larger 32/64 ratio (%.2f;"
          " code alone: %.2f); then less the emulated board and the harness, scaled alike;"
          " against the Pico's ~190 KB:" % (ratio, code_ratio or 0))  # fmt: skip
    for label, n, kind in unix_figures:
        if n is None:
            continue
        est = int(n * ratio)
        extra = share["emu code"] + share["emu objects"] + share["game harness"]
        if kind == "menu":
            extra += share["menu harness"]
        dev = est - int(extra * ratio)
        print("  %-30s 64-bit %s -> 32-bit ~%s (margin ~%s); without emulator and harness ~%s"
              " (margin ~%s)" % (label, kb(n), kb(est), kb(PICO_HEAP - est), kb(dev),
                                 kb(PICO_HEAP - dev)))  # fmt: skip
