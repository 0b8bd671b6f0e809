"""A linked L.L.A.M.A. game on emulated Picos (the official firmware and the project, with the bench probe), wired by pico.link_wire and played through their buttons: the host's settings (a short game, computer players at once), Link game > Host, the others Join, the host's table, then each person's presses by a simple policy that reads what the probe shows (the screen, its page, whether this console's person may choose now); with the press-to-panel time of each move on every console, from the emulated clock.

A person whose turn it is plays the card under the cursor when there is one (the cursor
starts on the first card that may be played), else quits (RIGHT from Draw to Quit, A):
rounds stay short, and a refused Draw never comes up."""

import os

from pico import device, provision
from pico.link_wire import LinkedPicos
from pico.tour import TAP_MS, Probe, frames

GAP_MS = 120  # after a release, before the same console's next press (simulator.keys)
STEP_MS = 10  # the policy looks at every console this often


def short_game(rounds):
    """Main menu (first row) -> the settings: the game's target (40 -> 10 points) and its
    rounds (0: to the target; 1: one round), the computer players' pace (normal ->
    instant), back to the menu."""
    return (["DOWN"] * 3 + ["A"] + ["DOWN"] * 5 + ["LEFT"] * 6 + ["DOWN"] + ["RIGHT"] * rounds
            + ["DOWN"] * 2 + ["RIGHT"] * 2 + ["B"])


TO_LINK_FROM_SETTINGS = ["DOWN"] * 4 + ["A"]  # settings' row (3) -> Link game (7)
TO_LINK_FROM_TOP = ["UP", "A"]  # the menu's first row -> its last: Link game
PLACE_MS = 1500  # a console's settle after its last setup key
OFF_MS = 3000  # a power cut lasts this long (a console says "host lost" after 2.5 s)


def preset_flash(flashed, path, tmp, rounds=1):
    """`path`: a copy of `flashed` whose settings are already short_game(rounds) (set once
    on one Pico through its buttons and saved on its flash), for games that start from
    there (set_table(preset=True)): each console's settings then cost no emulated time."""
    game = LinkGame(flashed, 1, tmp)
    try:
        game.keys(0, ["A"])
        game.settle()
        game.wait_screen(0, lambda s: s.startswith("MainMenu"))
        game.keys(0, short_game(rounds))
        game.settle()
        game.wire.run(1000)  # (the settings saved)
        game.picos[0].save_flash(path)
    finally:
        game.close()
    return path


class LinkGame:
    """`n` Picos from the flash file `flashed` (provision.flashed(image, probe=True)), in
    `tmp`; Pico 0 hosts. `slice_ms`, `error`, `seed`, `burst`: LinkedPicos's."""

    def __init__(self, flashed, n, tmp, slice_ms=2.0, error=0.0, seed=1, burst=(0.0, 0)):
        self.picos = []
        try:
            for i in range(n):
                self.picos.append(device.Pico(provision.copy_of(
                    flashed, os.path.join(str(tmp), "link%d.bin" % i))))
            self.probes = [Probe(p) for p in self.picos]  # (each boots alone to its probe)
        except Exception:
            self.close()
            raise
        self.wire = LinkedPicos(self.picos, error=error, seed=seed, slice_ms=slice_ms,
                                stamps=True, burst=burst)
        self.queue = [[] for _ in range(n)]  # keys each console's person will press
        self.down = [None] * n  # (button, release at ms) held now
        self.free_at = [0.0] * n
        self.moves = []  # (console, t_ns on its clock) of the A of each move a person made
        self.move_at = [False] * n
        self.quits = 0  # turns where Draw was refused: Quit chosen
        self.asked = [0] * n  # each probe's frame count at its person's last keys

    def close(self):
        for p in self.picos:
            p.close()

    @property
    def ms(self):
        return self.wire.ms

    # --- presses --------------------------------------------------------------------------
    def keys(self, k, names):
        self.queue[k].extend(names)

    def idle(self, k):
        return not self.queue[k] and self.down[k] is None and self.ms >= self.free_at[k]

    def step(self, ms=STEP_MS):
        """Each console's next key goes down or up when due; every Pico runs `ms`."""
        for k, p in enumerate(self.picos):
            held = self.down[k]
            if held is not None:
                if self.ms >= held[1]:
                    p.button(held[0], False)
                    self.down[k] = None
                    self.free_at[k] = self.ms + GAP_MS
            elif self.queue[k] and self.ms >= self.free_at[k]:
                name = self.queue[k].pop(0)
                if name == "A" and self.move_at[k]:
                    self.move_at[k] = False
                    self.moves.append((k, p.t_ns))
                p.button(name, True)
                self.down[k] = (name, self.ms + TAP_MS)
        self.wire.run(ms)

    def settle(self, limit_ms=30000):
        """Run until every console has pressed all its keys."""
        end = self.ms + limit_ms
        while not all(self.idle(k) for k in range(len(self.picos))):
            if self.ms > end:
                raise RuntimeError("keys not pressed within %d ms" % limit_ms)
            self.step()

    def wait_screen(self, k, test, limit_ms=10000, step_ms=50):
        end = self.ms + limit_ms
        while not test(self.probes[k].screen()):
            if self.ms > end:
                raise RuntimeError("console %d: still on %s after %d ms:\n%s" % (
                    k, self.probes[k].screen(), limit_ms, self.picos[k].text()[-1500:]))
            self.step(step_ms)
        return self.probes[k].screen()

    # --- the table ------------------------------------------------------------------------
    def set_table(self, seats, rounds=1, preset=False):
        """Every console's settings (a short game: short_game(rounds); `preset`: already
        so, preset_flash's), then Link game > Host on the host, Link game > Join on the
        others (each its name: P1, Q1, R1 ...), then the host's table: L.L.A.M.A. with
        `seats` seats (the host's person and each console first, computer players after),
        Start; until every console is in the game."""
        n = len(self.picos)
        for k in range(n):
            self.keys(k, ["A"])  # the title
        self.settle()
        for k in range(n):
            self.wait_screen(k, lambda s: s.startswith("MainMenu"))
        to_link = TO_LINK_FROM_TOP if preset else short_game(rounds) + TO_LINK_FROM_SETTINGS
        self.keys(0, to_link + ["A"])  # Link game, Host
        for k in range(1, n):  # (each console's own pace of the moves shown: instant too)
            self.keys(k, to_link)
        self.settle()
        self.wait_screen(0, lambda s: s.startswith("HostScreen"))
        for k in range(1, n):
            self.wait_screen(k, lambda s: s.startswith("LinkMenu"))
            self.keys(k, ["DOWN", "A"])  # Join: the name screen
            self.settle()
            self.wait_screen(k, lambda s: s.startswith("NameScreen"))
            self.keys(k, ["UP"] * k + ["A", "A", "A"])  # P1 -> Q1, R1 ...
        self.settle()
        for k in range(1, n):
            self.wait_screen(k, lambda s: s.startswith("JoinScreen"))
        self.wire.run(PLACE_MS * max(1, n - 1))  # (each console found by a discovery slot)
        self.keys(0, ["DOWN", "A"])  # L.L.A.M.A.: its table
        self.settle()
        self.wait_screen(0, lambda s: s.startswith("LinkSetupScreen"))
        # the first table: the host's person, each linked console, the rest computers
        # (3 seats at least); RIGHT on the first row adds a seat
        self.keys(0, ["RIGHT"] * max(0, seats - max(3, n)) + ["UP", "A"])  # Start
        self.settle()
        for k in range(n):  # (a first game opens with how to play: play_to_end leaves it)
            self.wait_screen(k, lambda s: s.startswith(("CardsScreen", "HowToScreen")),
                             limit_ms=20000)

    def set_plain_table(self, seats, rounds=1):
        """The same on Pico 0 alone, not linked: its settings, main menu > L.L.A.M.A., its
        person and computer players (`seats` in all), Start."""
        self.keys(0, ["A"])
        self.settle()
        self.wait_screen(0, lambda s: s.startswith("MainMenu"))
        self.keys(0, short_game(rounds) + ["UP", "UP", "A"])  # settings' row -> L.L.A.M.A.
        self.settle()
        self.wait_screen(0, lambda s: s.startswith("SetupScreen"))
        self.keys(0, ["RIGHT"] * max(0, seats - 3) + ["UP", "A"])
        self.settle()
        self.wait_screen(0, lambda s: s.startswith(("CardsScreen", "HowToScreen")),
                         limit_ms=20000)

    def collect(self, k, settle_ms=60):
        """Pico k's free heap after a collect at its next frame (the probe's), the others
        running meanwhile."""
        probe = self.probes[k]
        probe._set("ask", 1)
        end = self.ms + 2000
        while probe.read()["ask"] and self.ms < end:
            self.wire.run(10)
        self.wire.run(settle_ms)
        return probe.read()["free_collected"]

    # --- playing ---------------------------------------------------------------------------
    def person_step(self, k, seen):
        """What console `k`'s person does now (from its probe's figures `seen`): the keys."""
        screen = seen["screen"]
        panel = screen.split("/", 1)[1] if "/" in screen else ""
        if screen.startswith("HowToScreen"):
            return ["B"]
        if not screen.startswith("CardsScreen"):
            return []
        if panel in ("GameOverPanel", "LinkLostPanel"):
            return []
        if panel:
            return ["A" if panel in ("RoundEndPanel", "CurtainPanel") else "B"]
        act = seen["to_act"]
        if act == 2:  # a result shown to read: A goes on
            return ["A"]
        if act >= 6:  # the cursor's choice + 8: a card, Draw (-1) or Quit (-2)
            self.move_at[k] = True  # (its A's time noted when it goes down)
            if act - 8 == -1:
                self.quits += 1
                return ["RIGHT", "A"]
            return ["A"]
        return []

    def over(self):
        return all(pr.screen().endswith("GameOverPanel") for pr in self.probes)

    def play_to_end(self, limit_ms, each=None):
        """Each person plays until every console shows its game-over page (True), or
        `limit_ms` have passed (False). `each(game)` is called between steps."""
        end = self.ms + limit_ms
        asked = self.asked  # the probe's frame count at each console's last keys
        while self.ms < end:
            if self.over():
                return True
            for k in range(len(self.picos)):
                if not self.idle(k):
                    continue
                seen = self.probes[k].read()
                if seen["frames"] - asked[k] < 3:  # (the keys' answer not read yet)
                    continue
                got = self.person_step(k, seen)
                if got:
                    asked[k] = seen["frames"]
                    self.keys(k, got)
            if each is not None:
                each(self)
            self.step()
        return self.over()

    # --- faults ----------------------------------------------------------------------------
    def power_cut(self, k, at_flash_op=None, limit_ms=20000, off_ms=OFF_MS):
        """Pico `k` switched off (its flash kept, RAM lost): now, or (`at_flash_op`: n, mid)
        at the n-th flash operation from now (a save's erase or program, cut halfway when
        mid: the save torn); off `off_ms`, the others running on; then on again, booted to
        its probe. Whether the cut came within `limit_ms`."""
        pico = self.picos[k]
        for name in ("A", "B", "UP", "DOWN", "LEFT", "RIGHT"):
            pico.button(name, False)
        self.queue[k] = []
        self.down[k] = None
        if at_flash_op is None:
            pico.power(False)
        else:
            pico.cut_power_at(*at_flash_op)
        cut = self.wire.run_until(lambda: not pico.stats()["powered"], limit_ms, step_ms=20)
        if not cut:
            return False
        self.wire.run(off_ms)
        said = pico.text().count("PICO-PROBE")
        pico.power(True)
        if not self.wire.run_until(lambda: pico.text().count("PICO-PROBE") > said, 10000):
            raise RuntimeError("Pico %d did not boot again:\n%s" % (k, pico.text()[-1500:]))
        self.probes[k] = Probe(pico)
        self.asked[k] = 0
        return True

    # --- what came out --------------------------------------------------------------------
    def texts(self):
        return [p.text() for p in self.picos]

    def final_scores(self):
        """Each console's final scores as its game holds them (the probe's copy of its
        session's result), None for one with no result yet."""
        out = []
        for pr in self.probes:
            seen = pr.read()
            n = seen["scored"]
            out.append([seen["score_%d" % i] for i in range(n)] if n else None)
        return out

    def answered_ms(self, k, t0_ns):
        """On Pico `k`: the end of its first panel frame starting after t0_ns (its clock), in
        ms after t0_ns, or None."""
        p = self.picos[k]
        got = frames(p.i2c, p.panel_addr, t0_ns)
        return (got[0][1] - t0_ns) / 1e6 if got else None
