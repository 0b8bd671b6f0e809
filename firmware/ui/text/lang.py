"""The string table in use: `lang.s` reads the words of ui.text.strings_en or strings_fr, switched
live. On the device it is the table's flash file (ui/text/table.py: each word read from flash
when asked, no RAM for the table); without a valid file, the module itself, alone in RAM
(switching drops the other)."""

import sys

s = None  # the current table (a table.FileTable, or the module); set by use()
_index = -1  # the language of s
NAMES = ("strings_en", "strings_fr")


def _file_table(name):
    """The FileTable of ui/text/NAME.bin beside this package, or None."""
    from ui.text import table

    where = getattr(sys.modules["ui.text"], "__file__", None) or "ui/text/"
    path = where.rsplit("/", 1)[0] + "/" + name + ".bin" if "/" in where else name + ".bin"
    try:
        f = open(path, "rb")
    except OSError:
        return None
    t = table.FileTable(f, "ui.text." + name)
    if t.check():
        return t
    t.close()
    return None


def _module_table(name):
    """The module ui.text.NAME, held by lang.s alone (not sys.modules, not its package): the
    one it replaces is freed, and the main menu's unloading never sees either."""
    from lama import load  # (not before the lit title: the device reads the table's file)

    table = load("ui.text." + name)
    del sys.modules["ui.text." + name]
    delattr(sys.modules["ui.text"], name)
    return table


def use(index):
    """Switch to language `index` (0 = English, 1 = French; anything else: English)."""
    global s, _index
    if index != 1:
        index = 0
    if index == _index:
        return s
    old = s
    s = None
    if old is not None and hasattr(old, "close"):
        old.close()
    table = _file_table(NAMES[index]) or _module_table(NAMES[index])
    s = table
    _index = index
    return table


def forget():
    """Let go of the words the table keeps read (a module table keeps all, in its code)."""
    if hasattr(s, "forget"):
        s.forget()



def drop(name):
    """Let go of the word `name` if the table keeps it read (a module table keeps all)."""
    if hasattr(s, "drop"):
        s.drop(name)


use(0)
