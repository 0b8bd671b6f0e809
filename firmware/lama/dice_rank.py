"""Layout of the expert's LAMA Dice value tables: a row's index (rank), the byte encoding."""

MAX_CARDS = 6  # rows of at most this many cards have a tabled value
SCALE = 6  # a stored byte b means (b - OFFSET) / SCALE points
OFFSET = 60  # so -10 points (a returned black token) is 0
TABLE_NAMES = ("ALONE_10", "ALONE_0", "MULTI_10", "MULTI_0")  # the tables, in file order
MAGIC = b"LDV1"  # dice_values.bin: MAGIC, MAX_CARDS, SCALE, OFFSET, tables, N_ROWS (u16 LE)
HEADER_SIZE = 10


def _binom(n, k):
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


# _G[L][m] = C(m + L + 1, L + 1): rows of L+1 symbols with at most m cards.
_G = tuple(tuple(_binom(m + L + 1, L + 1) for m in range(MAX_CARDS + 1)) for L in range(7))
N_ROWS = _G[6][MAX_CARDS]  # rows of 7 symbols with at most MAX_CARDS cards
# STEPS[i][s] - STEPS[i][s - c]: rows ranked before a row whose symbol i is c, at s cards left
STEPS = tuple(_G[6 - i] for i in range(6))


def rank(row):
    """The row's index in lexicographic order of all rows with at most MAX_CARDS cards,
    0 <= rank < N_ROWS; -1 when it holds more cards."""
    s = MAX_CARDS
    r = 0
    for i in range(6):
        c = row[i]
        if c > s:
            return -1
        if c:
            g = STEPS[i]
            r += g[s] - g[s - c]
            s -= c
    if row[6] > s:
        return -1
    return r + row[6]


def header():
    """The 10-byte header of dice_values.bin for this layout."""
    return MAGIC + bytes([MAX_CARDS, SCALE, OFFSET, len(TABLE_NAMES), N_ROWS & 255, N_ROWS >> 8])
