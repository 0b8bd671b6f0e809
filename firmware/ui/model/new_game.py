"""What a new game is started with: the game, the seats (name, kind), who starts, the rules."""

from lama.score import MAX_PLAYERS, MIN_PLAYERS, Rules

PERSON = "person"  # a seat's kind: PERSON, or a level ("easy", "medium", "hard": issue 16)
FIRST_GAME_PLAYERS = 3  # a new game's table: the person and two computer players


class GameSetup:
    """`game` is a game id of lama.games; `seats` a list of (name, kind) in seat
    order, name up to 3 characters; `first` the seat that starts the first round (D5/C3);
    `rules` a lama.score.Rules (target, fixed rounds, Komarami)."""

    def __init__(self, game, seats, first=0, rules=None):
        self.game = game
        self.seats = seats
        self.first = first
        self.rules = rules if rules is not None else Rules()

    def valid(self):
        """2-6 seats (S1), a first player among them, every kind known for this game."""
        n = len(self.seats)
        if n < MIN_PLAYERS or n > MAX_PLAYERS or not 0 <= self.first < n:
            return False
        from lama.games import get

        bots = get(self.game).bot_names
        for seat in self.seats:
            if seat[1] != PERSON and seat[1] not in bots:
                return False
        return True


def bot_levels():
    """The levels a person may give a computer player, weakest first (from lama.bot_names:
    listing them loads neither the engine nor the bots). Both games have the same three;
    each game's registry maps them to its bots."""
    from lama.bot_names import LEVELS

    return list(LEVELS)


def default_level():
    """The level a computer seat of a new game starts at: the middle one of bot_levels
    (weakest first), so that a first game is neither a walk-over nor a rout."""
    levels = bot_levels()
    return levels[(len(levels) - 1) // 2]
