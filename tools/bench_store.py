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

GAMES = 40  # of each kind
BLOCKS = 352
CYCLES = 100_000


def host_main():
    import os
    import subprocess

    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    from sim import find_micropython

    mp = find_micropython()
    env = dict(os.environ)
    env["MICROPYPATH"] = ":".join([os.path.join(root, "firmware"), here, ".frozen"])
    return subprocess.call([mp, "-X", "heapsize=8M", os.path.abspath(__file__)], env=env, cwd=root)


def mp_main():
    import time

    from emu import ramflash
    from timing import percentile
    from lama import card_bots, cards, dice, dice_bots
    from lama.rng import SeededRng
    from ui.model.saves import Saves

    dev = ramflash.RamFlash(BLOCKS)
    ramflash.mkfs(dev)
    ramflash.mount(dev, "/f")
    saves = Saves("/f/data")
    seats = [("ANA", "cautious"), ("BOB", "random"), ("CY", "cautious"), ("DEE", "random")]
    print("flash: %d blocks of 4096 bytes, littlefs2 progsize 256 (as the rp2 port)" % BLOCKS)
    total_erases = 0
    total_games = 0
    for label, mod, bots in (("dice", dice, dice_bots.BOTS), ("cards", cards, card_bots.BOTS)):
        act_e = []
        act_b = []
        times = []
        turn_e = []
        turn_b = []
        round_e = []
        round_b = []
        game_e = []
        game_b = []
        end_e = []
        for g in range(GAMES):
            rng = SeededRng(1000 + g)
            bot_rng = SeededRng(2000 + g)
            state = mod.new_game(len(seats), None, g % len(seats), rng)
            ge = gb = re = rb = te = tb = 0
            while state.phase != mod.GAME_OVER:
                before = (state.turn, state.round_no)
                if state.phase == mod.ROUND_OVER:
                    action = (mod.NEXT,)
                else:
                    fn = bots[seats[state.turn][1]]
                    action = fn(mod.view(state, state.turn), mod.legal_actions(state), bot_rng)
                mod.apply(state, action, rng)
                if state.phase == mod.GAME_OVER:
                    break
                dev.reset_counts()
                t = time.ticks_us()
                saves.save_progress(state, seats)
                times.append(time.ticks_diff(time.ticks_us(), t))
                act_e.append(dev.erases)
                act_b.append(dev.bytes_programmed)
                re += dev.erases
                rb += dev.bytes_programmed
                te += dev.erases
                tb += dev.bytes_programmed
                if (state.turn, state.round_no) != before or state.phase == mod.ROUND_OVER:
                    turn_e.append(te)  # the player's turn is over (a roll and its choice)
                    turn_b.append(tb)
                    te = tb = 0
                if state.phase == mod.ROUND_OVER:
                    round_e.append(re)
                    round_b.append(rb)
                    ge += re
                    gb += rb
                    re = rb = 0
            ge += re
            gb += rb
            dev.reset_counts()
            saves.record_game_result(state, seats)
            saves.clear_progress()
            end_e.append(dev.erases)
            ge += dev.erases
            gb += dev.bytes_programmed
            game_e.append(ge)
            game_b.append(gb)
        n = len(act_e)
        total_erases += sum(game_e)
        total_games += len(game_e)
        print("%s: %d games, %d saved actions, %d rounds" % (label, GAMES, n, len(round_e)))
        print("  per action: %.3f erases (max %d), %d bytes programmed (median; max %d)"
              % (sum(act_e) / n, max(act_e), percentile(act_b, 50), max(act_b)))  # fmt: skip
        print("  per turn:   %.3f erases, %d bytes (mean; %d turns)"
              % (sum(turn_e) / len(turn_e), sum(turn_b) // len(turn_b), len(turn_e)))  # fmt: skip
        print("  per round:  %.2f erases, %d bytes (mean)"
              % (sum(round_e) / len(round_e), sum(round_b) // len(round_b)))  # fmt: skip
        print("  per game:   %.1f erases, %d bytes (mean); game end (stats + removing the"
              " save): %.1f erases" % (sum(game_e) / GAMES, sum(game_b) // GAMES,
                                       sum(end_e) / GAMES))  # fmt: skip
        print("  time to save after an action (unix port, emulated flash): median %d us,"
              " p95 %d us, max %d us"
              % (percentile(times, 50), percentile(times, 95), max(times)))  # fmt: skip
    counts = dev.erase_counts
    used = [c for c in counts if c]
    print("wear levelling: %d erases over %d games fell on %d of %d blocks; per block max %d"
          % (total_erases, total_games, len(used), BLOCKS, max(counts)))  # fmt: skip
    print("  (littlefs moves a metadata pair after block_cycles = 100 erases, so the busiest"
          " block stays near 100 while the erases spread)")  # fmt: skip
    per_game = total_erases / total_games
    free = BLOCKS - 40  # what the firmware's own files take, roughly (~160 KB)
    games = CYCLES * free / per_game
    print("flash wear: %.1f erases a game over ~%d free blocks at %d cycles per sector:"
          " ~%.1f million games (%.0f years at 50 games a day)"
          % (per_game, free, CYCLES, games / 1e6, games / 50 / 365))  # fmt: skip


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        mp_main()
    else:
        sys.exit(host_main())
