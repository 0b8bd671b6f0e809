"""The start's checks: the board from the installed profile (/board.py), each missing or broken one explained on the console; main.py lets go of this code once the board is made (issue 26)."""

from ui.boot import say


def load_board():
    """The Board from the installed profile, or None after a clear console message."""
    try:
        import board
    except ImportError as e:
        if "board" in str(e):
            say("no board profile installed. Copy one of board/*.py to the device "
                "as /board.py (make flash does this), then reset.", e)
        else:
            say("the board profile /board.py needs a module that is missing.", e)
        return None
    except Exception as e:  # a syntax error or a crash while importing the profile
        say("the board profile /board.py is broken; fix or reinstall it.", e)
        return None
    make = getattr(board, "make_board", None)
    if make is None:
        if hasattr(board, "__path__"):  # e.g. the repository's board/ folder on the host
            say("`board` is a folder here, not a profile: install one as /board.py.")
        else:
            say("the board profile /board.py has no make_board() function.")
        return None
    try:
        made = make()
    except Exception as e:  # wiring: no display at the address, bad pin numbers...
        say("the board profile could not set up the hardware; check the wiring "
            "and the pins named in /board.py.", e)
        return None
    from ui.loop.resident import forget

    forget("hal.assembly")  # the builders: boot only (issue 26)
    forget("board")  # the profile too: its pins and builder, compiled from source (/board.py)
    forget("rp2")  # (the firmware's boot imports it for its flash; the console never uses it)
    return made
