"""Times the expert card bot's decisions (run under micropython by bench_cards.py).

`micropython tools/cards_expert_timing.py [GAMES] [SEED] [PLAYERS]` plays GAMES games of
expert against cautious bots and prints one JSON line: the number of expert decisions and
their median, 95th-percentile and largest time in microseconds (the choose() call alone;
the view is built by the driver), and the same for building the view.
"""

import json
import sys
import time

from lama import cards
from lama.card_bots import BOTS
from lama.rng import SeededRng
from lama.score import Rules


def _us():
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def _diff(a, b):
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(b, a)
    return b - a


def _pct(values, q):
    values.sort()
    return values[min(len(values) - 1, (len(values) * q) // 100)]


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 40
    seed = int(argv[2]) if len(argv) > 2 else 1
    n = int(argv[3]) if len(argv) > 3 else 4
    expert = BOTS["expert"]
    cautious = BOTS["cautious"]
    times = []
    view_times = []
    rng = SeededRng(seed)
    bot_rng = SeededRng(seed + 1)
    for g in range(games):
        seat = g % n
        st = cards.new_game(n, Rules(komarami=g % 5 == 4), g % n, rng)
        while st.phase != cards.GAME_OVER:
            if st.phase == cards.ROUND_OVER:
                cards.apply(st, (cards.NEXT,), rng)
                continue
            p = st.turn
            acts = cards.legal_actions(st)
            if p == seat:
                t0 = _us()
                v = cards.view(st, p)
                t1 = _us()
                a = expert(v, acts, bot_rng)
                t2 = _us()
                view_times.append(_diff(t0, t1))
                times.append(_diff(t1, t2))
            else:
                a = cautious(cards.view(st, p), acts, bot_rng)
            cards.apply(st, a, rng)
    figures = [
        ("decisions", len(times)),
        ("median_us", _pct(times, 50)),
        ("p95_us", _pct(times, 95)),
        ("max_us", times[-1]),
        ("view_median_us", _pct(view_times, 50)),
        ("view_p95_us", _pct(view_times, 95)),
    ]
    print("{" + ", ".join([json.dumps(k) + ": " + str(v) for k, v in figures]) + "}")


main(sys.argv)
