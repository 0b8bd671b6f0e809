"""What stays in RAM between screens: the code a game or a menu page loaded is dropped from
sys.modules when the main menu comes back, so the heap (which holds the .mpy code on the
Pico) never carries both games, nor a game while in the settings or statistics.
The next game imports its modules anew: a test or tool that keeps a class of the last
game (for isinstance) must import it again after the menu came back."""

import gc
import sys

from lama.games import is_game_code

LANGUAGES = ("ui.text.strings_en", "ui.text.strings_fr")  # ui.text.lang keeps the one in use


def snapshot():
    """The modules to keep from now on: those loaded now, less any game's code (lama.games
    names it: never kept, even when loaded before the menu, as a saved game decoded at boot)."""
    keep = set()
    for name in sys.modules:
        if not is_game_code(name):
            keep.add(name)
    for name in LANGUAGES:
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


def release(keep):
    """Forget every module not in `keep` (sys.modules and its package's attribute), then
    collect; returns how many were dropped. Code still referenced stays until it is not."""
    gone = [name for name in sys.modules if name not in keep]
    for name in gone:
        forget(name)
    gc.collect()
    return len(gone)
