"""Boot of the app with its storage: saved settings, the watchdog, "Continue the game?";
the app's wiring (make_app: the screens it is handed).

main.py calls main(board), which runs run(board). The title is lit first: the settings alone are read from flash
(ui/model/settings_record.py), the app is made and its first frame shows the title. Then,
behind it, the storage API (ui/model/saves.py, the engine's records with it) is loaded and
given to the app as `app.game_store` (the game screens save through it, the statistics
screen reads it), the saved games are offered on top of the title and any notice about
the saves on top of that; then the frame loop runs, feeding the watchdog, which is stopped
whatever way the loop ends (hal/watchdog.py explains why)."""


def say(msg, exc=None):
    """A message to whoever reads the console (the start's problems, a fatal error)."""
    print("LAMA console: " + msg)
    if exc is not None:
        print("  (" + type(exc).__name__ + ": " + str(exc) + ")")


def main(board):
    """Run the app on `board` (main.py calls this); an error the app's own loop could not
    show is printed, and the board goes back to the REPL."""
    try:
        run(board)
    except Exception as e:
        import sys

        if hasattr(sys, "print_exception"):
            sys.print_exception(e)
        say("the app stopped on an error (the watchdog is off); reset the console "
            "to start it again.", e)


def make_app(board, settings=None, **kw):
    """An App on `board` (App's keywords; the default settings if none) at the title
    screen, with the error screen and the menu pages a game opens over itself."""
    from ui import memory
    from ui.loop.app import App
    from ui.screens.title import TitleScreen

    if settings is None:
        from ui.model.settings import Settings

        settings = Settings()
    app = App(board, settings, error_screen=error_screen, pages=open_page, memory=memory, **kw)
    if app.game_store is not None:
        app.game_store.readers = memory.SAVE_READERS
    from ui.draw import battery

    battery.GAUGE = gauge = getattr(board.power, "battery", None)  # the mark reads it
    if gauge is not None:  # a cell: its alerts answered
        from ui.screens import battery_note

        battery_note.attach(app)
    app.start(TitleScreen(app))
    return app


def error_screen(app, error):
    """The screen that shows `error` (the App's `error_screen`): ui.screens.message is
    imported when an error comes, not kept in RAM for the ones that never do (issue 26)."""
    from ui.screens.message import ErrorScreen

    return ErrorScreen(app, error)


def open_page(app, page, game):
    """A menu page over a game screen (the App's `pages`: the game screens import no menu
    screen, nor the launch) or the main menu's: "controls" the controls card, "rules" the
    rules of `game` (its row of ui.model.games), "howto" how to play it (at once);
    "rematch" a new game in the place of `game` (a game screen's Session) with the same
    seats and rules (ui.games.launch.rematch); "linked" the game a link game's host started
    (`game`: the console's link.console.LinkConsole) in the place of the top screen."""
    if page == "controls":
        app.open("ui.screens.controls", "ControlsScreen")
    elif page == "howto":
        from ui.screens.howto import HowToScreen

        app.push(HowToScreen(app, game.howto))
    elif page == "rematch":
        from ui.games.launch import rematch

        rematch(app, game)
    elif page == "linked":  # a link game's console: the game its host (re)started
        from ui.screens.link import start_console_game

        start_console_game(app, game, replace=True)
    else:  # (its module loaded first, behind the busy mark: App.soon)

        def put():
            from ui.screens.message import rules_page

            rules_page(app, game)

        app.soon(put, ("ui.screens.message",))


def run(board, frames=None, fault=None):
    """Run the app on `board` (`frames` of them, None: until it quits; the title's is the
    first); `fault` (default: asked of machine.reset_cause) says the last reset was the
    watchdog's. Returns the App."""
    from ui.prime import prime

    prime()  # first: what loading the games leaves for good goes to the bottom of the heap
    from hal.watchdog import Watchdog, from_host

    watchdog = Watchdog(None if from_host() else board.wdt_factory, board.clock)
    try:
        app, outcome = _title(board, watchdog)
        if frames is None or frames > 0:
            app.run(1)  # the title on the glass before the saves load
        _offer(app, board, outcome, fault)
        app.run(None if frames is None else max(0, frames - 1))
    finally:
        watchdog.stop()
    return app


def _title(board, watchdog):
    """(the app at the title screen with the saved settings, how they were read)."""
    from hal.store import UNREADABLE, Store
    from ui.model.settings_record import SETTINGS_MAX, read_settings

    store = Store(board.data_dir, SETTINGS_MAX)
    settings, outcome = read_settings(store)
    if outcome == UNREADABLE:  # e.g. a file where the folder goes: repaired, read again
        store.repair()
        settings, outcome = read_settings(store)
    return make_app(board, settings=settings, watchdog=watchdog), outcome


def _offer(app, board, outcome, fault):
    """Behind the title: the saves (repaired first), the saved games offered, the notices."""
    import gc

    gc.collect()  # the saves' long-lived buffers go low in the heap, under a game's room
    from ui.model.saves import Saves

    saves = Saves(board.data_dir)
    saves.readers = app.memory.SAVE_READERS
    saves.note_settings(outcome)

    def save_settings(value):  # a failed settings save says why on screen
        if not saves.save_settings(value):
            _notices(app)

    app.save_settings_hook = save_settings
    app.game_store = saves
    from ui.model.saves_menu import SavedGames

    saved = SavedGames(saves).all()
    if saved:
        from hal.watchdog import reset_by_watchdog
        from ui.screens.resume import ContinueScreen

        if fault is None:
            fault = reset_by_watchdog()
        app.push(ContinueScreen(app, saved, fault))
    _notices(app)


def _notices(app):
    """Any notices about the saves on top (ui/screens/notices.py, imported when called: a
    hook that held the function would keep that module's code in RAM)."""
    from ui.screens.notices import notices

    notices(app)
