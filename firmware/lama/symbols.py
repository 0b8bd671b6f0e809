"""Card and die symbols 1-6 and the llama, and the 7-count form of a set of cards."""

SYMBOLS = "123456L"
LLAMA = 6  # index of the llama in a 7-count
SIX = 5  # index of the 6: a hand holding one scores more than 5 (a play-out's quick test)
N_SYMBOLS = 7
LLAMA_POINTS = 10


def new_counts():
    """An empty set of cards: seven counts, one per symbol 1..6, L."""
    return bytearray(N_SYMBOLS)


def counts_to_str(counts):
    """'1335L' for counts; sorted 123456L, one character per card."""
    out = ""
    for i in range(N_SYMBOLS):
        out += SYMBOLS[i] * counts[i]
    return out


def str_to_counts(text):
    """The inverse of counts_to_str (any order accepted)."""
    counts = new_counts()
    for ch in text:
        i = SYMBOLS.find(ch)
        if i < 0:
            raise ValueError("not a symbol: " + ch)
        counts[i] += 1
    return counts


def total(counts):
    """Number of cards in a 7-count."""
    n = 0
    for c in counts:
        n += c
    return n
