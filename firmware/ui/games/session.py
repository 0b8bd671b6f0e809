"""A game in play for the screens: engine state, seats (people and bots), generators, saving.

The screens never touch the engine state directly: they ask the session whose turn it is,
what is legal, and call `act(action)` (a person's choice, or `bot_choice()`); each completed
action is saved through the storage API when one is given, by `flush()` once its answer is
on the panel (the game screen calls it after the frame is shown): a press never waits for
the flash, and a power cut keeps the last action shown or the one before it."""

from lama.errors import RuleError
from lama.score import NAME_LENGTH, winners
from lama.seats import LINKED, bot_name, is_here, is_person, kind, of


class Loaded:
    """One game's code, loaded for play: `info` its row of lama.games, `ui` its row of
    ui.model.games, `mod` its engine module, `bots` its bot registry (BOTS: name -> choose
    function) and `thinkers` the bots that think a slice a frame (THINKERS: name ->
    generator function)."""

    def __init__(self, info, ui, mod, bots, thinkers):
        self.info = info
        self.ui = ui
        self.mod = mod
        self.bots = bots
        self.thinkers = thinkers


def choose_bot(table, name):
    """The choose function of bot `name` (KeyError for a name the game has not: a saved
    game's unknown bot is asked about before it is played, ui/screens/seat_question.py)."""
    return table[name]


def _cut(seat):
    """The seat with its name cut to initials, as the setup makes them (tables stay put)."""
    return (str(seat[0])[:NAME_LENGTH], seat[1], seat[2])


class Session:
    """One game in play: `game` its code (a Loaded: row, engine, bots), the
    `seats` (lama.seats: a person here, a computer player, a person at a linked console;
    an older (name, bot or None) pair is read as one), rules, the seat
    that starts, the generator for dice and deals (`rng`) and the bots' own (`bot_rng`).
    `store` (optional) has save_progress(state, seats), clear_progress(game id) and
    record_game_result(state, seats); `state` resumes a saved game instead of dealing."""

    def __init__(self, game, seats, rules, first, rng, bot_rng, store=None, state=None):
        self.game = game
        self.mod = game.mod
        # initials, as the setup makes them: a longer name is cut so that tables stay put
        self.seats = [_cut(of(seat)) for seat in seats]
        self.thought = None  # the active bot's thinking under way (a generator), if any
        self.ready = None  # the action it came to, until played
        self.rng = rng
        self.bot_rng = bot_rng
        self.store = store
        self.save_error = None  # the storage's last message (e.g. flash full), shown once
        self.record = None  # a list here collects every action applied (tests, replays)
        self.link = None  # in a link game: the host's link.host.LinkHost (told every action)
        dealt = state is None
        if dealt:
            state = self.mod.new_game(len(self.seats), rules, first, rng)
        self.state = state
        self.first = first
        self.last_round = None  # the last "round_end" event (for the round-end screen)
        self.result = None  # the "game_end" event
        # an action applied that flush() has not saved yet; a game exists from its Start:
        # one just dealt is saved as it is (it replaces its kind's old save, and "Save and
        # leave" or a power cut before the first move keeps it)
        self.unsaved = dealt
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

    def name(self, seat):
        return self.seats[seat][0]

    def bot(self, seat):
        """The bot name of `seat`, or None for a person (here or at a linked console)."""
        return bot_name(self.seats[seat])

    def kind(self, seat):
        """The kind of `seat` (lama.seats: PERSON, BOT, LINKED)."""
        return kind(self.seats[seat])

    def here(self, seat):
        """True when a person at this console plays `seat` (its turns are taken on these
        buttons; a linked console's person is not: its moves come over the link)."""
        return is_here(self.seats[seat])

    def person_to_act(self):
        """A person at this console has a decision now."""
        return self.in_play() and self.here(self.state.turn)

    def is_person(self, seat):
        """True when a person plays `seat`, here or at a linked console."""
        return is_person(self.seats[seat])

    def bots_here(self):
        """True when this console thinks for a computer player of its table: else only the
        hint thinks with the game's experts (ui.games.panel.tidy lets them go without it)."""
        for seat in self.seats:
            if bot_name(seat) is not None:
                return True
        return False

    def people(self):
        """How many seats are people at this console."""
        k = 0
        for seat in self.seats:
            if is_here(seat):
                k += 1
        return k

    def legal(self):
        return self.mod.legal_actions(self.state)

    # -- acting ------------------------------------------------------------------------

    def act(self, action):
        """Apply a person's (or a bot's) action; RuleError (state unchanged) if illegal.
        Returns the engine's events; the game is saved by the next flush()."""
        self.thought = None  # what a bot thought was about the state before
        self.ready = None
        seat = self.state.turn
        events = self.mod.apply(self.state, action, self.rng)
        if self.link is not None:
            self.link.acted(seat, events)  # each linked console its share of it
        if self.record is not None:
            self.record.append(action)
        for ev in events:
            if ev[0] == "round_end":
                self.last_round = ev
            elif ev[0] == "game_end":
                self.result = ev
        self.unsaved = True
        return events

    def link_wait(self):
        """True while the seat to act is a person on a linked console: its choice comes
        over the link (think() gives it once the engine allows it)."""
        return (self.link is not None and self.in_play()
                and kind(self.seats[self.state.turn]) == LINKED)

    def actor(self, action):
        """The seat that `action` is played for."""
        return self.state.turn

    def bot_choice(self):
        """What the bot in the active seat would do now (no state change)."""
        st = self.state
        fn = choose_bot(self.game.bots, self.bot(st.turn))
        return fn(self.mod.view(st, st.turn), self.legal(), self.bot_rng)

    def think(self):
        """One slice of the active computer player's thinking (one frame's work): its
        action once decided, else None (call again on a later frame). A bot without a
        thinker decides at once (bot_choice). act() forgets what was thought. A linked
        console's seat is not thought for here: None until its move is applied (act)."""
        if self.ready is not None:
            return self.ready
        if self.link_wait():
            return self.link.take(self.state.turn)
        if self.thought is None:
            st = self.state
            bot = self.bot(st.turn)
            if bot is None:
                return None
            fn = self.game.thinkers.get(bot)
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
                and self.bot(st.turn) in self.game.thinkers):
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
            if st.record_game_result(self.state, self.seats):
                st.clear_progress(self.game.info.id)
            else:
                st.save_progress(self.state, self.seats, (self.rng, self.bot_rng))
        else:
            st.save_progress(self.state, self.seats, (self.rng, self.bot_rng))
        line = st.take_message()
        if line:
            self.save_error = line  # e.g. a full flash: the game goes on

    def abandon(self, later=None):
        """Quit to the menu: the saved game is removed (issue 6; with `later`, App.later,
        from the flash once the menu is shown), and nothing unsaved is saved after it."""
        self.unsaved = False
        if self.link is not None:
            self.link.end()  # a link game: its consoles hear that it ended
        if self.store is not None:
            if later is None:
                self.store.clear_progress(self.game.info.id)
            else:
                self.store.clear_progress(self.game.info.id, later)

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
        return getattr(self.state, self.game.info.held)[seat]


