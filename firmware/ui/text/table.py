"""A string table read from its flash file (strings_en.bin, strings_fr.bin; made from the .py tables by tools/build/make_strings.py): `t.NAME` reads that one word from the file when first asked and keeps the last MEMO words read, so the table takes little RAM and a word drawn every frame is read once.

The file: MAGIC, the count of words (u16 LE), SLOTS slots of a u16 LE record offset (0xFFFF:
empty; a name goes in slot name_hash(name), or the next free one after it), then the records:
u8 name length, the name, u8 kind, u16 LE payload length, the payload. A str payload is its
UTF-8 bytes; a tuple or a dict is a u8 count then each string (a dict: key then value) as u16
LE length and UTF-8 bytes."""

MAGIC = b"LST2"
HEADER = 6  # MAGIC, the count of words
SLOTS = 512
EMPTY = 0xFFFF
KIND_STR = 0
KIND_TUPLE = 1
KIND_DICT = 2
MAX_NAME = 40  # longest name a record may have
# words kept once read, the last ones (a ring, and a dict made with the table): a frame
# draws 10 at most, a six-seat game about 30 from its setup to its last page; its room stays
# in the heap all evening (at 64: a dict of 73 slots and a ring of 64, about 850 B of the
# Pico's; at 32, 37 slots and 32: about 430 B, issue 47)
MEMO = 32


def _djb2_low(name):
    """The low byte of djb2 over the (ASCII) name, 0 made 1: what MicroPython's hash() of
    a str gives, whatever the width of its hashes."""
    h = 5381
    for c in name:
        h = (h * 33) ^ ord(c)
    return (h & 0xFF) or 1


def _builtin_low(name):
    """As _djb2_low, from the interpreter's own hash of the str (a name asked for is an
    interned attribute name, its hash already made: no loop in Python)."""
    return (hash(name) & 0xFF) or 1


# MicroPython hashes a str with djb2: its hash() gives the same low byte for far less work;
# checked here, on names that differ in every byte's bit (CPython's hash() is another)
_low = _djb2_low
if all(_builtin_low(n) == _djb2_low(n) for n in ("LAMA", "name_hash", "G_HINT", "zZ_09")):
    _low = _builtin_low


def name_hash(name):
    """The slot a name's search starts at (the same on CPython and MicroPython): the low
    byte of its djb2 hash, and its length's parity above it."""
    return (_low(name) | (len(name) & 1) << 8) % SLOTS


def _strings(data, n, at):
    """n strings of `data` from offset `at` (each a u16 LE length, then UTF-8)."""
    out = []
    for _ in range(n):
        size = data[at] | data[at + 1] << 8
        out.append(str(data[at + 2 : at + 2 + size], "utf-8"))
        at += 2 + size
    return out


class FileTable:
    """The words of one open table file (check() says whether it is one): t.NAME is a str,
    a tuple of them or a dict of them, read from the file; a name it lacks raises
    AttributeError, as a module would."""

    def __init__(self, f, name):
        self._f = f
        self.__name__ = name  # as the module it stands for (ui.text.strings_en...)
        self._buf = bytearray(2 + 1 + MAX_NAME + 3)
        self._names = [None] * MEMO  # the names of the words kept, in the order read (a ring)
        self._memo = memo = {}  # name -> word, for those; its room made now, for good:
        for i in range(MEMO):  # a dict keeps the room of the keys it loses
            memo[i] = None
        for i in range(MEMO):
            del memo[i]
        self._next = 0

    def check(self):
        """True when the file is a table: MAGIC and every slot there."""
        f = self._f
        try:
            f.seek(0)
            head = f.read(HEADER)
            if len(head) != HEADER or head[:4] != MAGIC:
                return False
            f.seek(HEADER + 2 * SLOTS - 1)
            return len(f.read(1)) == 1
        except (OSError, ValueError, AttributeError, TypeError):
            return False

    def close(self):
        try:
            self._f.close()
        except OSError:
            pass

    def __getattr__(self, name):
        if name.startswith("_") or len(name) > MAX_NAME:
            raise AttributeError(name)
        memo = self._memo
        word = memo.get(name)
        if word is not None:
            return word
        word = self._read(name)
        i = self._next
        names = self._names
        if names[i] is not None:
            del memo[names[i]]
        names[i] = name
        memo[name] = word
        self._next = (i + 1) % MEMO
        return word

    def forget(self):
        """Let go of the words kept (the main menu does, with a game's code: words kept
        during a game would stay among its freed blocks and leave the heap in pieces)."""
        names = self._names
        for i in range(MEMO):
            if names[i] is not None:
                del self._memo[names[i]]
                names[i] = None

    def drop(self, name):
        """Let go of word `name` if kept (a big one read once, as the hint's reasons)."""
        names = self._names
        for i in range(MEMO):
            if names[i] == name:
                del self._memo[name]
                names[i] = None
                return

    def _read(self, name):
        """The word `name` read from the file (AttributeError when the table lacks it)."""
        f = self._f
        buf = self._buf
        n = len(name)
        slot = name_hash(name)
        for _ in range(SLOTS):
            f.seek(HEADER + 2 * slot)
            f.readinto(buf)
            at = buf[0] | buf[1] << 8
            if at == EMPTY:
                break
            f.seek(at)
            got = f.readinto(buf)
            if got >= n + 4 and buf[0] == n and _same(buf, name):
                kind = buf[n + 1]
                f.seek(at + n + 4)
                data = f.read(buf[n + 2] | buf[n + 3] << 8)
                if kind == KIND_STR:
                    return str(data, "utf-8")
                if kind == KIND_TUPLE:
                    return tuple(_strings(data, data[0], 1))
                words = _strings(data, 2 * data[0], 1)
                return {words[i]: words[i + 1] for i in range(0, len(words), 2)}
            slot = (slot + 1) % SLOTS
        raise AttributeError(name)


def _same(buf, name):
    """True when the record header in `buf` names `name` (its length checked before): as
    bytes, since each name[i] would be a one-character str that MicroPython looks up among
    all the interned names (most of a word's read on the Pico)."""
    return buf[1 : 1 + len(name)] == name.encode()
