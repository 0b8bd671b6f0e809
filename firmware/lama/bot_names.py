"""The computer players' names of each game, without loading their code: the table of the
games (lama.games) lists them from here; lama.dice_bots and lama.card_bots hold the
functions under these very names (a test checks that they agree). SEAT_NAMES are the
names computer players get at the table (their level shows beside them in the game's
table view)."""

DICE = ("random", "cautious", "expert")
CARDS = ("random", "cautious", "expert")

# three letters each: a seat's name is cut to ui.games.session.NAME_MAX
SEAT_NAMES = ("ADA", "BEN", "CLO", "DEV", "EVA", "FIN")


def seat_name(seat):
    """The name a computer player gets in seat 0..5 (a new-game default)."""
    return SEAT_NAMES[seat % len(SEAT_NAMES)]
