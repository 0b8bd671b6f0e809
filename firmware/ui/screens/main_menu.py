"""The main menu: the two games, statistics, settings, rules and about."""

from ui.text import lang
from ui.loop import resident
from ui.screens.menu import ListScreen

_ITEMS = ("GAME_DICE", "GAME_CARDS", "M_STATS", "M_SETTINGS", "M_RULES", "M_ABOUT")


class MainMenu(ListScreen):
    """No header: the six entries fit the panel, the title screen came just before."""

    keep = None  # the modules loaded when the menu first came up (ui.loop.resident)

    def enter(self):
        """Each return to the menu drops what the last game or page loaded (ui.loop.resident)."""
        if self.keep is None:
            self.keep = resident.snapshot()
        else:
            resident.release(self.keep)

    def count(self):
        return len(_ITEMS)

    def row(self, i):
        return (getattr(lang.s, _ITEMS[i]), None)

    def hint(self):
        return lang.s.K_OK  # the bottom of the stack: B has nowhere to go back to

    def back(self):
        pass

    def choose(self, i):
        app = self.app
        if i == 0 or i == 1:
            from lama.codec import GAME_CARDS, GAME_DICE
            from ui.screens.setup import SetupScreen

            app.push(SetupScreen(app, GAME_DICE if i == 0 else GAME_CARDS))
        elif i == 2:
            from ui.screens.stats import StatsScreen

            app.push(StatsScreen(app))
        elif i == 3:
            from ui.screens.settings import SettingsScreen

            app.push(SettingsScreen(app))
        elif i == 4:
            app.push(RulesMenu(app))
        else:
            from ui.screens.about import AboutScreen

            app.push(AboutScreen(app))


class RulesMenu(ListScreen):
    """Pick a game, then read its rules summary."""

    def title(self):
        return lang.s.M_RULES

    def count(self):
        return 2

    def row(self, i):
        return (lang.s.GAME_DICE if i == 0 else lang.s.GAME_CARDS, None)

    def choose(self, i):
        from ui.screens.message import TextScreen

        if i == 0:
            screen = TextScreen(self.app, lambda s: s.GAME_DICE, lambda s: s.RULES_DICE)
        else:
            screen = TextScreen(self.app, lambda s: s.GAME_CARDS, lambda s: s.RULES_CARDS)
        self.app.push(screen)
