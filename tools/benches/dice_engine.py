"""Benchmark of the LAMA Dice engine: time per action, a state's RAM, the save size (both interpreters).

`python3 -m benches.dice_engine` measures under CPython, then runs itself under the
MicroPython unix port ($MICROPYTHON, else the venv's `micropython`) and prints both.
"""

import sys

import paths

GAMES = 200


def measure():
    """Print the figures for the running interpreter."""
    import gc

    from arenas.engine_play import play_to_end
    from benches.timing import now_us, since_us
    from lama import codec, codec_read, dice
    from lama.dice_bots import BOTS
    from lama.rng import SeededRng
    from lama.score import Rules

    cautious = BOTS["cautious"]
    count = [0, 0]  # actions, us in the bots

    def after(action, events):
        count[0] += 1

    t0 = now_us()
    for seed in range(GAMES):
        rng = SeededRng(seed)
        st = dice.new_game(4, Rules(), seed % 4, rng)

        def choose(seat, acts, st=st, rng=rng):
            t1 = now_us()
            a = cautious(dice.view(st, seat), acts, rng)
            count[1] += since_us(t1)
            return a

        play_to_end(dice, st, choose, rng, after)
    total = since_us(t0)
    actions = count[0]
    t_engine = total - count[1]
    name = sys.implementation.name
    print(
        "%-11s %d games of 4 cautious bots, %d actions: engine %.1f us/action"
        " (legal_actions + apply + the loop), %.1f us/action with the bots"
        % (name, GAMES, actions, t_engine / actions, total / actions)
    )
    data = codec.encode(st)
    t1 = now_us()
    for _ in range(200):
        codec_read.decode(data)
    dec = since_us(t1) / 200
    print(
        "%-11s save of a 4-player game: %d bytes, decode+validate %.0f us" % (name, len(data), dec)
    )
    if hasattr(gc, "mem_free"):
        gc.collect()
        before = gc.mem_free()
        keep = dice.new_game(6, Rules(), 0, SeededRng(1))
        gc.collect()
        print("%-11s a 6-player DiceState takes %d bytes of heap" % (name, before - gc.mem_free()))
        assert keep


def main():
    measure()
    if sys.implementation.name == "micropython":
        return 0
    import subprocess

    argv, env = paths.micropython_command("benches.dice_engine")
    sys.stdout.flush()
    return subprocess.call(argv, env=env)


if __name__ == "__main__":
    sys.exit(main())
