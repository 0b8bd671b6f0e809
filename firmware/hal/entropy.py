"""Random bytes for the engine's hardware generator (os.urandom: the RP2040's ring oscillator)."""


class Entropy:
    """`read(n)` returns n random bytes from `source` (default os.urandom)."""

    def __init__(self, source=None):
        if source is None:
            import os

            source = os.urandom
        self._source = source

    def read(self, n):
        """n random bytes."""
        return self._source(n)
