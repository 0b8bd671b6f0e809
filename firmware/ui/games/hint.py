"""The hint: what the `expert` bot would do for the person to act, and why in a few words;
each game's reasons and words are in the module its row of lama.games names."""

from lama import games
from lama.rng import SeededRng
from ui.games.session import choose_bot, engine


def _reasons(game):
    return games.load(games.get(game).hint)


def hint(session):
    """(action, reason key, a, b) for the person to act, or None when nobody is."""
    if not session.person_to_act():
        return None
    mod, table = engine(session.game)
    st = session.state
    fn = choose_bot(table, "expert")
    action = fn(mod.view(st, st.turn), mod.legal_actions(st), SeededRng(st.turn + 1))
    return (action,) + _reasons(session.game).reason(mod, st, action)


def action_words(T, game, action):
    """The action in words from string table T, e.g. 'Discard 3 L'."""
    return _reasons(game).words(T, engine(game)[0], action)
