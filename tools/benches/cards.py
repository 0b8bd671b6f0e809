"""L.L.A.M.A. bot figures (`make bench BENCH=cards`): win shares with the seats rotated and
the expert's decision time under the MicroPython unix port.

  python3 -m benches.cards [--games N] [--ladder-games M] [--timing-games K] [--workers W]
  (N or M of 0 leaves those win shares out: `--games 0 --ladder-games 0` times the bots only)

4 players, N games each (default 20,000): cautious against three random (issue 3 asks
>= 0.80), expert against three cautious (issue 52 asks >= 0.52; 0.25 is parity) and
against three expert1, issue 3's expert kept as a reference (>= 0.30), and against three
expert16, the expert before issue 52 kept in tools/arenas (>= 0.30). Then the ladder
random < cautious < expert with 2, 3, 5 and 6 players (M games per pairing, default 4,000):
each bot against a table of the one below it; the same with 4 players in Lato z Komarami
(C12). Then expert's decision time under micropython over K games (issue 16 asks a 95th
percentile of at most 2 ms), the slices its thinking is cut into (one a frame on the
device), the same with the native functions as bytecode (the time native code saves), and
what they suggest on an RP2040 (estimates: see main()).
The levels' ladder (easy < medium < hard, both games) is `make bench BENCH=ladder`.
"""

import argparse
import json
import subprocess
import sys
import tempfile
import time

import paths
from arenas import tournament_cards as arena_cards
from build import native
from lama.score import Rules

KOMARAMI = Rules(komarami=True)
PAIRS = (("cautious", "random"), ("expert", "cautious"), ("expert", "random"))
GOALS = (("cautious", "random", 0.80), ("expert", "cautious", 0.52), ("expert", "expert1", 0.30),
         ("expert", "expert16", 0.30))  # expert16: the expert before issue 52 (tools/arenas)
# the unix port on this machine against an RP2040 at 125 MHz: the project's design notes
# give a pystone ratio of ~150-300x; the worst decision is scaled by both ends (an
# estimate, not a figure)
PICO_SLOWDOWN = (150, 300)
EXPERT1_PICO_MAX_MS = 169  # issue 16: expert1's worst decision on the emulated RP2040


def share(bot, other, n, games, seed, workers, rules=None):
    """bot's win share in `games` games against n-1 `other`s, and the time it took."""
    t0 = time.time()
    out = arena_cards.tournament([bot] + [other] * (n - 1), games, seed, rules, workers)
    return out["bots"][bot], time.time() - t0


def line(bot, other, n, games, res, secs, goal=None):
    parity = 1.0 / n
    verdict = "above parity" if res["ci95"][0] > parity else "NOT clearly above parity"
    se = (res["ci95"][1] - res["ci95"][0]) / (2 * 1.96)
    if goal is not None:
        verdict = ("meets" if res["win_share"] >= goal else "MISSES") + " %.2f" % goal
    return "  %d players  %-8s vs %d x %-8s %6d games: win share %.4f +- %.4f (s.e.)  mean score %.1f (parity %.3f; %s) [%.0fs]" % (
        n,
        bot,
        n - 1,
        other,
        games,
        res["win_share"],
        se,
        res["mean_score"],
        parity,
        verdict,
        secs,
    )


def timing(games, bot, first=()):
    """bot's decision times under micropython (cards_expert_timing's JSON), with the
    folders `first` ahead of firmware/ on its path."""
    argv, env = paths.micropython_command("benches.cards_expert_timing", [str(games), "1", "4", bot], first)
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
    for bot, other, goal in GOALS if args.games > 0 else ():
        res, secs = share(bot, other, 4, args.games, args.seed, args.workers)
        print(line(bot, other, 4, args.games, res, secs, goal), flush=True)
    if args.ladder_games > 0:
        print("ladder random < cautious < expert:", flush=True)
        for n in (2, 3, 5, 6):
            for bot, other in PAIRS:
                res, secs = share(bot, other, n, args.ladder_games, args.seed + n, args.workers)
                print(line(bot, other, n, args.ladder_games, res, secs), flush=True)
        print("Lato z Komarami (C12), 4 players:", flush=True)
        for bot, other in PAIRS[:2]:
            res, secs = share(bot, other, 4, args.ladder_games, args.seed + 7, args.workers, KOMARAMI)
            print(line(bot, other, 4, args.ladder_games, res, secs), flush=True)
    worst = {}
    whole = {}
    with tempfile.TemporaryDirectory() as tmp:  # the same firmware, all bytecode
        bytecode = [native.bytecode_tree(paths.FIRMWARE, tmp)]
        plain = {bot: timing(args.timing_games, bot, bytecode) for bot in ("expert", "expert1")}
    for bot in ("expert", "expert1"):
        t = timing(args.timing_games, bot)
        if "error" in t:
            print(bot + " decision time under micropython: failed: " + t["error"])
            return 1
        worst[bot] = whole[bot] = t["max_us"]
        print(
            "%s decision time under micropython (4 players, %d decisions): median %d us, p95 %d us, max %d us; building the view: median %d us, p95 %d us"
            % (
                bot,
                t["decisions"],
                t["median_us"],
                t["p95_us"],
                t["max_us"],
                t["view_median_us"],
                t["view_p95_us"],
            )
        )
        b = plain[bot]
        if "error" not in b:
            print("  its native functions as bytecode (build.native): p95 %d us, max %d us; native"
                  " takes %.2f of that time at p95" % (b["p95_us"], b["max_us"], t["p95_us"] / b["p95_us"]))
        if "slice_max_us" in t:
            worst[bot] = t["slice_max_us"]
            print(
                "  thought a slice a frame (the game screen resumes it on the next frame): a slice median %d us, p95 %d us, max %d us; at most %d slices a decision"
                % (t["slice_median_us"], t["slice_p95_us"], t["slice_max_us"], t["most_slices"])
            )
        print(
            "  on an RP2040 at 125 MHz that suggests a worst %s of %d-%d ms (an estimate: the max scaled by the pystone ratio, %d-%dx)"
            % (
                "slice" if "slice_max_us" in t else "decision",
                worst[bot] * PICO_SLOWDOWN[0] // 1000,
                worst[bot] * PICO_SLOWDOWN[1] // 1000,
                PICO_SLOWDOWN[0],
                PICO_SLOWDOWN[1],
            )
        )
    ref = plain["expert1"].get("max_us") or worst["expert1"]  # expert1 as it was measured
    print(
        "  expert's worst work in one frame is %.2fx expert1's worst decision as bytecode (whose worst was %d ms on the emulated RP2040: expert's, scaled, ~%d ms, an estimate)"
        % (
            worst["expert"] / ref,
            EXPERT1_PICO_MAX_MS,
            EXPERT1_PICO_MAX_MS * worst["expert"] // ref,
        )
    )
    print(
        "  expert's worst whole decision, spread over frames, is %.2fx that (~%d ms of thinking on the RP2040, an estimate)"
        % (whole["expert"] / ref, EXPERT1_PICO_MAX_MS * whole["expert"] // ref)
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
