"""The firmware's modules from one file: /code.pak (tools/flash/pack.py writes it) mounted at /code as a read-only file system, so that finding a module is a search in RAM, not three look-ups in littlefs (2 to 4.5 ms each on the Pico: issue 26)."""

import io
import sys
from micropython import const
from stat_modes import S_IFDIR, S_IFREG

PACK = "/code.pak"
MOUNT = "/code"
MAGIC = b"LPK3 "  # then the index's length (6 hex digits) and a newline
_HEAD = const(12)
# The index: for each folder, b"/", its path and b"\n"; then for each of its files: a
# module's name without ".mpy" (a name with no dot) or a data file's whole name (as
# "strings_en.bin"), b" ", its offset from the end of the index (5 hex digits), its length
# (4) and b"\n". Only .mpy files and the data files the firmware reads are packed.
SUFFIX = ".mpy"
_NUMS = const(9)
_ENOENT = const(2)
_EROFS = const(30)
_IOCTL_BUFFER_SIZE = const(11)


class _Member(io.IOBase):
    """One file of the pack, read by the import system (readinto, ioctl) or by the firmware
    (a data file: seek, read, readinto), through the pack's one open file."""

    def __init__(self, f, start, size):
        self.f = f
        self.start = start
        self.pos = start
        self.end = start + size

    def readinto(self, buf):
        n = self.end - self.pos
        if n <= 0:
            return 0
        f = self.f
        f.seek(self.pos)
        if n < len(buf):
            buf = memoryview(buf)[:n]
        got = f.readinto(buf)
        self.pos += got
        return got

    def read(self, n=-1):
        left = self.end - self.pos
        if n < 0 or n > left:
            n = left if left > 0 else 0
        buf = bytearray(n)
        return bytes(memoryview(buf)[: self.readinto(buf)]) if n else b""

    def seek(self, offset, whence=0):
        base = self.start if whence == 0 else self.pos if whence == 1 else self.end
        self.pos = max(self.start, base + offset)
        return self.pos - self.start

    def tell(self):
        return self.pos - self.start

    def ioctl(self, request, arg):
        if request == _IOCTL_BUFFER_SIZE:
            return 255  # the importer's most: the fewer reads, the faster
        return 0  # close (the pack's file stays open), flush

    def close(self):
        pass


class Pack:
    """The pack in the open file `f` of `size` bytes, as a file system (what vfs.mount and
    the import system call). A file the pack does not hold is opened on the file system
    under it (the data beside the modules, as /ui/text/strings_en.bin)."""

    def __init__(self, f, size):
        head = f.read(_HEAD)
        if len(head) != _HEAD or head[:5] != MAGIC or head[-1:] != b"\n":
            raise ValueError("not a code pack")
        n = int(head[5:11], 16)
        index = f.read(n)
        if len(index) != n or index[:1] != b"/" or index[-1:] != b"\n":
            raise ValueError("cut short")
        last = index.rfind(b" ")  # the last module ends where the pack ends
        if _HEAD + n + int(index[last + 1 : last + 6], 16) + int(index[last + 6 : last + 10],
                                                               16) != size:
            raise ValueError("not the length its index gives")
        # each folder's path -> (start, end) of its files' lines in the index, which stays
        # on flash (issue 26: 1.6 KB of RAM; a folder's lines are read when a file is
        # looked up, about 0.3 ms on the Pico); its parents: (0, 0)
        dirs = {"": (0, 0)}
        i = 0
        while i < n:
            eol = index.find(b"\n", i)
            end = index.find(b"\n/", eol)
            end = n if end < 0 else end + 1
            path = index[i:eol].decode().rstrip("/")  # (the top folder, "/": "")
            dirs[path] = (eol, end)
            j = path.rfind("/")
            while j > 0 and path[:j] not in dirs:
                dirs[path[:j]] = (0, 0)
                j = path.rfind("/", 0, j)
            i = end
        self.f = f
        self.dirs = dirs
        self.base = _HEAD + n
        self.interrupted = False  # a Ctrl-C that came during stat(), for open() to raise

    def _lines(self, span):
        """The index's lines of a folder (its `span` in dirs), read from the pack."""
        if span[1] <= span[0]:
            return b""
        f = self.f
        f.seek(_HEAD + span[0])
        return f.read(span[1] - span[0])

    def _find(self, path):
        """(offset, length) in the pack of file `path` ("/ui/boot.mpy",
        "/ui/text/strings_en.bin"), or None."""
        j = path.rfind("/")
        name = path[j + 1 :]
        if name.endswith(".py"):
            return None  # (source is never packed: the import's first look, answered at once)
        if name.endswith(SUFFIX):
            name = name[: -len(SUFFIX)]  # a module: indexed without its suffix
        elif "." not in name:
            return None  # (a name with no dot in the index is a module's)
        span = self.dirs.get(path[:j])
        if span is None:
            return None
        lines = self._lines(span)
        key = b"\n" + name.encode() + b" "
        i = lines.find(key)
        if i < 0:
            return None
        i += len(key)
        return self.base + int(lines[i : i + 5], 16), int(lines[i + 5 : i + _NUMS], 16)

    def stat(self, path):
        # The import calls stat() from C and takes ANY exception for "no such file"
        # (extmod/vfs.c, mp_vfs_import_stat): a Ctrl-C landing here would be lost, and
        # mpremote, waiting for the REPL, would wait for ever. So it is kept, stat answers
        # "a file", and open(), which the import calls next, raises it.
        try:
            if self.interrupted:
                return (S_IFREG, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            got = self._find(path)
            if got is not None:
                return (S_IFREG, 0, 0, 0, 0, 0, got[1], 0, 0, 0)
            if path.rstrip("/") in self.dirs:
                return (S_IFDIR, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        except KeyboardInterrupt:
            self.interrupted = True
            return (S_IFREG, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        raise OSError(_ENOENT)

    def open(self, path, mode):
        if self.interrupted:
            self.interrupted = False
            raise KeyboardInterrupt
        got = self._find(path)
        if got is None:
            return open(path, mode)  # a file beside the pack's (not in it)
        if "w" in mode or "a" in mode or "+" in mode:
            raise OSError(_EROFS)
        return _Member(self.f, got[0], got[1])

    def ilistdir(self, path):
        """(name, type, inode) of what folder `path` holds (mpremote fs ls :/code)."""
        path = path.rstrip("/")
        for d in self.dirs:
            if d and d[: d.rfind("/")] == path:
                yield (d[d.rfind("/") + 1 :], S_IFDIR, 0)
        span = self.dirs.get(path)
        if span is not None:
            for line in self._lines(span)[1:].split(b"\n"):
                if line:
                    name = line[: line.find(b" ")].decode()
                    yield (name if "." in name else name + SUFFIX, S_IFREG, 0)

    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        self.f.close()


_mounted = []  # where a pack is mounted


def mount(pack=PACK, at=MOUNT):
    """Mount the pack at `at`, first on sys.path (again, when it is mounted already); None,
    or why not (no pack: the modules are files, as on the host or from a flash before the
    pack)."""
    import os

    if at in _mounted:
        if at not in sys.path:
            sys.path.insert(0, at)
        return None
    try:
        size = os.stat(pack)[6]
        f = open(pack, "rb")
    except OSError:
        return None
    try:
        import vfs

        vfs.mount(Pack(f, size), at)
    except Exception as e:  # damaged, or a MicroPython without a vfs module
        f.close()
        return "the code pack %s is unusable (%s: %s): run make flash again" % (
            pack, type(e).__name__, e)
    _mounted.append(at)
    if at not in sys.path:
        sys.path.insert(0, at)
    return None
