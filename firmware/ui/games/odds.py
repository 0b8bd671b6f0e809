"""Numbers the hint states: chances in tenths, and how close the others are to going out."""

from lama.symbols import total

R_QUIT_RACE = "quit_race"  # a hint's reason (both games'): cards held by the closest other player


def tenths(k, n):
    """k/n to the nearest tenth, as an int 0..10; 0 and 10 only when none or all are
    (a sentence "10 in 10" is kept for a sure thing, which has words of its own)."""
    t = (k * 10 + n // 2) // n
    if t == 0 and k > 0:
        return 1
    if t == 10 and k < n:
        return 9
    return t


def closest(st, held):
    """The fewest cards held (`held`: each seat's 7-count) by another player still in the
    round, or 99 when none is."""
    close = 99
    for i in range(st.n):
        if i != st.turn and not st.quit[i]:
            close = min(close, total(held[i]))
    return close
