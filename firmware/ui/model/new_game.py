"""What a new game is started with: the game, the seats (name, kind), who starts, the rules."""

from lama.score import MAX_PLAYERS, MIN_PLAYERS, Rules

PERSON = "person"  # a seat's kind: PERSON, or the name of a bot level ("random", "expert" ...)
FIRST_GAME_PLAYERS = 3  # a new game's table: the person and two computer players
_LEVEL_ORDER = ("random", "cautious", "expert")


class GameSetup:
    """`game` is a game id of lama.games; `seats` a list of (name, kind) in seat
    order, name up to 3 characters; `first` the seat that starts the first round (D5/C3);
    `rules` a lama.score.Rules (target, fixed rounds, Komarami)."""

    def __init__(self, game, seats, first=0, rules=None):
        self.game = game
        self.seats = seats
        self.first = first
        self.rules = rules if rules is not None else Rules()

    def names(self):
        return [seat[0] for seat in self.seats]

    def kinds(self):
        return [seat[1] for seat in self.seats]

    def people(self):
        """How many seats are people (two or more: hands are hidden between turns)."""
        n = 0
        for seat in self.seats:
            if seat[1] == PERSON:
                n += 1
        return n

    def valid(self):
        """2-6 seats (S1), a first player among them, every kind known for this game."""
        n = len(self.seats)
        if n < MIN_PLAYERS or n > MAX_PLAYERS or not 0 <= self.first < n:
            return False
        levels = bot_levels(self.game)
        for seat in self.seats:
            if seat[1] != PERSON and seat[1] not in levels:
                return False
        return True


def bot_levels(game):
    """The bot names of a game in a fixed order: random, cautious, expert, then the others
    (from lama.games: listing them loads neither the engine nor the bots)."""
    from lama.games import get

    bots = get(game).bot_names
    out = [n for n in _LEVEL_ORDER if n in bots]
    others = sorted(n for n in bots if n not in out)
    return out + others


def default_level(game):
    """The level a computer seat of a new game starts at: the middle one of bot_levels
    (weakest first), so that a first game is neither a walk-over nor a rout."""
    levels = bot_levels(game)
    return levels[(len(levels) - 1) // 2]
