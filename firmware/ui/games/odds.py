"""Chances as the hint states them: k out of n in tenths."""


def tenths(k, n):
    """k/n to the nearest tenth, as an int 0..10."""
    return (k * 10 + n // 2) // n
