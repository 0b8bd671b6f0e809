"""Power cut at every flash operation of every kind of save (run by test_store_cuts.py).

Under the MicroPython unix port: a littlefs2 RAM flash with the Pico's geometry; a run of
saves as the firmware makes them (settings, a whole dice game and a whole card game saved
after every action, the statistics at each game's end, the saved game removed, the
statistics growing past littlefs's inline limit, a raw record growing past a 4 KB block).
For each save, every erase and program is cut in three flavours; the copy is mounted and
a fresh ui.model.saves.Saves loads from it: it must get the old or the new content, intact,
with no "damaged" message, and the file system must take a new save afterwards.
Prints one JSON line: {"points": ..., "ops": ..., "saves": ..., "failures": [...]}.
"""

import json
import sys

from emu import powercut, ramflash
from hal import store as st
from lama import card_bots, cards, codec, codec_read, dice, dice_bots, games, records, statistics
from lama.rng import SeededRng
from lama.seats import of
from ui.model.saves import KIND_GAME, LEGACY, Saves, record_name
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
from ui.model.settings import Settings

MOUNT = "/f"
BLOCKS = 48
STEP = int(sys.argv[1]) if len(sys.argv) > 1 else 1  # cut every STEP-th game save only

dev = ramflash.RamFlash(BLOCKS)
ramflash.mkfs(dev)
ramflash.mount(dev, MOUNT)
saves = Saves(MOUNT + "/data")
result = powercut.Result()
count = [0]
GAME = [games.GAME_DICE]  # the kind of the game being cut
KEEP = []  # (kind, content): another saved game every cut must leave as it is


def probe(point):
    """The cut image still takes a save and gives it back."""
    s = st.Store(point + "/data")
    if s.save("probe", 9, 1, b"probe", 16) != st.OK:
        return "no save possible after the cut"
    got = s.load("probe", 9, 1, 16, lambda p: p)[0]
    if got != b"probe":
        return "probe read back wrong"
    return None


def cut(label, action, getter, old, new, erasing_only=False):
    """Cut power during action(); getter(Saves) -> comparable content on the copy."""
    def check(point):
        want = new() if callable(new) else new
        s = Saves(point + "/data")
        got = getter(s)
        msg = s.take_message()
        if msg is not None:
            return "message " + msg
        if got != old and got != want:
            return "lost: got %r" % (got,)
        for kind, content in KEEP:
            if kind_of(s, kind) != content:
                return "the other saved game (kind %d) lost" % kind
        return probe(point)

    count[0] += 1
    powercut.cut_points(dev, MOUNT, action, check, result, label, erasing_only)


def settings_of(s):
    return s.load_settings().to_bytes()


def stats_of(s):
    return statistics.encode_stats(s.load_stats())


def kind_of(s, kind):
    got = SavedGames(s).load(kind)
    if got is None:
        return None
    return codec.encode(got[0]) + repr(got[1]).encode()


def game_of(s):
    return kind_of(s, GAME[0])


def now(getter):
    return getter(Saves(MOUNT + "/data"))


def game_on_flash():
    """The saved game as it is on the device's flash (read only: a counted game is not
    removed, as Saves.load_progress would)."""
    got = Saves(MOUNT + "/data").store.load(
        record_name(GAME[0]), KIND_GAME, records.PROGRESS_VERSION, records.PROGRESS_MAX, codec_read.decode_progress
    )[0]
    if got is None:
        return None
    return codec.encode(got[1]) + repr(got[0].seats).encode()


# --- settings: the first save, then changes ------------------------------------------
for i in range(4):
    cfg = Settings()
    cfg.contrast = 1 + i
    cfg.sound = i & 1
    old = now(settings_of)
    cut("settings %d" % i, lambda c=cfg: saves.save_settings(c), settings_of, old, cfg.to_bytes())


# --- whole games, saved after every action ---------------------------------------------
def play(mod, bots, seats, seed, label, stop=-1, erasing_only=False, leave=False):
    """A whole game saved after every action, cut every STEP-th save; stopped after `stop`
    actions: abandoned (its save removed, cut) or, with `leave`, left saved."""
    rng = SeededRng(seed)
    bot_rng = SeededRng(seed + 1)
    state = mod.new_game(len(seats), None, 0, rng)
    GAME[0] = state.GAME
    k = 0
    while state.phase != mod.GAME_OVER and k != stop:
        if state.phase == mod.ROUND_OVER:
            mod.apply(state, (mod.NEXT,), rng)
        else:
            actions = mod.legal_actions(state)
            choose = bots[seats[state.turn][1]]
            mod.apply(state, choose(mod.view(state, state.turn), actions, bot_rng), rng)
        if state.phase == mod.GAME_OVER:
            break
        near = not erasing_only or max(dev.erase_counts) >= 95  # relocation is close
        if k % STEP == 0 and near:
            old = game_on_flash()
            new = codec.encode(state) + repr([of(s) for s in seats]).encode()
            cut(
                "%s save %d" % (label, k),
                lambda: saves.save_progress(state, seats, (rng, bot_rng)),
                game_of,
                old,
                new,
                erasing_only,
            )
        else:
            saves.save_progress(state, seats, (rng, bot_rng))
        k += 1
    if k == stop and leave:
        return
    if k == stop:  # abandoned: the saved game is removed
        old = game_on_flash()
        cut(label + " abandon", lambda: saves.clear_progress(state.GAME), game_of, old, None)
        return
    if erasing_only and max(dev.erase_counts) < 95:
        saves.record_game_result(state, seats)
        saves.clear_progress(state.GAME)
        return
    old = now(stats_of)
    cut(
        label + " stats",
        lambda: saves.record_game_result(state, seats),
        stats_of,
        old,
        lambda: statistics.encode_stats(saves.stats),  # as counted (after the save)
    )
    # counted: a boot no longer offers it, whether or not its removal was cut short
    assert game_on_flash() is not None
    cut(label + " clear", lambda: saves.clear_progress(state.GAME), game_of, None, None)


play(dice, dice_bots.BOTS, [("ANA", "cautious"), ("BOB", "random"), ("CY", "cautious")], 7, "dice")
play(cards, card_bots.BOTS, [("ANA", "cautious"), ("DEE", "random")], 11, "cards")
SIX = [("ANA", "cautious"), ("BOB", "random"), ("CY", "cautious")]
SIX += [("DEE", "random"), ("EVA", "cautious"), ("FLO", "random")]
play(dice, dice_bots.BOTS, SIX, 21, "dice6")
play(cards, card_bots.BOTS, SIX, 23, "cards6")
play(dice, dice_bots.BOTS, SIX, 31, "dice abandoned", stop=12)
# more games until littlefs moves a metadata pair (after block_cycles = 100 erases of a
# block): the saves that erase are cut once a block nears that, so relocation is cut too
extra = 0
blocks_before = len([c for c in dev.erase_counts if c])
while max(dev.erase_counts) < 101 and extra < 20:
    play(dice, dice_bots.BOTS, SIX, 100 + extra, "long %d" % extra, erasing_only=True)
    extra += 1
play(dice, dice_bots.BOTS, SIX, 100 + extra, "long %d" % extra, erasing_only=True)

# --- two saved games side by side: a dice game left saved ("Save and leave"), then a
# whole card game played, counted and removed, and one abandoned: every cut keeps the dice game
play(dice, dice_bots.BOTS, SIX, 41, "dice left", stop=9, leave=True)
GAME[0] = games.GAME_DICE
KEEP.append((games.GAME_DICE, now(game_of)))
assert KEEP[0][1] is not None
play(cards, card_bots.BOTS, [("ANA", "cautious"), ("DEE", "random")], 43, "cards beside")
play(cards, card_bots.BOTS, SIX, 45, "cards beside abandoned", stop=10)
del KEEP[:]
GAME[0] = games.GAME_DICE
saves.clear_progress(games.GAME_DICE)

# --- the single saved game of older firmware, moved to its kind's record at start --------
for mod, bots, seed, label in ((cards, card_bots.BOTS, 51, "old cards"),
                               (dice, dice_bots.BOTS, 53, "old dice")):
    rng = SeededRng(seed)
    state = mod.new_game(3, None, 0, rng)
    for _ in range(7):
        mod.apply(state, bots["cautious"](mod.view(state, state.turn), mod.legal_actions(state),
                                          rng), rng)
    seats3 = [("ANA", None), ("BOB", "cautious"), ("CY", "random")]
    prog = records.Progress(codec.encode(state), seats3, 200 + seed)
    assert saves.store.save(LEGACY, KIND_GAME, records.PROGRESS_VERSION,
                            records.encode_progress(prog), records.PROGRESS_MAX) == st.OK
    GAME[0] = state.GAME
    content = codec.encode(state) + repr([of(s) for s in seats3]).encode()
    cut(label + " moved", lambda: Saves(MOUNT + "/data"), game_of, content, content)
    moved = Saves(MOUNT + "/data")
    assert moved.store.load(LEGACY, KIND_GAME, records.PROGRESS_VERSION, records.PROGRESS_MAX,
                            lambda p: p)[0] is None, "the old record stays after the move"
    assert game_of(moved) == content
saves = Saves(MOUNT + "/data")  # the module's own Saves knows the records as they are now
saves.clear_progress(games.GAME_DICE)
saves.clear_progress(games.GAME_CARDS)

# --- statistics growing past littlefs's inline limit (512 bytes on the rp2) -------------
stats = saves.load_stats()
before = len(statistics.encode_stats(stats))
for i in range(records.MAX_NAMES):
    statistics.record_result(
        stats, games.GAME_DICE, [("P%d" % i, None), ("Q%d" % i, "random")], [12, 40], 5, [1, 0], 100 + i
    )
after = statistics.encode_stats(stats)
old = now(stats_of)
cut("stats grow %d->%d" % (before, len(after)), lambda: saves.save_stats(), stats_of, old, after)

# --- a raw record growing past one 4096-byte block ----------------------------------------
raw = st.Store(MOUNT + "/data")


def raw_of(s):
    return s.store.load("big", 8, 1, 9000, lambda p: p)[0]


for size in (3000, 6000, 8000):
    payload = bytes((i * 7 + size) & 255 for i in range(size))
    old = now(raw_of)
    cut("big %d" % size, lambda p=payload: raw.save("big", 8, 1, p, 9000), raw_of, old, payload)

print(
    json.dumps(
        {
            "points": result.points,
            "ops": result.ops,
            "erases": result.erases,
            "most_erased": max(dev.erase_counts),
            "blocks_erased": len([c for c in dev.erase_counts if c]),
            "extra_games": extra,
            "blocks_before": blocks_before,
            "saves": count[0],
            "failures": result.failures,
        }
    )
)
