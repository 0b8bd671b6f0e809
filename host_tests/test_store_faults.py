"""hal/store.py and ui/saves.py when reading fails for a passing reason (MemoryError, an I/O
error), when damage repeats (.bad files), when the folder is in a wrong shape, and a saved
game already at its end: nothing good is ever set aside, renamed away or written over."""

PRELUDE = """
import gc, json, os
from emu import ramflash
from hal import store as st
from lama import dice, records, statistics
from lama.rng import SeededRng
from ui.model import saves as sv
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
dev = ramflash.RamFlash(24)
ramflash.mkfs(dev)
ramflash.mount(dev, "/f")
D = "/f/data"
SEATS = [("ANA", None), ("BOB", "cautious")]
def files():
    try:
        return sorted(os.listdir(D))
    except OSError:
        return None
def snapshot():
    out = {}
    for n in os.listdir(D):
        with open(D + "/" + n, "rb") as f:
            out[n] = f.read()
    return out
def good_saves():
    s = sv.Saves(D)
    stats = s.load_stats()
    statistics.record_result(stats, 1, SEATS, [3, 20], 4, [1, 0], 7)
    statistics.record_result(stats, 2, SEATS, [12, 9], 5, [0, 2], 8)
    assert s.save_stats() and s.save_stats()  # both slots
    st_ = s.load_settings()
    st_.contrast = 3
    assert s.save_settings(st_) and s.save_settings(st_)
    state = dice.new_game(2, None, 0, SeededRng(1))
    assert s.save_progress(state, SEATS) and s.save_progress(state, SEATS)
    return statistics.encode_stats(stats)
def squeeze(k):
    # fill the heap but for about k bytes; returns what holds it (drop it to free)
    gc.collect()
    spare = bytearray(k)
    hold = []
    size = 1 << 20
    while size > 8:
        try:
            hold.append(bytearray(size))
        except MemoryError:
            size //= 2
    spare = None
    gc.collect()
    return hold
def stats_bytes(s):
    return statistics.encode_stats(s.load_stats())
"""


def test_a_memory_error_at_any_point_of_loading_sets_nothing_aside(micropython):
    """The heap is filled to leave 0, 16, 32 ... bytes free, then each record is loaded:
    no exception escapes, no file is renamed or changed, and once memory is back the
    same saves load as they were."""
    r = micropython.run_json(
        PRELUDE
        + """
want = good_saves()
before = snapshot()
outcomes = set()
escaped = []
changed = []
def one_round(k):
    # a round's objects are this frame's locals, gone with it (module-level temporaries
    # may stay reachable to the conservative collector, and the next squeeze then fails)
    s = sv.Saves(D)
    hold = squeeze(k)
    try:
        s.load_settings()
        s.load_stats()
        SavedGames(s).load()
        outcomes.update(m[1] for m in s.waiting())
    except Exception as e:
        escaped.append((k, repr(e)))
    hold = None
k = 0
while k < 12000:
    one_round(k)
    gc.collect()
    if snapshot() != before:
        changed.append(k)
        break
    k += 16 if k < 2000 else 256
back = sv.Saves(D)
ok = stats_bytes(back) == want and SavedGames(back).load() is not None
print(json.dumps([sorted(outcomes), escaped[:3], changed, ok, back.waiting()]))
"""
    )
    outcomes, escaped, changed, ok, messages = r
    assert escaped == []
    assert changed == []
    assert 6 in outcomes  # UNREADABLE: reading failed for want of memory, said so
    assert not {2, 3} & set(outcomes)  # never taken for damage
    assert ok and messages == []


ZERO_FREE = """
HOG = [None] * 3000  # made first: filling the heap allocates nothing but the blocks
def fill(keep):
    # the heap filled to its last 16-byte block, then `keep` of those blocks given back
    n = 0
    for size in (4096, 1024, 256, 64, 16):
        try:
            while n < len(HOG):
                HOG[n] = bytearray(size - 8)
                n += 1
        except MemoryError:
            pass
    while keep > 0 and n > 0:
        n -= 1
        HOG[n] = None
        keep -= 1
def empty():
    for i in range(len(HOG)):
        HOG[i] = None
    gc.collect()
"""


def test_loads_with_zero_bytes_free_never_raise(micropython):
    """Saves.load_* (issue 28: MemoryError with close to 0 bytes free) with the heap filled
    to its last block, then 1, 2 ... 40 blocks of 16 bytes given back: nothing raises, no
    file changes, nothing is taken for damage, and with memory back all load as saved."""
    r = micropython.run_json(
        PRELUDE + ZERO_FREE
        + """
from lama import cards
want = good_saves()
s = sv.Saves(D)
hand = cards.new_game(2, None, 0, SeededRng(4))
cards.apply(hand, cards.legal_actions(hand)[0], SeededRng(4))
assert s.save_progress(hand, SEATS)
del s, hand
before = snapshot()
RAISED = [0] * 6
OUT = [0] * 16
k = 0
while k <= 40:
    for c in range(6):
        empty()
        s = sv.Saves(D)
        fill(k)
        try:
            if c == 0:
                s.load_settings()
            elif c == 1:
                s.load_stats()
            elif c == 2:
                SavedGames(s).load(1)
            elif c == 3:
                SavedGames(s).load(2)
            elif c == 4:
                SavedGames(s).all()
            else:
                s.summary(2)
            for m in s._pending[: s._waiting]:
                OUT[m & 15] += 1
        except BaseException:  # noqa: BLE001 - what this test looks for
            RAISED[c] += 1
    k += 1
empty()
changed = snapshot() != before
back = sv.Saves(D)
ok = stats_bytes(back) == want and len(SavedGames(back).all()) == 2
print(json.dumps([RAISED, OUT, changed, ok, back.waiting()]))
"""
    )
    raised, outcomes, changed, ok, messages = r
    assert raised == [0] * 6
    assert not changed
    assert outcomes[6] > 0  # UNREADABLE: said so
    assert outcomes[2] == outcomes[3] == 0  # never taken for damage
    assert ok and messages == []


def test_a_memory_error_while_saving_never_raises_and_the_old_copy_stays(micropython):
    r = micropython.run_json(
        PRELUDE
        + """
want = good_saves()
escaped = []
results = set()
k = 0
while k < 12000:
    s = sv.Saves(D)
    stats = s.load_stats()
    state = dice.new_game(2, None, 0, SeededRng(2))
    settings = s.load_settings()
    hold = squeeze(k)
    try:
        results.add(s.save_stats())
        results.add(s.save_settings(settings))
        results.add(s.save_progress(state, SEATS))
    except Exception as e:
        escaped.append((k, repr(e)))
    hold = None
    gc.collect()
    k += 16 if k < 2000 else 256
back = sv.Saves(D)
ok = stats_bytes(back) == want and SavedGames(back).load() is not None
print(json.dumps([escaped[:3], sorted(results), ok, back.waiting(), files()]))
"""
    )
    escaped, results, ok, messages, names = r
    assert escaped == []
    assert results == [False, True]  # some failed for want of memory, some were saved
    assert ok and messages == []
    assert not [n for n in names if n.endswith(".tmp") or ".bad" in n]


def test_an_io_error_reading_is_not_damage_and_the_statistics_are_not_written_over(
    micropython,
):
    r = micropython.run_json(
        PRELUDE
        + """
want = good_saves()
before = snapshot()
real_open = open
def failing_open(path, mode="r"):
    if "r" in mode and "stats." in path:
        raise OSError(5)  # EIO: it may pass
    return real_open(path, mode)
st.open = failing_open
s = sv.Saves(D)
got = s.load_stats()
unread = [got.game(1).games, s.take_message()]
# a game ends meanwhile: not counted over the statistics that could not be read
state = dice.new_game(2, None, 0, SeededRng(1))
counted = [s.record_game_result(state, SEATS), s.take_message()]
same = snapshot() == before
del st.open
# once it reads again, the statistics are the good ones, and counting works
again = [stats_bytes(s) == want, s.take_message()]
print(json.dumps([unread, counted, same, again]))
"""
    )
    unread, counted, same, again = r
    assert unread == [0, "Statistics: could not be read now, kept"]
    assert counted == [False, "Statistics: could not be read now, kept"] and same
    assert again == [True, None]


def test_damaged_files_are_kept_apart_and_never_overwrite_each_other(micropython):
    r = micropython.run_json(
        PRELUDE
        + """
os.mkdir(D)
kept = []
for i in range(6):
    bad = b"damage %d" % i
    with open(D + "/x.a", "wb") as f:
        f.write(bad)
    value, outcome = st.Store(D).load("x", 1, 1, 64, lambda p: p)
    kept.append(outcome)
contents = []
for n in files():
    with open(D + "/" + n, "rb") as f:
        contents.append([n, f.read().decode()])
print(json.dumps([kept, contents]))
"""
    )
    outcomes, contents = r
    assert outcomes == [3] * 6  # BAD_DEFAULTS each time
    assert contents == [["x.bad", "damage 0"], ["x.bad1", "damage 1"],
                        ["x.bad2", "damage 2"], ["x.bad3", "damage 3"]]


def test_boot_repairs_the_data_folder_and_saving_works_again(micropython):
    r = micropython.run_json(
        PRELUDE
        + """
out = {}
with open(D, "wb") as f:  # /data is a file
    f.write(b"junk")
s = sv.Saves(D)
out["file"] = [files(), sorted(os.listdir("/f"))]
out["file saved"] = s.save_settings(s.load_settings())
os.mkdir(D + "/settings.tmp")  # a directory where the temp file goes, not empty
os.mkdir(D + "/settings.tmp/sub")
with open(D + "/settings.tmp/sub/x", "wb") as f:
    f.write(b"x")
with open(D + "/stats.tmp", "wb") as f:  # a leftover temp file
    f.write(b"half a save")
s = sv.Saves(D)
out["tmp"] = files()
st_ = s.load_settings()
st_.contrast = 2
out["tmp saved"] = s.save_settings(st_)
os.mkdir(D + "/stats.a")  # a directory where a slot goes
s = sv.Saves(D)
s.load_stats()
out["slot dir"] = [files(), s.take_message()]
out["slot saved"] = s.save_stats()
out["settings"] = sv.Saves(D).load_settings().contrast
print(json.dumps(out))
"""
    )
    assert r["file"] == [None, ["data.bad"]]  # made again by the first save
    assert r["file saved"]
    assert r["tmp"] == ["settings.a", "settings.b"] or r["tmp"] == ["settings.a"]
    assert r["tmp saved"]
    assert "stats.bad" in r["slot dir"][0] and "stats.a" not in r["slot dir"][0]
    assert r["slot dir"][1] == "Statistics: damaged, defaults used"
    assert r["slot saved"] and r["settings"] == 2


def test_boot_says_on_the_console_what_it_repaired(micropython):
    proc = micropython.run(
        PRELUDE
        + """
with open(D, "wb") as f:
    f.write(b"junk")
sv.Saves(D)
os.mkdir(D)
with open(D + "/game.tmp", "wb") as f:
    f.write(b"x")
sv.Saves(D)
"""
    )
    assert "/f/data was a file, moved to /f/data.bad" in proc.stdout
    assert "removed the leftover /f/data/game.tmp" in proc.stdout


def test_an_empty_settings_or_statistics_payload_gives_a_notice(micropython):
    r = micropython.run_json(
        PRELUDE
        + """
os.mkdir(D)
for name, kind, ver in (("settings", sv.KIND_SETTINGS, sv.SETTINGS_VERSION),
                        ("stats", sv.KIND_STATS, records.STATS_VERSION)):
    with open(D + "/" + name + ".a", "wb") as f:
        f.write(st.frame(kind, ver, 1, b""))
s = sv.Saves(D)
s.load_settings()
s.load_stats()
print(json.dumps([s.take_message(), s.take_message(), files()]))
"""
    )
    assert r[0] == "Settings: damaged, defaults used"
    assert r[1] == "Statistics: damaged, defaults used"
    assert r[2] == ["settings.bad", "stats.bad"]


def test_a_saved_game_at_its_end_is_counted_once_and_never_offered(micropython):
    r = micropython.run_json(
        PRELUDE
        + """
from lama import match
s = sv.Saves(D)
rng = SeededRng(4)
state = dice.new_game(2, None, 0, rng)
while state.phase != match.GAME_OVER:
    acts = dice.legal_actions(state)
    dice.apply(state, acts[0], rng)
    if state.phase != match.GAME_OVER:
        s.save_progress(state, SEATS)
s.save_progress(state, SEATS)  # as a session that could not count it leaves it
offered = [SavedGames(sv.Saves(D)).load() is None for _ in range(3)]
after = sv.Saves(D)
print(json.dumps([offered, after.load_stats().game(1).games, files()]))
"""
    )
    offered, games, names = r
    assert offered == [True, True, True]
    assert games == 1  # counted once, not at every boot
    assert not [n for n in names if n.startswith("game")]


NUMBERS = """
from lama import match
real_open = open
def stats_unreadable(on):
    # reading the statistics fails for want of memory (it may pass), or works again
    def failing_open(path, mode="r"):
        if "r" in mode and "stats." in path:
            raise MemoryError()
        return real_open(path, mode)
    if on:
        st.open = failing_open
    elif "open" in st.__dict__:
        del st.open
def to_the_end(s, state, rng):
    while state.phase != match.GAME_OVER:
        dice.apply(state, dice.legal_actions(state)[0], rng)
        if state.phase != match.GAME_OVER:
            s.save_progress(state, SEATS)
"""


def test_a_game_is_never_numbered_from_statistics_that_could_not_be_read(micropython):
    """Issue 53: one game counted (#1); the next game's first saves find the statistics
    unreadable (a MemoryError): it is not numbered #1 from empty ones, so the next boot
    offers it (it was removed as already counted), and played to its end it is counted."""
    r = micropython.run_json(PRELUDE + NUMBERS + """
s = sv.Saves(D)
statistics.record_result(s.load_stats(), 1, SEATS, [3, 20], 4, [1, 0], 1)
assert s.save_stats()
s = sv.Saves(D)  # a new boot
stats_unreadable(True)
rng = SeededRng(4)
state = dice.new_game(2, None, 0, rng)
dice.apply(state, dice.legal_actions(state)[0], rng)
saved = [s.save_progress(state, SEATS), s.take_message()]
stats_unreadable(False)
s = sv.Saves(D)  # the next boot
got = SavedGames(s).load(1)
offered = got is not None
counted = None
if offered:
    state = got[0]
    to_the_end(s, state, rng)
    counted = s.record_game_result(state, SEATS)
after = sv.Saves(D).load_stats().game(1)
print(json.dumps([saved, offered, counted, after.games]))
""")
    saved, offered, counted, games = r
    assert saved == [True, "Statistics: could not be read now, kept"]
    assert offered  # not removed at boot as "already counted"
    assert counted and games == 2


def test_a_saved_game_is_removed_at_boot_only_when_read_statistics_name_it(micropython):
    """Statistics that counted no game yet (last game 0, on flash) and a game saved while
    they could not be read: the next boots offer it, and it is counted at its end."""
    r = micropython.run_json(PRELUDE + NUMBERS + """
s = sv.Saves(D)
s.load_stats()
assert s.save_stats()  # empty statistics on flash: no game counted yet
s = sv.Saves(D)
stats_unreadable(True)
rng = SeededRng(5)
state = dice.new_game(2, None, 0, rng)
assert s.save_progress(state, SEATS)
dice.apply(state, dice.legal_actions(state)[0], rng)
assert s.save_progress(state, SEATS)
unread_boot = SavedGames(sv.Saves(D)).load(1) is not None  # still unreadable: offered
stats_unreadable(False)
offered = [SavedGames(sv.Saves(D)).load(1) is not None for _ in range(2)]
s = sv.Saves(D)
state = SavedGames(s).load(1)[0]
to_the_end(s, state, rng)
counted = s.record_game_result(state, SEATS)
again = s.record_game_result(state, SEATS)  # counted once
print(json.dumps([unread_boot, offered, counted, again, sv.Saves(D).load_stats().game(1).games]))
""")
    unread_boot, offered, counted, again, games = r
    assert unread_boot and offered == [True, True]
    assert counted and again and games == 1
