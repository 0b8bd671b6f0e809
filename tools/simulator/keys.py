"""The buttons by name and the key scripts of the simulator and the test driver
("A,DOWN,B:800,WAIT:500", or a keys file of them), with the timing of a scripted press.

A script for the headless simulator (tools/sim.py, and so make screenshots) may also say
RESTART: the console is switched off there and on again with its flash kept."""

from hal.buttons import NAMES as KEY_NAMES  # UP DOWN LEFT RIGHT A B, in button order

TAP_MS = 80  # how long a scripted press holds the button
GAP_MS = 120  # time after each release before the next scripted press
KEYS_FILE_MAX = 1 << 20  # bytes read from a keys file at most (a million: ~150,000 keys)
RESTART = "RESTART"  # in a simulator script: power off and on again, the flash kept


def button(name):
    """The button index of a name ("a" or "A")."""
    return KEY_NAMES.index(name.upper())


def _tokens(text):
    for line in text.split("\n"):
        for tok in line.split("#")[0].replace(",", " ").split():
            yield tok


def parse_keys(text):
    """[(button index or -1 for WAIT, ms)] from "A,DOWN,B:800,WAIT:500" (commas, spaces or
    new lines between keys; `#` comments to the end of its line)."""
    out = []
    for tok in _tokens(text):
        if tok.upper() == RESTART:
            raise ValueError(RESTART + " switches the simulator off and on (tools/sim.py "
                             "--headless); it is not a key here")
        out.append(parse_key(tok))
    return out


def parse_script(text):
    """The keys of each power-on of a simulator script: a list of parse_keys() lists, a new
    one after each RESTART (one list when there is none)."""
    runs = [[]]
    for tok in _tokens(text):
        if tok.upper() == RESTART:
            runs.append([])
        else:
            runs[-1].append(parse_key(tok))
    return runs


def parse_key(tok):
    """One (button index or -1 for WAIT, ms) from "A", "B:800" or "WAIT:500"."""
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
        return (-1, ms if ms is not None else 500)
    if name in KEY_NAMES:
        return (KEY_NAMES.index(name), ms if ms is not None else TAP_MS)
    raise ValueError("unknown key " + repr(tok) + " (UP DOWN LEFT RIGHT A B WAIT, and "
                     + RESTART + " in a simulator script)")


def read_keys_file(path):
    """The text of a keys file; ValueError with a message when it cannot be used."""
    try:
        with open(path, "rb") as f:
            data = f.read(KEYS_FILE_MAX + 1)
    except OSError as e:
        raise ValueError("cannot read the keys file " + path + " (" + str(e) + ")")
    if len(data) > KEYS_FILE_MAX:
        raise ValueError("the keys file " + path + " is over %d bytes" % KEYS_FILE_MAX)
    try:
        return data.decode()
    except UnicodeError:
        raise ValueError("the keys file " + path + " is not text")
