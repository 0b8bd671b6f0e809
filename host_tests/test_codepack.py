"""The code pack: tools/flash/pack.py writes it, firmware/codepack.py mounts it and the modules import from it (MicroPython unix port); a damaged pack is refused with a message."""

import json

import codepack
from flash import image, pack
import pytest

MOUNTED = r"""
import sys, json, os
import codepack
out = {"mount": codepack.mount(PACK), "first": sys.path[0]}
import lama.dice, ui.games.base
out["files"] = [lama.dice.__file__, sys.modules["ui.games.base"].__file__]
def stat(path):
    try:
        return os.stat(path)[0]
    except OSError as e:
        return str(e)
out["stat"] = {q: stat(q) for q in ("/code/lama/dice.mpy", "/code/lama/dice.py",
               "/code/lama/nothing.mpy", "/code/lama", "/code/ui/games", "/code/nowhere")}
out["size"] = os.stat("/code/lama/dice.mpy")[6]
out["listed"] = sorted(os.listdir("/code/ui"))
with open("/code" + DATA, "rb") as f:  # a file beside the pack's: from the file system
    out["data"] = f.read().decode()
f = open("/code/lama/dice_values.bin", "rb")  # a packed data file, as the firmware reads it
head = f.read(4)
f.seek(2)
buf = bytearray(3)
got = f.readinto(buf)
f.seek(-2, 2)
out["packed"] = [head.decode(), got, bytes(buf).decode(), f.tell(), len(f.read()), f.read(),
                 os.stat("/code/lama/dice_values.bin")[6], "dice_values.bin" in os.listdir("/code/lama")]
try:
    os.stat("/code/lama/dice_values")
except OSError as e:
    out["no suffix"] = str(e)
try:
    open("/code/lama/dice.mpy", "wb")
except OSError as e:
    out["write"] = str(e)
out["again"] = codepack.mount(PACK)
out["mounted"] = codepack._mounted
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """(the files a flash writes, build()'s own files), bytecode."""
    d = tmp_path_factory.mktemp("pack-build")
    files = image.build("", str(d))
    return pack.packed(files), files


def test_the_board_and_the_host_agree_on_the_format():
    assert codepack.MAGIC == pack.MAGIC and codepack.SUFFIX == pack.SUFFIX
    assert codepack.PACK == "/" + pack.PACK and codepack.MOUNT == "/" + pack.MOUNT


def test_every_module_and_data_file_of_the_folders_is_packed_and_the_rest_stays_files(built):
    installed, files = built
    mods = {p: d for p, d in files.items() if "/" in p and p.endswith((".mpy", ".bin"))}
    assert len(mods) > 60 and "lama/dice_values.bin" in mods and "ui/text/strings_fr.bin" in mods
    assert pack.unpack(installed[pack.PACK]) == mods
    assert not [p for p in installed if p.endswith((".mpy", ".bin")) and "/" in p]
    assert {"main.py", "board.py", "codepack.mpy"} <= set(installed)


def test_names_the_format_cannot_hold_are_refused():
    for bad in ("lama/a b.mpy", "lama/x.py", "/lama/x.mpy", "lama/x.y.bin", "lama/notes.txt"):
        with pytest.raises(ValueError):
            pack.pack({bad: b""})
    with pytest.raises(ValueError, match="64 KB"):
        pack.pack({"lama/big.mpy": bytes(1 << 16)})


def test_the_modules_import_from_the_mounted_pack(micropython, built, tmp_path):
    installed, files = built
    (tmp_path / "code.pak").write_bytes(installed[pack.PACK])
    (tmp_path / "data.bin").write_bytes(b"beside")
    code = MOUNTED.replace("PACK", repr(str(tmp_path / "code.pak"))).replace(
        "DATA", repr(str(tmp_path / "data.bin")))
    out = micropython.run_json(code)
    assert out["mount"] is None and out["first"] == "/code"
    assert out["files"] == ["/code/lama/dice.mpy", "/code/ui/games/base.mpy"]
    assert out["stat"] == {"/code/lama/dice.mpy": 0x8000, "/code/lama/dice.py": "[Errno 2] ENOENT",
                           "/code/lama/nothing.mpy": "[Errno 2] ENOENT", "/code/lama": 0x4000,
                           "/code/ui/games": 0x4000, "/code/nowhere": "[Errno 2] ENOENT"}
    assert out["size"] == len(files["lama/dice.mpy"])
    want = {p.split("/")[1] for p in files if p.startswith("ui/") and p.count("/") >= 1}
    assert set(out["listed"]) == want and "boot.mpy" in want and "games" in want
    assert out["data"] == "beside"
    size = len(files["lama/dice_values.bin"])
    assert out["packed"] == ["LDV1", 3, "V1" + chr(files["lama/dice_values.bin"][4]), size - 2,
                             2, "", size, True]
    assert "ENOENT" in out["no suffix"]
    assert "EROFS" in out["write"] or "30" in out["write"]
    assert out["again"] is None and out["mounted"] == ["/code"]  # mounted once


DAMAGED = r"""
import sys, json
import codepack
before = list(sys.path)
why = codepack.mount(PACK)
print(json.dumps({"why": why, "path_kept": sys.path == before, "mounted": codepack._mounted}))
"""


@pytest.mark.parametrize("how", ["cut", "magic", "header", "longer"])
def test_a_damaged_pack_is_refused_with_a_message_and_nothing_mounted(micropython, built,
                                                                       tmp_path, how):
    blob = built[0][pack.PACK]
    blob = {"cut": blob[:3000], "magic": b"XXXX" + blob[4:], "header": blob[:5] + b"zz" + blob[7:],
            "longer": blob + b"\0"}[how]
    (tmp_path / "code.pak").write_bytes(blob)
    out = micropython.run_json(DAMAGED.replace("PACK", repr(str(tmp_path / "code.pak"))))
    assert "unusable" in out["why"] and "make flash" in out["why"], out
    assert out["path_kept"] and out["mounted"] == []


def test_no_pack_is_no_message(micropython, tmp_path):
    out = micropython.run_json(DAMAGED.replace("PACK", repr(str(tmp_path / "none.pak"))))
    assert out == {"why": None, "path_kept": True, "mounted": []}, json.dumps(out)


BOOT = r"""
import os, json
import codepack, main
calls = []
codepack.mount = lambda: calls.append(os.getcwd())
main.mount_code()  # the firmware run from another folder (make run: /remote)
os.chdir("/")
main.mount_code()  # run from the board's own flash
print(json.dumps(calls))
"""


def test_main_mounts_the_pack_only_when_run_from_the_boards_own_files(micropython):
    assert micropython.run_json(BOOT) == ["/"]


INTERRUPTED = r"""
import sys, json, os, vfs
import codepack
p = codepack.Pack(open(PACK, "rb"), os.stat(PACK)[6])
vfs.mount(p, "/cp")
sys.path.insert(0, "/cp")
find, hits, out = p._find, [], {}
def ctrl_c_once(path):  # Ctrl-C lands while the import looks for its first file
    if not hits:
        hits.append(path)
        raise KeyboardInterrupt
    return find(path)
p._find = ctrl_c_once
try:
    import lama.dice
    out["first"] = "imported"
except KeyboardInterrupt:
    out["first"] = "KeyboardInterrupt"
except ImportError as e:
    out["first"] = "ImportError: %s" % e
import lama.dice
out["then"] = lama.dice.__file__
out["hits"] = hits
print(json.dumps(out))
"""


def test_a_ctrl_c_during_an_import_s_look_up_stops_the_program(micropython, built, tmp_path):
    # MicroPython's import takes any exception in a file system's stat() for "no such file":
    # the Ctrl-C mpremote sends would be lost, the game would go on and mpremote wait for ever
    installed, _ = built
    (tmp_path / "code.pak").write_bytes(installed[pack.PACK])
    out = micropython.run_json(INTERRUPTED.replace("PACK", repr(str(tmp_path / "code.pak"))))
    assert out["first"] == "KeyboardInterrupt", out
    assert out["then"] == "/cp/lama/dice.mpy" and out["hits"] == ["/lama"], out


LOOKED_UP = r"""
import json, os
import codepack
p = codepack.Pack(open(PACK, "rb"), os.stat(PACK)[6])
lines, reads = p._lines, []
def counted(span):
    reads.append(span)
    return lines(span)
p._lines = counted
out = {}
p.stat("/lama/dice.mpy")  # the import's look: found, then opened
out["dice"] = len(p.open("/lama/dice.mpy", "rb").read())
out["reads"] = len(reads)
p.stat("/lama/dice.mpy")
out["other"] = len(p.open("/lama/errors.mpy", "rb").read())  # not the file stat() found
out["reads_other"] = len(reads)
print(json.dumps(out))
"""


def test_a_module_s_folder_is_read_once_when_the_import_finds_then_opens_it(micropython, built,
                                                                            tmp_path):
    # each read of a folder's lines is about 1.2 ms on the Pico: the import's stat() and
    # open() of the same module read them once (issue 47: the boot, 439 ms, had grown)
    installed, files = built
    (tmp_path / "code.pak").write_bytes(installed[pack.PACK])
    out = micropython.run_json(LOOKED_UP.replace("PACK", repr(str(tmp_path / "code.pak"))))
    assert out == {"dice": len(files["lama/dice.mpy"]), "reads": 1,
                   "other": len(files["lama/errors.mpy"]), "reads_other": 3}, out


BUILTINS = r"""
import sys, json
before = list(sys.path)
had = {n: n in sys.modules for n in ("os", "time", "io")}
import codepack
import os, time
print(json.dumps({"had": had, "kept": {n: n in sys.modules for n in ("os", "time", "io")},
                  "same": sys.modules["os"] is os and sys.modules["time"] is time,
                  "path": sys.path == before}))
"""


def test_the_extensible_built_ins_are_kept_in_sys_modules_with_the_path_untouched(micropython):
    # a built-in MicroPython lets a file replace (os, time, machine...) is never in
    # sys.modules: each import of one searched every folder of sys.path, about 5 ms on the
    # Pico (issue 47: 50 ms of the boot); codepack, imported first, keeps them there
    out = micropython.run_json(BUILTINS)
    assert out == {"had": {"os": False, "time": False, "io": False},
                   "kept": {"os": True, "time": True, "io": True}, "same": True, "path": True}, out
