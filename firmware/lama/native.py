"""`micropython.native` where the engine's hot loops import it from (`from lama import native
as micropython`): on MicroPython the compiler reads `@micropython.native` itself, whatever the
name is bound to, and makes the function machine code (the bots' play-outs, about 1.8 times
faster on the unix port); on CPython (the host tests, the arenas) native() below leaves it
as it is. A port without a native emitter (the browser's), or a board whose .mpy native code
mpy-cross cannot write, gets `@micropython.bytecode` from its build (tools/build/bytecode.py)."""


def native(f):
    """The function, unchanged."""
    return f
