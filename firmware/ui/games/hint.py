"""The hint: what the `expert` bot would do for the person to act, and why in a few words;
each game's reasons and words are in the module its row of ui.model.games names."""

from lama import games
from lama.rng import SeededRng
from ui.games.session import choose_bot


def reasons(session):
    """The module of `session`'s game's hint words and reasons, imported if it is not yet."""
    return games.load(session.game.ui.hint)


def think_hint(session):
    """Generator: the hint, thought a slice at a time like a computer player's move (the
    expert's THINKERS entry, when it has one): None after each slice, then (action,
    reason key, a, b[, the seat it names]) for the person to act, or False when nobody is.
    The reason is what the expert inferred from the table when that decided the move (the
    reasons module's think_clue, when it has one), else the move's own reason."""
    if not session.person_to_act():
        yield False
        return
    mod = session.mod
    st = session.state
    view = mod.view(st, st.turn)
    actions = mod.legal_actions(st)
    rng = SeededRng(st.turn + 1)
    slices = session.game.thinkers.get("expert")
    if slices is None:
        action = choose_bot(session.game.bots, "expert")(view, actions, rng)
    else:
        for action in slices(view, actions, rng):
            if action is not None:
                break
            yield None
    why = reasons(session)
    clue = None
    if slices is not None and hasattr(why, "think_clue"):  # what it inferred, if that decided it
        clue = yield from why.think_clue(view, actions, SeededRng(st.turn + 1), slices, action)
    yield (action,) + (clue or why.reason(mod, st, action))


def action_words(T, session, action):
    """The action of `session`'s game in words from string table T, e.g. 'Discard 3 L'."""
    return reasons(session).words(T, session.mod, action)
