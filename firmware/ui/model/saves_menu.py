"""What the menus read of the saves and a game in play does without (issue 26: none of it
in RAM then): SavedGames, the games in progress read back from flash (one, all, and the
move of an older firmware's single save), and the statistics' compaction at the main menu
and their reset. Everything here goes through ui.model.saves.Saves' public methods."""

from hal import store as st
from lama import games, records, score
from ui.model.save_records import KIND_GAME, LEGACY, record_name, statistics


class SavedGames:
    """The saved games of `saves` (a ui.model.saves.Saves), as the menus read them."""

    def __init__(self, saves):
        self.saves = saves

    def load(self, game=None):
        """The saved game of kind `game` as (state, seats, rng_states), or None; without
        `game`, the first of all(). A game already counted in the statistics (a power cut
        before its save was removed) is removed now; one at its end (its count could not
        be saved) is counted now and removed. Never raises."""
        if game is None:
            got = self.all()
            return got[0] if got else None
        try:
            return self._load(game)
        except MemoryError:
            self.saves.note(KIND_GAME, st.UNREADABLE)
            return None

    def _load(self, game):
        saves = self.saves
        k = games.IDS.index(game)
        got, outcome = saves.store.load(record_name(game), KIND_GAME, records.PROGRESS_VERSION,
                                        records.PROGRESS_MAX, _DECODERS[k], True, _OLDER[k])
        saves.note(KIND_GAME, outcome)
        if got is None:
            if outcome != st.UNREADABLE:
                saves.forget_game(game)
            return None
        prog, state = got
        saves.keep_game(game, prog, state)
        if state.phase == score.GAME_OVER:
            if saves.record_game_result(state, prog.seats):
                saves.clear_progress(game)
            return None  # else kept, to be counted at a later boot
        stats = saves.load_stats()  # unreadable now: offered (counting waits for them)
        # (a last game 0: none counted yet, and no game is numbered 0 but a damaged one)
        if saves.stats is not None and stats.last_game and prog.game_no == stats.last_game:
            saves.clear_progress(game)
            return None
        return state, list(prog.seats), list(prog.rng_states)

    def all(self):
        """Every saved game, as load gives them, in game-id order (lama.games). Never
        raises: with no memory left, those that could be read (maybe none)."""
        try:
            return self._all()
        except MemoryError:
            self.saves.note(KIND_GAME, st.UNREADABLE)
            return ()

    def _all(self):
        found = []
        for gid in games.IDS:
            got = self.load(gid)
            if got is not None:
                found.append(got)
        return found

    def migrate(self):
        """The single saved game of older firmware ("game") moves to its kind's record:
        copied byte for byte (a verified save, in its own format), then removed; a power
        cut in between leaves both, and the next start removes the old one once the copy is
        seen. When the kind's record holds another game, the old one is left where it is
        (never lost)."""
        saves = self.saves
        store = saves.store
        got, outcome = store.load(LEGACY, KIND_GAME, records.PROGRESS_VERSION,
                                  records.PROGRESS_MAX, _legacy_decode, True, _legacy_older)
        saves.note(KIND_GAME, outcome)
        if got is None:
            return
        gid, payload, version = got
        name = record_name(gid)
        have, outcome = store.load(name, KIND_GAME, records.PROGRESS_VERSION,
                                   records.PROGRESS_MAX, _raw, True, _raw_older)
        saves.note(KIND_GAME, outcome)
        if outcome == st.UNREADABLE:
            return
        if have is None:
            if store.save(name, KIND_GAME, version, payload, records.PROGRESS_MAX) != st.OK:
                return  # the old record stays, to move at a later start
        elif have != payload:
            return
        store.clear(LEGACY, KIND_GAME, records.PROGRESS_VERSION, records.PROGRESS_MAX)


def compact(saves):
    """Make the statistics anew (decoded from their own encoding, the same content) when a
    game was counted in them since the last time, or read them when they are not yet:
    at the main menu, once a game's code is gone, so that what a game added to them
    (made while its code was loaded, in the middle of the heap) moves down to the
    lowest free room, and the room the game used is left in one piece for the next."""
    if saves.stats is None:
        saves.load_stats()  # read now, at the menu, rather than in the next game
        return
    if not saves.counted:  # nothing added since: where they are is where they were put
        return
    saves.counted = False
    try:
        book = statistics()
        fresh = book.decode_stats(book.encode_stats(saves.stats, saves.store.room()))
    except (ValueError, MemoryError):  # kept as they are
        return
    saves.stats = fresh


def reset_stats(saves):
    """Forget all statistics and high scores (the screen asks first); not when the
    saved ones cannot be read now (their last game number is needed)."""
    old = saves.load_stats()
    if saves.stats is None:
        return False
    saves.stats = records.Stats()
    saves.stats.last_game = old.last_game  # a saved game stays not yet counted
    return saves.save_stats()


def _raw(payload):
    return payload


def _raw_older(version, payload):
    return payload


def _decoder(game):
    """decode_progress for kind `game`'s record, and for its older firmware's format: a
    game of another kind there is damage."""

    def older(version, payload):
        got = _read(payload, version)
        if got[1].GAME != game:
            raise ValueError("a game of another kind")
        return got

    def decode(payload):
        return older(records.PROGRESS_VERSION, payload)

    return decode, older


_BOTH = tuple(_decoder(g) for g in games.IDS)
_DECODERS = tuple(b[0] for b in _BOTH)
_OLDER = tuple(b[1] for b in _BOTH)


def _legacy_older(version, payload):
    """(game id, payload, version) of the old single saved game, checked as load would."""
    return _read(payload, version)[1].GAME, payload, version


def _legacy_decode(payload):
    return _legacy_older(records.PROGRESS_VERSION, payload)


def _read(payload, version):
    """lama.codec_read.decode_progress(payload, version) (what reads a game back is let go
    when a game is set up or starts: Saves.let_go_readers)."""
    from lama import codec_read

    return codec_read.decode_progress(payload, version)
