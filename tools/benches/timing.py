"""Microsecond clock, percentiles and the games that time an expert bot, for the benchmarks,
alike under python3 and micropython."""

import time


def now_us():
    """A microsecond tick: time.ticks_us() on MicroPython, perf_counter() under CPython."""
    if hasattr(time, "ticks_us"):
        return time.ticks_us()
    return int(time.perf_counter() * 1000000)


def since_us(t0):
    """Microseconds from the tick t0 (now_us()) to now (ticks_diff where ticks wrap)."""
    if hasattr(time, "ticks_diff"):
        return time.ticks_diff(time.ticks_us(), t0)
    return now_us() - t0


def percentile(values, q):
    """The q-th percentile (0..100) of values: the element at n*q//100 of their sorted copy
    (the largest for q = 100)."""
    v = sorted(values)
    return v[min(len(v) - 1, (len(v) * q) // 100)]


def expert_games(engine, games, n, seed, rules_of, first_of, timed, other):
    """`games` games of `engine` between n bots, seat g % n of game g the expert: its
    decisions go to timed(state, seat, actions, bot_rng) (which times and returns the
    expert's choice), the other seats play other(view, actions, bot_rng). The deals draw
    from SeededRng(seed), every bot from one SeededRng(seed + 1); game g is dealt with
    rules_of(g) and seat first_of(g) first."""
    from arenas.engine_play import play_to_end
    from lama.rng import SeededRng

    rng = SeededRng(seed)
    bot_rng = SeededRng(seed + 1)
    for g in range(games):
        seat = g % n
        st = engine.new_game(n, rules_of(g), first_of(g), rng)

        def choose(p, actions, st=st, seat=seat):
            if p == seat:
                return timed(st, p, actions, bot_rng)
            return other(engine.view(st, p), actions, bot_rng)

        play_to_end(engine, st, choose, rng)
