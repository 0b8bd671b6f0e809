"""The order a game's code loads in (a room of the RAM plan, ui/memory/): which modules a
game is played with, which load before its first frame and which in the frames after, the
setup's preload, and the pages loaded once since boot so that their names are interned
before a game's blocks. Imported when a game is set up, started or resumed
(ui.memory.game_order), let go with the launch once the game's code is in (done)."""

import sys

from lama import games, load
from ui.loop import resident
from ui.model import games as games_ui

# the game screens' shared code, in the order it imports itself: preload loads it a
# module a frame before a game's screen (which imports it all at once otherwise)
SCREEN_CODE = ("ui.games.pieces", "ui.games.session", "ui.games.page_stack", "ui.games.base")
LAUNCH = "ui.games.launch"  # what starts a game: let go with this module (done)


def code(gid):
    """The modules game `gid` is played with, in the order they load best (the setup's
    preload follows it; the tables before the experts that read them: smaller steps)."""
    info = games.get(gid)
    names = [info.engine, info.bots]
    if info.tables is not None:
        names.append(info.tables[0])
    names.extend(info.experts)
    names.extend(SCREEN_CODE)
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
    bot's first call imports its own) and the hint's (loaded with the game all the same:
    with it rather than into the crumbs a game in play leaves, issue 28)."""
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


def with_game(gid, later=()):
    """The modules game `gid`'s start loads with its engine: after_code but `later`, which
    load_later brings in the frames right after the game's first; from now on its code
    counts as loaded once since boot (later_code)."""
    games_ui.get(gid).loaded = True
    return [name for name in after_code(gid) if name not in later]


def load_later(app, screen, names):
    """Import `names` a module a frame, each once its frame's picture is shown (App.later),
    while game screen `screen` is on the app's stack (a game left at once loads nothing
    into the menu's room)."""
    left = [name for name in names if name not in sys.modules]

    def step():
        if left and screen in app.stack:
            load(left.pop(0))
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
    all of them were loaded, see page_code), then the launch's code: not kept while the
    game is played, nor this module, nor the plan itself (ui/memory/__init__.py, 1.3 KB of
    the Pico's heap: issue 26; a rematch, the game's end or the next game's setup asks the
    app for it, App.memory(), and imports them anew)."""
    from ui.games.panel import tidy

    if not games_ui.pages_interned and all(name in sys.modules for name in page_code()):
        games_ui.pages_interned = True
    tidy(screen)
    resident.forget(LAUNCH)
    resident.forget(__name__)
    resident.forget(__name__[: __name__.rfind(".")])  # (the plan: this module's package)


def preload(gid):
    """A generator that imports the code a start of game `gid` needs, one module (with what
    it imports) a step: the setup screen runs a step a frame while nothing else happens,
    so that Start has little left to load (on the Pico an import costs 10-65 ms); then the
    pages, if their names were never interned, each let go once loaded (pages_to_intern).
    The heap is collected first, in a step of its own; then in the step after an import once half of ui.prime.GC_EVERY (the
    collector's threshold, gc.threshold(): ui.prime is let go after the boot) was
    allocated since the last: else the collection the allocations bring on falls in the
    frame of a later press (20 to 40 ms more on the Pico). No threshold set, no early
    collection."""
    import gc

    half = gc.threshold() // 2
    gc.collect()
    free = gc.mem_free()
    yield  # (the collect in a step of its own: with the engine's import, 131 ms on the Pico)
    pages = pages_to_intern()
    for name in code(gid) + pages:
        if name not in sys.modules:
            load(name)
            if name in pages:
                resident.forget(name)
            if 0 < half < free - gc.mem_free():
                yield  # (the collect in a step of its own: with an import, past 120 ms)
                gc.collect()
                free = gc.mem_free()
        yield
    if pages:
        games_ui.pages_interned = True
