"""LAMA Dice computer players `random`, `cautious` (issue 2) and `mixed`, the bot registry,
and the levels people choose (issue 16): easy = cautious, medium = mixed, hard = expert.

A bot is a function `choose(view, actions, rng) -> action`:
  view     lama.dice.View for the bot's seat (view.seat == view.turn); read-only
  actions  lama.dice.legal_actions(state), never empty when a bot is asked
  rng      a generator with randbelow(n) (lama.rng), the bot's own
It returns one element of `actions`. The driver applies (NEXT,) itself in ROUND_OVER.
BOTS maps a bot's name to its choose function; other modules add theirs with one line.
"""

from lama import dice
from lama.score import round_points
from lama.symbols import LLAMA, LLAMA_POINTS
from lama.thinking import mixed, on_first_call
from micropython import const

_CAUTIOUS_QUIT_POINTS = const(5)  # quit when the row scores this or fewer (S3)
_CAUTIOUS_QUIT_CARDS = const(2)  # ... or when another player still in holds this many or fewer


def choose_random(view, actions, rng):
    """A uniformly random legal action."""
    return actions[rng.randbelow(len(actions))]


def _card_points(s):
    return LLAMA_POINTS if s == LLAMA else s + 1


def choose_cautious(view, actions, rng):
    """Quit at a row worth 5 or less, or when another player still in the round holds 2
    cards or fewer; else roll. Discard every card it may. Take the llama-row card that
    raises its row's score least (ties: the lowest symbol)."""
    first = actions[0][0]
    row = view.rows[view.seat]
    if first == dice.ROLL or first == dice.QUIT:
        if round_points(row) <= _CAUTIOUS_QUIT_POINTS:
            return (dice.QUIT,)
        q = view.quit
        for i in range(view.n):
            if i != view.seat and not q[i]:
                held = 0
                for c in view.rows[i]:
                    held += c
                if held <= _CAUTIOUS_QUIT_CARDS:
                    return (dice.QUIT,)
        return (dice.ROLL,)
    if first == dice.DISCARD:
        return (dice.DISCARD, dice.allowed_discard(row, view.dice))
    if first == dice.TAKE:
        best = None
        best_gain = 0
        for a in actions:  # listed by increasing symbol, so ties keep the lowest
            s = a[1]
            gain = 0 if row[s] else _card_points(s)
            if best is None or gain < best_gain:
                best = a
                best_gain = gain
        return best
    return actions[0]


choose_expert, think_expert = on_first_call("lama.dice_expert")  # loaded once a game has it
choose_mixed, think_mixed = mixed(choose_expert, think_expert, choose_cautious)  # medium


# bots whose thinking the game screen spreads over frames: name -> a generator function of
# (view, actions, rng) that yields None after each slice of work, then the action (the
# same as the BOTS entry's); ui.games.session resumes it
THINKERS = {"expert": think_expert, "mixed": think_mixed, "medium": think_mixed, "hard": think_expert}


BOTS = {
    "random": choose_random,
    "cautious": choose_cautious,
    "mixed": choose_mixed,
    "expert": choose_expert,
    "easy": choose_cautious,
    "medium": choose_mixed,
    "hard": choose_expert,
}
