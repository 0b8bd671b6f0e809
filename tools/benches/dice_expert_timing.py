"""Times the expert LAMA Dice bot's decisions (run under micropython by benches.dice).

`micropython -m benches.dice_expert_timing [GAMES] [SEED] [ram|file]` plays GAMES 4-player
games of expert against three cautious and prints one JSON line: the number of expert
decisions, their median and 95th-percentile time in microseconds, and the heap the bot
and its tables took (gc.mem_alloc difference, bytes). `ram` (default): the tables of
lama.dice_values; `file`: read from firmware/lama/dice_values.bin (use_tables), as the
device does. Each decision is timed REPEAT
times (the bot is deterministic): `*_us` is the first run, `best_*_us` the fastest of the
runs, which leaves out the time other processes of a busy machine took the CPU.
"""

import gc
import json
import sys
import time

from lama import dice
from lama.dice_bots import BOTS
from lama.rng import SeededRng
from lama.score import Rules


REPEAT = 3


def _us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def _diff(a, b):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(b, a)
    return b - a


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 40
    seed = int(argv[2]) if len(argv) > 2 else 1
    mode = argv[3] if len(argv) > 3 else "ram"
    gc.collect()
    before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    import lama.dice_expert as dx

    if mode == "file":
        from paths import FIRMWARE

        f = open(FIRMWARE + "/lama/dice_values.bin", "rb")
        if not dx.use_tables(f):
            raise SystemExit("not a dice_values.bin")
    else:
        dx.use_memory_tables()
    gc.collect()
    after = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
    expert = dx.choose_expert
    cautious = BOTS["cautious"]
    times = []
    best = []
    rng = SeededRng(seed)
    bot_rng = SeededRng(seed + 1)
    for g in range(games):
        seat = g % 4
        fns = [cautious] * 4
        fns[seat] = expert
        st = dice.new_game(4, Rules(), 0, rng)
        while st.phase != dice.GAME_OVER:
            if st.phase == dice.ROUND_OVER:
                dice.apply(st, (dice.NEXT,), rng)
                continue
            p = st.turn
            acts = dice.legal_actions(st)
            v = dice.view(st, p)
            if p == seat:
                runs = []
                for _ in range(REPEAT):
                    t0 = _us()
                    a = expert(v, acts, bot_rng)
                    runs.append(_diff(t0, _us()))
                times.append(runs[0])
                best.append(min(runs))
            else:
                a = fns[p](v, acts, bot_rng)
            dice.apply(st, a, rng)
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
    print(json.dumps(out))


main(sys.argv)
