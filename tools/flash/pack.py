"""The code pack: the compiled modules of the firmware's folders in one file, /code.pak, which firmware/codepack.py mounts at boot (its format is written there). Stdlib only."""

MAGIC = b"LPK3 "
PACK = "code.pak"
MOUNT = "code"  # where the board mounts it (codepack.MOUNT): not files of its own
SUFFIX = ".mpy"
DATA = (".bin",)  # data files the firmware reads beside its modules, packed by their full name


def packed(files):
    """`files` ({device path: bytes}) with the .mpy modules and the data files (DATA) of
    the firmware's folders moved into PACK (read through the pack's one open file: each
    file the firmware keeps open costs about 1.1 KB of RAM on the Pico, issue 26); the
    top-level files (main.py, codepack.mpy, board.py) stay files."""
    into = sorted(p for p in files if "/" in p and p.endswith((SUFFIX,) + DATA))
    if not into:
        return dict(files)
    out = {p: d for p, d in files.items() if p not in into}
    out[PACK] = pack({p: files[p] for p in into})
    return out


def pack(members):
    """The pack of `members` ({path of a .mpy or data file, without a leading "/": bytes}),
    a folder's files together, in path order; ValueError for what the format cannot hold.
    A module is indexed by its name without ".mpy" (no dot), a data file by its whole name."""
    folders = {}
    for path in members:
        folder, _, name = path.rpartition("/")
        if (not name.endswith((SUFFIX,) + DATA) or name.count(".") != 1 or " " in path
                or "\n" in path or path.startswith("/")):
            raise ValueError("cannot pack %r" % path)
        folders.setdefault(folder, []).append(name[: -len(SUFFIX)] if name.endswith(SUFFIX)
                                              else name)
    index = []
    data = []
    offset = 0
    for folder in sorted(folders):
        index.append(b"/%s\n" % folder.encode())
        for name in sorted(folders[folder]):
            body = members[(folder + "/" if folder else "") + _file_name(name)]
            if len(body) >= 1 << 16 or offset >= 1 << 20:
                raise ValueError("cannot pack %s: the pack would pass 1 MB or the file"
                                 " 64 KB" % _file_name(name))
            index.append(b"%s %05x%04x\n" % (name.encode(), offset, len(body)))
            data.append(body)
            offset += len(body)
    blob = b"".join(index)
    return MAGIC + b"%06x\n" % len(blob) + blob + b"".join(data)


def _file_name(name):
    """The file name of an index name: a module's gets ".mpy" back."""
    return name if "." in name else name + SUFFIX


def unpack(blob):
    """{path: bytes} of a pack (the inverse of pack); ValueError when it is not one."""
    if blob[:5] != MAGIC or blob[11:12] != b"\n":
        raise ValueError("not a code pack")
    n = int(blob[5:11], 16)
    base = 12 + n
    out = {}
    folder = ""
    for line in blob[12:base].split(b"\n"):
        if line.startswith(b"/"):
            folder = line[1:].decode()
        elif line:
            name, nums = line.rsplit(b" ", 1)
            start = base + int(nums[:5], 16)
            path = (folder + "/" if folder else "") + _file_name(name.decode())
            out[path] = blob[start : start + int(nums[5:], 16)]
    return out
