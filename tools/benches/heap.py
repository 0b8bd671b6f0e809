"""Heap fragmentation over a long evening (`make bench BENCH=heap`): 500 games in a row
through the screens, as a person plays them on the emulated board (simulator.driver, in the
same heap, as the tests run it): the main menu, the setup (2 to 6 players, you and hard
computer players), the game to its end (game_play presses the buttons), game over, back to
the menu; every fifth game the hint on your first turn, every seventh the statistics.
From the deployed .mpy under `micropython -X heapsize=300K` (HEAP), the boot's first step
(ui.prime) included. After each game, at the menu: the largest free block (bisecting
a bytearray allocation after gc.collect: the unix port has no call that reports it) and
the heap in use.

Two builds run: the firmware as bytecode, and with its native functions as x64 machine
code (what `make flash` builds for a Pico, as armv6m). The unix port never frees a native
module's code record: each game's import of its native code leaves a small block in the
heap for good (about 250 bytes a game here; the Pico keeps native code in its heap and
frees it with its module). So the bytecode build is held to issue 28's mark (no
MemoryError, the largest free block at the menu never under FLOOR, and its median over the
last games no more than DRIFT under the early ones); the native build's figures are
reported beside it, with the bytes a game leaves, less the bytecode build's (that record).
The session keeps no figures in the heap it measures: each game's go out on a line of its
own ("G game block used"), and the host reads them (`parse`).
host_tests/test_memory.py runs a shorter session (GAMES_CI games) on bytecode.

Run with python3 (it starts micropython itself): `make bench BENCH=heap`
(HEAP_BENCH_GAMES=100 for a quicker look)."""

import json
import os
import sys
import tempfile

import paths  # (firmware/ and tools/ on sys.path)
from benches import game as bench_game

HEAP = 300 * 1024  # bytes: the unix port's stand-in for the Pico's heap (64-bit objects)
FLOOR = 32 * 1024  # bytes: issue 28's mark for the largest free block at the menu
DRIFT = 2 * 1024  # bytes it may shrink from game WARM to the last (no creeping crumbs)
WARM = 5  # games after which the first game's lasting names and records are in
SPAN = 10  # games whose median largest free block is compared, early and late
GAMES = int(os.environ.get("HEAP_BENCH_GAMES", "500"))
GAMES_CI = 60

# MicroPython side: @GAMES@ and @DATA@ are put in by the host
SESSION = r"""
import gc, json, os, sys
from simulator.driver import Driver

def largest():
    # the largest block a bytearray can get, by bisection (the header's block aside)
    gc.collect()
    lo = 0
    hi = gc.mem_free()
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            b = bytearray(mid)
            b = None
            lo = mid
        except MemoryError:
            hi = mid
    gc.collect()
    return lo

GAMES_N = @GAMES@
WARM = @WARM@
OUT = [None, None]  # made first: the session's own figures allocate nothing later
from ui.loop import resident
from ui.memory import is_game_code
keep = resident.snapshot(is_game_code)
import simulator.game_play  # this script's own module: its names interned before the menu
resident.release(keep)
keep = resident = is_game_code = None
d = Driver(seed=5, data_dir=@DATA@, prime=True)

def to_row(i):
    while d.app.top().cursor != i:
        d.keys("DOWN")

def setup_keys(n):
    # the setup screen (3 players: you and two medium): n players, the others hard, Start
    k = "LEFT," if n == 2 else "RIGHT," * (n - 3)
    return k + "DOWN," + "DOWN,RIGHT," * (n - 1) + "DOWN,DOWN,A,WAIT:100"

def one_game(g):
    game = 1 + g % 2
    n = 2 + (g // 2) % 5
    to_row(game - 1)
    for f in os.listdir(@DATA@):  # the setup's last table (issue 50): the keys start from its defaults
        if f.startswith("table_"):
            os.remove(@DATA@ + "/" + f)
    d.keys("A")
    if d.top() == "SavedGameQuestion":
        d.keys("DOWN,A")  # Start over
    d.keys(setup_keys(n))
    if d.top() == "HowToScreen":  # a person's first game of a kind: B skips how to play
        d.keys("B")
    from simulator.game_play import DriverGame, play  # anew: the menu dropped the last game's modules
    gm = DriverGame(d)
    assert [gm.session.bot(i) for i in range(n)] == [None] + ["hard"] * (n - 1), gm.session.seats
    if g % 5 == 2:  # the hint, on your first turn
        while not gm.session.person_to_act() or gm.screen().due is not None:
            d.keys("A,WAIT:100")
        d.keys("B,WAIT:600")
    play(gm)
    gm = play = DriverGame = None
    d.keys("A,WAIT:100")  # game over: Menu is preselected
    assert d.top() == "MainMenu", d.top()
    if g % 7 == 3:  # the statistics, two pages
        to_row(2)
        d.keys("A,RIGHT,RIGHT,B,WAIT:100")
        assert d.top() == "MainMenu", d.top()

d.keys("A")
START = [largest(), gc.mem_free()]
for g in range(GAMES_N):
    try:
        one_game(g)
    except MemoryError as e:
        OUT[0] = g
        OUT[1] = repr(e)
        break
    d.board.emu.pwm.log = []  # made anew at the menu: the old one's room is freed
    print("G", g, largest(), gc.mem_alloc())  # out at once: the host keeps the figures
n = GAMES_N if OUT[0] is None else OUT[0]
try:
    stats = d.saves.load_stats()
    counted = [stats.game(k).games for k in (1, 2)]
except MemoryError:
    counted = [-1, -1]
stats = d = None  # the board and the app let go: room for the figures' line
gc.collect()
print(json.dumps({"start": START, "failed": OUT, "played": n, "games": counted}))
"""


def session_code(games, data, prelude=""):
    """SESSION for `games` games with its saves in folder `data`; `prelude`, lines of
    MicroPython run before the board is made (benches.heap_spread's nudges)."""
    code = SESSION.replace("@GAMES@", str(games)).replace("@WARM@", str(WARM))
    code = code.replace("@DATA@", repr(data))
    if prelude:
        code = code.replace("\nd = Driver(", "\n" + prelude + "\nd = Driver(", 1)
    return code


def run_session(mpy_dirs, heap, games, timeout, prelude="", data="data"):
    """Run a session of `games` games on the .mpy folders `mpy_dirs` (firmware/ and tools/
    side by side, as compile_mpy makes them); the CompletedProcess (`prelude`: see
    session_code). Every path it names is relative to their folder, which it runs in: the
    module path (MicroPython interns its folders, and each module's file name) and the
    saves' folder (`data`, emptied first).
    A layout that moved with the length of the clone's or the temporary folder's path
    measured a different heap on each machine (its largest free block 34 KB in one folder,
    28 KB in another)."""
    import shutil
    import subprocess

    root = os.path.dirname(mpy_dirs[0])
    assert all(os.path.dirname(d) == root for d in mpy_dirs), mpy_dirs
    shutil.rmtree(os.path.join(root, data), ignore_errors=True)
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join(os.path.basename(d) for d in mpy_dirs)
    cmd = [paths.find_micropython(), "-X", "heapsize=%d" % heap, "-c",
           session_code(games, data, prelude)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env, cwd=root)


def session(mpy_dirs, heap, games):
    """The figures of one session (a dict; those of the games it played when the process
    ran out of memory), or raises SystemExit with its error."""
    proc = run_session(mpy_dirs, heap, games, 6 * 3600)
    return parse(proc.returncode, proc.stdout, proc.stderr)


def parse(returncode, stdout, stderr):
    """The figures of a session from what it printed: a "G game block used" line a game,
    then a JSON line. When the process died before that line (out of memory where the
    session could not catch it), the figures of the games it reported, and its error.
    Raises SystemExit when it reported no game at all."""
    lines = stdout.strip().splitlines()
    rows = [x.split() for x in lines if x.startswith("G ")]
    blocks = [int(r[2]) for r in rows]
    used = [int(r[3]) for r in rows]
    n = len(rows)
    if returncode == 0 and lines and lines[-1].startswith("{"):
        r = json.loads(lines[-1])
        n = r["played"]
    elif not rows:
        raise SystemExit(stderr[-3000:] + stdout[-3000:])
    else:
        error = (stderr.strip() or stdout.strip()).splitlines()[-1]
        r = {"start": [0, 0], "failed": [n, error], "played": n, "games": [-1, -1]}
    r["blocks"] = blocks[:n]
    r["used"] = [used[min(9, n - 1)], used[n - 1]] if n else [0, 0]
    return figures(r)


def median(xs):
    """The middle one of xs (the lower of the two middle ones), 0 for none."""
    xs = sorted(xs)
    return xs[(len(xs) - 1) // 2] if xs else 0


def figures(r):
    """r with its largest free blocks summed up: the least, after game WARM and the last,
    and the medians of SPAN games from game WARM on ("early") and of the last SPAN
    ("late"). One game's block moves by several KB with where that game's last objects
    happened to land; a median over SPAN games moves only when the heap really breaks up."""
    blocks = r["blocks"]
    n = len(blocks)
    r["least"] = min(blocks) if blocks else 0
    r["warm"] = blocks[min(WARM, n - 1)] if blocks else 0
    r["last"] = blocks[-1] if blocks else 0
    r["early"] = median(blocks[WARM:WARM + SPAN])
    r["late"] = median(blocks[-SPAN:])
    return r


def per_game(r):
    """Bytes the heap in use at the menu grew a game, from game 10 on (the statistics'
    names and high scores are in by then)."""
    k = r["played"] - 10
    return (r["used"][1] - r["used"][0]) / k if k > 0 else 0.0


def holds(r):
    """True when a session meets issue 28's mark: every game played, the largest free
    block never under FLOOR, and no shrinking past DRIFT after the first WARM games (the
    late median against the early one)."""
    return (r["failed"][0] is None and r["least"] >= FLOOR
            and r["late"] >= r["early"] - DRIFT)


def report(label, r):
    print("  %s:" % label)
    print("    at the menu before the first game: largest free block %6d bytes, free %6d"
          % tuple(r["start"]))
    print("    after each game, at the menu: smallest largest free block %d bytes (floor %d),"
          " after the last %d" % (r["least"], FLOOR, r["last"]))
    print("    games played: %d (%s)%s"
          % (r["played"], "%d dice, %d cards counted" % tuple(r["games"])
             if r["games"][0] >= 0 else "the statistics not read",
             "" if r["failed"][0] is None else "; MemoryError in game %d: %s"
             % (r["failed"][0], r["failed"][1])))
    print("    median of games %d-%d: %d bytes, of the last %d: %d" % (
        WARM, WARM + SPAN - 1, r["early"], SPAN, r["late"]))
    print("    after game %d: %d bytes; issue 28's mark (never under %d, the late median no"
          " more than %d under the early one) %s" % (
              WARM, r["warm"], FLOOR, DRIFT, "met" if holds(r) else "MISSED"))
    print("    heap in use at the menu: +%.0f bytes a game from game 10 on" % per_game(r))


def main():
    with tempfile.TemporaryDirectory() as tmp:
        runs = []
        for label, arch in (("bytecode", None), ("native x64 code", "host")):
            dirs = bench_game.compile_mpy(os.path.join(tmp, label[:4]), arch)
            if dirs is None:
                print("no mpy-cross: no figures")
                return 1
            runs.append((label, session(dirs, HEAP, GAMES)))
    print("heap over %d games in a row through the screens (2-6 players, hard computer"
          " players, the hint every 5th game, the statistics every 7th), -X heapsize=%d,"
          " unix port from .mpy, the emulated board in the same heap:" % (GAMES, HEAP))
    for label, r in runs:
        report(label, r)
    record = per_game(runs[1][1]) - per_game(runs[0][1])
    print("  the unix port's never-freed native code records: about %.0f bytes a game (native"
          " less bytecode); not on a Pico, so the native build is not held to the floor"
          % record)
    return 0 if holds(runs[0][1]) else 1


if __name__ == "__main__":
    sys.exit(main())
