"""Regenerates the string tables' flash files (firmware/ui/text/strings_en.bin, strings_fr.bin) from the .py tables, in the format of ui/text/table.py.

Run `cd tools && python3 -m build.make_strings` after changing a string table; a test checks
that the files match the tables."""

import os
import struct
import sys

import paths  # noqa: F401  (firmware/ on sys.path)
from ui.text import table as fmt

TEXT = os.path.join(paths.ROOT, "firmware", "ui", "text")
TABLES = ("strings_en", "strings_fr")


def _words(module):
    """(name, value) of every word of a table module, in the order it defines them."""
    return [(k, v) for k, v in vars(module).items()
            if not k.startswith("_") and isinstance(v, (str, tuple, dict))]


def _string(s):
    b = s.encode("utf-8")
    if len(b) > 0xFFFF:
        raise ValueError("a string of %d bytes" % len(b))
    return struct.pack("<H", len(b)) + b


def _record(name, value):
    if isinstance(value, str):
        kind, payload = fmt.KIND_STR, value.encode("utf-8")
    elif isinstance(value, tuple):
        if not all(isinstance(v, str) for v in value) or len(value) > 255:
            raise ValueError("%s: a tuple of up to 255 strings only" % name)
        kind, payload = fmt.KIND_TUPLE, bytes([len(value)]) + b"".join(_string(v) for v in value)
    else:
        if not all(isinstance(k, str) and isinstance(v, str) for k, v in value.items()):
            raise ValueError("%s: a dict of strings only" % name)
        kind = fmt.KIND_DICT
        payload = bytes([len(value)]) + b"".join(_string(k) + _string(v) for k, v in value.items())
    n = name.encode("ascii")
    if len(n) > fmt.MAX_NAME or len(payload) > 0xFFFF:
        raise ValueError("%s: name or value too long" % name)
    return bytes([len(n)]) + n + bytes([kind]) + struct.pack("<H", len(payload)) + payload


def table_bytes(module):
    """The flash file of a table module."""
    words = _words(module)
    slots = [fmt.EMPTY] * fmt.SLOTS
    body = bytearray()
    start = fmt.HEADER + 2 * fmt.SLOTS
    for name, value in words:
        slot = fmt.name_hash(name)
        while slots[slot] != fmt.EMPTY:
            slot = (slot + 1) % fmt.SLOTS
        at = start + len(body)
        if at >= fmt.EMPTY:
            raise ValueError("the table is too big for u16 offsets")
        slots[slot] = at
        body += _record(name, value)
    return (fmt.MAGIC + struct.pack("<H", len(words)) + struct.pack("<%dH" % fmt.SLOTS, *slots)
            + bytes(body))


def path_of(name):
    return os.path.join(TEXT, name + ".bin")


def main():
    import importlib

    for name in TABLES:
        data = table_bytes(importlib.import_module("ui.text." + name))
        with open(path_of(name), "wb") as f:
            f.write(data)
        print("%s: %d bytes" % (path_of(name), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
