"""Flash cost of saving (make bench): erases and bytes per action, round and game; wear; time.

Runs itself under the MicroPython unix port ($MICROPYTHON, else the venv's) on a littlefs2
RAM flash of the Pico's geometry and size (4 KB blocks; the rp2 port's file system on a
2 MB Pico is 1.4 MB = 352 blocks), formatted as the rp2 port does (progsize 256). Plays
games of each kind with four computer players and saves as the firmware does: the game
after every action (ui/model/saves.py save_progress), the statistics and the removal of the
saved game at the end. Prints block erases and bytes programmed per action, per round
and per game, how evenly littlefs spread the erases over the blocks, what that means
against the RP2040 flash's ~100,000 erase cycles per sector, and the time one save takes
on this machine (the Pico is tens of times slower)."""

import sys

import paths

GAMES = 40  # of each kind
BLOCKS = 352
CYCLES = 100_000


def host_main():
    import subprocess

    argv, env = paths.micropython_command("benches.store")
    argv[1:1] = ["-X", "heapsize=8M"]
    return subprocess.call(argv, env=env, cwd=paths.ROOT)


class Figures:
    """Saves a game after every action as the firmware does and counts the flash's block
    erases and bytes programmed per action, turn, round and game."""

    def __init__(self, dev, saves, seats, mod):
        self.dev, self.saves, self.seats, self.mod = dev, saves, seats, mod
        self.act_e, self.act_b, self.times = [], [], []
        self.turn_e, self.turn_b, self.round_e, self.round_b = [], [], [], []
        self.game_e, self.game_b, self.end_e = [], [], []

    def new_game(self, state):
        self.state = state
        self.at = (state.turn, state.round_no)  # before the next action
        self.game = [0, 0]  # erases, bytes
        self.round = [0, 0]
        self.turn = [0, 0]

    def after(self, action, events):
        """play_to_end's hook: save the game as it stands (not once it is over)."""
        import time

        state, dev = self.state, self.dev
        before, self.at = self.at, (state.turn, state.round_no)
        if state.phase == self.mod.GAME_OVER:
            return
        dev.reset_counts()
        t = time.ticks_us()
        self.saves.save_progress(state, self.seats)
        self.times.append(time.ticks_diff(time.ticks_us(), t))
        self.act_e.append(dev.erases)
        self.act_b.append(dev.bytes_programmed)
        for acc in (self.round, self.turn):
            acc[0] += dev.erases
            acc[1] += dev.bytes_programmed
        if self.at != before or state.phase == self.mod.ROUND_OVER:
            self.turn_e.append(self.turn[0])  # the player's turn is over (a roll and its choice)
            self.turn_b.append(self.turn[1])
            self.turn = [0, 0]
        if state.phase == self.mod.ROUND_OVER:
            self.round_e.append(self.round[0])
            self.round_b.append(self.round[1])
            self.game[0] += self.round[0]
            self.game[1] += self.round[1]
            self.round = [0, 0]

    def end_game(self):
        """The game's end: the statistics recorded and the saved game removed."""
        dev = self.dev
        ge = self.game[0] + self.round[0]
        gb = self.game[1] + self.round[1]
        dev.reset_counts()
        self.saves.record_game_result(self.state, self.seats)
        self.saves.clear_progress(self.state.GAME)
        self.end_e.append(dev.erases)
        self.game_e.append(ge + dev.erases)
        self.game_b.append(gb + dev.bytes_programmed)


def mp_main():
    from emu import ramflash
    from benches.timing import percentile
    from lama import card_bots, cards, dice, dice_bots
    from lama.rng import SeededRng
    from ui.model.saves import Saves

    from arenas.engine_play import bot_chooser, play_to_end

    dev = ramflash.RamFlash(BLOCKS)
    ramflash.mkfs(dev)
    ramflash.mount(dev, "/f")
    saves = Saves("/f/data")
    seats = [("ANA", "cautious"), ("BOB", "random"), ("CY", "cautious"), ("DEE", "random")]
    print("flash: %d blocks of 4096 bytes, littlefs2 progsize 256 (as the rp2 port)" % BLOCKS)
    total_erases = 0
    total_games = 0
    for label, mod, bots in (("dice", dice, dice_bots.BOTS), ("cards", cards, card_bots.BOTS)):
        fig = Figures(dev, saves, seats, mod)
        for g in range(GAMES):
            rng = SeededRng(1000 + g)
            bot_rng = SeededRng(2000 + g)
            state = mod.new_game(len(seats), None, g % len(seats), rng)
            fns = [bots[s[1]] for s in seats]
            fig.new_game(state)
            play_to_end(mod, state, bot_chooser(mod, state, fns, [bot_rng] * len(fns)), rng, fig.after)
            fig.end_game()
        act_e, act_b, times = fig.act_e, fig.act_b, fig.times
        turn_e, turn_b, round_e, round_b = fig.turn_e, fig.turn_b, fig.round_e, fig.round_b
        game_e, game_b, end_e = fig.game_e, fig.game_b, fig.end_e
        n = len(act_e)
        total_erases += sum(game_e)
        total_games += len(game_e)
        print("%s: %d games, %d saved actions, %d rounds" % (label, GAMES, n, len(round_e)))
        print("  per action: %.3f erases (max %d), %d bytes programmed (median; max %d)"
              % (sum(act_e) / n, max(act_e), percentile(act_b, 50), max(act_b)))
        print("  per turn:   %.3f erases, %d bytes (mean; %d turns)"
              % (sum(turn_e) / len(turn_e), sum(turn_b) // len(turn_b), len(turn_e)))
        print("  per round:  %.2f erases, %d bytes (mean)"
              % (sum(round_e) / len(round_e), sum(round_b) // len(round_b)))
        print("  per game:   %.1f erases, %d bytes (mean); game end (stats + removing the"
              " save): %.1f erases" % (sum(game_e) / GAMES, sum(game_b) // GAMES,
                                       sum(end_e) / GAMES))
        print("  time to save after an action (unix port, emulated flash): median %d us,"
              " p95 %d us, max %d us"
              % (percentile(times, 50), percentile(times, 95), max(times)))
    counts = dev.erase_counts
    used = [c for c in counts if c]
    print("wear levelling: %d erases over %d games fell on %d of %d blocks; per block max %d"
          % (total_erases, total_games, len(used), BLOCKS, max(counts)))
    print("  (littlefs moves a metadata pair after block_cycles = 100 erases, so the busiest"
          " block stays near 100 while the erases spread)")
    per_game = total_erases / total_games
    free = BLOCKS - 40  # what the firmware's own files take, roughly (~160 KB)
    games = CYCLES * free / per_game
    print("flash wear: %.1f erases a game over ~%d free blocks at %d cycles per sector:"
          " ~%.1f million games (%.0f years at 50 games a day)"
          % (per_game, free, CYCLES, games / 1e6, games / 50 / 365))


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        mp_main()
    else:
        sys.exit(host_main())
