"""The buttons by name and the key scripts of the simulator and the test driver
("A,DOWN,B:800,WAIT:500"), with the timing of a scripted press."""

from hal.buttons import NAMES as KEY_NAMES  # UP DOWN LEFT RIGHT A B, in button order

TAP_MS = 80  # how long a scripted press holds the button
GAP_MS = 120  # time after each release before the next scripted press


def button(name):
    """The button index of a name ("a" or "A")."""
    return KEY_NAMES.index(name.upper())


def parse_keys(text):
    """[(button index or -1 for WAIT, ms)] from "A,DOWN,B:800,WAIT:500"."""
    out = []
    for tok in text.split(","):
        tok = tok.strip()
        if not tok:
            continue
        name, ms = tok, None
        if ":" in tok:
            name, ms = tok.split(":", 1)
            try:
                ms = int(ms)
            except ValueError:
                raise ValueError("bad time in key " + repr(tok))
            if ms < 0 or ms > 600000:
                raise ValueError("time out of range in key " + repr(tok))
        name = name.upper()
        if name == "WAIT":
            out.append((-1, ms if ms is not None else 500))
        elif name in KEY_NAMES:
            out.append((KEY_NAMES.index(name), ms if ms is not None else TAP_MS))
        else:
            raise ValueError("unknown key " + repr(tok) + " (UP DOWN LEFT RIGHT A B WAIT)")
    return out
