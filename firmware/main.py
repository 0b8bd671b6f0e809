"""Boots the console: the modules from the code pack, the board from the installed profile (/board.py, made by ui/start.py), then the app (ui/boot.py)."""

# The rp2 firmware's own boot (its frozen _boot.py) leaves its rp2 module in these globals,
# which main.py shares: the console never uses it, and held here its classes and functions
# take about 2 KB of the heap all evening (ui/start.py lets go of sys.modules' entry).
globals().pop("rp2", None)


def mount_code():
    """The modules from the code pack (codepack.py), where make flash put one; not when
    this firmware runs from another folder (make run: the computer's, which mpremote
    mounts and makes the current folder), whose modules the board's pack would shadow."""
    try:
        import codepack  # (first: it keeps os and the other built-ins in sys.modules)
    except ImportError:
        return  # the modules are files (the host, a flash from before the pack)
    import os

    if os.getcwd() != "/":
        return
    why = codepack.mount()
    if why:
        print("LAMA console: " + why)


def main():
    """Make the board (ui/start.py, whose code then leaves the heap: a game needs the room)
    and run the app on it (ui/boot.py); returns normally (to the REPL) on failure."""
    mount_code()
    try:
        from ui import start
    except ImportError as e:
        print("LAMA console: the user interface (ui/) is not installed.\n  (ImportError: %s)" % e)
        return
    board = start.load_board()
    del start
    from ui.loop.resident import forget

    forget("ui.start")
    if board is not None:
        from ui.boot import main as run_app

        run_app(board)  # saved settings and game, watchdog


if __name__ == "__main__":
    main()
