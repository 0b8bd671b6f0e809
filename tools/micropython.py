"""The host's stand-in for MicroPython's own `micropython` module, for the firmware under
CPython (tools and tests; tools/ is on their path): `const(x)` is x. Under MicroPython the
built-in module is found first, so this file is never imported there."""


def const(x):
    """The value itself (MicroPython's compiler folds it into the code)."""
    return x
