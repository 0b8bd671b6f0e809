"""L.L.A.M.A. card game computer players `random`, `cautious`, `expert1` (issue 3) and
`mixed`, the registry with `expert` (lama.card_expert, issue 16), and the levels people
choose: easy = cautious, medium = mixed, hard = expert. expert1's judgement of drawing
against quitting, which expert shares, is lama/card_playouts.py.

A bot is a function `choose(view, actions, rng) -> action`, as in lama.dice_bots:
  view     lama.cards.View for the bot's seat: only what that player may know (C14)
  actions  lama.cards.legal_actions(state), never empty when a bot is asked
  rng      a generator with randbelow(n) (lama.rng), the bot's own
It returns one element of `actions`. The driver applies (NEXT,) itself in ROUND_OVER.
"""

from lama import cards, load
from lama.thinking import decided, mixed, on_first_call

PLAYOUTS = "lama.card_playouts"  # imported by a bot's first call (lama.games: an expert's helper)




def choose_random(view, actions, rng):
    """A uniformly random legal action."""
    return actions[rng.randbelow(len(actions))]


def choose_cautious(view, actions, rng):
    """Play the playable value it holds most copies of (ties: the higher value); else draw
    if it may and its hand scores more than 5 points (C10); else quit."""
    hand = view.hand
    best = None
    for a in actions:
        if a[0] == cards.PLAY and (best is None or hand[a[1]] >= hand[best[1]]):
            best = a  # plays are listed lowest value first, so >= keeps the higher on ties
    if best is not None:
        return best
    if (actions[0][0] == cards.DRAW
            and cards.hand_points(hand, view.rules) > load(PLAYOUTS).CAUTIOUS_DRAW_POINTS):
        return actions[0]
    return (cards.QUIT,)


def think_expert1(view, actions, rng):
    """Generator: expert1's decision, yielding None after each slice of its play-outs
    (see THINKERS), then the action: play if it can, a card of the top's value before the
    next value; else draw when draw_steps says so; else quit. Deterministic; sees only its
    view (C14)."""
    play = None
    for a in actions:
        if a[0] == cards.PLAY:
            if a[1] == view.top:
                yield a
                return
            play = a
    if play is not None:
        yield play
        return
    if actions[0][0] == cards.DRAW:
        draws = [False]
        yield from load(PLAYOUTS).draw_steps(view, draws)
        if draws[0]:
            yield actions[0]
            return
    yield (cards.QUIT,)


def choose_expert1(view, actions, rng):
    """expert1's decision (think_expert1), all at once."""
    return decided(think_expert1(view, actions, rng))


choose_expert, think_expert = on_first_call("lama.card_expert")  # issue 16: loaded once a game has it
choose_mixed, think_mixed = mixed(choose_expert1, think_expert1, choose_cautious)  # medium


# bots whose thinking the game screen spreads over frames: name -> a generator function of
# (view, actions, rng) that yields None after each slice of work, then the action (the
# same as the BOTS entry's); ui.games.session resumes it once a frame
THINKERS = {
    "expert1": think_expert1,
    "expert": think_expert,
    "mixed": think_mixed,
    "medium": think_mixed,
    "hard": think_expert,
}

BOTS = {
    "random": choose_random,
    "cautious": choose_cautious,
    "expert1": choose_expert1,
    "expert": choose_expert,
    "mixed": choose_mixed,
    "easy": choose_cautious,
    "medium": choose_mixed,
    "hard": choose_expert,
}
