"""The computer players' names of each game, without loading their code: the new-game
setup lists them from here; lama.dice_bots and lama.card_bots hold the functions under
these very names (a test checks that they agree)."""

DICE = ("random", "cautious", "expert")
CARDS = ("random", "cautious", "expert")


def names_of(game):
    """The bot names of game id 1 (LAMA Dice, lama.codec.GAME_DICE) or 2 (L.L.A.M.A.)."""
    return DICE if game == 1 else CARDS
