"""Boot of the app with its storage: saved settings, the watchdog, "Continue the game?";
the hooks the app is handed (the error screen, the pages, the RAM plan); the wiring itself,
run once, is ui/wiring.py's (make_app).

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
    screen, with the error screen and the menu pages a game opens over itself (made by
    ui/wiring.py, with this module's hooks)."""
    import sys

    from ui import wiring

    return wiring.make_app(board, sys.modules[__name__], settings, **kw)


def plan():
    """The RAM plan (ui/memory/: the App's `memory()`), imported when a screen asks: not
    before the title is lit, and let go while a game is played (ui.memory.game_code.done)."""
    from ui import memory

    return memory


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
    from ui.loop.resident import forget
    from ui.prime import prime

    prime()  # first: what loading the games leaves for good goes to the bottom of the heap
    del prime  # (this frame lasts all evening: held here, the module would stay)
    forget("ui.prime")  # boot only (its threshold stays set: gc.threshold())
    from hal.watchdog import Watchdog, from_host

    watchdog = Watchdog(None if from_host() else board.wdt_factory, board.clock)
    try:
        import sys

        from ui import wiring

        hooks = sys.modules[__name__]
        app, outcome = wiring.title(board, watchdog, hooks)
        if frames is None or frames > 0:
            app.run(1)  # the title on the glass before the saves load
        wiring.offer(app, board, outcome, fault, hooks)
        del wiring, hooks
        forget("ui.wiring")  # boot only
        app.run(None if frames is None else max(0, frames - 1))
    finally:
        watchdog.stop()
    return app


def settings_saver(app, saves):
    """The app's save_settings hook: a failed settings save says why on screen (here, in
    RAM all evening, not in ui/wiring.py, which a closure made there would keep)."""

    def save_settings(value):
        if not saves.save_settings(value):
            notices(app)

    return save_settings


def notices(app):
    """Any notices about the saves on top (ui/screens/notices.py, imported when called: a
    hook that held the function would keep that module's code in RAM)."""
    from ui.screens.notices import notices

    notices(app)
