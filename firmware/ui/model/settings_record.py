"""The settings' record in flash and its reading, apart from ui.model.saves: the boot reads
the settings with this alone, shows the title, and loads the rest of the saves after it."""

from hal import store as st

KIND_SETTINGS = 1
SETTINGS_VERSION = 1
SETTINGS_MAX = 64
SETTINGS_NAME = "settings"


def _decode(payload):
    from ui.model.settings import Settings

    s = Settings()
    if not s.load(payload):
        raise ValueError("settings out of range")
    return s


def read_settings(store):
    """(settings, outcome): the saved settings (a ui.model.settings.Settings) in `store` (a
    hal.store.Store), or the defaults when they are missing, damaged or cannot be read now
    (outcome: hal/store.py's OK, MISSING, BAD_OLDER_USED, BAD_DEFAULTS or UNREADABLE).
    Never raises: with no memory even for the defaults, (None, UNREADABLE)."""
    try:
        value, outcome = store.load(SETTINGS_NAME, KIND_SETTINGS, SETTINGS_VERSION,
                                    SETTINGS_MAX, _decode, False)
        if value is None:
            from ui.model.settings import Settings

            value = Settings()
        return value, outcome
    except MemoryError:
        return None, st.UNREADABLE
