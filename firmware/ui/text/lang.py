"""The string table in use: `lang.s` is ui.text.strings_en or ui.text.strings_fr, switched live;
only that one is loaded (switching drops the other from RAM)."""

from ui.loop.resident import LANGUAGES, forget

s = None  # the current table (a module); set by use()


def use(index):
    """Switch to language `index` (0 = English, 1 = French; anything else: English)."""
    global s
    if index == 1:
        from ui.text import strings_fr as table
    else:
        from ui.text import strings_en as table
    s = table
    forget(LANGUAGES[0] if index == 1 else LANGUAGES[1])
    return table


def game_title(gid):
    """The name of game id `gid` (lama.games) in the current language."""
    from lama.games import get

    return getattr(s, get(gid).title)


use(0)
