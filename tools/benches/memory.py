"""Memory figures (`make bench BENCH=memory`), under the MicroPython unix port from the
precompiled .mpy the device gets (64-bit build: objects take about twice the room they
take on the Pico, so every heap figure here is pessimistic for its ~190 KB):

- bytes of each deployed .mpy module, and the heap each one costs once imported (with
  what it imports itself, in a fresh interpreter);
- the heap in use (after gc.collect) in each phase of a session driven through the
  buttons: title, main menu, dice setup, a 6-player dice game, the menu after it, the
  card game, the menu after it, settings, statistics; and which engine modules are
  resident there (a game's modules are dropped when the main menu comes back);
- bytes allocated per idle frame (menu, game waiting for a person) and by a button press;
- the smallest heap in which a scripted 6-player game of each kind runs to game over
  (benches.game's bisection);
- the same smallest heaps at 32 bits, with the Pico margin (benches.heap32: the pinned
  VM built 32-bit, when build/mpcore/ has it; `MP32=1 make bench BENCH=memory` builds it).

Run with python3 (it starts micropython itself); `--quick` leaves out the bisection."""

import json
import os
import sys
import tempfile

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from benches import game as bench_game
from benches import heap32

# the session the phases come from, each step (label, keys) from where the last left off
PHASES = r"""
import gc, sys, json
def used():
    gc.collect()
    return gc.mem_alloc()
ENGINE = ("lama.dice", "lama.dice_bots", "lama.dice_expert", "lama.cards", "lama.card_bots",
          "ui.games.dice", "ui.games.cards", "ui.games.base", "ui.text.strings_fr")
base = used()
from simulator.driver import Driver
d = Driver(seed=1, data_dir="/tmp/bench-memory-data")
out = []
START6 = "RIGHT,RIGHT,RIGHT,UP,A,B,WAIT:1500"  # 3 players -> 6, Start, B skips how to play
QUIT = "B:900,UP,A,A,WAIT:300"
for label, keys in (("title", ""), ("main menu", "A"), ("dice setup", "A"),
                    ("dice game", START6), ("menu after dice", QUIT),
                    ("cards setup", "DOWN,A"), ("cards game", START6),
                    ("menu after cards", QUIT), ("settings", "DOWN,DOWN,A"),
                    ("menu after settings", "B"), ("statistics", "UP,A"),
                    ("menu after stats", "B")):
    d.keys(keys)
    res = [m for m in ENGINE if m in sys.modules]
    out.append((label, d.top(), used() - base, res))
print(json.dumps(out))
"""

# as on the device: storage, title, menu, a 6-player dice game to game over, back to the
# menu, a 6-player card game to game over, back to the menu (one person: cautious choices)
SESSION = r"""
import gc, sys
from simulator.driver import Driver
d = Driver(seed=SEED, data_dir=DATA)

# on the setup screen (3 players, computer seats medium): 6 players, seats P1 hard easy
# medium hard medium, Start
SEATS6 = "RIGHT,RIGHT,RIGHT,DOWN,DOWN,RIGHT,DOWN,LEFT,DOWN,DOWN,RIGHT,DOWN,DOWN,DOWN,A"
d.keys("A")
for pick in ("A", "DOWN,A"):
    d.keys(pick + "," + SEATS6 + ",B,WAIT:100")  # B: past how to play (no game finished yet)
    from simulator.game_play import DriverGame, play  # anew: the menu dropped the last game's modules

    g = DriverGame(d)
    assert [g.session.bot(i) for i in range(6)] == [None, "hard", "easy", "medium", "hard", "medium"]
    play(g)
    del g, play, DriverGame  # what the game left is the firmware's, not this script's
    d.keys("A,WAIT:100")  # game over: Menu is preselected
    assert d.top() == "MainMenu", d.top()
print("OK")
"""

# bytes allocated over idle frames and by one press (gc off, so nothing is collected)
FRAMES = r"""
import gc, json
from simulator.driver import Driver
d = Driver(seed=1, data_dir="/tmp/bench-memory-data")
app = d.app
def idle(n):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(n):
        app.step()
    b = gc.mem_alloc()
    gc.enable()
    return b - a


def busy(n):
    # frames while something moves: bytes and how many of the frames were redrawn
    drawn = app.draws
    return [idle(n), app.draws - drawn]
def press(key):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    d.keys(key)
    b = gc.mem_alloc()
    gc.enable()
    return b - a
res = {}
d.keys("A,WAIT:500")
idle(5)
res["main menu: 100 idle frames"] = idle(100)
res["main menu: one DOWN press"] = press("DOWN")
most = 0
for keys in ("A", "DOWN,A", "B,B,DOWN,A", "B,DOWN,A", "B,DOWN,A", "A", "B,B,DOWN,A"):
    d.keys(keys + ",WAIT:1000")  # setup (its game's code loaded once keys rest), names, statistics, settings, rules, text, about
    idle(3)
    most = max(most, idle(50))
res["menu screens (7): 50 idle frames each, the most"] = most
d.keys("B,WAIT:300,UP,UP,UP,UP,UP,WAIT:100")  # the main menu, on LAMA Dice
assert d.top() == "MainMenu" and app.top().cursor == 0, (d.top(), app.top().cursor)
for game, pick in (("dice", "A"), ("cards", "DOWN,A")):
    d.keys(pick + ",UP,A,B,WAIT:50")  # 2 players: a person and an expert; B skips how to play
    scr = app.top()
    ses = scr.session
    while ses.person_to_act() and scr.due is None:  # to the computer player's turn
        d.keys("A,WAIT:50")
    if scr.due is not None:
        res[game + " game, computer's turn: 10 frames (drawn)"] = busy(10)
    while not ses.person_to_act() or scr.due is not None:
        d.keys("A,WAIT:700")
    d.keys("WAIT:500")
    idle(5)
    res[game + " game, person to act: 100 idle frames"] = idle(100)
    res[game + " game: one RIGHT press"] = press("RIGHT")
    d.keys("B:900,UP,A,A,WAIT:300")  # in-game menu: quit to the main menu
print(json.dumps(res))
"""


def module_sizes(fw):
    """[(module, .mpy bytes)] of the compiled firmware."""
    out = []
    for base, _, files in os.walk(fw):
        for f in files:
            if f.endswith(".mpy"):
                rel = os.path.relpath(os.path.join(base, f), fw)[:-4]
                name = rel.replace(os.sep, ".").replace(".__init__", "")
                out.append((name, os.path.getsize(os.path.join(base, f))))
    return sorted(out)


def native_cost(tmp):
    """Print what the native functions (build.native) add to the .mpy on a Pico (armv6m
    machine code, loaded into its heap) against the same modules as bytecode."""
    pico = module_sizes(bench_game.compile_mpy(os.path.join(tmp, "armv6m"), "armv6m")[0])
    plain = dict(module_sizes(bench_game.compile_mpy(os.path.join(tmp, "plain"), None)[0]))
    more = [(name, size - plain[name]) for name, size in pico if size != plain[name]]
    print("native code on an RP2040 (armv6m .mpy less the same as bytecode): %d bytes more, in %s"
          % (sum(d for _, d in more), ", ".join("%s %+d" % m for m in more)))


def last_json(proc):
    if proc.returncode:
        raise SystemExit(proc.stderr[-3000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv):
    quick = "--quick" in argv
    with tempfile.TemporaryDirectory() as tmp:
        paths = bench_game.compile_mpy(tmp)
        if paths is None:
            print("no mpy-cross: no figures")
            return 1
        bench_game.PATHS[0] = paths
        sizes = module_sizes(paths[0])
        print("deployed .mpy: %d modules, %d bytes; heap once imported, with what each"
              " imports (unix port):" % (len(sizes), sum(s for _, s in sizes)))
        native_cost(tmp)
        for name, size in sizes:
            proc = bench_game.run(heap32.IMPORT.replace("@NAME@", repr(name)))
            cost = proc.stdout.strip() if proc.returncode == 0 else "import failed"
            print("  %-22s %6d bytes .mpy  %7s bytes of heap" % (name, size, cost))

        print("heap in use per phase (after gc.collect, less what was in use before the"
              " board and the app were made):")
        for label, screen, used, res in last_json(bench_game.run(PHASES)):
            print("  %-20s %-14s %7d bytes  resident: %s"
                  % (label, screen, used, " ".join(res) or "-"))

        print("bytes allocated (gc off):")
        for label, n in sorted(last_json(bench_game.run(FRAMES)).items()):
            if isinstance(n, list):
                n = "%d (%d frames drawn)" % (n[0], n[1])
            print("  %-48s %s" % (label, n))

        figures = []
        if not quick:
            print("smallest heap (-X heapsize, bisected) for a scripted 6-player game to"
                  " game over, from .mpy:")
            idle = bench_game.smallest_heap(bench_game.HEAP_IDLE)
            figures.append(("emulated board + app alone", bench_game.HEAP_IDLE, idle, "idle"))
            print("  emulated board + app alone: %s bytes" % idle)
            for game, name in ((1, "LAMA Dice"), (2, "L.L.A.M.A.")):
                code = bench_game.HEAP_GAME.replace("GAME", str(game)).replace("SEED", "3")
                figures.append(("6-player " + name, code, bench_game.smallest_heap(code), "game"))
                print("  6-player %-10s %s bytes" % (name, figures[-1][2]))
            data = os.path.join(tmp, "data")
            code = SESSION.replace("SEED", "1").replace("DATA", repr(data))
            figures.append(("menu session, dice then cards", code, bench_game.smallest_heap(code),
                            "menu"))
            print("  through the menu with saves: a dice game, then a card game, 6 players"
                  " each: %s bytes" % figures[-1][2])
        # the 32-bit core has no native emitter: it runs the native functions as bytecode
        heap32.report([name for name, _ in sizes], figures, quick,
                      lambda: bench_game.compile_mpy(os.path.join(tmp, "bytecode"), None))
        bench_game.PATHS[0] = None
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
