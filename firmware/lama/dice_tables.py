"""The dice expert's value tables (lama.dice_expert): lama.dice_values (bytes, about 7 KB of
RAM once imported) unless the device hands over the open file dice_values.bin with
use_tables(f): then each value is read from flash when needed and the tables take no RAM."""

from lama.dice_rank import HEADER_SIZE, N_ROWS, TABLE_NAMES, header

_tables = None  # the four tables of TABLE_NAMES, each indexable by lama.dice_rank.rank


class FileTable:
    """One table of an open dice_values.bin, read a byte at a time (t[i]). A failed read
    gives 255, which the bot reads as "no better than quitting"."""

    def __init__(self, f, offset):
        self._f = f
        self._offset = offset
        self._buf = bytearray(1)

    def __getitem__(self, i):
        try:
            self._f.seek(self._offset + i)
            if self._f.readinto(self._buf) == 1:
                return self._buf[0]
        except OSError:
            pass
        return 255


def use_tables(f):
    """Read the tables from `f`, dice_values.bin opened for binary reading (seek,
    readinto); True if it is one, else False and the tables in RAM stay in use."""
    global _tables
    buf = bytearray(HEADER_SIZE)
    try:
        f.seek(0)
        ok = f.readinto(buf) == HEADER_SIZE and bytes(buf) == header()
        if ok:
            f.seek(HEADER_SIZE + len(TABLE_NAMES) * N_ROWS - 1)
            ok = f.readinto(bytearray(1)) == 1
    except (OSError, ValueError, AttributeError):
        ok = False
    if ok:
        _tables = tuple(FileTable(f, HEADER_SIZE + k * N_ROWS) for k in range(len(TABLE_NAMES)))
    return ok


def use_memory_tables():
    """Use the tables of lama.dice_values (bytes in RAM), the default."""
    global _tables
    from lama import dice_values

    _tables = tuple(getattr(dice_values, name) for name in TABLE_NAMES)


def tables():
    """The four tables of TABLE_NAMES (ALONE_10, ALONE_0, MULTI_10, MULTI_0), each indexable
    by lama.dice_rank.rank: those of use_tables, else lama.dice_values'."""
    if _tables is None:
        use_memory_tables()
    return _tables
