"""The computer players' names of each game, without loading their code: the table of the
games (lama.games) lists them from here; lama.dice_bots and lama.card_bots hold the
functions under these very names (a test checks that they agree).

LEVELS are what people choose (issue 16); each registry maps them to one of its bots.
The other names are the bots themselves: for arenas and tests, and for games saved
before the levels existed (their seats name the bot, which still plays). SEAT_NAMES are
the names computer players get at the table (their level shows beside them in the game's
table view)."""

LEVELS = ("easy", "medium", "hard")  # written out below too: no tuple sum, no garbage at boot
DICE = ("random", "cautious", "mixed", "expert", "easy", "medium", "hard")
CARDS = ("random", "cautious", "expert1", "mixed", "expert", "easy", "medium", "hard")

# three letters each: a seat's name is cut to lama.score.NAME_LENGTH
SEAT_NAMES = ("ADA", "BEN", "CLO", "DEV", "EVA", "FIN")


def seat_name(seat):
    """The name a computer player gets in seat 0..5 (a new-game default)."""
    return SEAT_NAMES[seat % len(SEAT_NAMES)]
