"""The persistence API of the screens: settings, statistics and the game in progress.

    saves = Saves(board.data_dir)
    settings = saves.load_settings()          # defaults when missing or damaged
    saves.save_settings(settings)             # -> True, or False (a message says why)
    stats = saves.load_stats()                # lama.records.Stats
    saves.record_game_result(state, seats)    # at game over: counted once, ever
    saves.reset_stats()
    saves.save_progress(state, seats, rngs)   # after every completed action
    got = saves.load_progress()               # None, or (state, seats, rng_states)
    saves.clear_progress()                    # the game is over or abandoned
    line = saves.take_message()               # one line to show, or None

seats are [(name, bot)] with bot None for a person, else the computer player's name.
Nothing here raises on bad flash contents, a full flash or a full heap (MemoryError):
each call says whether it worked, and a message in the current language (ui.text.lang)
waits for the screen to show it. Saves(...) first repairs the folder (hal/store.py:
repair). Statistics that could not be read now (hal/store.py: UNREADABLE) are never
written over: they are read again when next needed, and a game is counted only once they
are known. A saved game already at its end is not offered: load_progress counts and
removes it.

Writes per game: the game file after each action (one small file, see hal/store.py),
the statistics once at the end. A game is numbered when its first action is saved
(last counted game + 1); the statistics remember the number of the last game counted,
so a power cut between counting a game and removing its save never counts it twice."""

from hal import store as st
from lama import codec, records, score
from ui.text import lang

KIND_SETTINGS = 1
KIND_STATS = 2
KIND_GAME = 3
SETTINGS_VERSION = 1
SETTINGS_MAX = 64
MAX_MESSAGES = 4
DROPPED = 10  # a message outcome: statistics loaded, but damaged entries left out


def _settings_decode(payload):
    from ui.model.settings import Settings

    s = Settings()
    if not s.load(payload):
        raise ValueError("settings out of range")
    return s


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

    def __init__(self, data_dir):
        self.store = st.Store(data_dir, max(records.STATS_MAX, records.PROGRESS_MAX))
        self.store.repair()
        # what every save encodes into, made once (no heap churn per action: issue 12)
        self._state_buf = bytearray(records.MAX_STATE)
        self._record_buf = bytearray(max(records.STATS_MAX, records.PROGRESS_MAX))
        self.messages = []  # (what, outcome) waiting to be shown
        self.stats = None  # lama.records.Stats once loaded
        self.places = []  # high-score places the last recorded game made
        self._progress = None  # records.Progress of the game being saved
        self._state = None  # the engine state object it belongs to

    # --- messages ---------------------------------------------------------------------
    def _note(self, what, outcome):
        if outcome == st.OK or outcome == st.MISSING:
            return
        if len(self.messages) < MAX_MESSAGES:
            self.messages.append((what, outcome))

    def take_message(self):
        """The oldest message not yet shown, as one line of text (None when none)."""
        if not self.messages:
            return None
        what, outcome = self.messages.pop(0)
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
        """The saved settings (a ui.model.settings.Settings), or the defaults."""
        value, outcome = self.store.load(
            "settings", KIND_SETTINGS, SETTINGS_VERSION, SETTINGS_MAX, _settings_decode, False
        )
        self._note(KIND_SETTINGS, outcome)
        if value is None:
            from ui.model.settings import Settings

            value = Settings()
        return value

    def save_settings(self, settings):
        try:
            data = settings.to_bytes()
        except MemoryError:
            data = None
        return self._save(KIND_SETTINGS, "settings", SETTINGS_VERSION, data, SETTINGS_MAX)

    def _save(self, what, name, version, data, max_len):
        """Save a record's bytes (None: they could not be made, FAILED); True when saved."""
        outcome = st.FAILED
        if data is not None:
            outcome = self.store.save(name, what, version, data, max_len)
        self._note(what, outcome)
        return outcome == st.OK

    # --- statistics -------------------------------------------------------------------
    def load_stats(self):
        """The statistics (loaded from flash once, then kept). When they could not be read
        now, empty ones are returned and `self.stats` stays None: read again next time."""
        if self.stats is None:
            value, outcome = self.store.load(
                "stats",
                KIND_STATS,
                records.STATS_VERSION,
                records.STATS_MAX,
                records.decode_stats,
                False,
            )
            self._note(KIND_STATS, outcome)
            if outcome == st.UNREADABLE:
                return records.Stats()
            if value is not None and value.dropped:
                self._note(KIND_STATS, DROPPED)
            self.stats = value if value is not None else records.Stats()
        return self.stats

    def _save_stats(self):
        try:
            data = records.encode_stats(self.stats, self._record_buf)
        except (ValueError, MemoryError):
            data = None
        return self._save(KIND_STATS, "stats", records.STATS_VERSION, data, records.STATS_MAX)

    def record_game_result(self, state, seats):
        """Count a finished game in the statistics (once: a second call for the same game
        does nothing); False when it could not be (statistics unreadable now, not saved).
        `self.places` tells the high-score places it made."""
        stats = self.load_stats()
        self.places = []
        if self.stats is None:
            return False
        prog = self._progress_for(state, seats)
        records.tally(prog, state)
        if prog.game_no == stats.last_game:
            return True
        try:
            places = records.record_result(
                stats, state.GAME, seats, state.scores, state.round_no, prog.emptied,
                prog.game_no,
            )
        except MemoryError:  # half counted, maybe: read the saved statistics again
            self.stats = None
            self._note(KIND_STATS, st.FAILED)
            return False
        if not self._save_stats():
            return False
        self.places = places
        return True

    def reset_stats(self):
        """Forget all statistics and high scores (the screen asks first); not when the
        saved ones cannot be read now (their last game number is needed)."""
        old = self.load_stats()
        if self.stats is None:
            return False
        self.stats = records.Stats()
        self.stats.last_game = old.last_game  # a saved game stays not yet counted
        return self._save_stats()

    # --- the game in progress ---------------------------------------------------------
    def _progress_for(self, state, seats):
        if self._progress is None or state is not self._state:
            n = (self.load_stats().last_game + 1) & 0xFFFF
            self._progress = records.Progress(b"", list(seats), n if n else 1)
            self._state = state
        return self._progress

    def save_progress(self, state, seats, rngs=()):
        """Save the game after a completed action; True when it is on flash."""
        prog = self._progress_for(state, seats)
        records.tally(prog, state)
        if prog.seats != seats:  # kept when equal: a save allocates nothing that lasts
            prog.seats = list(seats)
        _keep_states(prog, rngs)
        try:
            prog.state_bytes = codec.encode(state, self._state_buf)
            data = records.encode_progress(prog, self._record_buf)
        except (ValueError, MemoryError):  # a name or state the format cannot hold
            data = None
        return self._save(KIND_GAME, "game", records.PROGRESS_VERSION, data,
                          records.PROGRESS_MAX)

    def load_progress(self):
        """The saved game as (state, seats, rng_states), or None. A game already counted
        in the statistics (a power cut before its save was removed) is removed now; one
        at its end (its count could not be saved) is counted now and removed."""
        got, outcome = self.store.load(
            "game",
            KIND_GAME,
            records.PROGRESS_VERSION,
            records.PROGRESS_MAX,
            records.decode_progress,
        )
        self._note(KIND_GAME, outcome)
        if got is None:
            return None
        prog, state = got
        self._progress = prog
        self._state = state
        if state.phase == score.GAME_OVER:
            if self.record_game_result(state, prog.seats):
                self.clear_progress()
            return None  # else kept, to be counted at a later boot
        stats = self.load_stats()  # unreadable now: offered (counting waits for them)
        if self.stats is not None and prog.game_no == stats.last_game:
            self.clear_progress()
            return None
        return state, list(prog.seats), list(prog.rng_states)

    def clear_progress(self):
        """Remove the saved game (finished or abandoned)."""
        self._progress = None
        self._state = None
        outcome = self.store.clear(
            "game", KIND_GAME, records.PROGRESS_VERSION, records.PROGRESS_MAX
        )
        self._note(KIND_GAME, outcome)
        return outcome == st.OK
