"""The boot's wiring, run once (ui/boot.py lets it go then: 1 KB of the Pico's heap all
evening): the app at the title with the saved settings, then, behind the lit title, the
saves, the saved games offered and the notices. `hooks` is ui/boot.py's module: what the
app calls later (its error screen, pages, RAM plan, the saves' notices) stays there."""


def title(board, watchdog, hooks):
    """(the app at the title screen with the saved settings, how they were read)."""
    from hal.store import UNREADABLE, Store
    from ui.model.settings_record import SETTINGS_MAX, read_settings

    store = Store(board.data_dir, SETTINGS_MAX)
    settings, outcome = read_settings(store)
    if outcome == UNREADABLE:  # e.g. a file where the folder goes: repaired, read again
        store.repair()
        settings, outcome = read_settings(store)
    # (through ui.boot.make_app, the seam a bench's board profile wraps: tools/pico)
    return hooks.make_app(board, settings=settings, watchdog=watchdog), outcome


def make_app(board, hooks, settings=None, **kw):
    """An App on `board` (App's keywords; the default settings if none) at the title
    screen, with the error screen and the menu pages a game opens over itself."""
    import sys

    from ui.loop.app import App
    from ui.screens.title import TitleScreen

    if settings is None:
        from ui.model.settings import Settings

        settings = Settings()
    app = App(board, settings, error_screen=hooks.error_screen, pages=hooks.open_page,
              memory=hooks.plan, **kw)
    if app.game_store is not None:
        app.game_store.readers = hooks.plan().SAVE_READERS
    gauge = getattr(board.power, "battery", None)
    if gauge is not None or "ui.draw.battery" in sys.modules:  # (no cell: not imported)
        from ui.draw import battery

        battery.GAUGE = gauge  # the mark reads it
    if gauge is not None:  # a cell: its alerts answered
        from ui.screens import battery_note

        battery_note.attach(app)
    app.start(TitleScreen(app))
    return app


def offer(app, board, outcome, fault, hooks):
    """Behind the title: the saves (repaired first), the saved games offered, the notices."""
    import gc

    gc.collect()  # the saves' long-lived buffers go low in the heap, under a game's room
    from ui.model.saves import Saves

    saves = Saves(board.data_dir)
    saves.readers = hooks.plan().SAVE_READERS
    saves.note_settings(outcome)
    app.save_settings_hook = hooks.settings_saver(app, saves)
    app.game_store = saves
    from ui.model.saves_menu import SavedGames

    saved = SavedGames(saves).all()
    if saved:
        from hal.watchdog import reset_by_watchdog
        from ui.screens.resume import ContinueScreen

        if fault is None:
            fault = reset_by_watchdog()
        app.push(ContinueScreen(app, saved, fault))
    hooks.notices(app)
