"""`micropython.native` and `micropython.viper` where the engine's hot loops import them from
(`from lama import native as micropython`): on MicroPython the compiler reads
`@micropython.native` / `@micropython.viper` itself, whatever the name is bound to, and makes
the function machine code (viper: machine ints, and bytearrays read through ptr8; the card
play-outs and the sample shuffle, about 2.5 times faster than native code on the unix port);
on CPython (the host tests, the arenas) native() below leaves the function as it is. A port
without a native emitter (the browser's), or a board whose .mpy native code mpy-cross cannot
write, gets `@micropython.bytecode` from its build (tools/build/native.py), and ptr8() below."""


def native(f):
    """The function, unchanged."""
    return f


viper = native  # @micropython.viper: the same on CPython


def ptr8(buf):
    """Viper's cast of a bytearray to a byte pointer: on MicroPython the viper compiler
    reads ptr8(...) itself; elsewhere (CPython, a function built as bytecode) the
    bytearray, indexed the same way."""
    return buf
