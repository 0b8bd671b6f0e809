"""The computer players' names of each game, without loading their code: the table of the
games (lama.games) lists them from here; lama.dice_bots and lama.card_bots hold the
functions under these very names (a test checks that they agree).

LEVELS are what people choose (issue 16); each registry maps them to one of its bots.
The other names are the bots themselves: for arenas and tests, and for games saved
before the levels existed (their seats name the bot, which still plays)."""

LEVELS = ("easy", "medium", "hard")  # written out below too: no tuple sum, no garbage at boot
DICE = ("random", "cautious", "mixed", "expert", "easy", "medium", "hard")
CARDS = ("random", "cautious", "expert1", "mixed", "expert", "easy", "medium", "hard")
