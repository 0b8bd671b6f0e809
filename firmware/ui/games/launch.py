"""The hook from the new-game setup to the game screens: `launch(app, setup)` replaces the
setup screen with the game's screen for a ui.model.new_game.GameSetup; `resume(app, state, seats)`
does the same for a saved game in progress."""

from lama.rng import HardwareRng
from ui.games.session import Session


def storage(app):
    """The storage API for the game in progress (issue 6), or None when there is none."""
    return getattr(app, "game_store", None)


def new_session(app, game, names, bots, rules, first, state=None):
    """A Session whose dice and deals come from the board's entropy (D22): the hardware
    generator on the device, host urandom or the --seed in the simulator. The heap is
    collected first, so that the game's modules load into the menus' freed room in one
    piece (less fragmentation: tools/bench_memory.py's menu session needs ~8 KB less)."""
    import gc

    gc.collect()
    read = app.board.entropy.read
    return Session(game, names, bots, rules, first, HardwareRng(read), HardwareRng(read),
                   storage(app), state)  # fmt: skip


def screen_for(app, session):
    """The game screen for a Session."""
    if session.game == 1:
        from ui.games.dice import DiceScreen

        return DiceScreen(app, session)
    from ui.games.cards import CardsScreen

    return CardsScreen(app, session)


def launch(app, setup):
    from ui.model.new_game import PERSON

    bots = [None if kind == PERSON else kind for kind in setup.kinds()]
    ses = new_session(app, setup.game, setup.names(), bots, setup.rules, setup.first)
    app.replace(screen_for(app, ses))


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
    app.push(screen_for(app, ses))


def seeded(value):
    """A SeededRng that continues from a saved state."""
    from lama.rng import SeededRng

    r = SeededRng(0)
    r.state = value
    return r
