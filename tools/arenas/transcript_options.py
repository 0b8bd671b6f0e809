"""The command line of tools/transcript.py (TRANSCRIPT.md): its options, their checks, and
UsageError for a bad one. Runs unchanged under python3 and micropython."""

USAGE = (
    "usage: transcript.py --game dice|cards --seed N --games K --players a,b[,...]"
    " [--first P] [--target T] [--rounds R] [--variant classic|komarami]"
)


class Options:
    """The parsed command line."""

    def __init__(self):
        self.game = "dice"
        self.seed = 0
        self.games = 1
        self.players = []
        self.first = 0
        self.target = 40
        self.rounds = 0
        self.variant = "classic"


class UsageError(ValueError):
    """A bad command line."""


def _int(name, text, lo, hi):
    try:
        v = int(text)
    except ValueError:
        raise UsageError(name + " needs a whole number, not " + repr(text))
    if v < lo or v > hi:
        raise UsageError(name + " must be between " + str(lo) + " and " + str(hi))
    return v


def parse_args(args):
    """Options from the arguments after the script name; UsageError when they are bad."""
    o = Options()
    i = 0
    while i < len(args):
        key = args[i]
        if i + 1 >= len(args):
            raise UsageError(key + " needs a value")
        val = args[i + 1]
        i += 2
        if key == "--game":
            if val != "dice" and val != "cards":
                raise UsageError("--game is dice or cards, not " + repr(val))
            o.game = val
        elif key == "--seed":
            o.seed = _int(key, val, 0, 0x3FFFFFFF)
        elif key == "--games":
            o.games = _int(key, val, 1, 1000000)
        elif key == "--players":
            o.players = [p for p in val.split(",")]
        elif key == "--first":
            o.first = _int(key, val, 0, 5)
        elif key == "--target":
            o.target = _int(key, val, 1, 9999)
        elif key == "--rounds":
            o.rounds = _int(key, val, 0, 9999)
        elif key == "--variant":
            if val != "classic" and val != "komarami":
                raise UsageError("--variant is classic or komarami, not " + repr(val))
            o.variant = val
        else:
            raise UsageError("unknown option " + key)
    if len(o.players) < 2 or len(o.players) > 6:
        raise UsageError("--players names 2 to 6 bots, comma-separated")
    for p in o.players:
        if not p:
            raise UsageError("--players has an empty name")
    if o.first >= len(o.players):
        raise UsageError("--first must be a seat 0.." + str(len(o.players) - 1))
    return o
