"""What both games share (RULES S): round points, tokens, returning a token, game end, winners."""

from lama import native as micropython  # @micropython.native: lama.native
from lama.symbols import LLAMA, LLAMA_POINTS
from micropython import const

# the games' ids (the codec's and the saves'), here below the engines and lama.games, which
# names the engines' modules and both import
GAME_DICE = 1
GAME_CARDS = 2
MIN_PLAYERS = 2  # S1
MAX_PLAYERS = 6  # S1
NAME_LENGTH = 3  # a seat's name: its initials, on the screens and in the saves
# the phases every game shares (lama.match): between two rounds, and the game over (the
# saves test them without loading a game's code)
ROUND_OVER = 3
GAME_OVER = 4
_DEFAULT_TARGET = const(40)  # S5


class Rules:
    """Game settings (S6, C12): end at `target` points, or after `rounds` rounds when > 0."""

    def __init__(self, target=_DEFAULT_TARGET, rounds=0, komarami=False):
        self.target = target
        self.rounds = rounds
        self.komarami = komarami

    def __eq__(self, other):
        return (
            isinstance(other, Rules)
            and self.target == other.target
            and self.rounds == other.rounds
            and self.komarami == other.komarami
        )


def check_players(n):
    """S1: a game seats 2 to 6 players."""
    from lama.errors import RuleError

    if n < MIN_PLAYERS or n > MAX_PLAYERS:
        raise RuleError("S1", "a game needs 2 to 6 players, not " + str(n))


@micropython.native
def round_points(counts, llama_each=False):
    """S3: distinct number values once each, plus 10 if any llama (C12: 10 per llama)."""
    pts = 0  # the six number values unrolled: the bots' play-outs count points every turn
    if counts[0]:
        pts = 1
    if counts[1]:
        pts += 2
    if counts[2]:
        pts += 3
    if counts[3]:
        pts += 4
    if counts[4]:
        pts += 5
    if counts[5]:
        pts += 6
    if counts[LLAMA]:
        pts += LLAMA_POINTS * counts[LLAMA] if llama_each else LLAMA_POINTS
    return pts


def tokens(score):
    """S2: a score as (black, white) tokens."""
    return score // 10, score % 10


def token_to_return(score):
    """S4: the value of the token a player returns: 10 if they can, else 1, else 0."""
    if score >= 10:
        return 10
    if score >= 1:
        return 1
    return 0


def finish_round(scores, points, emptied, rules, rounds_played):
    """S4/S5/S6 after a round: add points, return a token for each player who emptied
    their cards (D15, C11), and say whether the game is over.

    `scores` is updated in place; returns (returned, game_over) where returned[i] is the
    token value player i gave back."""
    returned = [0] * len(scores)
    for i in range(len(scores)):
        scores[i] += points[i]
        if emptied[i]:
            value = token_to_return(scores[i])
            scores[i] -= value
            returned[i] = value
    return returned, game_over(scores, rules, rounds_played)


def game_over(scores, rules, rounds_played):
    """S5/S6: the game ends after a round once someone has `target` points or more, or,
    in the fixed-rounds variant, once that many rounds are played."""
    if rules.rounds > 0:
        return rounds_played >= rules.rounds
    for s in scores:
        if s >= rules.target:
            return True
    return False


def winners(scores):
    """S5: the seats with the fewest points (ties share the win)."""
    low = min(scores)
    return [i for i in range(len(scores)) if scores[i] == low]
