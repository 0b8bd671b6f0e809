"""The settings screen: each setting on a row, LEFT/RIGHT (or A) changes it, live."""

from ui.text import lang
from ui.screens.menu import ListScreen
from ui.model.settings import FIELDS

_LABELS = ("S_CONTRAST", "S_SOUND", "S_FLIP", "S_REPEAT", "S_LANGUAGE", "S_TARGET", "S_ROUNDS", "S_KOMARAMI", "S_SPEED")


def shown(name, value):
    """How a setting's value reads on screen."""
    s = lang.s
    if name == "repeat":
        return s.REPEAT_SPEEDS[value]
    if name == "speed":
        return s.BOT_SPEEDS[value]
    if name == "language":
        return s.LANG_NAMES[value]
    if name == "rounds" and value == 0:
        return s.ROUNDS_OFF
    if name in ("sound", "flip", "komarami"):
        return s.ON if value else s.OFF
    return str(value)


class SettingsScreen(ListScreen):
    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.changed = False

    def title(self):
        return lang.s.SETTINGS

    def hint(self):
        return lang.s.K_CHANGE

    def count(self):
        return len(FIELDS)

    def row(self, i):
        name = FIELDS[i][0]
        return (getattr(lang.s, _LABELS[i]), shown(name, self.app.settings.get(name)))

    def change(self, i, delta):
        self.app.settings.step(FIELDS[i][0], delta)
        self.app.apply_settings()
        self.changed = True

    def choose(self, i):
        self.change(i, 1)

    def leave(self):
        if self.changed:
            self.app.save_settings()
            self.changed = False
