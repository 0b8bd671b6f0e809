"""The main menu: the games (ui.model.games, each with the round of its saved game when it
has one), statistics, settings, the controls card, rules, about and a link game."""

import gc

from ui.draw import gfx
from ui.model import games
from ui.model.saves_menu import compact
from ui.screens.menu import ListScreen
from ui.text import lang

_PAGES = ("M_STATS", "M_SETTINGS", "M_CONTROLS", "M_RULES", "M_ABOUT", "M_LINK")  # after the games


class MainMenu(ListScreen):
    """No header (the title screen came just before): six of the eight entries show at once."""

    _words = None  # the menu's words, read once for the table they came from (_of)
    _of = None

    def enter(self):
        """Each return to the menu drops what the last game or page loaded (ui.memory).
        A game's room is collected before the menu is drawn: what the menu's picture reads
        (a saved game's summary) must not land among the game's blocks (issue 28: the heap
        left in pieces). A page's (the statistics, the settings...) once the menu is shown:
        a collect takes about 20 ms on the Pico (issue 26: B answered within 50 ms)."""
        if self.app.link is not None:
            self.app.link.close()  # a link game's side goes once what it had to say is out
        if self.app.kept is None:
            store = getattr(self.app, "game_store", None)
            if store is not None:
                store.release()  # the saved games' engine states: their code goes next
            self.app.memory().keep_from_now(self.app)
            if store is not None:
                compact(store)  # (the statistics read now, at the menu)
            return
        plan = self.app.memory()
        gone = plan.drop_loaded(self.app)
        for name in gone:
            if plan.is_game_code(name):
                self.tidy()
                return
        self.app.later(self.tidy)

    def tidy(self):
        """Collect the room the last game or page left, and move what a game added to the
        statistics out of it (ui.model.saves_menu.compact)."""
        gc.collect()
        store = getattr(self.app, "game_store", None)
        if store is not None:
            compact(store)

    def words(self):
        """The rows' words and the key line, kept while the language stays: the menu comes
        back after every game and page, and a word read from flash takes a few ms."""
        t = lang.s
        if self._of is not t:
            self._of = None
            self._words = [getattr(t, g.title) for g in games.GAMES]
            self._words.extend(getattr(t, p) for p in _PAGES)
            self._words.append(t.G_ROUND_SHORT)
            self._words.append(t.K_OK)
            self._of = t
        return self._words

    def count(self):
        return len(games.GAMES) + len(_PAGES)

    def row(self, i):
        words = self.words()
        n = len(games.GAMES)
        if i >= n:
            return (words[i], None)
        got = self.saved(games.GAMES[i].id)
        return (words[i], None if got is None else words[-2] + str(got[1]))

    def saved(self, game):
        """What is saved of kind `game` (ui.model.saves: Saves.summary), or None."""
        store = getattr(self.app, "game_store", None)
        return store.summary(game) if store is not None else None

    def hint(self):
        return self.words()[-1]  # K_OK: the bottom of the stack, B has nowhere to go back to

    def back(self):
        pass

    def draw(self, fb):
        ListScreen.draw(self, fb)
        if getattr(self.app.board.power, "battery", None) is not None:  # (no cell: no mark,
            from ui.draw import battery  # nor its module in RAM)

            battery.mark(fb, gfx.W - battery.W, 57)  # right of the footer

    def choose(self, i):
        app = self.app
        n = len(games.GAMES)
        if i < n:
            gid = games.GAMES[i].id
            if self.saved(gid) is not None:  # a new game would replace it: ask first
                app.open("ui.screens.saved_game", "SavedGameQuestion", gid)
                return
            # the setup's code behind the busy mark, a module a frame; the game's engine
            # (but on its first setup since boot) and bots after the setup's first frame,
            # by its preload (issue 26: the setup within 250 ms; the engine took 75 ms of
            # it on the Pico, issue 47)
            app.open("ui.screens.setup", "SetupScreen", gid, names=app.memory().setup_first(gid))
            return
        i -= n
        if i == 0:
            app.open("ui.screens.stats", "StatsScreen")
        elif i == 1:
            app.open("ui.screens.settings", "SettingsScreen")
        elif i == 2:
            app.open("ui.screens.controls", "ControlsScreen")
        elif i == 3:
            app.push(RulesMenu(app))
        elif i == 4:
            app.open("ui.screens.about", "AboutScreen")
        else:
            app.open("ui.screens.link", "LinkMenu")


class RulesMenu(ListScreen):
    """Pick a game, then read its rules summary."""

    def title(self):
        return lang.s.M_RULES

    def count(self):
        return len(games.GAMES)

    def row(self, i):
        return (getattr(lang.s, games.GAMES[i].title), None)

    def choose(self, i):
        self.app.pages(self.app, "rules", games.GAMES[i])  # (ui.boot.open_page)


