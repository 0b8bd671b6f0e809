"""Virtual Pico: the emulated board (tools/emu/board.py) as the device's `board`, panel mirrored.

Loaded by vpico/repl.py while the host's tools/ is mounted: imports the emulated profile
as the module `board` (so the firmware's `import board` gets it) with a real clock, saves
under /data on the littlefs image, and after every display.show() writes what the
emulated glass shows (1,024 bytes, MONO_VLSB, x 0..127, y 0..63) to the panel file."""

import sys


def _mirror(board, panel_file):
    """Wrap board.display.show so each frame shown is written to panel_file."""
    display = board.display
    show = display.show
    panel = board.emu.panel

    def show_and_mirror(*args):
        r = show(*args)
        panel_file.seek(0)
        panel_file.write(panel.image())
        panel_file.flush()
        return r

    display.show = show_and_mirror


def install(panel_file, host):
    """Import the emulated profile as `board`; its make_board() mirrors to panel_file."""
    import board  # tools/emu/board.py: first on sys.path while the host is mounted

    if not getattr(board, "__file__", "").startswith(host):
        sys.modules.pop("board", None)
        raise ImportError("found %r, not the emulated board" % getattr(board, "__file__", "?"))
    board.configure(clock="real", data_dir="/data")
    make = board.make_board

    def make_board():
        b = make()
        if panel_file is not None:
            _mirror(b, panel_file)
        return b

    board.make_board = make_board
