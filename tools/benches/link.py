"""Link play on the official firmware (make bench BENCH=link PICO_FIRMWARE=...): emulated Picos (tools/pico/, the project put on each by make flash, the bench probe in /board.py) wired on one line (pico.link_wire), a linked L.L.A.M.A. game played through their buttons (pico.link_game: the host's person, one person a console, computer players; the game to 10 points), timed on the emulated clock.

- press_to_last_panel_ms: for each move a person makes (its A), the time to the end of the
  first panel frame that shows it on the LAST console: on the host, its first frame after
  the press; on a console, its first frame after the host's EVENTS for that move reached it
  (read off the line with when each byte ended); median, p95, max, how many moves.
  The Picos run in lockstep slices of SLICE_MS: a byte reaches another Pico up to a slice
  late, so each hop may add up to SLICE_MS to the figure.
- host_press_answer_ms / console_press_answer_ms: for each of those presses, the time to
  the end of the first panel frame on the Pico where it was pressed (median, p95, max).
  unlinked_host_press_answer_ms: the same for the host's person in the same table played
  unlinked (LINK_GAMES games, no collect asked): a press answered as without a link, the
  "as fast as today" of issue 48.
- bytes_per_turn: every byte on the line during the game over the turns (play, draw, quit
  events the host sent the first console).
- host_heap_free_min_linked / _unlinked: the host's least free heap after a collect (asked
  at every change of the host's screen or page, and every HEAP_EVERY_MS) in a second linked
  game, the same table and seed (the timed game has no collect asked: one would hold up
  the move it fell in), and in the same table played on the host alone (the console's
  seat a second computer player; main menu > L.L.A.M.A.).
- emulated_s_per_host_s: the emulator's speed over the linked game.

LINK_PICOS (default 2) sets how many Picos are linked; LINK_SEATS the seats (default:
the Picos and one computer player); LINK_ROUNDS 1 plays one round (0, the default: to 10
points); LINK_FLASHED a flash file to use instead of provisioning one (another build's,
to compare); LINK_GAMES (default 1) times that many linked games and gives the figures over all
their moves (a game to 10 points may end after a few moves: its p95 is then one move's);
LINK_HEAP=0 skips the second linked game, LINK_UNLINKED=0 the unlinked one (their
heap figures). The unix-port figure for six consoles is
`make bench BENCH=link_table` (the MicroPython unix port's boards, emulated clock)."""

import json
import os
import statistics
import sys
import tempfile
import time

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from emu.link_audit import wire_messages
from link import frame, msg
from pico import firmware, provision
from pico.link_game import LinkGame
from pico.tour import frames

SLICE_MS = 2.0
GAME_MS = 240_000  # a game is played to its end, or this long
HEAP_EVERY_MS = 500


def percentile(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, (len(v) * q) // 100)]


def console_ids(game):
    """Each Pico's console id on the bus (the source of the frames it sent; 0 the host)."""
    out = []
    for sent in game.wire.sent_by:
        ids = [f.src for f in frame.Decoder(None).feed(bytes(sent))
               if f.src not in (frame.NOBODY, frame.HOST)]
        out.append(ids[0] if ids else 0)
    return out


def first_frame_end(pico, after_ns):
    got = frames(pico.i2c, pico.panel_addr, after_ns)
    return got[0][1] if got else None


def press_to_last_panel(game):
    """[ms] for each move made by a person: its press to the last console's panel."""
    ids = console_ids(game)
    base = game.wire.base
    updates = [(dst, t * 1000) for dst, m, t in
               wire_messages(game.wire.line.wire, game.wire.line.wire_t)
               if m[0] == msg.EVENTS]
    out = []
    for k, t0 in game.moves:
        t_rel = t0 - base[k]
        last = 0
        for j, pico in enumerate(game.picos):
            if j == 0:
                after = t_rel
            else:
                got = [t for dst, t in updates if dst == ids[j] and t > t_rel]
                if not got:
                    last = None
                    break
                after = got[0]
            end = first_frame_end(pico, after + base[j])
            if end is None:
                last = None
                break
            last = max(last, end - base[j] - t_rel)
        if last is not None:
            out.append(last / 1e6)
    return out


def own_answers(game):
    """{"host": [ms], "console": [ms]}: for each move a person made, its press to the end of
    the first panel frame on its own Pico (the press answered where it was made)."""
    out = {"host": [], "console": []}
    for k, t0 in game.moves:
        end = first_frame_end(game.picos[k], t0)
        if end is not None:
            out["host" if k == 0 else "console"].append((end - t0) / 1e6)
    return out


def spread(name, values):
    """{name_median, name_p95, name_max} of `values` (ms), rounded; None when empty."""
    return {name + "_median": round(statistics.median(values), 1) if values else None,
            name + "_p95": round(percentile(values, 95), 1) if values else None,
            name + "_max": round(max(values), 1) if values else None}


def turns(game):
    """The moves (play, draw, quit) the host told the first console of."""
    ids = console_ids(game)
    n = 0
    for dst, m in wire_messages(game.wire.line.wire):
        if dst == ids[1] and m[0] == msg.EVENTS:
            n += sum(1 for ev in m[1][1] if ev[0] in ("play", "draw", "quit"))
    return n


def heap_watch(game, least, where=None):
    """An `each` for play_to_end: the host's free heap after a collect, at each change of its
    screen or page (a page's code comes with it) and every HEAP_EVERY_MS; `where` (a list)
    gets the screen or page of each sample."""
    state = {"next": game.ms + HEAP_EVERY_MS, "screen": None}

    def each(g):
        screen = g.probes[0].screen()
        if g.ms >= state["next"] or screen != state["screen"]:
            least.append(g.collect(0))
            if where is not None:
                where.append(screen)
            state["next"] = g.ms + HEAP_EVERY_MS
            state["screen"] = screen
    return each


def least_where(heap, where):
    """'least at <screen>, <count> samples' of heap_watch's samples."""
    i = heap.index(min(heap))
    return "least %d B at %s, %d samples" % (heap[i], where[i], len(heap))


def linked_heap(flashed, n, seats, rounds, log):
    """The host's least free heap over the same linked game, played again with collects."""
    with tempfile.TemporaryDirectory() as tmp:
        game = LinkGame(flashed, n, tmp, slice_ms=SLICE_MS)
        try:
            game.set_table(seats, rounds=rounds)
            heap, where = [], []
            over = game.play_to_end(GAME_MS, each=heap_watch(game, heap, where))
            log("  %d Picos, the heap's game: %s, %s" % (
                n, "game over" if over else "stopped",
                least_where(heap, where) if heap else "no samples"))
            return min(heap) if heap else None
        finally:
            game.close()


def linked(flashed, n, seats, rounds, log):
    with tempfile.TemporaryDirectory() as tmp:
        game = LinkGame(flashed, n, tmp, slice_ms=SLICE_MS)
        try:
            game.set_table(seats, rounds=rounds)
            host0 = time.time()
            ms0 = game.ms
            wire0 = len(game.wire.line.wire)
            over = game.play_to_end(GAME_MS)
            speed = (game.ms - ms0) / 1000 / max(1e-9, time.time() - host0)
            log("  %d Picos: %s after %.1f emulated s, %d moves by people" % (
                n, "game over" if over else "stopped", (game.ms - ms0) / 1000, len(game.moves)))
            lat = press_to_last_panel(game)
            log("  press -> last panel, each move (ms, sorted): %s"
                % " ".join("%.0f" % x for x in sorted(lat)))
            own = own_answers(game)
            log("  own press answered, host / consoles (ms, sorted): %s / %s" % tuple(
                " ".join("%.0f" % x for x in sorted(own[w])) for w in ("host", "console")))
            t = turns(game)
            texts = game.texts()
            out = {
                "picos": n, "seats": seats, "game_over": over,
                "moves_timed": len(lat),
                "turns": t,
                "bytes": len(game.wire.line.wire) - wire0,
                "same_scores": len(set(map(str, game.final_scores()))) == 1,
                "tracebacks": sum(x.count("Traceback") for x in texts),
                "emulated_s_per_host_s": round(speed, 3),
            }
            return out, lat, own
        finally:
            game.close()


def unlinked(flashed, seats, rounds, log, watch):
    """The same table on the host alone: its person and computer players; with `watch`, its
    least free heap (collects asked), else its person's press answers (none asked)."""
    with tempfile.TemporaryDirectory() as tmp:
        game = LinkGame(flashed, 1, tmp, slice_ms=25 if watch else SLICE_MS)
        try:
            game.set_plain_table(seats, rounds=rounds)
            heap = []
            over = game.play_to_end(GAME_MS, each=heap_watch(game, heap) if watch else None)
            log("  unlinked: %s" % ("game over" if over else "stopped"))
            if watch:
                return min(heap) if heap else None
            return own_answers(game)["host"]
        finally:
            game.close()


def main():
    if not os.environ.get(firmware.ENV):
        print("link: skipped: PICO_FIRMWARE is not set (the MicroPython UF2 or BIN for the"
              " Pico: %s)" % firmware.WHERE)
        return 0
    try:
        image = firmware.from_env()
    except firmware.FirmwareError as e:
        print("link: %s" % e, file=sys.stderr)
        return 2
    n = int(os.environ.get("LINK_PICOS", "2"))
    seats = int(os.environ.get("LINK_SEATS", str(min(6, n + 1))))  # (six at most: S1)
    rounds = int(os.environ.get("LINK_ROUNDS", "0"))
    games = max(1, int(os.environ.get("LINK_GAMES", "1")))

    def log(s):
        print(s, file=sys.stderr, flush=True)

    flashed = os.environ.get("LINK_FLASHED") or provision.flashed(image, probe=True)
    t0 = time.time()
    out, lat, own = linked(flashed, n, seats, rounds, log)
    for _ in range(1, games):  # more moves timed: the figures over every game's
        more, more_lat, more_own = linked(flashed, n, seats, rounds, log)
        lat += more_lat
        for w in own:
            own[w] += more_own[w]
        for k in ("turns", "moves_timed", "bytes"):
            out[k] += more[k]
        out["game_over"] = out["game_over"] and more["game_over"]
        out["same_scores"] = out["same_scores"] and more["same_scores"]
        out["tracebacks"] += more["tracebacks"]
    out["games"] = games
    out["bytes_per_turn"] = round(out.pop("bytes") / max(1, out["turns"]))
    out.update(spread("press_to_last_panel_ms", lat))
    out.update(spread("host_press_answer_ms", own["host"]))
    out.update(spread("console_press_answer_ms", own["console"]))
    out["rounds_setting"] = rounds
    if os.environ.get("LINK_HEAP", "1") != "0":
        out["host_heap_free_min_linked"] = linked_heap(flashed, n, seats, rounds, log)
    if os.environ.get("LINK_UNLINKED", "1") != "0":
        out["host_heap_free_min_unlinked"] = unlinked(flashed, seats, rounds, log, True)
        alone = []
        for _ in range(games):
            alone += unlinked(flashed, seats, rounds, log, False)
        out.update(spread("unlinked_host_press_answer_ms", alone))
    out["host_s"] = round(time.time() - t0, 1)
    print(json.dumps(out, sort_keys=True))
    for k in sorted(out):
        print("  %-40s %s" % (k, out[k]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
