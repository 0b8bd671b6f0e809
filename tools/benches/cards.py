"""L.L.A.M.A. bot figures (`make bench BENCH=cards`): win shares with the seats rotated and
the expert's decision time under the MicroPython unix port.

  python3 -m benches.cards [--games N] [--ladder-games M] [--timing-games K] [--workers W]

4 players, N games each (default 20,000): cautious against three random (issue 3 asks
>= 0.80) and expert against three cautious (>= 0.40; 0.25 is parity). Then the ladder
random < cautious < expert with 2, 3, 5 and 6 players (M games per pairing, default 4,000):
each bot against a table of the one below it; the same with 4 players in Lato z Komarami
(C12). Then expert's decision time under
micropython over K games (issue 3 asks a 95th percentile of at most 5 ms).
"""

import argparse
import json
import subprocess
import sys
import time

import paths
from arenas import tournament_cards as arena_cards
from lama.score import Rules

KOMARAMI = Rules(komarami=True)
PAIRS = (("cautious", "random"), ("expert", "cautious"), ("expert", "random"))


def share(bot, other, n, games, seed, workers, rules=None):
    """bot's win share in `games` games against n-1 `other`s, and the time it took."""
    t0 = time.time()
    out = arena_cards.tournament([bot] + [other] * (n - 1), games, seed, rules, workers)
    return out["bots"][bot], time.time() - t0


def line(bot, other, n, games, res, secs, goal=None):
    parity = 1.0 / n
    verdict = "above parity" if res["ci95"][0] > parity else "NOT clearly above parity"
    if goal is not None:
        verdict = ("meets" if res["win_share"] >= goal else "MISSES") + " %.2f" % goal
    return "  %d players  %-8s vs %d x %-8s %6d games: win share %.4f  ci95 [%.4f, %.4f]  mean score %.1f (parity %.3f; %s) [%.0fs]" % (
        n,
        bot,
        n - 1,
        other,
        games,
        res["win_share"],
        res["ci95"][0],
        res["ci95"][1],
        res["mean_score"],
        parity,
        verdict,
        secs,
    )


def timing(games):
    argv, env = paths.micropython_command("benches.cards_expert_timing", [str(games), "1", "4"])
    proc = subprocess.run(argv, capture_output=True, text=True, env=env)
    if proc.returncode:
        return {"error": proc.stderr.strip()[-300:]}
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main(argv):
    ap = argparse.ArgumentParser(description="L.L.A.M.A. bot figures")
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--ladder-games", type=int, default=4000)
    ap.add_argument("--timing-games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    print("L.L.A.M.A. (classic rules, target 40), seats rotated, ties shared", flush=True)
    for (bot, other), goal in zip(PAIRS[:2], (0.80, 0.40)):
        res, secs = share(bot, other, 4, args.games, args.seed, args.workers)
        print(line(bot, other, 4, args.games, res, secs, goal), flush=True)
    print("ladder random < cautious < expert:", flush=True)
    for n in (2, 3, 5, 6):
        for bot, other in PAIRS:
            res, secs = share(bot, other, n, args.ladder_games, args.seed + n, args.workers)
            print(line(bot, other, n, args.ladder_games, res, secs), flush=True)
    print("Lato z Komarami (C12), 4 players:", flush=True)
    for bot, other in PAIRS[:2]:
        res, secs = share(bot, other, 4, args.ladder_games, args.seed + 7, args.workers, KOMARAMI)
        print(line(bot, other, 4, args.ladder_games, res, secs), flush=True)
    t = timing(args.timing_games)
    if "error" in t:
        print("expert decision time under micropython: failed: " + t["error"])
        return 1
    print(
        "expert decision time under micropython (4 players, %d decisions): median %d us, p95 %d us, max %d us; building the view: median %d us, p95 %d us"
        % (
            t["decisions"],
            t["median_us"],
            t["p95_us"],
            t["max_us"],
            t["view_median_us"],
            t["view_p95_us"],
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
