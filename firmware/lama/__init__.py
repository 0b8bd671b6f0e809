"""The LAMA engine: pure game logic for LAMA Dice and L.L.A.M.A., shared by device and host;
`load`, the firmware's one import of a module by its name."""

import sys


def load(name):
    """The module of dotted `name`, imported if it is not yet."""
    if name not in sys.modules:
        __import__(name)
    return sys.modules[name]
