"""How far the menu's largest free block moves when the heap is nudged (`make bench BENCH=heap_spread`): benches.heap's session, SPREAD_GAMES games, run once as is and once per nudge.

The largest free block at the menu depends on where the pieces of MicroPython's name pool
and a game's last objects happen to land, and one session is one draw: a harmless change
to the firmware (one more name, a few bytes of code) has moved it by 10 KB either way
(issue 26's notes). Two kinds of nudge sample the draws a change could bring:
- OFFSETS: a bytearray of that many bytes kept from before the board is made, so every
  later block sits that much higher;
- NAMES: that many names interned first, so the name pool's pieces fill and give way at
  other moments.
A change whose least blocks fall under FLOOR in several nudges breaks the heap up for
real; one that fails in one draw only is that draw. Prints each run's least block and
the first blocks, then the spread."""

import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from benches import game as bench_game
from benches import heap

SPREAD_GAMES = int(os.environ.get("SPREAD_GAMES", "30"))
OFFSETS = (32, 64, 96, 128, 160, 192, 224)  # bytes
NAMES = (1, 2, 3, 5, 8, 13, 21)


def nudges():
    """(label, prelude) of each run: as is, then each offset, then each count of names."""
    runs = [("as is", "")]
    runs += [("%d bytes" % n, "_NUDGE = bytearray(%d)" % n) for n in OFFSETS]
    runs += [("%d names" % n, "for _i in range(%d):\n    hasattr(None, 'nudge%%d' %% _i)" % n)
             for n in NAMES]
    return runs


def main():
    with tempfile.TemporaryDirectory() as tmp:
        dirs = bench_game.compile_mpy(tmp, None)
        if dirs is None:
            print("no mpy-cross: no figures")
            return 1

        def one(i, run):
            label, prelude = run
            proc = heap.run_session(dirs, heap.HEAP, SPREAD_GAMES, 3000, prelude,
                                    "data%02d" % i)  # (each its own saves)
            return label, heap.parse(proc.returncode, proc.stdout, proc.stderr)

        runs = nudges()
        with ThreadPoolExecutor(max(1, min(4, os.cpu_count() or 1))) as pool:
            results = list(pool.map(one, range(len(runs)), runs))
    print("the menu's largest free block over %d games, -X heapsize=%d, bytecode, the heap"
          " nudged before the board is made (floor %d):" % (SPREAD_GAMES, heap.HEAP, heap.FLOOR))
    for label, r in results:
        print("  %-9s least %6d%s  first games %s" % (
            label, r["least"], "" if r["failed"][0] is None else " (MemoryError)",
            r["blocks"][:4]))
    least = sorted(r["least"] for _, r in results)
    under = sum(1 for x in least if x < heap.FLOOR)
    print("  least blocks, sorted: %s" % least)
    print("  under the floor: %d of %d runs" % (under, len(least)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
