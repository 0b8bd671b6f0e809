"""Power-loss-safe record files on flash (littlefs): A/B copies, CRC-32, verified writes.

Each record NAME lives in two slot files, NAME.a and NAME.b, under the store's root
(`/data` on the device). A slot file is

    b"LS"  u8 store format  u8 kind  u8 version  u16 seq  u16 length  payload  crc32 (4)

(big-endian; the CRC-32 covers every byte before it). `seq` counts the saves of the record
modulo 65536; the valid slot with the newer seq is the current copy, the other one the
previous good copy.

A save writes NAME.tmp, closes it (littlefs commits the file on close), reads it back and
compares it with what was meant, and only then renames it over the OLDER slot. littlefs2
renames over an existing file atomically, in one metadata commit, so after a power cut at
any point the newest verified copy and the one before it are still on flash: the current
copy is never touched by a save. A save that fails (a full flash: OSError ENOSPC, or any
other error, or a read-back that differs) removes its temp file and leaves both slots as
they were.

Everything read back is untrusted: a slot is read with a size cap, checked (magic, kind,
version, length, CRC) and handed to the caller's decoder; a slot that fails any of these
(or that is not a file) is damaged: it is renamed to NAME.bad, or NAME.bad1 ... when
that is taken (at most _MAX_BAD of them; past that a damaged file is removed), and the
other slot, or the caller's default, is used. A read that fails for a reason that may
pass (MemoryError, an OSError opening or reading a file that is there) is not damage:
nothing is set aside, `load` says UNREADABLE and the next load or save reads again.
Nothing raises out of `load` or `save` (a MemoryError while saving is FAILED).

`repair` (at boot) makes the folder usable again: a file where the root directory goes is
moved aside, leftover NAME.tmp files or directories are removed, each with a console line.
"""

import os

from micropython import const
from stat_modes import S_IFDIR


_STORE_FORMAT = const(1)
HEADER = const(9)
TRAILER = const(4)
ENOSPC = const(28)  # errno.ENOSPC; the unix port's errno module lacks the name
SLOTS = ("a", "b")
_MAX_BAD = const(4)  # damaged files kept per record: NAME.bad, NAME.bad1 .. NAME.bad3
_CHUNK = const(128)  # a save is read back and compared this many bytes at a time

# Outcomes of load/save (the UI turns them into words, see ui/model/saves.py).
OK = const(0)
MISSING = const(1)  # no copy at all: first run, defaults used, not a problem
BAD_OLDER_USED = const(2)  # a damaged copy set aside, the last good copy used
BAD_DEFAULTS = const(3)  # damaged copies set aside, nothing valid: defaults used
FULL = const(4)  # the flash is full: not saved, the previous copy stays
FAILED = const(5)  # another write error (or a read-back mismatch): not saved
UNREADABLE = const(6)  # could not be read now (out of memory, an I/O error): nothing changed


def _crc_tables():
    hi = []
    lo = []
    for n in range(16):
        h = 0
        low = n
        for _ in range(4):
            if low & 1:
                low = ((low >> 1) | ((h & 1) << 15)) ^ 0x8320
                h = (h >> 1) ^ 0xEDB8
            else:
                low = (low >> 1) | ((h & 1) << 15)
                h >>= 1
        hi.append(h)
        lo.append(low)
    return tuple(hi), tuple(lo)


_CRC_HI, _CRC_LO = _crc_tables()


def crc32_soft(data, end=None):
    """CRC-32 (IEEE, as zlib/binascii) of data[:end] as 4 big-endian bytes, computed a
    nibble at a time in two 16-bit halves: no int ever needs more than 16 bits, so the
    Pico allocates nothing per byte."""
    if end is None:
        end = len(data)
    h = 0xFFFF
    low = 0xFFFF
    th = _CRC_HI
    tl = _CRC_LO
    for i in range(end):
        low ^= data[i]
        for _ in range(2):
            k = low & 15
            low = ((low >> 4) | ((h & 15) << 12)) ^ tl[k]
            h = (h >> 4) ^ th[k]
    h ^= 0xFFFF
    low ^= 0xFFFF
    return bytes((h >> 8, h & 255, low >> 8, low & 255))


try:
    from binascii import crc32 as _bcrc32
except ImportError:  # a build without binascii.crc32
    _bcrc32 = None


def crc32(data, end=None):
    """CRC-32 of data[:end] as 4 big-endian bytes (binascii.crc32 when the build has it)."""
    if _bcrc32 is None:
        return crc32_soft(data, end)
    if end is not None and end != len(data):
        data = memoryview(data)[:end]
    v = _bcrc32(data) & 0xFFFFFFFF
    return bytes(((v >> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255))


def frame(kind, version, seq, payload, into=None):
    """The bytes of a slot file holding `payload`; written into the bytearray `into` when
    it is big enough (a memoryview of it is returned: nothing allocated)."""
    n = len(payload)
    if into is not None and len(into) >= HEADER + n + TRAILER:
        buf = memoryview(into)[: HEADER + n + TRAILER]
    else:
        buf = bytearray(HEADER + n + TRAILER)
    buf[0] = 0x4C  # "L"
    buf[1] = 0x53  # "S"
    buf[2] = _STORE_FORMAT
    buf[3] = kind
    buf[4] = version
    buf[5] = (seq >> 8) & 255
    buf[6] = seq & 255
    buf[7] = n >> 8
    buf[8] = n & 255
    buf[HEADER : HEADER + n] = payload
    buf[HEADER + n :] = crc32(buf, HEADER + n)
    return buf


def unframe(data, kind, version, max_len, older=False):
    """(seq, payload) of a slot file's bytes, or None when anything is off (`older`: an
    earlier version, 1 .. version - 1, is read too; its version is data[4])."""
    size = len(data)
    if size < HEADER + TRAILER or size > HEADER + max_len + TRAILER:
        return None
    if data[0] != 0x4C or data[1] != 0x53 or data[2] != _STORE_FORMAT:
        return None
    if data[3] != kind or not (data[4] == version or older and 0 < data[4] < version):
        return None
    n = (data[7] << 8) | data[8]
    if n > max_len or HEADER + n + TRAILER != size:
        return None
    if crc32(data, HEADER + n) != bytes(data[HEADER + n :]):
        return None
    return (data[5] << 8) | data[6], bytes(data[HEADER : HEADER + n])


def newer(a, b):
    """True when sequence number a was written after b (modulo 65536)."""
    d = (a - b) & 0xFFFF
    return 0 < d < 0x8000


def _errno(e):
    if e.args and isinstance(e.args[0], int):
        return e.args[0]
    return 0


def _is_dir(path):
    """True for a directory, False for a file; OSError when there is nothing there."""
    return bool(os.stat(path)[0] & S_IFDIR)


def _exists(path):
    try:
        os.stat(path)
    except OSError:
        return False
    return True


def remove_tree(path):
    """Remove a file, or a directory with everything in it; OSError when that fails."""
    if _is_dir(path):
        for entry in os.listdir(path):
            remove_tree(path + "/" + entry)
        os.rmdir(path)
    else:
        os.remove(path)


def free_bad(base):
    """The first of base.bad, base.bad1 .. that is not taken (None when _MAX_BAD are)."""
    for k in range(_MAX_BAD):
        p = base + ".bad" + (str(k) if k else "")
        if not _exists(p):
            return p
    return None


class Store:
    """Record files under `root` (a directory, created when missing). Saves of payloads up
    to `largest` bytes are framed in a buffer made once, here (`room()`: a payload may be
    encoded in place there), and read back in pieces of _CHUNK bytes."""

    def __init__(self, root, largest=0):
        self.root = root
        self._frame = bytearray(HEADER + largest + TRAILER) if largest else None
        self._back = bytearray(_CHUNK)
        self._slots = {}  # name -> [index of the current slot or -1, its seq]
        self.last_error = 0  # errno of the last failed write (0: none)

    def room(self):
        """Where a payload of up to `largest` bytes may be encoded for the next save: the
        frame buffer past its header (the save then copies nothing), or None without one."""
        if self._frame is None:
            return None
        return memoryview(self._frame)[HEADER : len(self._frame) - TRAILER]

    def path(self, name):
        return self.root + "/" + name

    def _ensure_root(self):
        try:
            if _is_dir(self.root):
                return
        except OSError:
            os.mkdir(self.root)
            return
        self.repair()
        os.mkdir(self.root)

    def repair(self):
        """Make the folder usable: a file in the root's place moved aside, leftover temp
        files (or directories) removed. Prints a console line for each; never raises."""
        try:
            if not _is_dir(self.root):
                bad = free_bad(self.root)
                if bad is None:
                    os.remove(self.root)
                    print("store: removed the file in the place of " + self.root)
                else:
                    os.rename(self.root, bad)
                    print("store: " + self.root + " was a file, moved to " + bad)
                return
            for entry in os.listdir(self.root):
                if entry.endswith(".tmp"):
                    remove_tree(self.path(entry))
                    print("store: removed the leftover " + self.path(entry))
        except Exception:  # nothing there (first run), or a failure: saves report it
            pass

    def _read(self, path, cap):
        """The file's bytes (at most cap + 1 of them), b"" for what cannot be a slot (too
        big, a directory), None when there is nothing there. OSError or MemoryError when
        it could not be read now."""
        try:
            info = os.stat(path)
        except OSError:
            return None
        if info[0] & S_IFDIR or info[6] > cap:
            return b""  # refused without reading it
        with open(path, "rb") as f:
            return f.read(cap + 1)

    def set_aside(self, path):
        """Rename a damaged file (or directory) to NAME.bad, NAME.bad1 .. (never over an
        earlier one); past _MAX_BAD it is removed. Never raises."""
        try:
            name = path[len(self.root) + 1 :]
            dot = name.find(".")
            bad = free_bad(self.path(name if dot < 0 else name[:dot]))
            if bad is not None:
                os.rename(path, bad)
                return
        except Exception:
            pass
        try:
            remove_tree(path)
        except Exception:
            pass

    def set_aside_record(self, name):
        """Both copies of `name` renamed aside (kept, never read again); never raises."""
        for slot in SLOTS:
            if _exists(self.path(name + "." + slot)):
                self.set_aside(self.path(name + "." + slot))
        self._remember(name, -1, 0)

    def load(self, name, kind, version, max_len, decode, tombstones=True, older=None):
        """(value, outcome): the newest slot that checks and that `decode(payload)` accepts.

        A slot of an earlier `version` (an older firmware's) is read by `older(its version,
        payload)` when given (the next save writes the current one), else it is damaged.
        decode returns the value (never None) or raises (ValueError, IndexError...): that
        slot is then damaged, and set aside. A MemoryError (anywhere) or an OSError reading
        a file is UNREADABLE: nothing is set aside or remembered, value is None. With
        `tombstones` an empty payload is a removed record (see clear), else it goes to
        decode like any other. value is None when no copy is usable; outcome is OK,
        MISSING, BAD_OLDER_USED, BAD_DEFAULTS or UNREADABLE."""
        try:
            return self._load(name, kind, version, max_len, decode, tombstones, older)
        except (MemoryError, OSError):
            return _NOT_NOW  # made at import: returning it allocates nothing

    def _load(self, name, kind, version, max_len, decode, tombstones, older):
        found = []  # (seq, index, payload, version)
        bad = False
        cap = HEADER + max_len + TRAILER
        for i in range(2):
            p = self.path(name + "." + SLOTS[i])
            data = self._read(p, cap)
            if data is None:
                continue
            try:
                got = unframe(data, kind, version, max_len, older is not None)
            except MemoryError:
                raise
            except Exception:
                got = None
            if got is not None:
                found.append((got[0], i, got[1], data[4]))
            data = None
            if got is None:
                self.set_aside(p)
                bad = True
        if len(found) == 2 and newer(found[1][0], found[0][0]):
            found = [found[1], found[0]]
        value = None
        for k in range(len(found)):
            seq, i, payload, ver = found[k]
            if tombstones and not payload:  # a tombstone (see clear): the record was removed
                self._remember(name, i, seq)
                return None, (BAD_DEFAULTS if bad else MISSING)
            try:
                value = decode(payload) if ver == version else older(ver, payload)
            except MemoryError:
                raise
            except Exception:  # hostile content: wrong types, sizes, ranges
                value = None
            if value is None:
                self.set_aside(self.path(name + "." + SLOTS[i]))
                bad = True
                continue
            self._remember(name, i, seq)
            return value, (BAD_OLDER_USED if bad else OK)
        self._remember(name, -1, 0)
        return None, (BAD_DEFAULTS if bad else MISSING)

    def _remember(self, name, index, seq):
        """Note the current slot of `name` (in place: a save allocates nothing lasting)."""
        got = self._slots.get(name)
        if got is None:
            self._slots[name] = [index, seq]
        else:
            got[0] = index
            got[1] = seq

    def _current(self, name, kind, version, max_len):
        """(slot index or -1, seq) of the current copy; None when it could not be read."""
        got = self._slots.get(name)
        if got is None:
            self.load(name, kind, version, max_len, _accept, True, _accept)
            got = self._slots.get(name)
        return got

    def save(self, name, kind, version, payload, max_len):
        """Write payload as the new current copy of `name`; returns OK, FULL or FAILED.

        The current copy stays untouched; the previous one is replaced only by a verified
        new file, in one atomic rename. Never raises: when the current copy cannot be
        told (it could not be read now) or memory runs out, nothing is written (FAILED)."""
        tmp = None
        try:
            if len(payload) > max_len:
                return FAILED
            got = self._current(name, kind, version, max_len)
            if got is None:
                return FAILED
            cur, seq = got
            target = 0 if cur != 0 else 1
            seq = (seq + 1) & 0xFFFF if cur >= 0 else 1
            data = frame(kind, version, seq, payload, self._frame)
            tmp = self.path(name + ".tmp")
            self._ensure_root()
            with open(tmp, "wb") as f:
                f.write(data)
            with open(tmp, "rb") as f:
                same = _holds(f, data, self._back)
            if not same:
                raise OSError(5)  # EIO: what is on flash is not what was written
            os.rename(tmp, self.path(name + "." + SLOTS[target]))
        except Exception as e:  # OSError, MemoryError
            self.last_error = _errno(e) if isinstance(e, OSError) else 12  # 12: ENOMEM
            if tmp is not None:
                try:
                    remove_tree(tmp)
                except Exception:
                    pass
            return FULL if self.last_error == ENOSPC else FAILED
        self._remember(name, target, seq)
        return OK

    def clear(self, name, kind, version, max_len):
        """Remove both copies of `name`; returns OK, FULL or FAILED.

        First an empty payload is saved as the newest copy (a tombstone), then the older
        slot and then the tombstone are removed, so that a power cut in between leaves
        either the record as it was or no record: never an older copy of it."""
        got = self._current(name, kind, version, max_len)
        if got is None:
            return FAILED
        if got[0] < 0:
            return OK
        res = self.save(name, kind, version, b"", max_len)
        if res != OK:
            return res
        cur = self._slots[name][0]
        try:
            for i in (1 - cur, cur):
                try:
                    os.remove(self.path(name + "." + SLOTS[i]))
                except OSError as e:
                    if _errno(e) != 2:  # ENOENT: nothing to remove
                        raise
        except Exception as e:
            self.last_error = _errno(e) if isinstance(e, OSError) else 12
            return FAILED
        self._remember(name, -1, 0)
        return OK


_NOT_NOW = (None, UNREADABLE)


def _holds(f, data, buf):
    """True when the open file `f` holds exactly `data`, read into `buf` a piece at a
    time (a small buffer, not a second copy of the record)."""
    n = len(data)
    pos = 0
    piece = memoryview(buf)
    while True:
        got = f.readinto(buf)
        if not got:
            return pos == n
        if pos + got > n or piece[:got] != data[pos : pos + got]:
            return False
        pos += got


def _accept(*got):
    return got[-1]  # the payload, of any version: decode(payload), older(version, payload)
