"""Scripted visits of the game on an emulated Pico, timed on the emulated clock: presses and the frame that answers them, the probe's figures, CPU use while idle, flash per save.

"Answered" is the end (the STOP of the last I2C transaction) of the first frame that
starts after the press (after a long press, after the moment the hold became long): a frame is a run of transactions to the panel with under
FRAME_GAP_MS between the end of one and the start of the next. When that frame is the busy
mark (the app loads what the press asked for: App.soon), the screen asked for is the next
frame; the press counts as answered by the mark only when that screen follows within
LOADED_MS of the press (issue 26), else it counts the time to the screen."""

import array

from hal.buttons import LONG_MS
from pico.device import BUTTONS

TAP_MS = 80  # a press holds the button this long (the simulator's scripted press)
FRAME_GAP_MS = 3.0
SCL_HZ = 400_000
ANSWER_LIMIT_MS = 4000  # a press with no frame within this long changed nothing on the glass
LOADED_MS = 250  # a press answered by the busy mark has its screen within this long
SAVE_GAP_MS = 30.0  # flash operations closer than this belong to one save
# on the setup screen (3 players, the computer seats medium): 6 players, every seat hard,
# the cursor left on Start
SIX_HARD = (["RIGHT"] * 3 + ["DOWN", "LEFT"] + ["DOWN", "RIGHT"] * 5 + ["DOWN", "DOWN"])
# from a remembered SIX_HARD table: three seats, the first a person (hard wraps to the person),
# the other two back from hard to the default level, then UP to Start (the rows wrap)
THREE_WITH_A_PERSON = (["LEFT"] * 3 + ["DOWN", "RIGHT", "DOWN", "LEFT", "DOWN", "LEFT"]
                       + ["UP"] * 4)


class Probe:
    """The bench probe's buffers in the device's RAM (tools/pico/probe_board.py)."""

    FIELDS = ("frames", "ask", "free_collected", "free_min", "alloc_max", "alloc_last",
              "work_us_max", "work_us_last", "gc_off", "names", "free_now", "marks",
              "largest", "slow_frames") + tuple("slow_us_%d" % k for k in range(8)) + (
              "after_show_us_max", "whole_frame_us_max", "to_act") + tuple(
              "score_%d" % k for k in range(6)) + ("scored",)

    def __init__(self, pico, limit_ms=5000):
        self.pico = pico
        found = pico.run_until(lambda: "PICO-PROBE" in pico.text(), limit_ms)
        if not found:
            raise RuntimeError("the bench probe did not start (no PICO-PROBE line):\n"
                               + pico.text()[-2000:])
        # (the last one: a Pico restarted says it again)
        line = pico.text().rsplit("PICO-PROBE", 1)[1].split("\n", 1)[0].split()
        self.ints_at = int(line[0], 16)
        self.name_at = int(line[1], 16)

    def read(self):
        ints = array.array("i", self.pico.peek(self.ints_at, 4 * len(self.FIELDS)))
        out = dict(zip(self.FIELDS, ints))
        out["screen"] = self.pico.peek(self.name_at, 40).split(b"\0", 1)[0].decode("ascii", "replace")
        return out

    def screen(self):
        return self.pico.peek(self.name_at, 40).split(b"\0", 1)[0].decode("ascii", "replace")

    def slow_frames(self):
        """[(screen, ms)] of the first frames of work over 120 ms (the probe keeps 8), and
        how many there were in all."""
        got = self.read()
        names = self.pico.peek(self.name_at + 80, 40 * 8)
        out = []
        for k in range(min(8, got["slow_frames"])):
            name = names[40 * k : 40 * k + 40].split(b"\0", 1)[0].decode("ascii", "replace")
            out.append((name, round(got["slow_us_%d" % k] / 1000, 1)))
        return out, got["slow_frames"]

    def longest_frame_screen(self):
        """The top screen (and its last panel) during the longest frame of work so far."""
        return self.pico.peek(self.name_at + 40, 40).split(b"\0", 1)[0].decode("ascii", "replace")

    def _set(self, field, value):
        self.pico.poke(self.ints_at + 4 * self.FIELDS.index(field),
                       array.array("i", [value]).tobytes())

    def collect(self, settle_ms=60):
        """Ask for a collect at the next frame; the free heap after it (bytes)."""
        self._set("ask", 1)
        self.pico.run_until(lambda: not self.read()["ask"], 2000, step_ms=10)
        self.pico.run(settle_ms)
        return self.read()["free_collected"]

    def largest(self, settle_ms=60):
        """Ask for a collect at the next frame; (the largest free block then, the free heap),
        in bytes (the block by bisection with bytearray: 10-20 allocations)."""
        self._set("ask", 2)
        self.pico.run_until(lambda: not self.read()["ask"], 5000, step_ms=10)
        self.pico.run(settle_ms)
        got = self.read()
        return got["largest"], got["free_collected"]

    def gc_off(self, off):
        """Keep the collector off during frames (allocation per frame measured exactly)."""
        self._set("gc_off", 1 if off else 0)


def frames(i2c, addr, after_ns):
    """[start, end, bytes] (ns, ns, count) of each frame to `addr` whose first transaction
    starts after `after_ns`."""
    byte_ns = 9e9 / SCL_HZ
    out = []
    for t, a, data in i2c:
        if a != addr:
            continue
        start = t - (len(data) + 1) * byte_ns
        if start < after_ns:
            continue
        if out and start - out[-1][1] < FRAME_GAP_MS * 1e6:
            out[-1][1] = t
            out[-1][2] += len(data)
        else:
            out.append([start, t, len(data)])
    return out


def frame_ends(i2c, addr, after_ns):
    """End times (ns) of the frames to `addr` whose first transaction starts after `after_ns`."""
    return [f[1] for f in frames(i2c, addr, after_ns)]


class Tour:
    """Presses on the emulated clock, with what they cost."""

    def __init__(self, pico, probe=None):
        self.pico = pico
        self.probe = probe
        self.presses = []  # (label, button, ms to the answer or None)
        self.loads = []  # (label, ms to the busy mark, ms to the screen or None)
        # of each press in `presses`: (ms to the first byte of its first frame, its bytes)
        self.sent = []
        self.screen_ms = None  # the last press's ms to the screen it asked for

    def answer_ms(self, t0_ns, limit_ms=ANSWER_LIMIT_MS):
        """Run until the first frame after t0 has ended (and FRAME_GAP_MS more): its end, in
        ms after t0; None when no frame came within limit_ms."""
        p = self.pico

        def ended():
            ends = frame_ends(p.i2c, p.panel_addr, t0_ns)
            return ends and p.t_ns - ends[0] > FRAME_GAP_MS * 1e6
        if not p.run_until(ended, limit_ms, step_ms=10):
            return None
        return (frame_ends(p.i2c, p.panel_addr, t0_ns)[0] - t0_ns) / 1e6

    def second_frame_ms(self, t0_ns, limit_ms=ANSWER_LIMIT_MS):
        """As answer_ms, for the second frame after t0 (the screen after the busy mark)."""
        p = self.pico

        def ended():
            ends = frame_ends(p.i2c, p.panel_addr, t0_ns)
            return len(ends) > 1 and p.t_ns - ends[1] > FRAME_GAP_MS * 1e6
        if not p.run_until(ended, limit_ms, step_ms=10):
            return None
        return (frame_ends(p.i2c, p.panel_addr, t0_ns)[1] - t0_ns) / 1e6

    def press(self, name, label="", hold_ms=TAP_MS, settle_ms=150, count=True):
        """Press and release `name`; the ms from the press (a hold of LONG_MS or more: from
        the moment it became long) to the end of the frame that answers it (None: no
        frame), recorded in `presses` when `count`."""
        p = self.pico
        assert name in BUTTONS, name
        marks = self.probe.read()["marks"] if self.probe is not None else None
        t0 = p.t_ns
        p.button(name, True)
        if hold_ms >= LONG_MS:  # answered once long: a busy mark at the press is not its answer
            p.run(LONG_MS)
            t0 += LONG_MS * 1_000_000
            marks = self.probe.read()["marks"] if self.probe is not None else None
            p.run(hold_ms - LONG_MS)
        else:
            p.run(hold_ms)
        p.button(name, False)
        ms = self.screen_ms = self.answer_ms(t0)
        if ms is not None and marks is not None and self.probe.read()["marks"] != marks:
            self.screen_ms = self.second_frame_ms(t0)
            if self.screen_ms is None:  # the mark was on the glass already (a long press's
                self.screen_ms = ms  # own, at its press): the one frame is the screen
            self.loads.append((label or name, ms, self.screen_ms))
            if self.screen_ms > LOADED_MS or self.screen_ms == ms:
                ms = self.screen_ms
        if count:
            self.presses.append((label or name, name, ms))
            first = frames(p.i2c, p.panel_addr, t0)[:1]
            if first and ms is not None:  # when its answer began to go out, and its size
                self.sent.append(((first[0][0] - t0) / 1e6, first[0][2]))
            else:
                self.sent.append((None, 0))
        if settle_ms:
            p.run(settle_ms)
        return ms

    def keys(self, names, label="", settle_ms=150, count=True):
        return [self.press(n, label, settle_ms=settle_ms, count=count) for n in names]

    def idle_busy_pct(self, ms):
        """Run `ms` with no input; the CPU's busy share (not sleeping in WFI/WFE), in %."""
        a = self.pico.stats()
        self.pico.run(ms)
        b = self.pico.stats()
        return 100.0 * (b["busy_ns"] - a["busy_ns"]) / max(1, b["t"] - a["t"])

    def wait_screen(self, test, limit_ms, step_ms=100):
        """Run until test(screen name) holds; the name then (or None past limit_ms)."""
        end = self.pico.ms + limit_ms
        while self.pico.ms < end:
            name = self.probe.screen()
            if test(name):
                return name
            self.pico.run(step_ms)
        return None

    def bot_game(self, limit_ms, hurry_ms=250, heap_every_ms=2000, heap=None):
        """A game with computer players only, played for up to limit_ms or to its game over:
        A pressed every hurry_ms (A runs a waiting move at once); the free heap after a
        collect every heap_every_ms into `heap`. Returns (emulated ms it took, its presses,
        whether it reached its game over)."""
        p = self.pico
        t0 = p.ms
        next_heap = t0 + heap_every_ms
        n = 0
        while p.ms - t0 < limit_ms:
            name = self.probe.screen()
            if "GameOverPanel" in name or name == "MainMenu":
                return p.ms - t0, n, True
            if heap is not None and p.ms >= next_heap:
                heap.append(self.probe.collect())
                next_heap = p.ms + heap_every_ms
            p.button("A", True)
            p.run(TAP_MS)
            p.button("A", False)
            p.run(hurry_ms)
            n += 1
        return p.ms - t0, n, False

    def leave_game(self, count=True):
        """The in-game menu (a long B), Abandon (UP from Resume wraps to it), confirmed."""
        self.press("B", "in-game menu", hold_ms=900, count=count)
        self.keys(["UP", "A", "A"], "leave", count=count)

    def saves(self, t0_ns, t1_ns):
        """(saves, sectors erased, pages programmed) between two times: a save is a run of
        flash operations under SAVE_GAP_MS apart."""
        ops = [op for op in self.pico.flash_ops if t0_ns <= op[0] < t1_ns]
        saves = 0
        last = None
        for t, _, _, _ in ops:
            if last is None or t - last > SAVE_GAP_MS * 1e6:
                saves += 1
            last = t
        erases = sum(1 for op in ops if op[1] == "erase")
        return saves, erases, len(ops) - erases


def boot_ms(pico, limit_ms=5000):
    """Run from power-on until the panel is lit and shows a picture; the end of that frame (ms)."""
    def lit():
        return pico.panel.lit() and any(pico.image())
    if not pico.run_until(lit, limit_ms, step_ms=10):
        return None
    ends = frame_ends(pico.i2c, pico.panel_addr, 0)
    return ends[-1] / 1e6 if ends else None
