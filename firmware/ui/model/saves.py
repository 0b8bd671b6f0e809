"""The persistence API of the screens: settings, statistics and the games in progress.

    saves = Saves(board.data_dir)
    settings = saves.load_settings()          # defaults when missing or damaged
    saves.save_settings(settings)             # -> True, or False (a message says why)
    stats = saves.load_stats()                # lama.records.Stats
    saves.record_game_result(state, seats)    # at game over: counted once, ever
    saves.save_progress(state, seats, rngs)   # after every completed action
    saves.summary(game)                       # None, or (number, round, [(name, score)])
    saves.clear_progress(game)                # the game is over or abandoned
    saves.set_aside(game)                     # kept on flash, not offered (unknown seats)
    saves.release()                           # at the main menu: drop the engine states
    line = saves.take_message()               # one line to show, or None

The saved games as the menus read them back (load, all), the statistics' compaction at
the menu and their reset are ui/model/saves_menu.py's, through this public API only: a
game in play keeps none of that code in RAM (issue 26).

seats are lama.seats seats (name, kind, detail); the saves of older firmware, whose seats
were (name, bot or None), are read as such.
Each game kind (lama.games) has its own saved game, in its own record ("game_dice",
"game_cards"): a saved LAMA Dice game and a L.L.A.M.A. game in progress live side by
side, and a new game replaces only its own kind's save (the main menu asks first). The
single "game" record of older firmware is moved to its kind's record at start.

Nothing here raises on bad flash contents, a full flash or a full heap (MemoryError):
each call says whether it worked, and a message in the current language (ui.text.lang)
waits for the screen to show it. Saves(...) first repairs the folder (hal/store.py:
repair). Statistics that could not be read now (hal/store.py: UNREADABLE) are never
written over: they are read again when next needed, and a game is counted only once they
are known. A saved game already at its end is not offered: load_progress counts and
removes it.

Writes per game: the game's file at its start and after each action (one small file, see
hal/store.py),
the statistics once at the end. A game is numbered when it is first saved (the number
after the last counted game, past the other kind's saved game if it has that one; never
from statistics or a saved game that could not be read: it is saved unnumbered, 0, and
numbered at a later save); the statistics remember the number of the last game counted, so a power cut
between counting a game and removing its save never counts it twice, and no saved game
shares its number with another saved one."""

from hal import store as st
from lama import codec, games, records
from ui.model.settings_record import KIND_SETTINGS, SETTINGS_MAX, SETTINGS_NAME, SETTINGS_VERSION
from ui.model.settings_record import read_settings
from ui.model.save_records import KIND_GAME, KIND_STATS, LEGACY, STATISTICS  # noqa: F401
from ui.model.save_records import record_name, statistics
from ui.loop.resident import forget
from ui.text import lang
from micropython import const

_MAX_MESSAGES = const(4)
UNKNOWN = "?"  # Saves._saved: not read yet
DROPPED = 10  # a message outcome: statistics loaded, but damaged entries left out


def _state_of(rng):
    v = getattr(rng, "state", None)
    return v if isinstance(v, int) else None


def _keep_states(prog, rngs):
    """prog.rng_states = the states of the seeded generators among rngs, in place."""
    if not isinstance(prog.rng_states, list):
        prog.rng_states = list(prog.rng_states)
    states = prog.rng_states
    k = 0
    for r in rngs:
        v = _state_of(r)
        if v is not None:
            if k < len(states):
                states[k] = v
            else:
                states.append(v)
            k += 1
    while len(states) > k:
        states.pop()


class Saves:
    """Settings, statistics and the saved game, in files under `data_dir`."""

    readers = ()  # the save readers' modules (ui.memory.SAVE_READERS: ui.boot hands them)

    def __init__(self, data_dir):
        self.store = st.Store(data_dir, max(records.STATS_MAX, records.PROGRESS_MAX))
        self.store.repair()
        # what every save encodes the game's state into, made once (no heap churn per
        # action: issue 12); a record is encoded straight into the store's frame (room())
        self._state_buf = bytearray(records.MAX_STATE)
        # messages waiting to be shown, what * 16 + outcome each: noted with no allocation
        self._pending = bytearray(_MAX_MESSAGES)
        self._waiting = 0
        # what a load gives when memory runs out (made now: nothing to allocate then)
        from ui.model.settings import Settings

        self._no_settings = Settings()  # the defaults
        self._no_stats = records.Stats()  # empty, never written to (see load_stats)
        self.stats = None  # lama.records.Stats once loaded
        self.counted = False  # a game was counted in them since the menu last compacted them
        self.places = []  # high-score places the last recorded game made
        # game id -> [records.Progress, the engine state it belongs to], or None; every key
        # made now: a dict that grows in a game leaves its new table in that game's room
        self._games = {}
        for gid in games.IDS:
            self._games[gid] = None
        # game id -> what is known of its save: None (none), True (saved, see _games),
        # (game number, round, [(name, score)]) (summary), UNKNOWN: not read yet
        self._saved = {}
        for gid in games.IDS:
            self._saved[gid] = UNKNOWN
        from ui.model.saves_menu import SavedGames

        SavedGames(self).migrate()  # (at boot: that module is not kept in a game)

    # --- messages ---------------------------------------------------------------------
    def note(self, what, outcome):
        """Keep a message for the screen about record kind `what` (KIND_...) and a
        hal.store outcome (allocates nothing: noted even with no memory)."""
        if outcome == st.OK or outcome == st.MISSING:
            return
        if self._waiting < _MAX_MESSAGES:
            self._pending[self._waiting] = what * 16 + outcome
            self._waiting += 1

    def waiting(self):
        """The messages not yet shown, as [(what, outcome)] (for tests and tools)."""
        return [(v >> 4, v & 15) for v in self._pending[: self._waiting]]

    def take_message(self):
        """The oldest message not yet shown, as one line of text (None when none)."""
        if not self._waiting:
            return None
        p = self._pending
        what = p[0] >> 4
        outcome = p[0] & 15
        for i in range(1, self._waiting):
            p[i - 1] = p[i]
        self._waiting -= 1
        s = lang.s
        names = {KIND_SETTINGS: s.ST_SETTINGS, KIND_STATS: s.ST_STATS, KIND_GAME: s.ST_GAME}
        texts = {
            st.BAD_OLDER_USED: s.ST_BAD_OLDER,
            st.BAD_DEFAULTS: s.ST_BAD_DEFAULTS if what != KIND_GAME else s.ST_BAD_GAME,
            st.FULL: s.ST_FULL,
            st.FAILED: s.ST_FAILED,
            st.UNREADABLE: s.ST_UNREAD,
            DROPPED: s.ST_DROPPED,
        }
        return names[what] + ": " + texts[outcome]

    # --- settings ---------------------------------------------------------------------
    def load_settings(self):
        """The saved settings (a ui.model.settings.Settings), or the defaults. Never
        raises: with no memory left, the defaults made at start."""
        value, outcome = read_settings(self.store)
        self.note_settings(outcome)
        return self._no_settings if value is None else value

    def note_settings(self, outcome):
        """Keep the message for how the settings were read (ui.boot reads them before the
        saves are made: ui.model.settings_record)."""
        self.note(KIND_SETTINGS, outcome)

    def save_settings(self, settings):
        try:
            data = settings.to_bytes()
        except MemoryError:
            data = None
        return self._save(KIND_SETTINGS, SETTINGS_NAME, SETTINGS_VERSION, data, SETTINGS_MAX)

    def _save(self, what, name, version, data, max_len):
        """Save a record's bytes (None: they could not be made, FAILED); True when saved."""
        outcome = st.FAILED
        if data is not None:
            outcome = self.store.save(name, what, version, data, max_len)
        self.note(what, outcome)
        return outcome == st.OK

    # --- statistics -------------------------------------------------------------------
    def load_stats(self):
        """The statistics (loaded from flash once, then kept). When they
        could not be read now (also for want of memory), empty ones are returned, to read
        only, and `self.stats` stays None: read again next time. Never raises."""
        if self.stats is None:
            try:
                self._load_stats()
            except MemoryError:
                self.note(KIND_STATS, st.UNREADABLE)
            if self.stats is None:
                return self._no_stats
        return self.stats

    def _load_stats(self):
        value, outcome = self.store.load(
            "stats",
            KIND_STATS,
            records.STATS_VERSION,
            records.STATS_MAX,
            statistics().decode_stats,
            False,
            _older_stats,
        )
        self.note(KIND_STATS, outcome)
        if outcome == st.UNREADABLE:
            return
        if value is not None and value.dropped:
            self.note(KIND_STATS, DROPPED)
        self.stats = value if value is not None else records.Stats()

    def save_stats(self):
        """Write the statistics as they are in RAM (`self.stats`); True when saved."""
        try:
            data = statistics().encode_stats(self.stats, self.store.room())
        except (ValueError, MemoryError):
            data = None
        return self._save(KIND_STATS, "stats", records.STATS_VERSION, data, records.STATS_MAX)

    def record_game_result(self, state, seats):
        """Count a finished game in the statistics (once: a second call for the same game
        does nothing); False when it could not be (statistics unreadable now, not saved).
        `self.places` tells the high-score places it made."""
        try:
            return self._record(state, seats)
        finally:
            self.let_go_readers()  # (their code, once counted: the game-over page's room)

    def _record(self, state, seats):
        stats = self.load_stats()
        self.places = []
        if self.stats is None:
            return False
        prog = self._progress_for(state, seats)
        records.tally(prog, state)
        if not self._numbered(prog, state.GAME):
            return False  # (the other kind's saved game could not be read: a later boot)
        if prog.game_no == stats.last_game:
            return True
        try:
            places = statistics().record_result(
                stats, state.GAME, seats, state.scores, state.round_no, prog.emptied,
                prog.game_no,
            )
        except MemoryError:  # half counted, maybe: read the saved statistics again
            self.stats = None
            self.note(KIND_STATS, st.FAILED)
            return False
        self.counted = True  # (their new entries: moved down at the menu, saves_menu.compact)
        if not self.save_stats():
            return False
        self.places = places
        return True

    def let_go_readers(self):
        """At a game's set-up and start, and once it is over and counted: the code that
        reads the statistics and the saved games back (`readers`, each game's codec body in
        lama.games) leaves RAM; the statistics' data stay."""
        for name in self.readers:
            forget(name)
        for g in games.GAMES:
            forget(g.body)

    # --- the games in progress (one per game kind) --------------------------------------
    def _numbered(self, prog, gid):
        """prog's game number, given now when it has none yet (0): never from statistics,
        or another kind's saved game, that could not be read (0 then, asked again at the
        next save)."""
        if not prog.game_no:
            prog.game_no = self._number(gid)
        return prog.game_no

    def _number(self, gid):
        """The number of a new game of kind gid: the next after the last counted, past the
        number of any other kind's saved game (so that no two saved games share one, and a
        game counted is never taken for another, see load_progress); 0 when the statistics
        or that saved game cannot be read now."""
        taken = []
        for g in games.IDS:
            if g != gid:
                n = self.game_number(g)
                if n is UNKNOWN:
                    return 0
                if n is not None:
                    taken.append(n)
        kept = self.stats is not None
        n = self.load_stats().last_game
        if self.stats is None:  # could not be read now
            return 0
        if not kept:  # read for the number alone: not kept in RAM through a game (issue 26)
            self.stats = None
        while True:
            n = (n + 1) & 0xFFFF
            if n and n not in taken:
                return n

    def game_number(self, gid):
        """The game number in kind gid's saved game, None when there is none, UNKNOWN when
        it cannot be read now (0: not numbered yet)."""
        got = self._games.get(gid)
        if got is not None:
            return got[0].game_no
        known = self._saved.get(gid, UNKNOWN)
        if known is None or isinstance(known, tuple):
            return known[0] if known else None
        value, outcome = self.store.load(record_name(gid), KIND_GAME,
                                         records.PROGRESS_VERSION, records.PROGRESS_MAX,
                                         _number_decode, True, _number_older)
        self.note(KIND_GAME, outcome)
        return UNKNOWN if outcome == st.UNREADABLE else value

    def _progress_for(self, state, seats):
        got = self._games.get(state.GAME)
        if got is None or got[1] is not state:
            prog = records.Progress(b"", list(seats), 0)  # numbered by its first save
            self._games[state.GAME] = [prog, state]
            return prog
        return got[0]

    def save_progress(self, state, seats, rngs=()):
        """Save the game after a completed action (in its kind's record); True when it
        is on flash."""
        prog = self._progress_for(state, seats)
        self._numbered(prog, state.GAME)
        records.tally(prog, state)
        if prog.seats != seats:  # kept when equal: a save allocates nothing that lasts
            prog.seats = list(seats)
        _keep_states(prog, rngs)
        try:
            prog.state_bytes = codec.encode(state, self._state_buf)
            data = records.encode_progress(prog, self.store.room())
        except (ValueError, MemoryError):  # a name or state the format cannot hold
            data = None
        ok = self._save(KIND_GAME, record_name(state.GAME), records.PROGRESS_VERSION, data,
                        records.PROGRESS_MAX)
        if ok:
            self._saved[state.GAME] = True  # its summary is made when next asked
        return ok

    def summary(self, game):
        """What the menus show of kind `game`'s saved game: (game number, round,
        [(name, score)]), or None when there is none (read from flash when not known)."""
        try:
            return self._summary(game)
        except MemoryError:
            return None

    def _summary(self, game):
        known = self._saved.get(game, UNKNOWN)
        if known is UNKNOWN:  # read now (by the menus' code: the menus ask)
            from ui.model.saves_menu import SavedGames

            SavedGames(self).load(game)
            known = self._saved.get(game)
        if known is True:
            pair = self._games.get(game)
            if pair is None:
                return None
            prog, state = pair
            scores = state.scores
            known = (prog.game_no, state.round_no,
                     [(prog.seats[i][0], scores[i]) for i in range(len(scores))])
            self._saved[game] = known
        return known if isinstance(known, tuple) else None

    def release(self):
        """Let go of the games' engine states (at the main menu, where their code is
        dropped from RAM): what the menus show of them is kept, the rest is read again
        from flash when a game goes on. (Here, not in the menus' half: leaving a game
        does it before the menu's code is back.)"""
        self.places = ()
        for gid in games.IDS:
            if self._games[gid] is not None:
                self.summary(gid)  # (None when memory ran out: read again when asked)
                if self._saved.get(gid) is True:
                    self._saved[gid] = UNKNOWN
                self._games[gid] = None

    def forget_game(self, game):
        """Kind `game` has no saved game now (the menus know it gone)."""
        if game in self._games:
            self._games[game] = None
        self._saved[game] = None

    def keep_game(self, game, progress, state):
        """Kind `game`'s saved game, read back (a records.Progress and its engine state):
        the game in progress of its kind from now on (saves go on from it)."""
        self._games[game] = [progress, state]
        self._saved[game] = True

    def set_aside(self, game):
        """Move kind `game`'s saved game aside on flash (its files renamed NAME.bad...,
        kept but never offered again): a save this firmware cannot play (a seat it does
        not know, ui/screens/seat_question.py), left for one that can."""
        self.store.set_aside_record(record_name(game))
        self.forget_game(game)

    def clear_progress(self, game, later=None):
        """Remove the saved game of kind `game` (finished or abandoned). With `later` (the
        app's App.later), the menus know it gone at once, and it leaves the flash at the
        end of the frame, once the picture is shown (True then)."""
        if later is not None:
            self.forget_game(game)
            later(lambda: self.clear_progress(game))
            return True
        outcome = self.store.clear(
            record_name(game), KIND_GAME, records.PROGRESS_VERSION, records.PROGRESS_MAX
        )
        self.note(KIND_GAME, outcome)  # (its moves in words stay: ui/model/saved_log.py)
        if outcome == st.OK:
            self.forget_game(game)
        return outcome == st.OK


def _older_stats(version, payload):
    """The statistics of an older firmware's format (the next save writes today's)."""
    return statistics().decode_stats(payload, version)


def _number_decode(payload):
    if len(payload) < 2:
        raise ValueError("too short")
    return (payload[0] << 8) | payload[1]


def _number_older(version, payload):
    return _number_decode(payload)  # (the first two bytes in every format)
