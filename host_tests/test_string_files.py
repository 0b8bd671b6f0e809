"""The string tables' flash files (ui/text/table.py, made by tools/build/make_strings.py): they
match the .py tables, give every word as the module does on both interpreters, and a missing
or damaged file leaves the module in use."""

import os

from build import make_strings
from ui.text import strings_en, strings_fr, table

TEXT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "firmware",
                    "ui", "text")


def test_the_flash_files_are_made_from_the_tables():
    for name, mod in (("strings_en", strings_en), ("strings_fr", strings_fr)):
        with open(make_strings.path_of(name), "rb") as f:
            assert f.read() == make_strings.table_bytes(mod), (
                "%s.bin is stale: cd tools && python3 -m build.make_strings" % name)


def _every_word_read(mod, path):
    with open(path, "rb") as f:
        t = table.FileTable(f, mod.__name__)
        assert t.check()
        for k in dir(mod):
            v = getattr(mod, k)
            if k[:1].isupper():
                assert getattr(t, k) == v and type(getattr(t, k)) is type(v), k
        assert getattr(t, "NO_SUCH_WORD", None) is None


def test_a_file_table_reads_every_word_as_the_module_has_it():
    _every_word_read(strings_en, make_strings.path_of("strings_en"))
    _every_word_read(strings_fr, make_strings.path_of("strings_fr"))


class _CountingFile:
    """A file that counts its reads."""

    def __init__(self, f):
        self.f = f
        self.reads = 0

    def seek(self, at):
        return self.f.seek(at)

    def read(self, n):
        self.reads += 1
        return self.f.read(n)

    def readinto(self, buf):
        self.reads += 1
        return self.f.readinto(buf)


def test_a_word_read_again_comes_from_memory_and_few_are_kept():
    with open(make_strings.path_of("strings_en"), "rb") as raw:
        f = _CountingFile(raw)
        t = table.FileTable(f, strings_en.__name__)
        assert t.MENU == strings_en.MENU
        first = f.reads
        assert first > 0
        for _ in range(5):
            assert t.MENU == strings_en.MENU
        assert f.reads == first
        names = [k for k in dir(strings_en) if k[:1].isupper() and k != "MENU"]
        assert len(names) > table.MEMO + 10
        for k in names:
            assert getattr(t, k) == getattr(strings_en, k), k
        # the last MEMO words come from memory, the one before them is read again
        last = names[-table.MEMO:]
        before = f.reads
        for k in last:
            assert getattr(t, k) == getattr(strings_en, k), k
        assert f.reads == before
        assert t.MENU == strings_en.MENU
        assert f.reads > before
        t.forget()  # the main menu lets every word go
        before = f.reads
        assert getattr(t, last[-1]) == getattr(strings_en, last[-1])
        assert f.reads > before


def test_a_big_word_dropped_is_read_again_and_the_others_stay_kept():
    """The hint lets go of its reasons (G_WHY, a dict of them) once it has its words."""
    with open(make_strings.path_of("strings_en"), "rb") as raw:
        f = _CountingFile(raw)
        t = table.FileTable(f, strings_en.__name__)
        assert t.G_WHY == strings_en.G_WHY and t.MENU == strings_en.MENU
        t.drop("G_WHY")
        t.drop("NOT_KEPT")  # (a word not kept: nothing happens)
        before = f.reads
        assert t.MENU == strings_en.MENU
        assert f.reads == before  # still kept
        assert "G_WHY" not in t._memo and t.G_WHY == strings_en.G_WHY
        assert f.reads > before  # read again


WORDS = r"""
import json, sys
from ui.text import lang, strings_en, strings_fr
out = {}
for i, mod in ((0, strings_en), (1, strings_fr)):
    t = lang.use(i)
    bad = [k for k in dir(mod) if k[:1].isupper() and getattr(t, k) != getattr(mod, k)]
    out[str(i)] = [type(t).__name__, bad, getattr(t, "NO_SUCH_WORD", None)]
from ui.text import table
out["fast"] = table._low is table._builtin_low
out["modules"] = sorted(m for m in sys.modules if m.startswith("ui.text.strings_"))
print(json.dumps(out))
"""


def test_lang_reads_the_words_from_flash_under_micropython(micropython):
    out = micropython.run_json(WORDS)
    assert out["0"] == ["FileTable", [], None]
    assert out["1"] == ["FileTable", [], None]
    # a name's slot from MicroPython's own hash of the str (djb2, as the files were built
    # with on CPython), not a loop in Python (issue 26: a word read in a third of the time)
    assert out["fast"] is True


def test_a_damaged_or_missing_file_is_refused(tmp_path):
    good = open(make_strings.path_of("strings_en"), "rb").read()
    for data in (b"", good[:100], b"XXXX" + good[4:], good[: table.HEADER + 2 * table.SLOTS - 1]):
        p = tmp_path / "t.bin"
        p.write_bytes(data)
        with open(p, "rb") as f:
            assert not table.FileTable(f, "x").check()


FALLBACK = r"""
import json, sys
import ui.text
ui.text.__file__ = "/nonexistent/ui/text/__init__.py"
from ui.text import lang
lang._index = -1
t = lang.use(1)
print(json.dumps([type(t).__name__, t.MENU, sorted(m for m in sys.modules if m.startswith("ui.text.strings_"))]))
"""


def test_without_the_file_the_module_is_the_table(micropython):
    out = micropython.run_json(FALLBACK)
    assert out == ["module", strings_fr.MENU, []]
