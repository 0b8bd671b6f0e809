"""Mutated save files of one kind, loaded by the firmware (run by test_store_fuzz.py).

`micropython -X heapsize=... mp_store_fuzz.py KIND COUNT SEED`, KIND settings | stats |
game (the dice game's record) | legacy (the single saved game of older firmware, moved to
its kind's record at start). Each round puts one mutated slot file on a littlefs2 RAM flash (half the time next
to a good older copy) and loads it with a fresh ui.model.saves.Saves: bit flips, truncations,
extensions, random bytes, wrong kind/version/length headers, and - with a valid CRC -
hostile payloads (bytes flipped, cut or added, fields set to extremes). Checks: no
exception escapes; a file that was refused is kept as NAME.bad, byte for byte, and the
player gets a message; a file that was accepted re-encodes to exactly its payload (the
decoders admit one encoding only; older, shorter settings re-encode to it and the
defaults of the fields they lack), or - statistics - with damaged entries left out, and a
message; a saved game at its end is counted and removed; the older good copy is used when
there is one.
Prints one JSON line of counts (and the first few failures)."""

import gc
import json
import os
import sys

from emu import ramflash

dev = ramflash.RamFlash(12)  # first, while the small heap is still in one piece
# ruff: noqa: E402
from hal import store as st
from lama import codec, codec_read, dice, games, records, statistics
from lama.rng import SeededRng

gc.collect()  # the string table's source compiles next: give it the free heap in one piece
from ui.model import saves as sv
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
from ui.model.settings import Settings

# A game counted lets go of the code that read it (Saves.let_go_readers): the device loads
# it again as .mpy when next needed; here, with a fresh Saves each round, it would be
# compiled again from source in this small heap at every counted game. Kept loaded.
sv.Saves.let_go_readers = lambda self: None

KIND = sys.argv[1]
COUNT = int(sys.argv[2])
SEED = int(sys.argv[3])
MOUNT = "/z"
DATA = MOUNT + "/data"

rng = SeededRng(SEED)


def rand(n):
    return rng.randbelow(n)


def rand_bytes(n):
    b = bytearray(n)
    for i in range(n):
        b[i] = rand(256)
    return bytes(b)


# --- a good record of the kind, and how to read one back -----------------------------
def good_settings(i):
    s = Settings()
    s.contrast = 1 + i % 8
    s.target = 10 + 5 * (i % 19)
    return s.to_bytes()


def good_stats(i):
    stats = records.Stats()
    seats = [("ANA", None), ("BOB", "cautious"), ("CY", "expert"), ("DEE", None)]
    for g in range(1 + i % 6):
        statistics.record_result(
            stats, records.GAMES[g & 1], seats[: 2 + g % 3], [12 + g, 40, 9, 41][: 2 + g % 3],
            3 + g, [1, 0, 2][: 2 + g % 3] + [0] * 3, g + 1,
        )
    return statistics.encode_stats(stats)


def good_game(i):
    r = SeededRng(100 + i % 50)
    state = dice.new_game(2 + i % 5, None, 0, r)
    for _ in range(i % 30):
        if state.phase == dice.GAME_OVER:
            break
        acts = dice.legal_actions(state)
        dice.apply(state, acts[r.randbelow(len(acts))], r)
    seats = [("P%d" % k, None if k == 0 else "cautious") for k in range(state.n)]
    prog = records.Progress(codec.encode(state), seats, 7, None, 0, [r.state])
    return records.encode_progress(prog)


PARTIAL = ("partial",)  # statistics loaded with damaged entries left out
ENDED = ("ended",)  # a saved game at its end: counted, removed, not offered

if KIND == "settings":
    NAME, K, VER, MAX = "settings", sv.KIND_SETTINGS, sv.SETTINGS_VERSION, sv.SETTINGS_MAX
    good = good_settings

    def load(s):
        v = s.load_settings()
        ok = s.store._slots["settings"][0] >= 0
        return (v.to_bytes() if ok else None), s

elif KIND == "stats":
    NAME, K, VER, MAX = "stats", sv.KIND_STATS, records.STATS_VERSION, records.STATS_MAX
    good = good_stats

    def load(s):
        v = s.load_stats()
        ok = s.store._slots["stats"][0] >= 0
        if ok and v.dropped:  # damaged entries left out: what is left is sound
            if statistics.decode_stats(statistics.encode_stats(v)).dropped:
                return b"not sound", s
            return PARTIAL, s
        return (statistics.encode_stats(v) if ok else None), s

else:  # "game": the dice game's record; "legacy": older firmware's one, moved at start
    NAME = sv.record_name(games.GAME_DICE) if KIND == "game" else sv.LEGACY
    K, VER, MAX = sv.KIND_GAME, records.PROGRESS_VERSION, records.PROGRESS_MAX
    good = good_game

    def load(s):
        # the statistics' last_game must not hide the game: none are saved here
        v = SavedGames(s).load(games.GAME_DICE)
        if v is None:
            if s.stats is not None and s.stats.last_game:  # a game at its end, counted
                return ENDED, s
            return None, s
        return records.encode_progress(s._games[games.GAME_DICE][0]), s


# --- mutations ---------------------------------------------------------------------------
def hostile_payload(p):
    """A payload changed in a way a CRC cannot see (it is framed with a valid CRC)."""
    b = bytearray(p)
    m = rand(8)
    if m == 0 and b:
        for _ in range(1 + rand(4)):
            b[rand(len(b))] = rand(256)
    elif m == 1 and b:
        b[rand(len(b))] = (0, 1, 0x7F, 0x80, 0xFE, 0xFF)[rand(6)]
    elif m == 2:
        b = b[: rand(len(b) + 1)]
    elif m == 3:
        b = b + rand_bytes(1 + rand(8))
    elif m == 4 and b:
        i = rand(len(b))
        b[i : i + 2] = b"\xff\xff"
    elif m == 5:
        b = bytearray(rand_bytes(rand(MAX + 1)))
    elif m == 6 and len(b) > 2:
        i = rand(len(b) - 1)
        b[i], b[i + 1] = b[i + 1], b[i]
    else:
        i = rand(len(b) + 1)
        b[i:i] = bytes([rand(256)])
    return bytes(b[:MAX])


def mutate(frame_bytes, payload):
    """(file bytes, how): a damaged or hostile slot file."""
    m = rand(10)
    b = bytearray(frame_bytes)
    if m == 0:
        for _ in range(1 + rand(3)):
            i = rand(len(b))
            b[i] ^= 1 << rand(8)
        return bytes(b), "flip"
    if m == 1:
        return bytes(b[: rand(len(b))]), "truncate"
    if m == 2:
        return bytes(b) + rand_bytes(1 + rand(16)), "extend"
    if m == 3:
        return rand_bytes(rand(2 * len(b) + 1)), "random"
    if m == 4:
        i = (3, 4, 7, 8)[rand(4)]
        b[i] = rand(256)
        return bytes(b), "header"
    if m == 5 and rand(50) == 0:
        return MAX + 64 + rand(8192), "huge"  # a size: written from a small buffer
    return bytes(st.frame(K, VER, 1 + rand(0xFFFE), hostile_payload(payload))), "hostile"


# --- the run -------------------------------------------------------------------------------
ramflash.mkfs(dev)
ramflash.mount(dev, MOUNT)
os.mkdir(DATA)
counts = {"files": 0, "refused": 0, "accepted": 0, "tombstones": 0, "older_used": 0,
          "partial": 0, "ended": 0}
counts["failures"] = []
kinds = {}


def fail(note):
    if len(counts["failures"]) < 10:
        counts["failures"].append(note)


CHUNK = rand_bytes(256)


def put(path, data):
    with open(path, "wb") as f:
        if isinstance(data, int):  # a huge file, without a huge buffer
            for i in range(0, data, len(CHUNK)):
                f.write(CHUNK[: min(len(CHUNK), data - i)])
        else:
            f.write(data)


def same_file(path, data):
    if isinstance(data, int):
        try:
            return os.stat(path)[6] == data
        except OSError:
            return False
    return read(path) == data


def read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def framed(data):
    """hal.store.unframe as the saves read this record: a game's of an earlier version too
    (an older firmware's format, read by its own decoder)."""
    return st.unframe(data, K, VER, MAX, KIND != "settings")


def older_format(got, payload, version):
    """Settings of an older firmware (fewer fields) re-encode with the defaults added; a
    game or statistics saved in an earlier format re-encode in today's."""
    n = len(payload)
    if KIND == "settings":
        return n < len(got) and got == payload + Settings().to_bytes()[n:]
    if version == VER:
        return False
    if KIND == "stats":
        return got == statistics.encode_stats(statistics.decode_stats(payload, version))
    return got == records.encode_progress(codec_read.decode_progress(payload, version)[0])


def ended(payload):
    """True for a saved game at its end (counted and removed rather than offered)."""
    return KIND in ("game", "legacy") and codec_read.decode_progress(payload)[1].phase == dice.GAME_OVER


goods = [good(i) for i in range(40)]
for it in range(COUNT):
    payload = goods[it % len(goods)]
    seq = 1 + rand(0xFFFE)
    data, how = mutate(st.frame(K, VER, seq, payload), payload)
    kinds[how] = kinds.get(how, 0) + 1
    slot = rand(2)
    put(DATA + "/" + NAME + "." + st.SLOTS[slot], data)  # over what the last round left
    older = None
    other = DATA + "/" + NAME + "." + st.SLOTS[1 - slot]
    if rand(2):  # a good previous copy in the other slot, one save older
        older = goods[(it + 1) % len(goods)]
        put(other, st.frame(K, VER, (seq - 1) & 0xFFFF, older))
    else:
        try:
            os.remove(other)
        except OSError:
            pass
    if KIND == "legacy":  # the record it moves to is the last round's: empty it
        for slot_name in st.SLOTS:
            try:
                os.remove(DATA + "/" + sv.record_name(games.GAME_DICE) + "." + slot_name)
            except OSError:
                pass
    counts["files"] += 1
    try:
        got, s = load(sv.Saves(DATA))
        msg = s.take_message()
    except Exception as e:  # noqa: BLE001 - that is the failure this test looks for
        fail("%d %s raised %r" % (it, how, e))
        continue
    bad = DATA + "/" + NAME + ".bad"
    if got is ENDED:
        counts["ended"] += 1
        for n in os.listdir(DATA):
            if n.startswith("stats."):
                os.remove(DATA + "/" + n)  # each round starts without statistics
    names = os.listdir(DATA)
    if NAME + ".tmp" in names or len(names) > 3:
        fail("%d %s: files left behind: %r" % (it, how, names))
    if NAME + ".bad" in names:
        counts["refused"] += 1
        if not same_file(bad, data):
            fail("%d %s: the .bad file is not the refused file" % (it, how))
        if msg is None:
            fail("%d %s: refused without a message" % (it, how))
        if older is not None and got != older and not (got is ENDED and ended(older)):
            fail("%d %s: the good older copy was not used: %r %r" % (it, how, got, msg))
        if older is not None:
            counts["older_used"] += 1
    elif isinstance(data, int):
        fail("%d huge: not set aside" % it)
    elif got is PARTIAL:
        counts["partial"] += 1
        if msg is None:
            fail("%d %s: entries left out without a message" % (it, how))
    elif got is ENDED:
        if [n for n in names if n.startswith("game.")]:
            fail("%d %s: an ended game was not removed" % (it, how))
    elif framed(data) is not None and not framed(data)[1]:
        counts["tombstones"] += 1  # an empty payload: "no record", nothing damaged
        if msg is not None:
            fail("%d %s: a tombstone gave a message" % (it, how))
    else:
        counts["accepted"] += 1
        if got is None:
            fail("%d %s: neither accepted nor set aside" % (it, how))
        elif got != framed(data)[1] and got != older and not older_format(got, framed(data)[1], data[4]):
            fail("%d %s: accepted content does not re-encode to the file" % (it, how))
    if NAME + ".bad" in names:
        os.remove(bad)  # each round starts without one
    if it % 200 == 0:
        gc.collect()

counts["kinds"] = kinds
gc.collect()
counts["free"] = gc.mem_free()
print(json.dumps(counts))
