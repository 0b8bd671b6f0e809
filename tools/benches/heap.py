"""Heap fragmentation over a long session (`make bench BENCH=heap`): 200 games in a row, as
the device plays them (ui.games.session with its saves after every action, the statistics at
each game's end), from the deployed .mpy under a Pico-sized heap of the unix port.

Printed: the largest free block (found by bisecting a bytearray allocation after
gc.collect: the unix port has no call that reports it) and the total free, at the start
and after 200 games, and the smallest largest-block seen at any game's end. The unix port
is a 64-bit build (objects about twice their size on the Pico), so HEAP is the 64-bit
stand-in for the Pico's ~190 KB and the figures are pessimistic. host_tests/test_memory.py
checks the floor FLOOR on a shorter run.

Run with python3 (it starts micropython itself): `make bench BENCH=heap`."""

import json
import os
import sys
import tempfile

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from benches import game as bench_game

HEAP = 300 * 1024  # bytes: the unix port's stand-in for the Pico's heap (64-bit objects)
FLOOR = 16 * 1024  # bytes: the largest free block never falls below this over a session
GAMES = int(os.environ.get("HEAP_BENCH_GAMES", "200"))

# MicroPython side: GAMES and DATA are put in by the host
SESSION = r"""
import gc, json
from lama.rng import SeededRng
from ui.games.launch import load
from ui.games.session import Session
from ui.model.saves import Saves
from ui.loop import resident
from ui.model.games import is_game_code
keep = resident.snapshot(is_game_code)  # what the main menu keeps: a game's code is dropped after it

def largest():
    # the largest block a bytearray can get, by bisection (the header's block aside)
    gc.collect()
    lo = 0
    hi = gc.mem_free()
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            b = None
            lo = mid
        except MemoryError:
            hi = mid
    gc.collect()
    return lo

def figures():
    blk = largest()
    gc.collect()
    return [blk, gc.mem_free()]

saves = Saves(DATA)
saves.load_settings()
saves.load_stats()
start = figures()
LEVELS = ("cautious", "random", "expert")
least = start[0]
failed = None
for g in range(GAMES):
    game = 1 + g % 2
    n = 2 + g % 5
    bots = [LEVELS[(g + i) % 3] for i in range(n)]
    try:
        s = Session(load(game), [("B%d" % i, bots[i]) for i in range(n)], None, g % n,
                    SeededRng(100 + g), SeededRng(900 + g), saves)
        mod = s.mod
        while s.state.phase != mod.GAME_OVER:
            if s.state.phase == mod.ROUND_OVER:
                s.next_round()
            else:
                s.act(s.bot_choice())
            s.flush()  # as the game screen does after each frame
        s = mod = None
        resident.release(keep)
    except MemoryError:
        failed = g
        break
    if g % 20 == 19:
        least = min(least, largest())
end = figures()
least = min(least, end[0])
games = [saves.load_stats().game(k).games for k in (1, 2)]
print(json.dumps({"start": start, "end": end, "least": least, "failed": failed,
                  "games": games}))
"""


def session(mpy_dirs, heap, games, data):
    """The figures of one session (a dict), or raises SystemExit with its error."""
    bench_game.PATHS[0] = mpy_dirs
    code = SESSION.replace("GAMES", str(games)).replace("DATA", repr(data))
    proc = bench_game.run(code, heapsize=heap, timeout=3600)
    bench_game.PATHS[0] = None
    if proc.returncode:
        raise SystemExit(proc.stderr[-3000:] + proc.stdout[-3000:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main():
    with tempfile.TemporaryDirectory() as tmp:
        mpy_dirs = bench_game.compile_mpy(tmp)
        if mpy_dirs is None:
            print("no mpy-cross: no figures")
            return 1
        r = session(mpy_dirs, HEAP, GAMES, os.path.join(tmp, "data"))
    print("heap over %d games in a row (dice and cards alternately, 2-6 computer players,"
          " saved after every action), -X heapsize=%d, unix port from .mpy:" % (GAMES, HEAP))
    print("  at the start:      largest free block %6d bytes, free in all %6d bytes" % tuple(r["start"]))
    print("  after %d games:   largest free block %6d bytes, free in all %6d bytes"
          % (GAMES, r["end"][0], r["end"][1]))
    print("  smallest largest free block at a game's end (every 20 games): %d bytes"
          " (floor %d)" % (r["least"], FLOOR))
    print("  games counted in the statistics: %d dice, %d cards%s"
          % (r["games"][0], r["games"][1],
             "" if r["failed"] is None else "; MemoryError in game %d" % r["failed"]))
    return 0 if r["failed"] is None and r["least"] >= FLOOR else 1


if __name__ == "__main__":
    sys.exit(main())
