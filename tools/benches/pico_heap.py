"""A long evening on the real firmware (make bench BENCH=pico_heap PICO_FIRMWARE=...): PICO_HEAP_GAMES games in a row on the emulated Pico, the largest free block at the menu after each.

The official MicroPython firmware (a UF2 or BIN) on the emulated Pico, the project put on
it by make flash, the bench probe in /board.py (tools/pico/probe_board.py). From the main
menu: LAMA Dice and L.L.A.M.A. in turn, each with six hard computer players, played to its
game over (A pressed every 250 ms hurries the moves shown), then Menu; the statistics
(both pages) after every 5th game. After each game, back at the menu, the probe collects
and finds the largest free block by bisection with bytearray (probe ask 2). Prints a line
a game, then the summary and one JSON line. Issue 28 asks for it logged; FLOOR, the unix
port's mark (tools/benches/heap.py), is printed beside it. About a minute of host time a
game (50 by default), so `make bench` runs it only when named (tools/bench.py: LONG)."""

import json
import os
import sys
import tempfile
import time

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from benches.heap import FLOOR
from pico import device, firmware, provision
from pico.tour import SIX_HARD, Probe, Tour

GAMES = int(os.environ.get("PICO_HEAP_GAMES", "50"))
GAME_LIMIT_MS = 15 * 60 * 1000  # emulated: a game not over by then is left (Abandon)
STATS_ROW = 2  # the main menu: LAMA Dice, L.L.A.M.A., statistics, ...


class Evening:
    """The games in a row, the menu's cursor followed (each screen keeps its own)."""

    def __init__(self, pico, log):
        self.pico = pico
        self.log = log
        self.probe = Probe(pico)
        self.tour = Tour(pico, self.probe)
        self.row = 0

    def to_menu(self):
        if not self.tour.wait_screen(lambda s: s == "MainMenu", 10_000):
            raise RuntimeError("not back at the main menu: %r" % self.probe.screen())
        self.pico.run(1500)  # the menu's release and compact are done

    def to_row(self, row):
        while self.row != row:
            self.tour.press("DOWN" if row > self.row else "UP", count=False)
            self.row += 1 if row > self.row else -1

    def game(self, g):
        """Game g from the menu to its game over and back: (its kind, whether it ended)."""
        t = self.tour
        self.to_row(g % 2)
        t.press("A", count=False)
        if t.wait_screen(lambda s: s.startswith("SavedGameQuestion"), 300, step_ms=50):
            t.keys(["DOWN", "A"], count=False)  # Start over
        if not t.wait_screen(lambda s: s.startswith("SetupScreen"), 3000):
            raise RuntimeError("no setup screen: %r" % self.probe.screen())
        t.keys(SIX_HARD, count=False)
        t.press("A", count=False, settle_ms=1500)
        if "HowTo" in self.probe.screen():
            t.press("B", count=False)
        took, _, over = t.bot_game(GAME_LIMIT_MS)
        if over and "GameOverPanel" in self.probe.screen():
            t.press("A", count=False)  # Menu is preselected
        elif not over:
            t.leave_game(count=False)
        self.to_menu()
        return ("dice", "cards")[g % 2], over, took

    def statistics(self):
        self.to_row(STATS_ROW)
        self.tour.press("A", count=False)
        self.tour.keys(["RIGHT", "RIGHT", "B"], count=False)
        self.to_menu()


def evening(image, games, log):
    host0 = time.time()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        flash = provision.copy_of(provision.flashed(image, probe=True),
                                  os.path.join(tmp, "probe.bin"))
        with device.Pico(flash) as pico:
            ev = Evening(pico, log)
            if not ev.tour.wait_screen(lambda s: s == "TitleScreen", 5000):
                raise RuntimeError("no title screen: %r" % ev.probe.screen())
            pico.run(500)
            ev.tour.press("A", count=False)
            ev.to_menu()
            start = ev.probe.largest()
            for g in range(games):
                kind, over, took = ev.game(g)
                if g % 5 == 4:
                    ev.statistics()
                block, free = ev.probe.largest()
                rows.append((g, kind, over, block, free))
                log("G %d %s %s in %.0f emulated s: largest free block %d, free %d" % (
                    g + 1, kind, "over" if over else "LEFT", took / 1000, block, free))
            text = pico.text()
    blocks = [r[3] for r in rows]
    free = [r[4] for r in rows]
    return {
        "games": len(rows),
        "over": sum(1 for r in rows if r[2]),
        "start_block": start[0], "start_free": start[1],
        "least_block": min(blocks) if blocks else 0,
        "most_block": max(blocks) if blocks else 0,
        "first_block": blocks[0] if blocks else 0,
        "last_block": blocks[-1] if blocks else 0,
        "least_free": min(free) if free else 0,
        "last_free": free[-1] if free else 0,
        "blocks": blocks,
        "tracebacks": text.count("Traceback"),
        "memory_errors": text.count("MemoryError"),
        "host_s": round(time.time() - host0, 1),
    }


def main():
    if not os.environ.get(firmware.ENV):
        print("pico_heap: skipped: PICO_FIRMWARE is not set (the MicroPython UF2 or BIN for"
              " the Pico: %s)" % firmware.WHERE)
        return 0
    try:
        image = firmware.from_env()
    except firmware.FirmwareError as e:
        print("pico_heap: %s" % e, file=sys.stderr)
        return 2
    out = evening(image, GAMES, lambda s: print(s, flush=True))
    print("%d games in a row on the emulated Pico (six hard computer players, dice and cards"
          " in turn, the statistics every 5th), %d to their game over:" % (out["games"],
                                                                          out["over"]))
    print("  largest free block at the menu: %d bytes before the first game; after a game"
          " least %d, most %d, after the first %d, after the last %d (the unix port's mark:"
          " %d)" % (out["start_block"], out["least_block"], out["most_block"],
                    out["first_block"], out["last_block"], FLOOR))
    print("  free heap after a collect: %d before; least %d after a game, %d after the last"
          % (out["start_free"], out["least_free"], out["last_free"]))
    print("  tracebacks on the console: %d (MemoryError: %d); %.0f s of host time"
          % (out["tracebacks"], out["memory_errors"], out["host_s"]))
    print(json.dumps(out, sort_keys=True))
    ok = out["games"] == GAMES and not out["tracebacks"] and out["least_block"] >= FLOOR
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
