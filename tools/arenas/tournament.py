"""Bot tournaments (CPython): many games with seats rotated, or rounds of one bot alone.

  arena.py --game dice --players expert,cautious,cautious,cautious --games N --seed S
      N games; game g seats the names rotated by g places. Prints
      {"games": N, "bots": {NAME: {"win_share", "ci95", "mean_score"}, ...}}: a bot named
      k times is one entry over its k seats, its win share the mean over games of
      (shared wins of its seats) / k, so 1/len(players) is parity; ties are shared.
  arena.py --solo BOT --rounds N --seed S
      N rounds of BOT alone in the round (D12) from random deals, a full llama row and a
      token worth 10 to return; prints {"bot", "rounds", "mean", "ci95"} of
      (round points - tokens returned).
  arena.py --ladder --games N --seed S
      the levels people choose (easy, medium, hard) against three of each, both games:
      a table of win shares with standard errors (tools/arenas/ladder.py).
  --workers K spreads the games over K processes; a progress bar goes to stderr.

Each game is a small adapter module (ADAPTERS): `bots()` -> {name: choose},
`play_game(names, seed, first)` -> final scores, refereed through the game's transcript
(arenas.refereed: a broken rule stops the run), and optionally
`play_solo_round(name, seed)` -> round points - tokens returned.
"""

import argparse
import importlib
import json
import math
import sys

ADAPTERS = {"dice": "arenas.tournament_dice", "cards": "arenas.tournament_cards"}
CHUNK = 50  # games per task handed to a worker
BAR_WIDTH = 30


def adapter(game):
    """The adapter module's ADAPTER dict for `game`."""
    return importlib.import_module(ADAPTERS[game]).ADAPTER


def mix_seed(*parts):
    """A 30-bit seed mixed from small integers (stable on every run): the adapters seed a
    game's deals and each seat's bot with it."""
    x = 0x2545F491
    for p in parts:
        x = (x * 1000003 + p * 7919 + 12345) & 0x3FFFFFFF
    return x


def seating(names, g):
    """Game g seats the names rotated by g places."""
    n = len(names)
    return [names[(i + g) % n] for i in range(n)]


def _games_task(task):
    game, names, seed, start, stop = task
    ad = adapter(game)
    out = []
    for g in range(start, stop):
        out.append(ad["play_game"](seating(names, g), seed * 1000003 + g, 0))
    return start, out


def _solo_task(task):
    game, name, seed, start, stop = task
    ad = adapter(game)
    return start, [ad["play_solo_round"](name, seed * 1000003 + g) for g in range(start, stop)]


class Progress:
    """A progress bar on stderr, shown for runs of more than one chunk."""

    def __init__(self, total, label):
        self.total = total
        self.done = 0
        self.label = label
        self.shown = total > CHUNK
        self.last = -1

    def add(self, k):
        self.done += k
        if not self.shown:
            return
        filled = BAR_WIDTH * self.done // self.total
        if filled != self.last or self.done == self.total:
            self.last = filled
            sys.stderr.write(
                "\r%s [%s%s] %d/%d"
                % (self.label, "#" * filled, "." * (BAR_WIDTH - filled), self.done, self.total)
            )
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def run_tasks(fn, tasks, total, workers, label):
    """Results of fn over tasks (each returns (start, list)), in task order."""
    prog = Progress(total, label)
    results = {}
    if workers > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            for start, out in pool.imap_unordered(fn, tasks):
                results[start] = out
                prog.add(len(out))
    else:
        for t in tasks:
            start, out = fn(t)
            results[start] = out
            prog.add(len(out))
    flat = []
    for start in sorted(results):
        flat.extend(results[start])
    return flat


def chunks(n):
    return [(s, min(n, s + CHUNK)) for s in range(0, n, CHUNK)]


def mean_ci(values):
    """Mean and its 95% normal-approximation confidence interval."""
    n = len(values)
    m = sum(values) / n
    var = sum((v - m) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    h = 1.96 * math.sqrt(var / n)
    return m, [m - h, m + h]


def summarise(names, all_scores):
    """The JSON summary of games: per distinct bot name, its win share, CI, mean score."""
    distinct = []
    for n in names:
        if n not in distinct:
            distinct.append(n)
    per_game = {n: [] for n in distinct}
    scores = {n: [] for n in distinct}
    for g, final in enumerate(all_scores):
        seats = seating(names, g)
        low = min(final)
        winners = [i for i in range(len(final)) if final[i] == low]
        share = {n: 0.0 for n in distinct}
        for i in winners:
            share[seats[i]] += 1.0 / len(winners)
        for n in distinct:
            k = names.count(n)
            per_game[n].append(share[n] / k)
        for i, s in enumerate(final):
            scores[seats[i]].append(s)
    bots = {}
    for n in distinct:
        m, ci = mean_ci(per_game[n])
        bots[n] = {
            "win_share": round(m, 4),
            "ci95": [round(ci[0], 4), round(ci[1], 4)],
            "mean_score": round(sum(scores[n]) / len(scores[n]), 3),
        }
    return {"games": len(all_scores), "bots": bots}


def run_games(game, names, games, seed, workers=1):
    tasks = [(game, names, seed, a, b) for a, b in chunks(games)]
    all_scores = run_tasks(_games_task, tasks, games, workers, "games")
    return summarise(names, all_scores)


def run_solo(game, name, rounds, seed, workers=1):
    tasks = [(game, name, seed, a, b) for a, b in chunks(rounds)]
    values = run_tasks(_solo_task, tasks, rounds, workers, "rounds")
    m, ci = mean_ci(values)
    return {"bot": name, "rounds": rounds, "mean": round(m, 4), "ci95": [round(ci[0], 4), round(ci[1], 4)]}


def main(argv=None):
    ap = argparse.ArgumentParser(description="Bot tournaments for the LAMA games.")
    ap.add_argument("--game", default="dice", help="dice (default) or cards")
    ap.add_argument("--players", help="comma-separated bot names, one per seat (2-6)")
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--solo", metavar="BOT", help="play BOT alone in the round instead")
    ap.add_argument("--rounds", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--ladder", action="store_true", help="the levels' ladder, both games")
    args = ap.parse_args(argv)
    if args.ladder:
        from arenas import ladder

        print(ladder.report(max(1, args.games), args.seed, max(1, args.workers), run_games))
        return 0
    if args.game not in ADAPTERS:
        ap.error("unknown game %r (known: %s)" % (args.game, ", ".join(sorted(ADAPTERS))))
    ad = adapter(args.game)
    known = ad["bots"]()
    workers = max(1, args.workers)
    if args.solo:
        if "play_solo_round" not in ad:
            ap.error("--solo is not available for --game " + args.game)
        if args.solo not in known:
            ap.error("unknown bot %r (known: %s)" % (args.solo, ", ".join(sorted(known))))
        if args.rounds < 1:
            ap.error("--rounds must be at least 1")
        out = run_solo(args.game, args.solo, args.rounds, args.seed, workers)
    else:
        if not args.players:
            ap.error("--players or --solo is required")
        names = [n.strip() for n in args.players.split(",")]
        for n in names:
            if n not in known:
                ap.error("unknown bot %r (known: %s)" % (n, ", ".join(sorted(known))))
        if len(names) < 2 or len(names) > 6:
            ap.error("a game seats 2 to 6 players (S1)")
        if args.games < 1:
            ap.error("--games must be at least 1")
        out = run_games(args.game, names, args.games, args.seed, workers)
    print(json.dumps(out))
    return 0


