"""What both games' bot registries share about bots that think a slice at a time (THINKERS
in lama.dice_bots and lama.card_bots): a thinker's decision all at once, the `mixed` level
made of two bots, and an expert's module imported on its first call."""

from lama import load


def decided(steps):
    """The action a thinker's generator comes to (its first yield that is not None)."""
    for a in steps:
        if a is not None:
            return a


def mixed(choose_strong, think_strong, choose_weak):
    """(choose, think) of a level between two bots: each decision is the strong one's one
    time in two (rng decides), else the weak one's; think() thinks the strong one's a slice
    at a time, drawing from rng as choose() does."""

    def choose(view, actions, rng):
        if rng.randbelow(2):
            return choose_strong(view, actions, rng)
        return choose_weak(view, actions, rng)

    def think(view, actions, rng):
        if rng.randbelow(2):
            yield from think_strong(view, actions, rng)
        else:
            yield choose_weak(view, actions, rng)

    return choose, think


def on_first_call(module):
    """(choose, think) that import `module` (its choose() and think()) on their first call,
    so that it stays out of memory until a game has that bot."""

    def choose(view, actions, rng):
        return load(module).choose(view, actions, rng)

    def think(view, actions, rng):
        return load(module).think(view, actions, rng)

    return choose, think
