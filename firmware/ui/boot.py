"""Boot of the app with its storage: saved settings, the watchdog, "Continue the game?".

main.py calls run(board): the settings come from flash (ui/model/saves.py), the app gets the
storage API as `app.game_store` (the game screens save through it, the statistics screen
reads it), the title screen is put up, with the saved games offered on top of it and any
notice about the saves on top of that; then the frame loop runs, feeding the watchdog,
which is stopped whatever way the loop ends (hal/watchdog.py explains why)."""


def make_app(board, **kw):
    """An App on `board` (App's keywords) at the title screen, with the error screen."""
    from ui.loop.app import App
    from ui.screens.message import ErrorScreen
    from ui.screens.title import TitleScreen

    app = App(board, error_screen=ErrorScreen, **kw)
    app.start(TitleScreen(app))
    return app


def run(board, frames=None, fault=None):
    """Run the app on `board`; `fault` (default: asked of machine.reset_cause) says the
    last reset was the watchdog's. Returns the App."""
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
