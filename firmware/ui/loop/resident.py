"""What stays in RAM between screens: the code a game or a menu page loaded is dropped from
sys.modules when the main menu comes back, so the heap (which holds the .mpy code on the
Pico) never carries both games, nor a game while in the settings or statistics; and while
a game is played, the main menu's own code is not kept either
(ui/screens/menu_stand_in.py).
The next game imports its modules anew: a test or tool that keeps a class of the last
game (for isinstance) must import it again after the menu came back."""

import gc
import sys

# the boot's screens, never shown again once the menu is up (a module that imports one
# later loads it anew): not kept in RAM (issue 26: 1.8 KB of the Pico's heap)
BOOT_CODE = ("ui.screens.title", "ui.screens.notices", "ui.screens.resume")
# loaded when first needed, then kept: the 8x8 font's French accents, which the menus
# draw at every visit once French is chosen (an English evening never loads them)
KEPT_ONCE_LOADED = ("ui.draw.accents",)


def snapshot(unloads):
    """The modules to keep from now on: those loaded now, less those `unloads(name)` says
    are never kept (a game's code, even when loaded before the menu, as a saved game
    decoded at boot: ui.model.games.is_game_code)."""
    keep = set()
    for name in sys.modules:
        if not unloads(name):
            keep.add(name)
    return keep


def forget(name):
    """Drop module `name` from sys.modules and from its package (if it is loaded)."""
    if name in sys.modules:
        del sys.modules[name]
    dot = name.rfind(".")
    parent = sys.modules.get(name[:dot]) if dot > 0 else None
    if parent is not None and name[dot + 1 :] in parent.__dict__:
        delattr(parent, name[dot + 1 :])


def release(keep, collect=True):
    """Forget every module not in `keep` nor KEPT_ONCE_LOADED (sys.modules and its
    package's attribute), then
    collect (unless not `collect`: the caller does, later); returns the names dropped.
    Code still referenced stays until it is not."""
    gone = [name for name in sys.modules if name not in keep and name not in KEPT_ONCE_LOADED]
    for name in gone:
        forget(name)
    if collect:
        gc.collect()
    return gone


def keep_from_now(app, unloads):
    """Set `app.kept` once the boot is over (the main menu up, or a saved game resumed):
    the modules loaded now but the boot's screens (forgotten) and those `unloads(name)`
    says are never kept (ui.model.games.is_game_code)."""
    for name in BOOT_CODE:
        forget(name)
    app.kept = snapshot(unloads)
