"""The device's own figures: the real MicroPython firmware (PICO_FIRMWARE, a UF2 or BIN) on the emulated Pico, the project put on it by make flash, one fixed tour timed on the emulated clock (make bench BENCH=pico PICO_FIRMWARE=...).

The tour: power-on to the lit title; the title and the main menu left idle; LAMA Dice with
six hard computer players to its game over (A pressed every 250 ms to hurry the moves
shown; left from the in-game menu if it lasts past GAME_MS), then L.L.A.M.A. the same; a LAMA Dice game with a person (the default table):
the hint (a short B) at their first turn, then save and leave; both rules pages; the
statistics; the settings; then idle until the panel switches itself off. Prints one JSON
line, then the same figures as readable lines. All times are emulated-clock ms.

- press_ms_*: every press the tour makes as a person (not the hurrying A), from the press
  to the end of the frame that answers it (the busy mark, when the screen it asked for
  follows within 250 ms: tools/pico/tour.py); busy_mark_presses counts those,
  busy_mark_to_screen_ms_max is their longest wait for the screen (busy_mark_each: every
  one's mark and screen); presses_over_50_ms
  names each press slower than a frame and a half, with its time, when its first frame
  began to go out to the panel and its bytes (the rest is the I2C transfer). start_game_ms, hint_ms
  and rules_ms run to the screen asked for (Start of each six-seat game to its first
  frame, the short B to the hint's page, A to a rules page).
- frame_work_ms_max, alloc_max_frame, heap_free_min come from the bench probe the tour
  installs in /board.py (tools/pico/probe_board.py): the longest work of one frame (its
  poll to the end of its show() as issue 26 measures it; when it shows nothing, to the
  work after the picture (App._after) or else its sleep (its end, for a frame that loads
  a module)); frame_after_show_ms_max, the most work after a frame's picture or in
  App._after (saves, in any frame); frame_whole_ms_max, the longest whole frame
  without its sleep; frame_work_max_screen,
  the screen it was on; frames_over_120_ms, how many went over issue 26's mark, and the
  first eight), the most allocated in one frame (a second, untimed six-seat start
  of each game with the collector off, so that the whole of it counts: measuring it walks
  the heap's table, about 6 ms a frame), the least free heap after a collect,
  asked every 2 s during the six-seat games and on each screen of the tour (heap_free_all:
  each of them, in the order asked; heap_free_by_moment: the least at each moment, the
  setup screens with the game's code preloaded, each game from 1.5 s after Start,
  the hint page, the rules, the statistics, the settings; heap_free_min_six_seat_games:
  the least in the six-seat games, issue 26's "worst moment of a 6-seat game").
- flash_erases_per_action: sectors erased per save during the six-seat games (a save is
  a run of flash operations; the game saves once after each frame that showed a move).
- cpu_busy_idle_pct: the share of emulated time the CPU is not asleep (WFI/WFE) while
  idle: the title, the main menu, a person's turn, the panel off (each over 3 s).
- emulated_s_per_host_s: the emulator's speed over the tour."""

import json
import os
import statistics
import sys
import tempfile
import time

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from pico import device, firmware, provision
from pico.tour import SIX_HARD, THREE_WITH_A_PERSON, Probe, Tour, boot_ms

# each six-seat game is played to its game over (100-160 emulated s), or this long, then left
GAME_MS = 300 * 1000


def percentile(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, (len(v) * q) // 100)]


def six_seat_game(tour, probe, heap, starts, which, log, moments):
    """From the setup screen: six hard seats, Start (collector off for the start), the game
    to its game over, then Menu. `moments` gets the least free heap at the setup screen
    and in the game (from 1.5 s after Start to 1.5 s after its game over page, or after
    the tour stops hurrying it), and on that page."""
    tour.keys(SIX_HARD, "setup")
    heap.append(probe.collect())
    moments["setup " + which] = heap[-1]
    tour.press("A", "start " + which, settle_ms=0)
    starts[which] = tour.screen_ms
    tour.pico.run(1500)
    first = len(heap)
    heap.append(probe.collect())
    t0 = tour.pico.t_ns
    took, hurries, over = tour.bot_game(GAME_MS, heap=heap)
    saves = tour.saves(t0, tour.pico.t_ns)
    log("  %s: %s after %.1f emulated s (%d hurrying presses), %d saves, %d erases, %d"
        " pages" % (which, "game over" if over else "left", took / 1000, hurries, saves[0],
                    saves[1], saves[2]))
    tour.pico.run(1500)
    heap.append(probe.collect())
    moments["six-seat " + which + " game (least)"] = min(heap[first:])
    if over:
        moments["six-seat " + which + " game over page"] = heap[-1]
    if over:
        tour.press("A", "game over: menu")
    else:
        tour.leave_game()
    tour.pico.run(500)
    return saves


def allocation(tour, probe, nav):
    """From the main menu's first row: the six-seat setup of the game `nav` leads to, then
    its Start and first moves with the collector off, so that each frame's allocation
    counts whole (untimed: measuring it walks the heap's table twice a frame); back to the
    menu. The most allocated in one frame then."""
    tour.keys(nav + ["A"], "", count=False)
    tour.keys(SIX_HARD, "", count=False)
    probe.gc_off(True)
    tour.press("A", count=False, settle_ms=0)
    tour.pico.run(3000)
    probe.gc_off(False)
    most = probe.read()["alloc_max"]
    tour.leave_game(count=False)
    tour.pico.run(500)
    return most


def run_tour(image, log):
    out = {}
    host0 = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        plain = provision.copy_of(provision.flashed(image), os.path.join(tmp, "plain.bin"))
        with device.Pico(plain) as pico:
            out["boot_ms"] = round(boot_ms(pico), 1)
        probed = provision.copy_of(provision.flashed(image, probe=True),
                                   os.path.join(tmp, "probe.bin"))
        with device.Pico(probed) as pico:
            host_t0 = time.time()
            probe = Probe(pico)
            tour = Tour(pico, probe)
            busy = {}
            heap = []
            slow_by = {}  # the count of frames over 120 ms at the end of each part of the tour
            starts = {}
            moments = {}  # the least free heap at each moment of the tour
            tour.wait_screen(lambda s: s == "TitleScreen", 5000)
            pico.run(500)
            busy["title"] = tour.idle_busy_pct(3000)
            tour.press("A", "title")
            pico.run(500)
            busy["menu"] = tour.idle_busy_pct(3000)
            heap.append(probe.collect())
            moments["main menu"] = heap[-1]
            tour.press("A", "menu: LAMA Dice")
            dice = six_seat_game(tour, probe, heap, starts, "dice", log, moments)
            slow_by["dice"] = probe.slow_frames()[1]
            tour.press("DOWN", "menu")
            tour.press("A", "menu: L.L.A.M.A.")
            cards = six_seat_game(tour, probe, heap, starts, "cards", log, moments)
            slow_by["cards"] = probe.slow_frames()[1]
            # a person's game: the hint at their first turn, then save and leave
            tour.press("UP", "menu")
            tour.press("A", "menu: LAMA Dice")
            # the setup offers the last table (six hard seats): three seats, a person first,
            # two at the default level, then up to Start (the last row)
            tour.keys(THREE_WITH_A_PERSON, "setup")
            tour.press("A", "start (3 seats)", settle_ms=0)
            pico.run(1500)
            busy["turn"] = tour.idle_busy_pct(3000)
            if tour.wait_screen(lambda s: s == "HowToScreen", 500):  # a person's first game
                tour.press("B", "how to play: skip", settle_ms=500)
            tour.press("B", "hint", settle_ms=1500)
            hint = tour.screen_ms
            heap.append(probe.collect())
            moments["hint page (3 seats)"] = heap[-1]
            tour.press("B", "hint: back")
            tour.press("B", "menu", hold_ms=900)
            tour.keys(["UP", "A", "A"], "leave")
            pico.run(500)
            slow_by["3 seats"] = probe.slow_frames()[1]
            # the rules, the statistics, the settings
            tour.keys(["DOWN"] * 5, "menu")
            tour.press("A", "menu: rules")
            tour.press("A", "rules: LAMA Dice")
            rules = [tour.screen_ms]
            heap.append(probe.collect())
            moments["rules"] = heap[-1]
            tour.keys(["DOWN", "DOWN", "B", "DOWN"], "rules")
            tour.press("A", "rules: L.L.A.M.A.")
            rules.append(tour.screen_ms)
            tour.keys(["DOWN", "B", "B"], "rules")
            tour.keys(["UP"] * 3, "menu")
            tour.press("A", "menu: statistics")
            heap.append(probe.collect())
            moments["statistics"] = heap[-1]
            tour.keys(["RIGHT", "LEFT", "B"], "statistics")
            tour.press("DOWN", "menu")
            tour.press("A", "menu: settings")
            tour.keys(["DOWN"] * 8, "settings")
            heap.append(probe.collect())
            moments["settings"] = heap[-1]
            tour.keys(["B"], "settings")
            tour.keys(["UP"] * 3, "menu")  # from the settings row to LAMA Dice's
            slow_by["pages"] = probe.slow_frames()[1]
            alloc = [allocation(tour, probe, []), allocation(tour, probe, ["DOWN"])]
            slow_by["allocation"] = probe.slow_frames()[1]
            pico.run(125_000)  # the panel dims at 30 s, goes off at 120 s
            busy["panel off"] = tour.idle_busy_pct(3000)
            final = probe.read()
            longest_screen = probe.longest_frame_screen()
            slow, slow_count = probe.slow_frames()
            stats = pico.stats()
            tour_host_s = time.time() - host_t0
            text = pico.text()
    answered = [ms for _, _, ms in tour.presses if ms is not None]
    saves = dice[0] + cards[0]
    out.update({
        "press_ms_median": round(statistics.median(answered), 1),
        "press_ms_p95": round(percentile(answered, 95), 1),
        "press_ms_max": round(max(answered), 1),
        "presses_over_50_ms": ["%s %.0f (sent from %.0f, %d B)" % (label, ms, sent[0], sent[1])
                               for (label, _, ms), sent in zip(tour.presses, tour.sent)
                               if ms is not None and ms > 50 and sent[0] is not None],
        "start_game_ms": {k: round(v, 1) if v is not None else None for k, v in starts.items()},
        "hint_ms": round(hint, 1) if hint is not None else None,
        "rules_ms": [round(r, 1) if r is not None else None for r in rules],
        "frame_work_ms_max": round(final["work_us_max"] / 1000, 1),
        "frame_work_max_screen": longest_screen,
        "frame_after_show_ms_max": round(final["after_show_us_max"] / 1000, 1),
        "frame_whole_ms_max": round(final["whole_frame_us_max"] / 1000, 1),
        "frames_over_120_ms": slow_count,
        "frames_over_120_ms_first": ["%s %.0f" % f for f in slow],
        "frames_over_120_ms_by": slow_by,
        "heap_free_min": min(h for h in heap + [final["free_min"]] if h),
        "heap_free_all": heap,
        "heap_free_by_moment": moments,
        "heap_free_min_six_seat_games": min(v for k, v in moments.items() if "six-seat" in k),
        "alloc_max_frame": max(alloc),
        "flash_erases_per_action": round((dice[1] + cards[1]) / max(1, saves), 2),
        "cpu_busy_idle_pct": round(sum(busy.values()) / len(busy), 2),
        "cpu_busy_idle_pct_each": {k: round(v, 2) for k, v in busy.items()},
        "emulated_s_per_host_s": round(stats["t"] / 1e9 / max(1e-9, tour_host_s), 2),
        "presses": len(tour.presses),
        "busy_mark_presses": len(tour.loads),
        "busy_mark_to_screen_ms_max": max([s or 9999 for _, _, s in tour.loads] + [0]),
        "busy_mark_each": ["%s %.0f/%s" % (label, m, "%.0f" % s if s else "none")
                           for label, m, s in tour.loads],
        "unanswered": sum(1 for _, _, ms in tour.presses if ms is None),
        "tracebacks": text.count("Traceback"),
        "flash_timing": stats["timing"],
        "host_s": round(time.time() - host0, 1),
    })
    return out


LINES = (
    ("boot_ms", "power-on to the lit title (ms)"),
    ("press_ms_median", "press to the frame that answers it, median (ms)"),
    ("press_ms_p95", "  95th percentile (ms)"),
    ("press_ms_max", "  longest (ms)"),
    ("presses_over_50_ms", "  the presses over 50 ms"),
    ("start_game_ms", "Start of a six-seat game to its first frame (ms)"),
    ("hint_ms", "the hint, short B to its page (ms)"),
    ("rules_ms", "a rules page, A to its page (ms)"),
    ("frame_work_ms_max", "the longest work of one frame (ms)"),
    ("frame_work_max_screen", "  on the screen (and its page)"),
    ("frames_over_120_ms", "  frames of work over 120 ms"),
    ("frames_over_120_ms_first", "    the first of them (screen, ms)"),
    ("frames_over_120_ms_by", "    how many by the end of each part of the tour"),
    ("frame_after_show_ms_max", "  the most work after a frame's picture (saves) (ms)"),
    ("frame_whole_ms_max", "  the longest whole frame, without its sleep (ms)"),
    ("heap_free_min", "least free heap after a collect (bytes)"),
    ("heap_free_min_six_seat_games", "  in the six-seat games (issue 26's figure)"),
    ("heap_free_by_moment", "  the least at each moment of the tour"),
    ("alloc_max_frame", "most allocated in one frame (bytes)"),
    ("flash_erases_per_action", "4 KiB sectors erased per save in the games"),
    ("cpu_busy_idle_pct", "CPU busy while idle (%)"),
    ("cpu_busy_idle_pct_each", "  title, menu, a person's turn, panel off"),
    ("emulated_s_per_host_s", "emulated seconds per host second"),
    ("presses", "presses timed"),
    ("unanswered", "  of which no frame answered"),
    ("busy_mark_presses", "  answered by the busy mark first"),
    ("busy_mark_to_screen_ms_max", "    their longest wait for the screen (ms)"),
    ("busy_mark_each", "    each: the mark / the screen (ms)"),
    ("tracebacks", "tracebacks on the console"),
)


def main():
    if not os.environ.get(firmware.ENV):
        print("pico: skipped: PICO_FIRMWARE is not set (the MicroPython UF2 or BIN for the"
              " Pico: %s)" % firmware.WHERE)
        return 0
    try:
        image = firmware.from_env()
    except firmware.FirmwareError as e:
        print("pico: %s" % e, file=sys.stderr)
        return 2
    out = run_tour(image, lambda s: print(s, file=sys.stderr, flush=True))
    print(json.dumps(out, sort_keys=True))
    for key, label in LINES:
        print("  %-52s %s" % (label, out[key]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
