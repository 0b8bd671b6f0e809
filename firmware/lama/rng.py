"""Random generators with `randbelow(n)`: a seeded one for tests and replays, and one that
maps hardware random bytes to values without bias (D22); shuffles (the L.L.A.M.A. expert's
cheap shuffler for its sampled deals is lama.card_expert.SampleShuffler)."""

from micropython import const

_MASK15 = const(0x7FFF)
_MASK30 = const(0x3FFFFFFF)
# x' = (A * x + C) mod 2**30, computed in 15-bit halves so that no intermediate value
# reaches 2**30: MicroPython's small ints hold it on the Pico, and both interpreters agree.
_A_HI = 29773421 >> 15
_A_LO = 29773421 & _MASK15
_C_HI = 12345 >> 15
_C_LO = 12345 & _MASK15
# seeded runs (tools, tests): the dice and deals come from SeededRng(seed), the bots' own
# generator from SeededRng(seed ^ BOT_SEED_SALT)
BOT_SEED_SALT = 0x15A5A5A5


class SeededRng:
    """A small deterministic generator (30-bit LCG, output from its high bits)."""

    def __init__(self, seed=0):
        self.state = seed & _MASK30

    def _next15(self):
        x = self.state
        xh = x >> 15
        xl = x & _MASK15
        lo = _A_LO * xl + _C_LO  # < 2**30
        mid = ((_A_LO * xh) & _MASK15) + ((_A_HI * xl) & _MASK15) + (lo >> 15) + _C_HI
        self.state = ((mid & _MASK15) << 15) | (lo & _MASK15)
        return self.state >> 15

    def randbelow(self, n):
        """A uniform integer in [0, n), 1 <= n <= 2**30, by rejection."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        if n <= 0x8000:
            limit = (0x8000 // n) * n
            while True:
                v = self._next15()
                if v < limit:
                    return v % n
        limit = (0x40000000 // n) * n
        while True:
            v = (self._next15() << 15) | self._next15()
            if v < limit:
                return v % n


class HardwareRng:
    """Uniform values from a source of random bytes (`read(n)` -> bytes, e.g. os.urandom).

    Rejection sampling: a byte b is used only when b < k*n for the largest such k*n <= 256,
    and then maps to b // k, so every value is exactly equally likely (D22)."""

    def __init__(self, read, chunk=16):
        self._read = read
        self._chunk = chunk
        self._buf = b""
        self._pos = 0

    def _byte(self):
        if self._pos >= len(self._buf):
            self._buf = self._read(self._chunk)
            self._pos = 0
        b = self._buf[self._pos]
        self._pos += 1
        return b

    def randbelow(self, n):
        """A uniform integer in [0, n), 1 <= n <= 65536."""
        if n <= 0:
            raise ValueError("randbelow needs n >= 1")
        if n <= 256:
            k = 256 // n
            limit = k * n
            while True:
                b = self._byte()
                if b < limit:
                    return b // k
        if n > 65536:
            raise ValueError("randbelow supports n <= 65536")
        k = 65536 // n
        limit = k * n
        while True:
            v = (self._byte() << 8) | self._byte()
            if v < limit:
                return v // k


def shuffle(items, rng):
    """Fisher-Yates shuffle of a list or bytearray in place, with rng.randbelow."""
    i = len(items) - 1
    while i > 0:
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]
        i -= 1
