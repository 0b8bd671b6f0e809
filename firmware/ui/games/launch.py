"""The hook from the new-game setup to the game screens: `launch(app, setup)` replaces the
setup screen with the game's screen for a ui.model.new_game.GameSetup, `resume(app, state,
seats)` does the same for a saved game in progress. What a game needs to be played is
resolved here once (`load`: its rows of the games tables, engine, bots, flash tables) and
handed to the Session."""

import sys

from lama import games
from lama.rng import HardwareRng, SeededRng
from lama.seats import bot, person
from ui.games.session import Loaded, Session
from ui.model import games as games_ui
from ui.text import lang


def load(gid, later=()):
    """Game id `gid` loaded for play (a Loaded): its engine and bots imported, its bots'
    flash tables opened once, and after_code too (the experts its bots would import on
    first call, the module of its hint: with the game rather than into the crumbs a game
    in play leaves, issue 28), but for the modules `later`, which the caller loads in the
    frames right after the game's first (later_code, load_later)."""
    info = games.get(gid)
    bots = games.load(info.bots)
    if info.tables is not None:
        _flash_tables(info.tables)
    ui = games_ui.get(gid)
    for name in after_code(gid):
        if name not in later:
            games.load(name)
    ui.loaded = True
    return Loaded(info, ui, games.load(info.engine), bots.BOTS,
                  getattr(bots, "THINKERS", {}))


def code(gid):
    """The modules game `gid` is played with, in the order they load best (the setup's
    preload follows it; the tables before the experts that read them: smaller steps)."""
    info = games.get(gid)
    names = [info.engine, info.bots]
    if info.tables is not None:
        names.append(info.tables[0])
    names.extend(info.experts)
    names.extend(games_ui.SCREEN_CODE)
    ui = games_ui.get(gid)
    names.append(ui.screen[0])
    names.append(ui.hint)
    return names


def page_code():
    """The modules of the pages over a game's table and of its hint, which no frame needs
    but one with its page open: each is imported when its page opens and let go when it
    closes (ui.games.panel.tidy). The first game since boot loads them all once before its
    first frame (or the setup's preload does), so that their names are interned then and
    not among a game's blocks (issue 28); then they are let go."""
    from ui.games import panel

    return list(panel.HINT_CODE) + panel.code()


def pages_to_intern():
    """page_code, if its names were not interned since boot, else none."""
    return [] if games_ui.pages_interned else page_code()


def after_code(gid):
    """The modules of game `gid` nothing imports before its first call: the experts (a
    bot's first call imports its own) and the hint's (load loads them with the game)."""
    return list(games.get(gid).experts) + [games_ui.get(gid).hint]


def later_code(gid):
    """The modules Start may load after game `gid`'s first frame (issue 26: the game
    within 250 ms of Start), each loaded by its first use when that comes first: the
    after_code, once a game of its kind has loaded them since boot
    (ui.model.games.GameUi.loaded), else none. A module's first import interns its names
    for good, and interned among a game's blocks they would split the menu's room when
    the game is left (issue 28: one 128-byte piece of names cut the largest free block
    from 35 to 21 KB); imported again, it leaves nothing."""
    if not games_ui.get(gid).loaded:
        return []
    return after_code(gid)


def start_code(gid):
    """The modules Start loads before game `gid`'s first frame: code less later_code, and
    the pages when their names were never interned (pages_to_intern)."""
    later = later_code(gid)
    return [name for name in code(gid) if name not in later] + pages_to_intern()


def load_later(app, screen, names):
    """Import `names` a module a frame, each once its frame's picture is shown (App.later),
    while game screen `screen` is on the app's stack (a game left at once loads nothing
    into the menu's room)."""
    left = [name for name in names if name not in sys.modules]

    def step():
        if left and screen in app.stack:
            games.load(left.pop(0))
            if left:
                app.later(step)  # (the next frame's)
                return
        done(screen)

    if left:
        app.later(step)
    else:
        done(screen)


def done(screen):
    """The game's code is in: the pages' not open are let go (their names stay interned:
    all of them were loaded, see page_code), then this module."""
    from ui.games.panel import tidy

    if not games_ui.pages_interned and all(name in sys.modules for name in page_code()):
        games_ui.pages_interned = True
    tidy(screen)
    let_go()


def let_go():
    """This module's work for the game is done: its code is not kept while the game is
    played (issue 26; a rematch, or the next game's setup, imports it anew)."""
    from ui.loop.resident import forget

    forget(__name__)


def preload(gid):
    """A generator that imports the code a start of game `gid` needs, one module (with what
    it imports) a step: the setup screen runs a step a frame while nothing else happens,
    so that Start has little left to load (on the Pico an import costs 10-65 ms); then the
    pages, if their names were never interned, each let go once loaded (pages_to_intern).
    The heap is collected in the step of an import once half of ui.prime.GC_EVERY was
    allocated since the last: else the collection the allocations bring on falls in the
    frame of a later press (20 to 40 ms more on the Pico)."""
    import gc

    from ui.loop.resident import forget
    from ui.prime import GC_EVERY

    gc.collect()
    free = gc.mem_free()
    pages = pages_to_intern()
    for name in code(gid) + pages:
        if name not in sys.modules:
            games.load(name)
            if name in pages:
                forget(name)
            if free - gc.mem_free() > GC_EVERY // 2:
                yield  # (the collect in a step of its own: with an import, past 120 ms)
                gc.collect()
                free = gc.mem_free()
        yield
    if pages:
        games_ui.pages_interned = True


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
    if games.load(name).use_tables(f):
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
    return getattr(games.load(module), cls)(app, session)


def launch(app, setup):
    """The game of `setup` (a GameSetup) in place of the setup screen, whose code is
    dropped from RAM (ui.model.games.SETUP_CODE)."""
    from ui.loop.resident import forget
    from ui.screens.menu_stand_in import menu_below
    from ui.model.new_game import PERSON

    seats = [person(name) if kind == PERSON else bot(name, kind) for name, kind in setup.seats]
    for name in games_ui.SETUP_CODE:
        forget(name)
    lang.forget()  # the menu's and the setup's words: the game reads its own
    later = later_code(setup.game)
    ses = new_session(app, load(setup.game, later), seats, setup.rules, setup.first)
    screen = screen_for(app, ses)
    app.replace(screen)
    menu_below(app)  # the main menu's code not kept while the game is played
    # the game on the glass first (issue 26: within 250 ms of Start, when the setup's
    # preload had not got that far), then the rest of its code, a module a frame
    load_later(app, screen, later)
    if ses.people() and first_game(app, setup.game):  # with how to play, for a person
        from ui.screens.howto import HowToScreen

        app.push(HowToScreen(app, ses.game.ui.howto))


def first_game(app, game):
    """True when no game of id `game` has been finished on this console (its statistics)."""
    store = getattr(app, "game_store", None)
    if store is None:
        return False
    stats = store.load_stats()
    return stats is not None and stats.game(game).games == 0


def rematch(app, session):
    """A new game with the same seats and rules as `session`, started by the same seat,
    in place of its screen."""
    ses = new_session(app, session.game, session.seats, session.state.rules, session.first)
    screen = screen_for(app, ses)
    app.replace(screen)
    done(screen)


def resume(app, state, seats, rng_states=()):
    """Continue a saved game: `seats` as Session.seats are (lama.seats, each one this
    firmware can seat: ui/screens/seat_question.py asked about any other);
    `rng_states` restores seeded generators (a --seed session) so that it goes on exactly
    as it would have; otherwise the board's entropy carries on."""
    ses = new_session(app, load(state.GAME), seats, state.rules, state.first, state)
    if len(rng_states) == 2:
        ses.rng = seeded(rng_states[0])
        ses.bot_rng = seeded(rng_states[1])
    screen = screen_for(app, ses)
    screen.log.append(lang.s.G_LOG_RESUMED)  # the save keeps the state, not the moves in words
    app.push(screen)
    load_later(app, screen, pages_to_intern())


def seeded(value):
    """A SeededRng that continues from a saved state."""
    r = SeededRng(0)
    r.state = value
    return r
