"""Options of the emulated board, in one module so that `board` and `emu.board` share them."""

import os


def _env(name, default):
    v = os.getenv(name)
    return default if v is None or v == "" else v


def _defaults():
    seed = _env("EMU_SEED", None)
    return {
        "panel": _env("EMU_PANEL", "ssd1306"),
        "seed": int(seed) if seed is not None else None,
        "data_dir": _env("EMU_DATA_DIR", ".emu-data"),
        "clock": _env("EMU_CLOCK", "virtual"),
        "sleep_hook": None,
        "buzzer": True,
        "flip": False,
        "contrast": 0x7F,
        "watchdog": False,
        "link": None,
        "battery": None,  # an emu.battery.Cell: a LiPo cell is fitted (no mark without one)
    }


config = _defaults()


def configure(**options):
    """Set options for the next make_board() (unknown names raise ValueError)."""
    for k in options:
        if k not in config:
            raise ValueError("unknown emulated board option %r" % (k,))
    config.update(options)


def reset_config():
    """Back to the defaults (environment variables included)."""
    config.clear()
    config.update(_defaults())
