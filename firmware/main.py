"""Boots the console: builds the board from the installed profile (/board.py), starts the app."""


def _say(msg, exc=None):
    print("LAMA console: " + msg)
    if exc is not None:
        print("  (" + type(exc).__name__ + ": " + str(exc) + ")")


def mount_code():
    """The modules from the code pack (codepack.py), where make flash put one; not when
    this firmware runs from another folder (make run: the computer's, which mpremote
    mounts and makes the current folder), whose modules the board's pack would shadow."""
    import os

    if os.getcwd() != "/":
        return
    try:
        import codepack
    except ImportError:
        return  # the modules are files (the host, a flash from before the pack)
    why = codepack.mount()
    if why:
        _say(why)


def load_board():
    """The Board from the installed profile, or None after a clear console message."""
    try:
        import board
    except ImportError as e:
        if "board" in str(e):
            _say("no board profile installed. Copy one of board/*.py to the device "
                 "as /board.py (make flash does this), then reset.", e)
        else:
            _say("the board profile /board.py needs a module that is missing.", e)
        return None
    except Exception as e:  # a syntax error or a crash while importing the profile
        _say("the board profile /board.py is broken; fix or reinstall it.", e)
        return None
    make = getattr(board, "make_board", None)
    if make is None:
        if hasattr(board, "__path__"):  # e.g. the repository's board/ folder on the host
            _say("`board` is a folder here, not a profile: install one as /board.py.")
        else:
            _say("the board profile /board.py has no make_board() function.")
        return None
    try:
        return make()
    except Exception as e:  # wiring: no display at the address, bad pin numbers...
        _say("the board profile could not set up the hardware; check the wiring "
             "and the pins named in /board.py.", e)
        return None


def main():
    """Load the board and run the app; returns normally (to the REPL) on failure."""
    mount_code()
    board = load_board()
    if board is None:
        return
    try:
        from ui import boot
    except ImportError as e:
        _say("the user interface (ui/boot.py) is not installed.", e)
        return
    try:
        boot.run(board)  # saved settings and game, watchdog (hal/watchdog.py)
    except Exception as e:  # the app's own loop shows errors; this is one it could not
        import sys

        if hasattr(sys, "print_exception"):
            sys.print_exception(e)
        _say("the app stopped on an error (the watchdog is off); reset the console "
             "to start it again.", e)


if __name__ == "__main__":
    main()
