"""The computer players' names of each game, without loading their code: the table of the
games (lama.games) lists them from here; lama.dice_bots and lama.card_bots hold the
functions under these very names (a test checks that they agree)."""

DICE = ("random", "cautious", "expert")
CARDS = ("random", "cautious", "expert")
