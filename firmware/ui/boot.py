"""Boot of the app with its storage: saved settings, the watchdog, "Continue the game?";
the app's wiring (make_app: the screens it is handed).

main.py calls run(board): the settings come from flash (ui/model/saves.py), the app gets the
storage API as `app.game_store` (the game screens save through it, the statistics screen
reads it), the title screen is put up, with the saved games offered on top of it and any
notice about the saves on top of that; then the frame loop runs, feeding the watchdog,
which is stopped whatever way the loop ends (hal/watchdog.py explains why)."""


def make_app(board, settings=None, **kw):
    """An App on `board` (App's keywords; the default settings if none) at the title
    screen, with the error screen and the menu pages a game opens over itself."""
    from ui.loop.app import App
    from ui.screens.message import ErrorScreen
    from ui.screens.title import TitleScreen

    if settings is None:
        from ui.model.settings import Settings

        settings = Settings()
    app = App(board, settings, error_screen=ErrorScreen, pages=open_page, **kw)
    app.start(TitleScreen(app))
    return app


def open_page(app, page, game):
    """A menu page over a game screen (the App's `pages`: the game screens import no menu
    screen): "controls" the controls card, "rules" the rules of `game` (its row of
    ui.model.games)."""
    if page == "controls":
        app.open("ui.screens.controls", "ControlsScreen")
    else:
        from ui.screens.main_menu import rules_page

        rules_page(app, game)


def run(board, frames=None, fault=None):
    """Run the app on `board`; `fault` (default: asked of machine.reset_cause) says the
    last reset was the watchdog's. Returns the App."""
    from ui.prime import prime

    prime()  # first: what loading the games leaves for good goes to the bottom of the heap
    from hal.watchdog import Watchdog, from_host, reset_by_watchdog
    from ui.screens.notices import notices
    from ui.screens.resume import ContinueScreen
    from ui.model.saves import Saves

    saves = Saves(board.data_dir)
    watchdog = Watchdog(None if from_host() else board.wdt_factory, board.clock)
    try:
        settings = saves.load_settings()
        shown = []  # the app, once made: a failed settings save says why on screen

        def save_settings(value):
            if not saves.save_settings(value) and shown:
                notices(shown[0])

        app = make_app(board, settings=settings, save_settings=save_settings,
                       watchdog=watchdog, game_store=saves)
        shown.append(app)
        saved = saves.load_saved()
        if saved:
            if fault is None:
                fault = reset_by_watchdog()
            app.push(ContinueScreen(app, saved, fault))
        notices(app)
        app.run(frames)
    finally:
        watchdog.stop()
    return app
