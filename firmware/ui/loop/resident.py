"""The mechanism that keeps code out of RAM between screens (the plan, which modules and
when, is ui/memory/'s): forget a module, release every module not kept, snapshot the
modules to keep. The heap holds the .mpy code on the Pico; a module forgotten is imported
anew by its next user: a test or tool that keeps a class of the last game (for
isinstance) must import it again after the menu came back."""

import gc
import sys


def snapshot(unloads):
    """The modules to keep from now on: those loaded now, less those `unloads(name)` says
    are never kept (a game's code, even when loaded before the menu, as a saved game
    decoded at boot: ui.memory.is_game_code)."""
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
    """Forget every module not in `keep` (sys.modules and its package's attribute), then
    collect (unless not `collect`: the caller does, later); returns the names dropped.
    Code still referenced stays until it is not."""
    gone = [name for name in sys.modules if name not in keep]
    for name in gone:
        forget(name)
    if collect:
        gc.collect()
    return gone
