"""Systematic hostile save files, booted by the firmware (run by test_store_hostile.py).

`micropython mp_store_hostile.py [STEP]`: good settings, statistics, a saved dice game and
a saved card game, and the single saved game of older firmware (a third game, left where it
is beside the dice game's own record; both slots of each) on a littlefs2 RAM flash; then, one case at a time, one record's files are
replaced by a hostile version and the saves are loaded as at boot (ui.model.saves):
- every byte of every record kind's payload set to 0x00, 0xFF, 0x7F and flipped, framed
  with a valid CRC (valid-CRC nonsense for every field); every byte in STEP of them also
  boots the whole app (ui.boot on the emulated board) and goes through the notices and
  the continue prompt to the main menu;
- the payload cut at every byte (valid CRC), and the slot file cut at every byte;
- both copies bad; directories and files in the wrong places (/data a file, a slot a
  directory, the temp file a directory, a .bad name taken by a directory, stray files).
Checks: nothing raises; the other records' files stay byte for byte as they were; every
file set aside comes with a notice; after it, saving works again. Prints one JSON line."""

import json
import os
import sys

from emu import ramflash

dev = ramflash.RamFlash(40)
# ruff: noqa: E402
from hal import store as st
from lama import card_bots, cards, codec, codec_read, dice, games, records, statistics
from lama.rng import SeededRng
from ui.model import saves as sv
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401

STEP = int(sys.argv[1]) if len(sys.argv) > 1 else 40
MOUNT = "/h"
D = MOUNT + "/data"
SEATS = [("ANA", None), ("BOB", "cautious"), ("CY", None)]
KINDS = {
    "settings": (sv.KIND_SETTINGS, sv.SETTINGS_VERSION, sv.SETTINGS_MAX),
    "stats": (sv.KIND_STATS, records.STATS_VERSION, records.STATS_MAX),
}
for _name in (sv.record_name(games.GAME_DICE), sv.record_name(games.GAME_CARDS), sv.LEGACY):
    KINDS[_name] = (sv.KIND_GAME, records.PROGRESS_VERSION, records.PROGRESS_MAX)
out = {"cases": 0, "booted": 0, "refused": 0, "failures": []}


def fail(note):
    if len(out["failures"]) < 12:
        out["failures"].append(note)


def rm_tree(p):
    try:
        st.remove_tree(p)
    except OSError:
        pass


def snapshot():
    got = {}
    try:
        names = os.listdir(D)
    except OSError:
        return got
    for n in names:
        p = D + "/" + n
        try:
            with open(p, "rb") as f:
                got[n] = f.read()
        except OSError:
            got[n] = None  # a directory
    return got


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


# --- the good saves ----------------------------------------------------------------------
ramflash.mkfs(dev)
ramflash.mount(dev, MOUNT)
s = sv.Saves(D)
stats = s.load_stats()
statistics.record_result(stats, 1, SEATS, [12, 41, 25], 6, [2, 0, 1], 1)
statistics.record_result(stats, 2, SEATS[:2], [9, 40], 5, [3, 0], 2)
settings = s.load_settings()
settings.contrast = 3
rng = SeededRng(6)
state = dice.new_game(3, None, 1, rng)
for _ in range(9):
    dice.apply(state, dice.legal_actions(state)[0], rng)
hand = cards.new_game(2, None, 0, rng)
for _ in range(5):
    cards.apply(hand, card_bots.BOTS["cautious"](cards.view(hand, hand.turn),
                                                 cards.legal_actions(hand), rng), rng)
old = dice.new_game(2, None, 0, rng)
dice.apply(old, dice.legal_actions(old)[0], rng)
OLD = records.encode_progress(records.Progress(codec.encode(old), SEATS[:2], 9))
for _ in range(2):  # both slots of each
    assert s.save_stats() and s.save_settings(settings) and s.save_progress(state, SEATS)
    assert s.save_progress(hand, SEATS[:2])
    assert s.store.save(sv.LEGACY, sv.KIND_GAME, records.PROGRESS_VERSION, OLD,
                        records.PROGRESS_MAX) == st.OK
GOOD = snapshot()
PAYLOAD = {}
for name, (k, v, m) in KINDS.items():
    PAYLOAD[name] = st.unframe(GOOD[name + ".a"], k, v, m)[1]


def restore():
    rm_tree(D)
    os.mkdir(D)
    for n, data in GOOD.items():
        write(D + "/" + n, data)


def boot_ui():
    """Boot the app as the device does; go through notices and the continue prompt (B,
    then "Yes, discard") to the main menu. Returns (the screen names seen on the way, the
    files on flash once booted, before any key)."""
    from emu.board import configure, make_board
    from hal.buttons import A, B, DOWN, PRESS
    from ui import boot

    configure(data_dir=D, seed=3)
    app = boot.run(make_board(), frames=2)
    booted = snapshot()
    seen = []
    for _ in range(10):
        top = type(app.top()).__name__
        seen.append(top)
        if top == "MainMenu":
            break
        if top == "ConfirmDiscard":
            app.top().handle((PRESS, DOWN))  # "Yes, discard" (the first answer keeps it)
        app.top().handle((PRESS, A if top in ("TitleScreen", "ConfirmDiscard") else B))
        app.run(2)
    return seen, booted


def check(label, target, ui=False, ended_ok=False):
    """Boot with `target`'s files hostile (the whole app when `ui`, else the loads of
    ui.model.saves); check the other records' files and the notices."""
    out["cases"] += 1
    before = snapshot()
    seen = None
    try:
        if ui:
            seen, after = boot_ui()
            out["booted"] += 1
            noticed = "NoticeScreen" in seen
        else:
            saves = sv.Saves(D)
            saves.load_settings()
            saves.load_stats()
            SavedGames(saves).load()
            noticed = saves.take_message() is not None
            after = snapshot()
    except Exception as e:  # noqa: BLE001 - the failure looked for
        fail("%s raised %r" % (label, e))
        return
    for n, data in before.items():
        if n.startswith(target + "."):
            continue
        if n.startswith("stats.") and target.startswith("game") and ended_ok:
            continue  # a game at its end was counted: the statistics changed, rightly
        if after.get(n) != data and not (n.startswith(sv.LEGACY + ".") and moved(after)):
            fail("%s: %s changed" % (label, n))
    bad = [n for n in after if ".bad" in n and n not in before]
    if bad:
        out["refused"] += 1
        if not noticed:
            fail("%s: %s set aside without a notice" % (label, bad))
    if ui:
        if seen[-1] != "MainMenu":
            fail("%s: the boot did not reach the menu: %r" % (label, seen))
        s2 = sv.Saves(D)  # saving works again
        s2.load_stats()
        if not s2.save_settings(s2.load_settings()) or not s2.save_stats():
            fail("%s: saving fails after it" % label)


def moved(files):
    """True when the old firmware's saved game is in the dice game's record among `files`
    (a snapshot): it moves there when that record is empty (e.g. a tombstone)."""
    for slot in st.SLOTS:
        data = files.get(sv.record_name(games.GAME_DICE) + "." + slot)
        got = st.unframe(data, sv.KIND_GAME, records.PROGRESS_VERSION,
                         records.PROGRESS_MAX) if data else None
        if got is not None and got[1] == OLD:
            return True
    return False


def hostile(name, payload, seq=0x4000):
    """Both slots of record `name`: the newest with `payload` (valid CRC), the older
    good. Returns nothing; the files are on flash."""
    k, v, m = KINDS[name]
    write(D + "/" + name + ".a", st.frame(k, v, seq, payload))
    write(D + "/" + name + ".b", st.frame(k, v, seq - 1, PAYLOAD[name]))


def ended(name, payload):
    if not name.startswith("game"):
        return False
    try:
        return codec_read.decode_progress(payload)[1].phase == dice.GAME_OVER
    except Exception:  # noqa: BLE001
        return False


# --- valid-CRC nonsense in every field -----------------------------------------------------
k_case = 0
for name, p in PAYLOAD.items():
    for i in range(len(p)):
        for val in (0x00, 0xFF, 0x7F, p[i] ^ 0xFF):
            b = bytearray(p)
            b[i] = val & 0xFF
            restore()
            hostile(name, bytes(b))
            k_case += 1
            check("%s byte %d = %d" % (name, i, val), name, ui=k_case % STEP == 0,
                  ended_ok=ended(name, bytes(b)))
    for n in range(len(p)):  # the payload cut at every byte, a valid CRC
        restore()
        hostile(name, p[:n])
        check("%s payload cut at %d" % (name, n), name)
    k, v, m = KINDS[name]
    whole = st.frame(k, v, 0x4000, p)
    for n in range(len(whole)):  # the file cut at every byte
        restore()
        write(D + "/" + name + ".a", whole[:n])
        check("%s file cut at %d" % (name, n), name, ui=n == len(whole) // 2)

# --- both copies bad -------------------------------------------------------------------------
for name in KINDS:
    restore()
    for slot in "ab":
        write(D + "/" + name + "." + slot, b"LS" + bytes(40))
    check("%s: both copies bad" % name, name, ui=True)

# --- directories and files in the wrong places ---------------------------------------------
restore()
rm_tree(D)
write(D, b"not a directory")
check("/data a file", "-", ui=True)
for name in KINDS:
    restore()
    rm_tree(D + "/" + name + ".a")
    os.mkdir(D + "/" + name + ".a")
    write(D + "/" + name + ".a/x", b"x")
    check("%s.a a directory" % name, name, ui=True)
    restore()
    os.mkdir(D + "/" + name + ".tmp")
    write(D + "/" + name + ".tmp/x", b"x")
    check("%s.tmp a directory" % name, name, ui=True)
    restore()
    os.mkdir(D + "/" + name + ".bad")
    write(D + "/" + name + ".a", b"junk")
    check("%s.bad a directory" % name, name, ui=True)
restore()
write(D + "/stray.txt", b"a file of someone else's")
os.mkdir(D + "/lost+found")
check("stray entries", "stray", ui=True)
print(json.dumps(out))
