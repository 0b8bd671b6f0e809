"""The RAM plan: which code is in the Pico's heap when (issues 26 and 28). Every list of
module names is in this room, and the order a game's code loads in (game_code.py, loaded
when a game is set up, started or resumed, let go once its code is in); lama.load is the
one import by name, ui/loop/resident.py the mechanism (forget, release, snapshot).

The heap holds the .mpy code on the Pico: the boot's screens go once the menu is up; a
game's code (SHARED_CODE, its rows' modules) goes when the main menu comes back, and the
menu's (MENU_CODE) while a game is played; a page's code goes when the page closes. A
module's first import interns its names for good, so what a game loads first is loaded
before its blocks (the pages, once since boot) and not among them.
The app carries this module (App.memory, handed by ui.boot): the screens and games it
names reach it through the app, never by an import, so that no circle runs through it."""

from lama import load
from ui.loop import resident

# the boot's screens, never shown again once the menu is up (a module that imports one
# later loads it anew): not kept in RAM (issue 26: 1.8 KB of the Pico's heap); and the
# file modes, whose two names codepack.py and hal.store took at their import (issue 47)
BOOT_CODE = ("ui.screens.title", "ui.screens.notices", "ui.screens.resume", "stat_modes")
# loaded when first needed, then kept: the 8x8 font's French accents, which the menus
# draw at every visit once French is chosen (an English evening never loads them)
KEPT_ONCE_LOADED = ("ui.draw.accents",)
# code of every game (not the ui.games package), and the order it loads in
SHARED_CODE = ("lama.match", "ui.games.", "ui.memory.game_code")
# the new-game setup's code, unused once its game has started: dropped from RAM then
# (ui.games.launch), loaded again by the next setup
SETUP_CODE = ("ui.screens.setup", "ui.screens.names", "ui.model.new_game", "ui.model.last_table")
# what a game chosen at the main menu loads behind the busy mark, a module a frame, before
# the setup's first frame: the setup's own code and the menu's stand-in it puts below it
# (the game's engine and bots load after that frame: the setup's preload, game_code; but
# see setup_first)
SETUP_FIRST = ("ui.model.new_game", "ui.model.last_table", "ui.screens.menu_stand_in",
               "ui.screens.setup")
# the main menu's code and the list screen's, and the saves' menus' half, which a game
# screen never uses: not kept while a game is played (ui/screens/menu_stand_in.py)
MENU_CODE = ("ui.screens.main_menu", "ui.screens.menu", "ui.model.saves_menu")
MENU_OWN_CODE = ("ui.screens.main_menu", "ui.model.saves_menu")  # (under the setup)
# a link game's lobby (Host or Join, who is linked, the linked table): not kept while
# its game is played (ui.games.launch: its screens leave the stack then)
LINK_LOBBY_CODE = ("ui.screens.link", "ui.screens.link_setup")
# what a link game's host uses once, as its game starts or resumes (its bus made, its
# consoles' ids read or saved): not kept while it is played (issue 48); a console first
# seen in its seat has the ids saved again (ui.games.launch.keep_ids), and let go
LINK_ONCE_CODE = ("link.net", "ui.model.link_ids")
# the code that reads the statistics and the saved games back (with each game's codec
# body): let go when a game is set up or starts, and once it is counted (Saves.readers)
SAVE_READERS = ("lama.statistics", "lama.codec_read", "lama.state_reader")
# the computer players' helpers that a game's row (lama.games) does not name, imported by
# its bots and experts: let go with them at the game's end (game_over)
BOT_HELPERS = ("lama.thinking", "lama.dice_rank")


def is_game_code(name):
    """True for a module of some game's code (dropped at the main menu)."""
    from ui.model.games import GAMES

    for prefix in SHARED_CODE:
        if name.startswith(prefix):
            return True
    for g in GAMES:
        for prefix in g.code:
            if name.startswith(prefix):
                return True
    return False


def setup_first(gid):
    """What the main menu loads behind the busy mark for game `gid`'s setup: SETUP_FIRST,
    after the game's engine when no game of its kind was started since boot. The engine's
    first import interns its names for good, and it must come before the setup's code, low
    in the heap (issue 28); after that its import (75 ms on the Pico) waits for the setup's
    preload, and the setup comes that much sooner (issue 47)."""
    from ui.model import games as games_ui

    if games_ui.get(gid).loaded:
        return SETUP_FIRST
    from lama import games

    return (games.get(gid).engine,) + SETUP_FIRST


def keep_from_now(app):
    """Set `app.kept` once the boot is over (the main menu up, or a saved game resumed):
    the modules loaded now and KEPT_ONCE_LOADED, but the boot's screens (forgotten) and a
    game's code (even when loaded before the menu, as a saved game decoded at boot)."""
    for name in BOOT_CODE:
        resident.forget(name)
    app.kept = resident.snapshot(is_game_code)
    app.kept.update(KEPT_ONCE_LOADED)


def drop_loaded(app):
    """Let go of what the last game or page loaded: the saved games' engine states, the
    words it read, then every module not in app.kept, for the caller to collect; returns
    the names dropped."""
    store = getattr(app, "game_store", None)
    if store is not None:
        store.release()  # the saved games' engine states: their code goes next
    from ui.text import lang

    lang.forget()  # the words the game read, before its room is collected
    kept = app.kept
    return resident.release(kept, collect=False) if kept is not None else []


def menu_below(app, code=MENU_CODE):
    """The main menu's stand-in under the game (ui/screens/menu_stand_in.py), the menu's
    `code` dropped (MENU_OWN_CODE under the setup screen, which is a list screen too)."""
    from ui.screens.menu_stand_in import stand_in

    stand_in(app)
    for name in code:
        resident.forget(name)


def bot_code(info):
    """The modules of the computer players of a game (its lama.games row `info`): its bots,
    its flash tables' reader, its experts (what a rematch loads again, a module a frame)."""
    names = [info.bots]
    if info.tables is not None:
        names.append(info.tables[0])
    names.extend(info.experts)
    return names


def game_over(session):
    """A game is over: its computer players' code leaves RAM for the game-over page (issue
    47: 8 to 11 KB of the Pico's heap; no move is thought any more), and this plan with it,
    as during the game (game_code.done). A rematch loads that code anew (ui.games.launch:
    a Loaded whose `bots` is None)."""
    game = session.game
    game.bots = None
    game.thinkers = None
    for name in bot_code(game.info) + list(BOT_HELPERS):
        resident.forget(name)
    resident.forget(__name__)


def game_order():
    """ui/memory/game_code.py: the order a game's code loads in, imported when asked."""
    return load("ui.memory.game_code")
