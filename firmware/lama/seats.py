"""Who sits at a seat: a seat is a tuple (name, kind, detail), made and read only here.

Kinds:
  PERSON  a person at this console (detail None)
  BOT     a computer player (detail: its bot or level name, e.g. "cautious", "medium")
  LINKED  a person at another console of a linked game (detail: that console, 1..CONSOLES)

A saved game written by a newer firmware may name a kind (any other small int, its detail
the raw bytes it was saved with) or a bot this one does not know: `unplayable` tells, and the
screens ask what to do with such a seat (ui/screens/seat_question.py); nothing plays it
silently as another. Older firmware wrote a seat as (name, bot or None): `of` reads both.
No I/O here, nothing but tuples: a seat costs what a pair did, plus one slot."""

PERSON = 0
BOT = 1
LINKED = 2
CONSOLES = 5  # linked consoles are numbered 1..CONSOLES


def person(name):
    """A person at this console."""
    return (name, PERSON, None)


def bot(name, level):
    """A computer player of bot or level `level` (a name of lama.bot_names)."""
    return (name, BOT, level)


def linked(name, console):
    """A person at another console, number `console` (1..CONSOLES)."""
    return (name, LINKED, console)


def of(seat):
    """A seat from a seat or from an older firmware's (name, bot or None) pair."""
    if len(seat) == 3:
        return tuple(seat)
    return person(seat[0]) if seat[1] is None else bot(seat[0], seat[1])


def name(seat):
    return seat[0]


def kind(seat):
    """PERSON, BOT, LINKED (or, read from a newer firmware's save, a kind not known here)."""
    return seat[1]


def detail(seat):
    """The bot name of a BOT, the console of a LINKED seat, None for a PERSON."""
    return seat[2]


def bot_name(seat):
    """The bot name of a computer player's seat, None for any other."""
    return seat[2] if seat[1] == BOT else None


def is_person(seat):
    """A person plays the seat, here or at another console."""
    return seat[1] == PERSON or seat[1] == LINKED


def is_here(seat):
    """A person at this console plays the seat (its turns are taken on these buttons)."""
    return seat[1] == PERSON


def unplayable(seats, bot_names):
    """The indexes of the seats this firmware cannot seat, in seat order: every seat is
    playable but a computer player not named in `bot_names` (the game's lama.games row),
    a linked console out of 1..CONSOLES, and a kind not known here."""
    out = []
    for i in range(len(seats)):
        k = seats[i][1]
        d = seats[i][2]
        if not (k == PERSON or k == BOT and d in bot_names
                or k == LINKED and isinstance(d, int) and 1 <= d <= CONSOLES):
            out.append(i)
    return out
