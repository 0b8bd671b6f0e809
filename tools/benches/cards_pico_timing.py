"""The card expert's decision times on the official firmware in the emulated Pico (issue 52):
`PICO_FIRMWARE=... python3 -m benches.cards_pico_timing [GAMES] [SEED] [BOT]` flashes the
project (tools/pico/provision.py, cached), then runs GAMES seeded four-player games of BOT
(default expert) against three cautious players on the board itself through mpremote, and
prints one JSON line: its decisions and the median, 95th percentile and largest thinking
time of one (the sum of its slices, as the game screen spreads them over frames) and of one
slice, in emulated-clock ms. The heap is collected before each slice, outside its time."""

import json
import os
import shutil
import sys
import tempfile

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from pico import device, firmware, provision

BOARD_CODE = """
import codepack
codepack.mount()
import gc, time
from lama import cards
from lama.card_bots import BOTS, THINKERS
from lama.rng import SeededRng
GAMES = %d
SEED = %d
NAME = %r
think = THINKERS[NAME]
times = []
slices = []
for g in range(GAMES):
    rng = SeededRng(SEED * 1000 + g)
    st = cards.new_game(4, None, g %% 4, rng)
    rngs = [SeededRng(g * 10 + i) for i in range(4)]
    mine = g %% 4
    while st.phase != cards.GAME_OVER:
        if st.phase == cards.ROUND_OVER:
            cards.apply(st, (cards.NEXT,), rng)
            continue
        acts = cards.legal_actions(st)
        v = cards.view(st, st.turn)
        if st.turn == mine:
            total = 0
            steps = think(v, acts, rngs[st.turn])
            while True:
                gc.collect()
                t0 = time.ticks_us()
                a = next(steps)
                dt = time.ticks_diff(time.ticks_us(), t0)
                total += dt
                slices.append(dt)
                if a is not None:
                    break
            times.append(total)
        else:
            a = BOTS["cautious"](v, acts, rngs[st.turn])
        cards.apply(st, a, rng)
def pct(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, len(xs) * q // 100)] / 1000
print("RESULT", len(times), pct(times, 50), pct(times, 95), max(times) / 1000,
      pct(slices, 50), pct(slices, 95), max(slices) / 1000, gc.mem_free())
"""


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 4
    seed = int(argv[2]) if len(argv) > 2 else 1
    name = argv[3] if len(argv) > 3 else "expert"
    flash = provision.flashed(firmware.from_env())
    tmp = tempfile.mkdtemp()
    try:
        copy = os.path.join(tmp, "flash.bin")
        shutil.copyfile(flash, copy)
        with device.Pico(copy) as pico:
            pico.run(3000)
            rc, out = provision.mpremote(pico, "exec", BOARD_CODE % (games, seed, name), pace=0)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    line = [ln for ln in out.splitlines() if ln.startswith("RESULT")]
    if rc or not line:
        print(json.dumps({"error": out[-800:]}))
        return 1
    f = line[0].split()[1:]
    keys = ("decisions", "median_ms", "p95_ms", "max_ms", "slice_median_ms", "slice_p95_ms",
            "slice_max_ms", "mem_free")
    print(json.dumps(dict(zip(keys, [int(f[0])] + [float(x) for x in f[1:-1]] + [int(f[-1])]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
