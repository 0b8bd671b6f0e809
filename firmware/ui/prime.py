"""Boot's first step, the heap's set-up: the tables that would otherwise grow in a game
made first, at the bottom of the heap, and the garbage collected every GC_EVERY bytes.

A dict that grows gets a new table, and MicroPython keeps every character a string was
indexed for in its interned-string pool: made in a game, both stay in the middle of the
room its code leaves when the main menu drops it (ui.loop.resident). Collected often,
what a game frees is given out again from the bottom before new room is broken into
higher up (issue 28; tools/benches/heap.py: without it, a MemoryError in the second game
at a 300 KB heap). The games' own names are interned when a game first loads (importing
both games here took 2.2 s of the Pico's boot)."""

import gc
import sys
from micropython import const

_MODULES_ROOM = const(48)  # more keys sys.modules takes without growing: a game and a page
PACKAGES = ("lama", "ui", "ui.games", "ui.screens")  # their dicts name their modules
_PACKAGE_ROOM = const(16)
GC_EVERY = 48 * 1024  # bytes allocated between two collections (gc.threshold)


def prime():
    """Intern the printable characters, give sys.modules and the packages' dicts room for
    what a game adds, and set the collection threshold. Never raises (what it could not
    do happens later)."""
    try:
        for c in range(32, 127):
            chr(c)  # interned: a string indexed a character at a time interns them
        _room(sys.modules, _MODULES_ROOM)
        for name in PACKAGES:
            if name in sys.modules:
                _room(sys.modules[name].__dict__, _PACKAGE_ROOM)
    except Exception:  # noqa: BLE001 - e.g. MemoryError: the rest is made in a game
        pass
    gc.collect()
    if hasattr(gc, "threshold"):  # MicroPython's
        gc.threshold(GC_EVERY)


def _room(table, more):
    """Let dict `table` take `more` keys beyond those it has without growing: int keys, put
    in and taken out (no module's name; made without a string: 4 ms of the Pico's boot
    where "~0".."~47" took 17)."""
    for k in range(more):
        table[k] = None
    for k in range(more):
        del table[k]
