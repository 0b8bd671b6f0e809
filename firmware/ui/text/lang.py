"""The string table in use: `lang.s` is ui.text.strings_en or ui.text.strings_fr, switched live;
only that one is loaded (switching drops the other from RAM)."""

import sys

s = None  # the current table (a module); set by use()
_index = -1  # the language of s


def use(index):
    """Switch to language `index` (0 = English, 1 = French; anything else: English)."""
    global s, _index
    if index != 1:
        index = 0
    if index == _index:
        return s
    if index == 1:
        from ui.text import strings_fr as table
    else:
        from ui.text import strings_en as table
    # s holds the table alone (not sys.modules, not its package): the one it replaces is
    # freed, and the main menu's unloading never sees either
    name = table.__name__
    del sys.modules[name]
    delattr(sys.modules["ui.text"], name[8:])
    s = table
    _index = index
    return table


use(0)
