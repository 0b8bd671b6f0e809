"""CPython's stand-in for MicroPython's own `micropython` module, for the firmware under
CPython (the tools and the tests): `const(x)` is x. tools/paths.py and host_tests/conftest.py
put this folder first on CPython's path, ahead of site-packages (whose `micropython` is the
pip package's launcher of the unix port, without const); it is never on MICROPYPATH nor on
PYTHONPATH, and MicroPython has the module built in."""


def const(x):
    """The value itself (MicroPython's compiler folds it into the code)."""
    return x


def native(f):
    """The function itself (MicroPython's compiler makes it machine code)."""
    return f


viper = native
