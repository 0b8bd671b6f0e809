"""Times the expert card bot's decisions (run under micropython by benches.cards).

`micropython -m benches.cards_expert_timing [GAMES] [SEED] [PLAYERS]` plays GAMES games of
expert against cautious bots and prints one JSON line: the number of expert decisions and
their median, 95th-percentile and largest time in microseconds (the choose() call alone;
the view is built by the driver), and the same for building the view.
"""

import json
import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from benches.timing import expert_games, now_us, percentile, since_us
from lama import cards
from lama.card_bots import BOTS
from lama.score import Rules


def main(argv):
    games = int(argv[1]) if len(argv) > 1 else 40
    seed = int(argv[2]) if len(argv) > 2 else 1
    n = int(argv[3]) if len(argv) > 3 else 4
    expert = BOTS["expert"]
    times = []
    view_times = []

    def timed(st, p, acts, bot_rng):
        t0 = now_us()
        v = cards.view(st, p)
        view_times.append(since_us(t0))
        t1 = now_us()
        a = expert(v, acts, bot_rng)
        times.append(since_us(t1))
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
    print("{" + ", ".join([json.dumps(k) + ": " + str(v) for k, v in figures]) + "}")


if __name__ == "__main__":
    main(sys.argv)
