"""The hook from the new-game setup to the game screens: `launch(app, setup)` replaces the
setup screen with the game's screen for a ui.model.new_game.GameSetup; `resume(app, state, seats)`
does the same for a saved game in progress."""

from lama import games
from ui.games.session import new_session
from ui.text import lang


def screen_for(app, session):
    """The game screen for a Session (its row of lama.games names it)."""
    module, cls = session.info.screen
    return getattr(games.load(module), cls)(app, session)


def launch(app, setup):
    from ui.model.new_game import PERSON

    bots = [None if kind == PERSON else kind for kind in setup.kinds()]
    ses = new_session(app, setup.game, setup.names(), bots, setup.rules, setup.first)
    app.replace(screen_for(app, ses))
    if None in bots:  # a person plays: their first game of it starts with how to play
        from ui.screens.howto import HowToScreen, first_game

        if first_game(app, setup.game):
            app.push(HowToScreen(app, ses.info.howto))


def resume(app, state, seats, rng_states=()):
    """Continue a saved game: `seats` as Session.seats() gave them ((name, bot or None));
    `rng_states` restores seeded generators (a --seed session) so that it goes on exactly
    as it would have; otherwise the board's entropy carries on."""
    names = [s[0] for s in seats]
    bots = [s[1] for s in seats]
    ses = new_session(app, state.GAME, names, bots, state.rules, state.first, state)
    if len(rng_states) == 2:
        ses.rng = seeded(rng_states[0])
        ses.bot_rng = seeded(rng_states[1])
    screen = screen_for(app, ses)
    screen.log.append(lang.s.G_LOG_RESUMED)  # the save keeps the state, not the moves in words
    app.push(screen)


def seeded(value):
    """A SeededRng that continues from a saved state."""
    from lama.rng import SeededRng

    r = SeededRng(0)
    r.state = value
    return r
