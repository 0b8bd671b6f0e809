"""How the firmware's native code (`@micropython.native`, firmware/lama/native.py) is built
for each MicroPython: mpy-cross's -march for a board's sys.implementation._mpy, and the
source with those functions made bytecode where no native code of ours can run (a port
without a native emitter, as the browser's; a board that loads another .mpy sub-version
than the pinned mpy-cross writes). Stdlib only: deploy.py and the web build run it as
scripts."""

import re
import subprocess

# MicroPython's native architectures, by their number in sys.implementation._mpy (bits 10
# and up) and in an .mpy header (byte 2, bits 2 and up): mpy-cross's -march names
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp",
         "armv7emdp", "xtensa", "xtensawin", "rv32imc")
# every mpy-cross run's options: -O3 keeps no line numbers in the bytecode, about 5 % of
# it, all in RAM on the Pico (issue 26: 6.9 KB more free heap in a game); a traceback on
# the device still names each file and function, the simulator's (from source) the lines
CROSS_FLAGS = ("-O3",)


def source_name(rel):
    """The file name an .mpy keeps for tracebacks (mpy-cross -s) of the module at `rel`
    ("ui/games/base.py", "ui/model/__init__.py"): its dotted name ("ui.games.base",
    "ui.model"), a name the import interns anyway, so that no second name a module is
    spent on the heap (about 20 bytes each on the Pico: issue 26); a traceback still
    names the module and the function. Independent of where the repository was cloned."""
    name = rel.replace("\\", "/")
    name = name[:-3] if name.endswith(".py") else name
    if name.endswith("/__init__"):
        name = name[: -len("/__init__")]
    return name.strip("./").replace("/", ".")
_NATIVE = re.compile(rb"^([ \t]*)@micropython\.(?:native|viper)[ \t]*$", re.M)


def march(dev_mpy, cross):
    """mpy-cross's -march for a MicroPython whose sys.implementation._mpy is `dev_mpy`, or
    None (bytecode only) when it has no native emitter, or loads another .mpy version or
    sub-version than the (version, sub-version, ...) `cross` that mpy-cross writes (native
    code must match both exactly)."""
    arch = dev_mpy >> 10
    if arch >= len(ARCHS) or (dev_mpy & 0xFF, (dev_mpy >> 8) & 3) != tuple(cross[:2]):
        return None
    return ARCHS[arch]


def as_bytecode(source):
    """Python source (bytes) with each `@micropython.native` or `@micropython.viper` line
    made `@micropython.bytecode`: the same functions, compiled to bytecode (line numbers
    kept; a viper function's ptr8() is then lama.native's, and its annotations are
    ignored)."""
    return _NATIVE.sub(rb"\1@micropython.bytecode", source)


def cross_version(mpy_cross):
    """(version, sub-version, MicroPython release) of the .mpy files that mpy-cross writes,
    from its --version ("MicroPython v1.29.0 on ...; mpy-cross emitting mpy v6.3")."""
    out = subprocess.run([mpy_cross, "--version"], capture_output=True, text=True,
                         check=False, timeout=30).stdout
    m = re.search(r"v(\d+\.\d+)\S* .*mpy v(\d+)\.(\d+)", out)
    if not m:
        raise ValueError("cannot read the .mpy version of %s from %r" % (mpy_cross, out.strip()))
    return int(m.group(2)), int(m.group(3)), m.group(1)


def bytecode_tree(src, dst):
    """Copy the .py and .bin files of the tree `src` (firmware/) to `dst`, the .py with
    their native functions as bytecode (as_bytecode): the same firmware, all bytecode, to
    set beside the native one (benches.cards)."""
    import os

    for base, dirs, files in os.walk(src):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        out = os.path.join(dst, os.path.relpath(base, src))
        os.makedirs(out, exist_ok=True)
        for f in files:
            if f.endswith((".py", ".bin")):
                with open(os.path.join(base, f), "rb") as fh:
                    data = fh.read()
                with open(os.path.join(out, f), "wb") as fh:
                    fh.write(as_bytecode(data) if f.endswith(".py") else data)
    return dst
