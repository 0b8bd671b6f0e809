"""The hook from the new-game setup to the game screens: `launch(app, setup)` replaces the
setup screen with the game's screen for a ui.model.new_game.GameSetup, `resume(app, state,
seats)` does the same for a saved game in progress, `rematch` starts the same game again.
What a game needs to be played is resolved here once (`load`: its rows of the games
tables, engine, bots, flash tables) and handed to the Session; which code loads when is
the RAM plan's (ui/memory/, the app's `memory`)."""

from lama import games, load as load_module
from lama.rng import HardwareRng, SeededRng
from lama.seats import LINKED, bot, linked, person
from ui.games.session import Loaded, Session
from ui.model import games as games_ui
from ui.text import lang


def load(gid, after=()):
    """Game id `gid` loaded for play (a Loaded): its engine and bots imported, its bots'
    flash tables opened once, and the modules `after` too (ui.memory.game_code.with_game: the
    experts its bots would import on first call, the module of its hint)."""
    info = games.get(gid)
    bots = load_module(info.bots)
    if info.tables is not None:
        _flash_tables(info.tables)
    for name in after:
        load_module(name)
    return Loaded(info, games_ui.get(gid), load_module(info.engine), bots.BOTS,
                  getattr(bots, "THINKERS", {}))


_tables = {}  # module name -> the open file of tables it reads, once opened


def _flash_tables(tables):
    """Let a bot read its value tables from a file beside lama/ on flash (e.g. the dice
    expert's dice_values.bin) rather than import them as bytes (about 7 KB of RAM);
    without the file they stay in RAM. `tables` is (module name, file name)."""
    name, file = tables
    if name in _tables:
        return
    import lama

    where = getattr(lama, "__file__", None) or "lama/"  # "/lama/__init__.mpy" on the device
    path = where.rsplit("/", 1)[0] + "/" + file if "/" in where else file
    try:
        f = open(path, "rb")
    except OSError:
        return
    if load_module(name).use_tables(f):
        _tables[name] = f
    else:
        f.close()


def new_session(app, game, seats, rules, first, state=None):
    """A Session of `game` (a Loaded) whose dice and deals come from the board's entropy
    (D22): the hardware generator on the device, host urandom or the --seed in the
    simulator; the app's storage API saves it (issue 6; none: nothing is saved), a new game
    from its Start, at the end of its first frame (issue 53). The heap
    is collected first, so that the game's modules load into the menus' freed room in one
    piece (less fragmentation: tools/benches/memory.py's menu session needs ~8 KB less)."""
    import gc

    store = getattr(app, "game_store", None)
    if store is not None:
        store.let_go_readers()  # (a game in play only writes its saves)
    gc.collect()
    read = app.board.entropy.read
    ses = Session(game, seats, rules, first, HardwareRng(read), HardwareRng(read), store,
                  state)
    app.later(ses.flush)  # a new game saved once its first picture is out (even under a page)
    return ses


def screen_for(app, session):
    """The game screen for a Session (its row of ui.model.games names it)."""
    module, cls = session.game.ui.screen
    return getattr(load_module(module), cls)(app, session)


def launch(app, setup):
    """The game of `setup` (a GameSetup) in place of the setup screen, whose code is
    dropped from RAM (ui.memory.SETUP_CODE)."""
    from ui.loop.resident import forget
    from ui.model.new_game import PERSON

    seats = [person(name) if kind == PERSON else linked(name, int(kind[1:])) if kind[:1] == "@"
             else bot(name, kind) for name, kind in setup.seats]  # ("@N": console N's person)
    for name in app.memory().SETUP_CODE:
        forget(name)
    lang.forget()  # the menu's and the setup's words: the game reads its own
    order = app.memory().game_order()
    later = order.later_code(setup.game)
    ses = new_session(app, load(setup.game, order.with_game(setup.game, later)), seats,
                      setup.rules, setup.first)
    if app.link is not None:
        app.link.keep = keep_ids(app, ses)
        app.link.start(ses)  # the host of a link game: each linked console its seat
    screen = screen_for(app, ses)
    app.replace(screen)
    if app.link is not None:
        lobby_gone(app)
    app.memory().menu_below(app)  # the main menu's code not kept while the game is played
    # the game on the glass first (issue 26: within 250 ms of Start, when the setup's
    # preload had not got that far), then the rest of its code, a module a frame
    order.load_later(app, screen, later)
    if ses.people() and first_game(app, setup.game):  # with how to play, for a person
        app.pages(app, "howto", ses.game.ui)


def lobby_gone(app):
    """A link game's host: its lobby's screens under the game (Host or Join, who is linked)
    leave the stack and their code the heap; the main menu's place stays at the bottom
    (the game's Menu goes there, as from any game)."""
    from ui.loop.resident import forget

    stack = app.stack
    while len(stack) > 2:
        stack.pop(1).leave()
    memory = app.memory()
    for name in memory.LINK_LOBBY_CODE + memory.LINK_ONCE_CODE:
        forget(name)


def first_game(app, game):
    """True when no game of id `game` has been finished on this console (its statistics)."""
    store = getattr(app, "game_store", None)
    if store is None:
        return False
    stats = store.load_stats()
    return stats is not None and stats.game(game).games == 0


def rematch(app, session):
    """A new game with the same seats and rules as `session`, started by the same seat,
    in place of its screen. In a link game only the host deals again (its consoles follow)."""
    if getattr(session, "own", None) is not None:
        return  # (a console: the host's rematch, if it comes, takes this screen's place)
    game = session.game
    if game.bots is None:  # its computer players' code went at the game's end: again
        game = load(game.info.id, app.memory().game_order().with_game(game.info.id))
    ses = new_session(app, game, session.seats, session.state.rules, session.first)
    if session.link is not None:
        session.link.start(ses)  # every linked console its seat in the new game
    screen = screen_for(app, ses)
    app.replace(screen)
    app.memory().game_order().done(screen)


def resume(app, state, seats, rng_states=()):
    """Continue a saved game: `seats` as Session.seats are (lama.seats, each one this
    firmware can seat: ui/screens/seat_question.py asked about any other);
    `rng_states` restores seeded generators (a --seed session) so that it goes on exactly
    as it would have; otherwise the board's entropy carries on."""
    order = app.memory().game_order()
    ses = new_session(app, load(state.GAME, order.with_game(state.GAME)), seats, state.rules,
                      state.first, state)
    if len(rng_states) == 2:
        ses.rng = seeded(rng_states[0])
        ses.bot_rng = seeded(rng_states[1])
    for seat in ses.seats:
        if seat[1] == LINKED:  # a link game: host it again
            from link.host import LinkHost
            from link.net import host_bus
            from ui.loop.resident import forget
            from ui.model import link_ids

            known = link_ids.load(ses.store, state.GAME)  # each console its id, and seat
            bus = host_bus(app.board, known)
            if bus is not None:
                app.link = LinkHost(bus)
                app.link.ids = known
                app.link.keep = keep_ids(app, ses)
                app.link.start(ses)  # its consoles rejoin, each to its seat
                app.link.resumed()
            for name in app.memory().LINK_ONCE_CODE:
                forget(name)
            break
    screen = screen_for(app, ses)
    restore_moves(screen)
    screen.log.append(lang.s.G_LOG_RESUMED)
    app.push(screen)
    order.load_later(app, screen, order.pages_to_intern())


def keep_ids(app, ses):
    """What a link game's host calls when a console is first seen in a seat: the consoles'
    uids saved beside the game at the frame's end (ui.model.link_ids)."""
    gid = ses.game.info.id

    def keep(ids):
        got = dict(ids)

        def save():
            from ui.loop.resident import forget
            from ui.model import link_ids

            link_ids.save(ses.store, gid, got)
            forget(link_ids.__name__)  # (saved: not kept while the game is played)

        app.later(save)

    return keep


def restore_moves(screen):
    """The moves in words saved beside the game (ui/model/saved_log.py): the log and the
    last-move line as they were, when they are this round's (issue 50)."""
    ses = screen.session
    if getattr(ses.store, "store", None) is None:
        return
    from ui.loop.resident import forget
    from ui.model import saved_log_read

    got = saved_log_read.load(ses.store, ses.game.info.id, ses.state.round_no)
    forget(saved_log_read.__name__)  # (read once: not kept while the game is played)
    if got is not None:
        screen.msg = got[0]
        for line in got[1]:
            screen.log.append(line)


def seeded(value):
    """A SeededRng that continues from a saved state."""
    r = SeededRng(0)
    r.state = value
    return r
