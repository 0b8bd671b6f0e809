"""New-game setup: number of players, each seat a person or a computer level with a name,
who starts; Start hands a ui.model.new_game.GameSetup to ui.games.launch. Two seats never
share a name: a repeat gets a digit at its end (lama.records.unique_names), as shown on the
rows."""

from hal.buttons import PRESS, REPEAT
from lama.bot_names import seat_name
from lama.records import unique_names
from lama.score import MAX_PLAYERS, MIN_PLAYERS, NAME_LENGTH
from ui.model import games
from ui.model.new_game import FIRST_GAME_PLAYERS, PERSON, GameSetup, bot_levels, default_level
from ui.screens.menu import ListScreen
from ui.text import lang

from micropython import const

# the game's code loads a module a frame in the LOAD_MS after a press is answered (a
# module takes 10 to 65 ms to load on the Pico, so the last ends before the next press of
# someone pressing four times a second), and once none has come for QUIET_MS
LOAD_MS = const(100)
QUIET_MS = const(400)


class SetupScreen(ListScreen):
    """Rows: players, one per seat, first player, start."""

    def __init__(self, app, game):
        ListScreen.__init__(self, app)
        self.game = game
        self.choices = [PERSON] + bot_levels()  # what a seat can be
        self.n = FIRST_GAME_PLAYERS
        self.kinds = [PERSON] + [default_level()] * (MAX_PLAYERS - 1)
        self.custom = [None] * MAX_PLAYERS  # a name typed in, or None for the default
        self.first = 0
        self.remembered()
        self._loading = None  # the game's code: None not yet begun, a generator, False loaded
        self._pressed = False  # a press (or the putting up) not yet answered on the glass
        self._answered = None  # ms of the frame that drew the answer to the last press

    def remembered(self):
        """The last table of this game (ui/model/last_table.py), offered first: its seats,
        their kinds and names, who started (issue 50)."""
        from ui.model import last_table

        got = self.table = last_table.load(self.app, self.game)
        if got is None:
            return
        n, first, kinds, names = got
        for i in range(MAX_PLAYERS):
            if kinds[i] < len(self.choices):
                self.kinds[i] = self.choices[kinds[i]]
            self.custom[i] = names[i]
        self.n = n
        self.first = first

    # --- what the rows are -------------------------------------------------------------
    def title(self):
        return games.title(self.game)

    def count(self):
        return self.n + 3

    def name(self, seat):
        """The name seat `seat` plays under (distinct from every other seat's)."""
        return self.names()[seat]

    def names(self):
        return unique_names([self.typed(i) for i in range(MAX_PLAYERS)], NAME_LENGTH)

    def typed(self, seat):
        """The name typed in for a seat, or its default."""
        if self.custom[seat]:
            return self.custom[seat]
        if self.kinds[seat] == PERSON:
            return lang.s.NAME_PERSON + str(seat + 1)
        return seat_name(seat)

    def kind_text(self, kind):
        if kind == PERSON:
            return lang.s.KIND_PERSON
        return lang.s.BOT_LEVELS.get(kind, kind)

    def row(self, i):
        s = lang.s
        if i == 0:
            return (s.SETUP_PLAYERS, str(self.n))
        if i <= self.n:
            seat = i - 1
            return (str(seat + 1) + " " + self.name(seat), self.kind_text(self.kinds[seat]))
        if i == self.n + 1:
            return (s.SETUP_FIRST, self.name(self.first))
        return (s.SETUP_START, None)

    def hint(self):
        s = lang.s
        i = self.cursor
        if 1 <= i <= self.n:
            return s.K_SEAT
        if i == 0 or i == self.n + 1:
            return s.K_CHANGE
        return s.K_OK_BACK

    # --- acting --------------------------------------------------------------------------
    def change(self, i, delta):
        if i == 0:
            self.n = MIN_PLAYERS + (self.n - MIN_PLAYERS + delta) % (MAX_PLAYERS - MIN_PLAYERS + 1)
            if self.first >= self.n:
                self.first = 0
        elif i <= self.n:
            seat = i - 1
            k = self.choices.index(self.kinds[seat]) if self.kinds[seat] in self.choices else 0
            self.kinds[seat] = self.choices[(k + delta) % len(self.choices)]
        elif i == self.n + 1:
            self.first = (self.first + delta) % self.n

    def choose(self, i):
        if i == 0 or i == self.n + 1:
            self.change(i, 1)
        elif i <= self.n:
            self.edit_name(i - 1)
        else:
            self.start()

    def edit_name(self, seat):
        from ui.screens.names import NameScreen

        def done(name):
            self.custom[seat] = name

        title = lang.s.NAME_TITLE + str(seat + 1)
        self.app.push(NameScreen(self.app, title, self.typed(seat), done))

    def setup(self):
        """The GameSetup the rows describe."""
        names = self.names()
        seats = [(names[i], self.kinds[i]) for i in range(self.n)]
        return GameSetup(self.game, seats, self.first, self.app.settings.rules())

    def enter(self):
        self.keys_came()  # (put up, or back from the name editor: keys are coming)
        # the main menu's own code not kept under the setup (issue 26: the game's code
        # loads here): B brings it back (back)
        if self.app.stack[0] is not self:
            plan = self.app.memory()
            plan.menu_below(self.app, plan.MENU_OWN_CODE)

    def back(self):
        """B: the main menu, loaded back behind the busy mark (ui.screens.menu_stand_in)."""
        self.app.soon(self.app.pop, busy=True)

    def handle(self, ev):
        if ev[0] == PRESS or ev[0] == REPEAT:
            self.keys_came()
        ListScreen.handle(self, ev)

    def keys_came(self):
        """A press now: modules load right after its answer, then once keys rest (tick)."""
        self._pressed = True

    def draw(self, fb):
        if self._pressed:
            self._pressed = False
            self._answered = self.app.now
        ListScreen.draw(self, fb)

    def tick(self, now_ms):
        """On a frame with nothing else to do, a step of loading the game's code (the launch
        first), so that Start answers at once: in the LOAD_MS after a press was answered (or
        the screen put up), or once none has come for QUIET_MS (a press that comes during a
        module's loading waits for it)."""
        if self.dirty or self._loading is False or self.app.board.buttons.pressed_since_poll():
            return
        if self._pressed:  # a press that changed nothing: answered as the glass is
            self._pressed = False
            self._answered = now_ms
        if self._answered is not None:
            since = self.app.clock.ticks_diff(now_ms, self._answered)
            if LOAD_MS <= since < QUIET_MS:
                return
        if self._loading is None:
            from ui.games import launch  # noqa: F401  (the launch first: Start needs it)

            store = getattr(self.app, "game_store", None)
            if store is not None:
                store.let_go_readers()  # (the game's code comes in their place)
            self._loading = self.app.memory().game_order().preload(self.game)
            return
        try:
            next(self._loading)
        except StopIteration:
            self._loading = False

    def resting(self):
        return self._loading is False  # the game's code still loading, a frame at a time

    def start(self):
        """Start the game (what the preload has not loaded yet, a module a frame first)."""
        if self.setup().valid():
            from ui.model import last_table

            keep = last_table.keeper(self.app, self.game, self.n, self.first, self.kinds,
                                     self.custom, self.choices, self.table)
            self.app.soon(lambda: self._launch(keep), ("ui.games.launch",))

    def _launch(self, keep):
        """The game, then the table kept (`keep`, or None when it is the one remembered),
        once the game's first frame is on the glass: a flash write is 60 ms of Start."""
        from ui.games import launch

        setup = self.setup()
        app = self.app

        def go():
            launch.launch(app, setup)
            if keep is not None:
                app.later(keep)

        # the busy mark at once, the game the next frame (or once its code is in)
        app.soon(go, app.memory().game_order().start_code(self.game), busy=True)
