"""A game in play for the screens: engine state, seats (people and bots), generators, saving.

The screens never touch the engine state directly: they ask the session whose turn it is,
what is legal, and call `act(action)` (a person's choice, or `bot_choice()`); each completed
action is saved through the storage API when one is given, by `flush()` once its answer is
on the panel (the game screen calls it after the frame is shown): a press never waits for
the flash, and a power cut keeps the last action shown or the one before it."""

from lama import games
from lama.errors import RuleError
from lama.rng import HardwareRng
from lama.score import winners

BOT_SEED_SALT = 0x15A5A5A5  # as tools/transcript.py: the bots' generator apart from the dice
NAME_MAX = 3  # characters of a seat's name on the game screens


def engine(game):
    """The engine module and its bot registry for a game id (lama.games)."""
    g = games.get(game)
    mod = games.load(g.engine)
    bots = games.load(g.bots)
    if g.tables is not None:
        _flash_tables(g.tables)
    return mod, bots.BOTS


def thinkers(game):
    """The bots of a game id that think a slice a frame: name -> generator function (the
    THINKERS of its bot module: lama.card_bots, lama.dice_bots)."""
    return getattr(games.load(games.get(game).bots), "THINKERS", {})


_tables = {}  # module name -> the open file of tables it reads, once opened


def _flash_tables(tables):
    """Let a bot read its value tables from a file beside lama/ on flash (e.g. the dice
    expert's dice_values.bin) rather than import them as bytes (about 7 KB of RAM);
    without the file they stay in RAM. `tables` is (module name, file name)."""
    name, file = tables
    if name in _tables:
        return
    import lama

    where = getattr(lama, "__file__", None) or "lama/"  # "/lama/__init__.mpy" on the device
    path = where.rsplit("/", 1)[0] + "/" + file if "/" in where else file
    try:
        f = open(path, "rb")
    except OSError:
        return
    if games.load(name).use_tables(f):
        _tables[name] = f
    else:
        f.close()


def storage(app):
    """The storage API for the game in progress (issue 6), or None when there is none."""
    return getattr(app, "game_store", None)


def new_session(app, game, names, bots, rules, first, state=None):
    """A Session whose dice and deals come from the board's entropy (D22): the hardware
    generator on the device, host urandom or the --seed in the simulator. The heap is
    collected first, so that the game's modules load into the menus' freed room in one
    piece (less fragmentation: tools/benches/memory.py's menu session needs ~8 KB less)."""
    import gc

    gc.collect()
    read = app.board.entropy.read
    return Session(game, names, bots, rules, first, HardwareRng(read), HardwareRng(read),
                   storage(app), state)


def choose_bot(table, name):
    """The choose function of bot `name`, or the weakest sensible one when it is missing."""
    fn = table.get(name)
    if fn is None:
        fn = table.get("cautious") or table.get("random")
    return fn


class Session:
    """One game: `game` id, seat `names` and `bots` (None = a person, else a bot name),
    rules, the generator for dice and deals (`rng`) and the bots' own (`bot_rng`).
    `store` (optional) has save_progress(state, seats), clear_progress(game) and
    record_game_result(state, seats); `state` resumes a saved game instead of dealing."""

    def __init__(self, game, names, bots, rules, first, rng, bot_rng, store=None, state=None):
        self.game = game
        self.info = games.get(game)  # its row of the table of games
        self.mod, table = engine(game)
        slices = thinkers(game)
        # initials, as the setup makes them: a longer name is cut so that tables stay put
        self.names = [str(nm)[:NAME_MAX] for nm in names]
        self.bots = list(bots)
        self.choosers = [None if b is None else choose_bot(table, b) for b in bots]
        # the bots that think a slice a frame (their generator functions), else None
        self.thinkers = [None if b is None else slices.get(b) for b in bots]
        self.thought = None  # the active bot's thinking under way (a generator), if any
        self.ready = None  # the action it came to, until played
        self.rng = rng
        self.bot_rng = bot_rng
        self.store = store
        self.save_error = None  # the storage's last message (e.g. flash full), shown once
        self.record = None  # a list here collects every action applied (tests, replays)
        if state is None:
            state = self.mod.new_game(len(self.names), rules, first, rng)
        self.state = state
        self.first = first
        self.last_round = None  # the last "round_end" event (for the round-end screen)
        self.result = None  # the "game_end" event
        self.unsaved = False  # an action applied that flush() has not saved yet
        if state.phase == self.mod.ROUND_OVER or state.phase == self.mod.GAME_OVER:
            self.last_round = self.rebuilt_round_end()
        if state.phase == self.mod.GAME_OVER:
            self.result = ("game_end", list(state.scores), winners(state.scores))

    # -- who and what ------------------------------------------------------------------

    def n(self):
        return self.state.n

    def turn(self):
        return self.state.turn

    def in_play(self):
        """True while a player has a decision (not between rounds, not over)."""
        ph = self.state.phase
        return ph != self.mod.ROUND_OVER and ph != self.mod.GAME_OVER

    def person_to_act(self):
        return self.in_play() and self.bots[self.state.turn] is None

    def people(self):
        """How many seats are people."""
        k = 0
        for b in self.bots:
            if b is None:
                k += 1
        return k

    def seats(self):
        """The seats as (name, bot) pairs, for saving."""
        return [(self.names[i], self.bots[i]) for i in range(len(self.names))]

    def legal(self):
        return self.mod.legal_actions(self.state)

    # -- acting ------------------------------------------------------------------------

    def act(self, action):
        """Apply a person's (or a bot's) action; RuleError (state unchanged) if illegal.
        Returns the engine's events; the game is saved by the next flush()."""
        self.thought = None  # what a bot thought was about the state before
        self.ready = None
        events = self.mod.apply(self.state, action, self.rng)
        if self.record is not None:
            self.record.append(action)
        for ev in events:
            if ev[0] == "round_end":
                self.last_round = ev
            elif ev[0] == "game_end":
                self.result = ev
        self.unsaved = True
        return events

    def bot_choice(self):
        """What the bot in the active seat would do now (no state change)."""
        st = self.state
        fn = self.choosers[st.turn]
        return fn(self.mod.view(st, st.turn), self.legal(), self.bot_rng)

    def think(self):
        """One slice of the active computer player's thinking (one frame's work): its
        action once decided, else None (call again on a later frame). A bot without a
        thinker decides at once (bot_choice). act() forgets what was thought."""
        if self.ready is not None:
            return self.ready
        if self.thought is None:
            st = self.state
            fn = self.thinkers[st.turn]
            if fn is None:
                self.ready = self.bot_choice()
                return self.ready
            self.thought = fn(self.mod.view(st, st.turn), self.legal(), self.bot_rng)
        a = next(self.thought)
        if a is not None:
            self.thought = None
            self.ready = a
        return a

    def think_ahead(self):
        """During a wait before a computer player's move: a slice of its thinking, if it
        thinks in slices (any other bot waits for its turn to come). True when there is
        more of it to do."""
        st = self.state
        if (self.ready is None and self.in_play() and not self.person_to_act()
                and self.thinkers[st.turn] is not None):
            return self.think() is None
        return False

    def next_round(self):
        """Deal the next round (after the round-end screen)."""
        return self.act((self.mod.NEXT,))

    def try_act(self, action):
        """act(), but an illegal action returns the RuleError instead of raising."""
        try:
            return self.act(action)
        except RuleError as e:
            return e

    # -- saving ------------------------------------------------------------------------

    def flush(self):
        """Save what act() changed, if anything: the game in progress on flash; at game
        over the result in the statistics and the save removed, or, when the result could
        not be saved, the ended game saved for the next boot to count (ui.model.saves never
        raises). Actions applied since the last flush are saved as one."""
        st = self.store
        if not self.unsaved:
            return
        self.unsaved = False
        if st is None:
            return
        if self.state.phase == self.mod.GAME_OVER:
            if st.record_game_result(self.state, self.seats()):
                st.clear_progress(self.game)
            else:
                st.save_progress(self.state, self.seats(), (self.rng, self.bot_rng))
        else:
            st.save_progress(self.state, self.seats(), (self.rng, self.bot_rng))
        line = st.take_message()
        if line:
            self.save_error = line  # e.g. a full flash: the game goes on

    def abandon(self):
        """Quit to the menu: the saved game is removed (issue 6), and nothing unsaved is
        saved after it."""
        self.unsaved = False
        if self.store is not None:
            self.store.clear_progress(self.game)

    # -- rounds ------------------------------------------------------------------------

    def rebuilt_round_end(self):
        """The round_end event of a resumed state that sits between rounds."""
        st = self.state
        return ("round_end", st.round_no, st.reason, list(st.points), list(st.returned),
                list(st.scores))

    def round_no(self):
        return self.state.round_no

    def round_label(self, T):
        """'R2', or 'R2/5' in the fixed-rounds variant (S6)."""
        st = self.state
        text = T.G_ROUND_SHORT + str(st.round_no)
        if st.rules.rounds > 0:
            text += "/" + str(st.rules.rounds)
        return text

    def cards_of(self, seat):
        """The 7-count of a seat's row (dice) or hand (cards)."""
        return getattr(self.state, self.info.held)[seat]


