"""Microsecond clock and percentiles for the benchmarks, alike under python3 and micropython."""

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
