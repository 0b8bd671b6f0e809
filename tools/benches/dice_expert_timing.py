"""Times the expert LAMA Dice bot's decisions (run under micropython by benches.dice).

`micropython -m benches.dice_expert_timing [GAMES] [SEED] [ram|file]` plays GAMES 4-player
games of expert against three cautious and prints one JSON line: the number of expert
decisions, their median and 95th-percentile time in microseconds, and the heap the bot
and its tables took (gc.mem_alloc difference, bytes). `ram` (default): the tables of
lama.dice_values; `file`: read from firmware/lama/dice_values.bin (use_tables), as the
device does. Each decision is timed REPEAT
times (the bot is deterministic): `*_us` is the first run, `best_*_us` the fastest of the
runs, which leaves out the time other processes of a busy machine took the CPU. Then each
slice of its thinking over frames (think()), the fastest of REPEAT runs: `slice_p95_us`,
`slice_max_us`.
"""

import gc
import json
import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from benches.timing import expert_games, now_us, since_us
from lama import dice
from lama.dice_bots import BOTS
from lama.score import Rules

REPEAT = 3


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 40
    seed = int(argv[2]) if len(argv) > 2 else 1
    mode = argv[3] if len(argv) > 3 else "ram"
    gc.collect()
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    import lama.dice_expert as dx
    import lama.dice_tables as dt

    if mode == "file":
        from paths import FIRMWARE

        f = open(FIRMWARE + "/lama/dice_values.bin", "rb")
        if not dt.use_tables(f):
            raise SystemExit("not a dice_values.bin")
    else:
        dt.use_memory_tables()
    gc.collect()
    after = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    expert = dx.choose
    times = []
    best = []

    slices = []  # each slice of think(), the fastest of REPEAT runs (one frame's work)

    def timed(st, p, acts, bot_rng):
        v = dice.view(st, p)
        runs = []
        for _ in range(REPEAT):
            t0 = now_us()
            a = expert(v, acts, bot_rng)
            runs.append(since_us(t0))
        times.append(runs[0])
        best.append(min(runs))
        fastest = None
        for _ in range(REPEAT):
            parts = []
            gc.collect()
            t0 = now_us()
            for _ in dx.think(v, acts, bot_rng):
                parts.append(since_us(t0))
                t0 = now_us()
            fastest = parts if fastest is None else [min(x, y) for x, y in zip(fastest, parts)]
        slices.extend(fastest)
        return a

    expert_games(dice, games, 4, seed, lambda g: Rules(), lambda g: 0, timed, BOTS["cautious"])
    times.sort()
    best.sort()
    n = len(times)
    out = {
        "decisions": n,
        "median_us": times[n // 2],
        "p95_us": times[(95 * n) // 100],
        "max_us": times[-1],
        "best_median_us": best[n // 2],
        "best_p95_us": best[(95 * n) // 100],
        "tables": mode,
        "import_heap_bytes": after - before,
    }
    slices.sort()
    k = len(slices)
    out.update({"slices": k, "slice_p95_us": slices[(95 * k) // 100], "slice_max_us": slices[-1]})
    print(json.dumps(out))


if __name__ == "__main__":
    main(sys.argv)
