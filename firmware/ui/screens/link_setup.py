"""The host's table of a link game: the new-game setup, where a seat can also be a person
on a linked console (its name comes from that console; one seat a console). Start hands
the table to ui.games.launch with the host's link (app.link) told of the game."""

from ui.model.new_game import PERSON
from ui.screens.setup import SetupScreen
from ui.text import lang

LINKED = "@"  # a seat's kind in the setup: "@" and a console's id (ui.games.launch reads it)


class LinkSetupScreen(SetupScreen):
    """SetupScreen with the linked consoles among a seat's kinds (LINKED + console id)."""

    def __init__(self, app, game):
        SetupScreen.__init__(self, app, game)
        self.base = list(self.choices)
        self.refresh()
        # a first table: the person here, then each linked console, the rest computers
        got = self.linked()
        for k in range(len(got)):
            if k + 1 < len(self.kinds):
                self.kinds[k + 1] = LINKED + str(got[k][0])
        self.n = max(self.n, min(len(got) + 1, len(self.kinds)))

    def linked(self):
        return self.app.link.consoles()

    def refresh(self):
        self.choices = [PERSON] + [LINKED + str(c[0]) for c in self.linked()] + self.base[1:]

    def typed(self, seat):
        kind = self.kinds[seat]
        if kind.startswith(LINKED):
            for c in self.linked():
                if LINKED + str(c[0]) == kind:
                    return c[1]
        return SetupScreen.typed(self, seat)

    def kind_text(self, kind):
        if kind.startswith(LINKED):
            return lang.s.LINK_KIND
        return SetupScreen.kind_text(self, kind)

    def tick(self, now_ms):
        before = len(self.choices)
        self.refresh()
        if len(self.choices) != before:
            self.dirty = True
        SetupScreen.tick(self, now_ms)

    def resting(self):
        return False  # the line is served every frame

    def valid(self):
        """Every seat's kind known now (a linked console still on the line), one seat a
        console, and 2-6 seats with a first player among them."""
        kinds = self.kinds[:self.n]
        for k in kinds:
            if k not in self.choices:
                return False
            if k.startswith(LINKED) and kinds.count(k) > 1:
                return False
        return True

    def start(self):
        if not self.valid():
            self.note_line = lang.s.LINK_SAME
            self.dirty = True
            return
        setup = self.setup()
        from ui.games import launch

        code = self.app.memory().game_order().start_code(self.game) + ["ui.games.linked"]
        self.app.soon(lambda: launch.launch(self.app, setup), code, busy=True)

    def hint(self):
        line = getattr(self, "note_line", None)
        if line:
            self.note_line = None
            return line
        return SetupScreen.hint(self)
