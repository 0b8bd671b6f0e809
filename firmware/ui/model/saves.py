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
Nothing here raises on bad flash contents or a full flash: each call says whether it
worked, and a message in the current language (ui.text.lang) waits for the screen to show it.

Writes per game: the game file after each action (one small file, see hal/store.py),
the statistics once at the end. A game is numbered when its first action is saved
(last counted game + 1); the statistics remember the number of the last game counted,
so a power cut between counting a game and removing its save never counts it twice."""

from hal import store as st
from lama import codec, records
from ui.text import lang

KIND_SETTINGS = 1
KIND_STATS = 2
KIND_GAME = 3
SETTINGS_VERSION = 1
SETTINGS_MAX = 64
MAX_MESSAGES = 4


def _settings_decode(payload):
    from ui.model.settings import Settings

    s = Settings()
    if not s.load(payload):
        raise ValueError("settings out of range")
    return s


def _state_of(rng):
    v = getattr(rng, "state", None)
    return v if isinstance(v, int) else None


class Saves:
    """Settings, statistics and the saved game, in files under `data_dir`."""

    def __init__(self, data_dir):
        self.store = st.Store(data_dir)
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
        }
        return names[what] + ": " + texts[outcome]

    # --- settings ---------------------------------------------------------------------
    def load_settings(self):
        """The saved settings (a ui.model.settings.Settings), or the defaults."""
        value, outcome = self.store.load(
            "settings", KIND_SETTINGS, SETTINGS_VERSION, SETTINGS_MAX, _settings_decode
        )
        self._note(KIND_SETTINGS, outcome)
        if value is None:
            from ui.model.settings import Settings

            value = Settings()
        return value

    def save_settings(self, settings):
        outcome = self.store.save(
            "settings", KIND_SETTINGS, SETTINGS_VERSION, settings.to_bytes(), SETTINGS_MAX
        )
        self._note(KIND_SETTINGS, outcome)
        return outcome == st.OK

    # --- statistics -------------------------------------------------------------------
    def load_stats(self):
        """The statistics (loaded from flash once, then kept)."""
        if self.stats is None:
            value, outcome = self.store.load(
                "stats",
                KIND_STATS,
                records.STATS_VERSION,
                records.STATS_MAX,
                records.decode_stats,
            )
            self._note(KIND_STATS, outcome)
            self.stats = value if value is not None else records.Stats()
        return self.stats

    def _save_stats(self):
        data = records.encode_stats(self.stats)
        outcome = self.store.save(
            "stats", KIND_STATS, records.STATS_VERSION, data, records.STATS_MAX
        )
        self._note(KIND_STATS, outcome)
        return outcome == st.OK

    def record_game_result(self, state, seats):
        """Count a finished game in the statistics (once: a second call for the same game
        does nothing). `self.places` tells the high-score places it made."""
        stats = self.load_stats()
        prog = self._progress_for(state, seats)
        records.tally(prog, state)
        self.places = []
        if prog.game_no == stats.last_game:
            return True
        self.places = records.record_result(
            stats, state.GAME, seats, state.scores, state.round_no, prog.emptied, prog.game_no
        )
        return self._save_stats()

    def reset_stats(self):
        """Forget all statistics and high scores (the screen asks first)."""
        old = self.load_stats()
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
        prog.seats = list(seats)
        prog.rng_states = [v for v in [_state_of(r) for r in rngs] if v is not None]
        try:
            prog.state_bytes = codec.encode(state)
            data = records.encode_progress(prog)
        except ValueError:  # a seat name or state the format cannot hold: not saved
            self._note(KIND_GAME, st.FAILED)
            return False
        outcome = self.store.save(
            "game", KIND_GAME, records.PROGRESS_VERSION, data, records.PROGRESS_MAX
        )
        self._note(KIND_GAME, outcome)
        return outcome == st.OK

    def load_progress(self):
        """The saved game as (state, seats, rng_states), or None. A game already counted
        in the statistics (a power cut before its save was removed) is removed now."""
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
        if prog.game_no == self.load_stats().last_game:
            self.clear_progress()
            return None
        self._progress = prog
        self._state = state
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
