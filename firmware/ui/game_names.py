"""The names the games' code interns, interned at boot behind the title (intern_all).

MicroPython keeps each name a module interns (its identifiers, its file's path, its dotted
name) for good, in a piece of the interned-string pool that grows in place while the
room after it is free. Interned when a module first loads in a game, that piece lands
among the game's blocks, and when the main menu drops the game's code it stays there, in
the middle of the room the game left: one 128-byte piece cut the largest free block at the
menu from 35 to 21 KB (issue 28, tools/benches/heap.py). Interned here they sit under the
menus, and a game's modules intern nothing new. The names come from the modules' .mpy
files (their tables of names), read without loading their code; modules that are sources
(the simulator on a computer) have no such table and are left to intern their own."""

import os
import sys

from ui.model import games

FOLDERS = ("lama", "ui/games", "ui/screens", "ui/model")  # where that code is
HEAD = 2048  # bytes read of each file: its table of names comes first (at most 1.8 KB)


class _Any:
    """getattr(ANY, name) interns name and allocates nothing (no AttributeError made)."""

    def __getattr__(self, name):
        return None


def loaded_in_game(module):
    """True for a module first loaded in or just before a game: the engine's (lama/, as
    the bots' lama.thinking), the games' code, the setup's, the pages a game opens over
    itself."""
    return (module.startswith("lama.") or games.is_game_code(module)
            or module in games.SETUP_CODE or module in games.OVER_GAME)


def intern_all(wanted=loaded_in_game):
    """Intern the names of every module `wanted(dotted name)` says (as its first import
    would), from the .mpy files where the import system would find them. All are read
    first, then interned in one go with nothing else allocated: the pool's last piece
    then grows in place. Returns how many names were new to the set read."""
    if not hasattr(os, "ilistdir"):  # CPython: the modules are sources
        return 0
    names = set()
    for folder in FOLDERS:
        package = folder.replace("/", ".")
        where = _folder_of(folder)
        if where is None:
            continue
        for entry in os.ilistdir(where):
            file = entry[0]
            if not file.endswith(".mpy"):
                continue
            module = package + "." + file[:-4]
            if module in sys.modules or not wanted(module):
                continue
            path = where + "/" + file
            names.add(path)  # its __file__
            names.add(module)
            names.add(file[:-4])  # its name in its package
            _read_names(path, names)
    for g in games.GAMES:  # the words its table names, looked up by these strings
        names.update((g.title, g.rules, g.end_empty, g.howto))
    any_ = _Any()
    for name in names:
        getattr(any_, name)
    return len(names)


def _folder_of(folder):
    """The path of package folder `folder` as the import system finds it (the first on
    sys.path that holds it), or None."""
    for root in sys.path:
        path = root + "/" + folder if root else folder
        try:
            os.stat(path)
        except OSError:
            continue
        return path
    return None


def _read_names(path, names):
    """Add to set `names` the names in the table of the .mpy file at `path` that the
    firmware does not hold already; none from a file that is not a .mpy this reads."""
    with open(path, "rb") as f:
        data = f.read(HEAD)
        if len(data) < 4 or data[0] != 77 or data[1] != 6:  # "M", version 6
            return
        try:
            _table(data, names)
        except IndexError:  # a table longer than HEAD
            _table(data + f.read(), names)


def _table(data, names):
    i = 4
    if data[2] & 0x40:  # architecture flags follow
        i = _uint(data, i)[1]
    n, i = _uint(data, i)
    i = _uint(data, i)[1]  # the count of constant objects
    for _ in range(n):
        size, i = _uint(data, i)
        if not size & 1:  # odd: a name in the firmware itself
            j = i + (size >> 1)
            if j >= len(data):
                raise IndexError
            names.add(data[i:j].decode())
            i = j + 1  # its NUL


def _uint(data, i):
    """The variable-length unsigned number at data[i] (7 bits a byte, high first), and
    where what follows it begins."""
    n = 0
    while True:
        b = data[i]
        i += 1
        n = (n << 7) | (b & 0x7F)
        if not b & 0x80:
            return n, i
