"""Times the expert card bot's decisions (run under micropython by benches.cards).

`micropython -m benches.cards_expert_timing [GAMES] [SEED] [PLAYERS] [BOT]` plays GAMES
games of BOT (default expert) against cautious bots and prints one JSON line: the number of
its decisions and their median, 95th-percentile and largest time in microseconds (the
choose() call alone; the view is built by the driver), and the same for building the view.
The card bots timed here are deterministic, so each decision is made REPEAT times and the
fastest kept: on a busy host that takes out the time the process was waiting, not the work.
A bot that thinks a slice a frame (card_bots.THINKERS) is timed through its thinker (each
slice the fastest of REPEAT): a decision is the sum of its slices, and the slices' median, 95th percentile and largest
time, and the most slices one decision took, are printed too (a slice is one frame's work).
The heap is collected before each slice, outside its time: a collection's pause depends
on the heap (the unix port's is several times the Pico's), not on the slice. The slices'
times are counted in a histogram by the µs (hundreds of thousands would not fit a list).
"""

import gc
from array import array

import json
import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from benches.timing import expert_games, now_us, percentile, since_us
from lama import cards
from lama.card_bots import BOTS, THINKERS
from lama.score import Rules


HIST_US = 4096  # slices are counted by their time in µs below this (no list of 100,000s)
REPEAT = 3  # each decision is timed this many times, the fastest kept (see the docstring)


def counted_percentile(hist, rest, n, q):
    """percentile() of n times counted in hist (hist[us]: how many took us µs) and listed
    in rest (the longer ones)."""
    k = min(n - 1, (n * q) // 100)
    for us in range(len(hist)):
        if k < hist[us]:
            return us
        k -= hist[us]
    return sorted(rest)[k]


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 40
    seed = int(argv[2]) if len(argv) > 2 else 1
    n = int(argv[3]) if len(argv) > 3 else 4
    name = argv[4] if len(argv) > 4 else "expert"
    expert = BOTS[name]
    think = THINKERS.get(name)
    times = []
    view_times = []
    slices = array("I", bytes(4 * HIST_US))  # slices[us]: how many slices took us µs
    long_slices = []  # the times of slices of HIST_US µs or more (few, if any)
    most_slices = [0]

    def sliced(v, acts, bot_rng):
        """(the action, the total time, each slice's time) of one run of the thinker."""
        out = []
        a = None
        gc.collect()
        t[0] = now_us()
        for a in think(v, acts, bot_rng):
            out.append(since_us(t[0]))
            if a is not None:
                break
            gc.collect()
            t[0] = now_us()
        return a, out

    t = [0]

    def timed(st, p, acts, bot_rng):
        t0 = now_us()
        v = cards.view(st, p)
        view_times.append(since_us(t0))
        best = None
        if think is not None:
            for _ in range(REPEAT):
                a, parts = sliced(v, acts, bot_rng)  # the same slices each time
                best = parts if best is None else [min(x, y) for x, y in zip(best, parts)]
            times.append(sum(best))
            for us in best:
                if us < HIST_US:
                    slices[us] += 1
                else:
                    long_slices.append(us)
            most_slices[0] = max(most_slices[0], len(best))
            return a
        for _ in range(REPEAT):
            t1 = now_us()
            a = expert(v, acts, bot_rng)
            d = since_us(t1)
            best = d if best is None or d < best else best
        times.append(best)
        return a

    def rules_of(g):
        return Rules(komarami=g % 5 == 4)  # a game in five with the Komarami variant

    expert_games(cards, games, n, seed, rules_of, lambda g: g % n, timed, BOTS["cautious"])
    figures = [
        ("decisions", len(times)),
        ("median_us", percentile(times, 50)),
        ("p95_us", percentile(times, 95)),
        ("max_us", max(times)),
        ("view_median_us", percentile(view_times, 50)),
        ("view_p95_us", percentile(view_times, 95)),
    ]
    n = sum(slices) + len(long_slices)
    if n:
        figures += [
            ("slices", n),
            ("slice_median_us", counted_percentile(slices, long_slices, n, 50)),
            ("slice_p95_us", counted_percentile(slices, long_slices, n, 95)),
            ("slice_max_us", counted_percentile(slices, long_slices, n, 100)),
            ("most_slices", most_slices[0]),
        ]
    print("{" + ", ".join([json.dumps(k) + ": " + str(v) for k, v in figures]) + "}")


if __name__ == "__main__":
    main(sys.argv)
