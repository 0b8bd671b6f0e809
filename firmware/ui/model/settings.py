"""The device settings: values with defaults, ranges and validation, a byte encoding for the
store (untrusted bytes give defaults), and applying them live to the board."""

VERSION = 1

# name, lowest, highest, default, step (all small non-negative ints; booleans are 0/1)
FIELDS = (
    ("contrast", 1, 8, 6, 1),  # panel contrast level, 1 (dim) .. 8 (bright)
    ("sound", 0, 1, 1, 1),
    ("flip", 0, 1, 0, 1),  # turn the picture 180 degrees
    ("repeat", 0, 2, 1, 1),  # auto-repeat speed: slow, normal, fast
    ("language", 0, 1, 0, 1),  # ui.text.lang.use: English, French
    ("target", 10, 100, 40, 5),  # S5/S6: the game ends at this many points
    ("rounds", 0, 20, 0, 1),  # S6: fixed number of rounds (0 = play to the target)
    ("komarami", 0, 1, 0, 1),  # C12: Lato z Komarami
    ("speed", 0, 3, 1, 1),  # computer players' pace: slow, normal, fast, instant
)
FIELDS_V1 = 8  # fields the first saves had: older, shorter bytes load (the rest default)

# auto-repeat (delay_ms, interval_ms) for each speed
REPEAT_TIMES = ((600, 200), (400, 120), (250, 70))


def contrast_value(level):
    """The panel contrast (0..255) for a level 1..8."""
    return level * 32 - 1


class Settings:
    """One attribute per FIELDS entry; always within range."""

    def __init__(self):
        self.reset()

    def reset(self):
        for f in FIELDS:
            setattr(self, f[0], f[3])

    def get(self, name):
        return getattr(self, name)

    def set(self, name, value):
        """Set a field; a value that is not an int in range gives the default. Returns the
        value kept."""
        f = field(name)
        if f is None:
            return None
        if not isinstance(value, int) or value < f[1] or value > f[2] or (value - f[1]) % f[4]:
            value = f[3]
        setattr(self, name, value)
        return value

    def step(self, name, delta):
        """Move a field by delta steps, wrapping round at its ends; returns the new value."""
        f = field(name)
        lo, hi, st = f[1], f[2], f[4]
        n = (hi - lo) // st + 1
        i = ((getattr(self, name) - lo) // st + delta) % n
        setattr(self, name, lo + i * st)
        return getattr(self, name)

    def to_bytes(self):
        """VERSION, then one byte per field in FIELDS order (new fields go at the end)."""
        out = bytearray(1 + len(FIELDS))
        out[0] = VERSION
        for i in range(len(FIELDS)):
            out[1 + i] = getattr(self, FIELDS[i][0])
        return bytes(out)

    def load(self, data):
        """Take values from untrusted bytes: a wrong version or length gives all defaults,
        a field out of range gives that field's default; the shorter bytes of an older
        firmware (FIELDS_V1 fields and up) leave the fields they lack at their defaults.
        Returns True if all was valid."""
        self.reset()
        try:
            n = len(data) - 1
            if n < FIELDS_V1 or n > len(FIELDS) or data[0] != VERSION:
                return False
        except TypeError:
            return False
        ok = True
        for i in range(n):
            name = FIELDS[i][0]
            if self.set(name, data[1 + i]) != data[1 + i]:
                ok = False
        return ok

    def rules(self):
        """The game rules these settings choose (lama.score.Rules)."""
        from lama.score import Rules

        return Rules(self.target, self.rounds, bool(self.komarami))

    def apply(self, board):
        """Make the settings take effect now: contrast, flip, mute, key repeat, language."""
        from ui.text import lang

        display = board.display
        if getattr(board, "power", None) is not None:
            board.power.set_contrast(contrast_value(self.contrast))  # it dims from there
        else:
            display.contrast(contrast_value(self.contrast))
        display.flip(bool(self.flip))
        board.sound.mute(not self.sound)
        delay, interval = REPEAT_TIMES[self.repeat]
        board.buttons.set_repeat(delay, interval)
        lang.use(self.language)


def field(name):
    """The FIELDS entry called name, or None."""
    for f in FIELDS:
        if f[0] == name:
            return f
    return None


def from_bytes(data):
    """A Settings from untrusted bytes (defaults where they are not valid)."""
    s = Settings()
    s.load(data)
    return s
