"""RAM on the device: whole games fit a fixed heap from the deployed .mpy, the idle frame
loop allocates nothing, the main menu frees a game's modules, only one string table and
no engine are loaded to list bots or switch language (tools/benches/memory.py has figures)."""

import json
import os

import pytest
from benches.game import compile_mpy
from benches import heap, heap_spread
from benches.memory import FRAMES, SESSION

# The unix port is a 64-bit build (objects twice the Pico's size, and x64 machine code for
# the native play-outs about twice the Pico's armv6m). A session of a 6-player dice game
# then a 6-player card game, both through the menu with saves, passes from about 284 KB
# there (255 KB with bytecode only); the bound leaves room for the GC's fragmentation.
SESSION_HEAP = 320 * 1024


@pytest.fixture(scope="module")
def mpy_path(tmp_path_factory):
    """firmware/ and tools/ compiled to .mpy, as the device gets them (sys.path first)."""
    dirs = compile_mpy(str(tmp_path_factory.mktemp("mpy")))
    if dirs is None:
        pytest.skip("no mpy-cross")
    return dirs


def test_a_dice_game_then_a_card_game_fit_a_fixed_heap_from_mpy(micropython, mpy_path, tmp_path):
    code = SESSION.replace("SEED", "1").replace("DATA", repr(str(tmp_path)))
    proc = micropython.run(code, path=mpy_path, heapsize=SESSION_HEAP, check=False)
    assert "OK" in proc.stdout, proc.stderr[-2000:]


@pytest.fixture(scope="module")
def bytecode_path(tmp_path_factory):
    """firmware/ and tools/ as .mpy bytecode (the native functions too: the unix port never
    frees native code records, see tools/benches/heap.py)."""
    dirs = compile_mpy(str(tmp_path_factory.mktemp("mpy-bytecode")), None)
    if dirs is None:
        pytest.skip("no mpy-cross")
    return dirs


def test_games_in_a_row_through_the_screens_keep_the_largest_free_block(bytecode_path):
    """Fragmentation (issue 28): setup, a game with hard computer players, game over, the
    menu, sometimes the hint and the statistics, GAMES_CI times at a 300 KB heap with the
    emulated board in it: no MemoryError, and the largest free block at the menu after
    every game at least FLOOR, the issue's mark, its median over the last games no smaller
    than over the first ones, less a little (the names a first game interns and the
    statistics' first records come early; later games must not break the room up further)
    (`make bench BENCH=heap` plays 500)."""
    proc = heap.run_session(bytecode_path, heap.HEAP, heap.GAMES_CI, 3000)
    got = heap.parse(proc.returncode, proc.stdout, proc.stderr)
    assert got["failed"] == [None, None], got
    assert got["played"] == heap.GAMES_CI == len(got["blocks"])
    assert heap.holds(got), {k: got[k] for k in ("least", "early", "late", "blocks")}

    assert heap.GAMES_CI >= heap.WARM + 2 * heap.SPAN  # early and late do not overlap


def test_a_game_after_the_first_of_its_kind_interns_no_name(micropython, bytecode_path, tmp_path):
    """Issue 28: a name interned in a game gets a piece of the name pool among the game's
    blocks, which stays when the menu drops the game and splits its room for good (a
    string-table name looked up by string, "G_END_EMPTY_D", interned the first time a
    round ended with a hand emptied, took the largest free block from 38 to 25 KB in 2 of
    15 nudged sessions). The first game of each kind interns its modules' names as they
    load, before the game's objects; the heap bench's third game (dice again, three
    seats, the hint) must intern none."""
    code = heap.session_code(3, str(tmp_path / "data"))  # its saves out of the tree
    line = '    print("G", g, largest(), gc.mem_alloc())'
    assert code.count(line) == 1
    code = code.replace(line, line + "\n    print('Q', g)\n    micropython.qstr_info(1)", 1)
    code = "import micropython\n" + code
    root = os.path.dirname(bytecode_path[0])
    out = micropython.run(code, path=[os.path.join(root, "firmware"), os.path.join(root, "tools")],
                          heapsize=heap.HEAP, timeout=600).stdout.splitlines()

    def names(g):
        at = out.index("Q %d" % g)
        end = out.index("Q %d" % (g + 1)) if g < 2 else len(out)
        return {x[2:-1] for x in out[at:end] if x.startswith("Q(")}

    assert "G_END_EMPTY_D" in names(1)  # interned at boot, with the games' table
    assert names(2) - names(1) == set()


def test_a_nudged_session_runs_its_prelude_before_the_board_is_made():
    """benches.heap_spread: a nudge goes in just before the Driver (the board, the app) is
    made, once; without one the session is the test's own."""
    plain = heap.session_code(3, "data")
    nudged = heap.session_code(3, "data", "_NUDGE = bytearray(64)")
    assert nudged.count("_NUDGE") == 1 and "_NUDGE" not in plain
    assert nudged.index("_NUDGE = bytearray(64)\nd = Driver(") > 0
    assert nudged.replace("_NUDGE = bytearray(64)\n", "") == plain
    labels = [label for label, _ in heap_spread.nudges()]
    assert labels[0] == "as is" and len(set(labels)) == len(labels) == 15


def test_the_heap_hold_sees_a_heap_breaking_up_through_the_noise():
    """holds: one game's block moves by KBs with where its last objects landed; the
    medians over SPAN games do not, and see a steady loss."""
    def run(blocks):
        return heap.figures({"failed": [None, None], "played": len(blocks), "blocks": blocks})
    noisy = [50_000 + (7_000 if g % 3 == 0 else 0) - (6_000 if g % 7 == 3 else 0)
             for g in range(heap.GAMES_CI)]
    assert noisy[-1] < noisy[heap.WARM] - heap.DRIFT  # the single samples would fail it
    assert heap.holds(run(noisy))
    crumbling = [b - 120 * g for g, b in enumerate(noisy)]  # 120 bytes lost for good a game
    assert min(crumbling) >= heap.FLOOR  # only the medians see it
    assert not heap.holds(run(crumbling))
    assert not heap.holds(run(noisy[:-1] + [heap.FLOOR - 1]))
    assert not heap.holds(dict(run(noisy), failed=[7, "MemoryError"]))


def test_the_heap_figures_of_a_session_that_ran_out_are_kept():
    """parse: a session killed by a MemoryError it could not catch still gives the figures
    of the games it played, and the error; a finished one gives all of them."""
    lines = ["G %d %d %d" % (g, 40_000 - g, 200_000 + g) for g in range(12)]
    died = heap.parse(1, "\n".join(lines) + "\n", "Traceback\nMemoryError: memory allocation"
                      " failed, allocating 752 bytes\n")
    assert died["played"] == 12 and died["failed"][0] == 12
    assert "MemoryError" in died["failed"][1]
    assert died["least"] == 40_000 - 11 and died["last"] == 40_000 - 11
    assert died["used"] == [200_009, 200_011]
    assert not heap.holds(died)
    end = json.dumps({"start": [50_000, 90_000], "failed": [None, None], "played": 12,
                      "games": [6, 6]})
    done = heap.parse(0, "\n".join(lines + [end]) + "\n", "")
    assert done["blocks"] == [40_000 - g for g in range(12)] and done["games"] == [6, 6]
    with pytest.raises(SystemExit):
        heap.parse(1, "", "ImportError: no module named 'simulator'")


LOADED = r"""
import json, sys, micropython
from simulator.driver import Driver
d = Driver(seed=3, data_dir=DATA)
d.keys("A,DOWN,A,UP,A")  # L.L.A.M.A.: you and two medium computer players, Start
if d.top() == "HowToScreen":  # a person's first game of a kind: B skips how to play
    d.keys("B")
d.run(1000)
out = {"top": d.top(), "expert": "lama.card_expert" in sys.modules,
       "hint": "ui.games.cards_hint" in sys.modules,
       "pages": [m for m in sys.modules if m.startswith("ui.games.panel_")]}
print("NAMES BEFORE")
micropython.qstr_info()
import ui.games.cards_hint, ui.games.panel_hint, ui.games.panel_menu, ui.games.panel_game_over
print("NAMES AFTER")
micropython.qstr_info()
print(json.dumps(out))
"""


def test_a_game_loads_its_experts_and_its_hint_when_it_starts(micropython, mpy_path, tmp_path):
    """The expert a computer player (or the hint) imports on first call is loaded with the
    game, in one piece, not in the middle of a game in play; the hint's reasons and the
    pages over the table are loaded then too, so that their names are interned, and let go
    till they open (issue 28: a MemoryError while lama.card_expert was imported mid-game;
    the names the hint's module interned at the first hint, mid-game, halved the menu's
    largest free block for good, 43 KB to 21 KB; issue 26: the pages' code in RAM only
    while one is open): opened mid-game, they intern no name."""
    proc = micropython.run(LOADED.replace("DATA", repr(str(tmp_path))), path=mpy_path)
    lines = proc.stdout.strip().splitlines()
    out = json.loads(lines[-1])
    assert out == {"top": "CardsScreen", "expert": True, "hint": False, "pages": []}

    def n_qstr(after):
        line = lines[lines.index(after) + 1]
        return int(line.split("n_qstr=")[1].split(",")[0])

    assert n_qstr("NAMES AFTER") == n_qstr("NAMES BEFORE"), proc.stdout[-2000:]


def test_idle_frames_allocate_nothing(micropython, mpy_path):
    res = json.loads(micropython.run(FRAMES, path=mpy_path).stdout.strip().splitlines()[-1])
    idle = {k: v for k, v in res.items() if "idle frames" in k}
    assert len(idle) == 4, res
    assert all(v == 0 for v in idle.values()), idle


BACK_TO_MENU = r"""
import gc, sys, json
from simulator.driver import Driver
def used():
    gc.collect()
    return gc.mem_alloc()
def games():  # a game's code, by name alone (not by lama.games' own list)
    return sorted(m for m in sys.modules if m.startswith("ui.games.") or "dice" in m
                  or "card" in m or m == "lama.match")
d = Driver(seed=2, data_dir=DATA)
out = {}
d.keys("A")
out["menu"] = games()
menu_words_list = d.app.top().words()
out["boot screens at the menu"] = [m for m in ("ui.screens.title", "ui.screens.notices")
                                   if m in sys.modules]
menu = used()
out["saves menu code at the menu"] = "ui.model.saves_menu" in sys.modules
from ui.text import lang
def menu_words():
    return [w for w in ("M_STATS", "SETUP_PLAYERS") if w in lang.s._memo]
d.keys("A,UP")  # dice: its setup, 2 seats
out["menu words at the setup"] = menu_words()
d.keys("A,B,WAIT:100")  # Start, B skips how to play
out["menu words in the game"] = menu_words()
out["dice"] = games()
out["dice top"] = d.top()
out["menu code in the game"] = [m for m in ("ui.screens.main_menu", "ui.screens.menu",
                                           "ui.model.saves_menu") if m in sys.modules]
out["under the game"] = type(d.app.stack[0]).__name__
menu_words_before = list(menu_words_list)
out["menu words under the game"] = [type(v).__name__ for v in d.app.stack[0].carried]
out["launch in the game"] = "ui.games.launch" in sys.modules
out["readers in the game"] = [m for m in ("lama.codec_read", "lama.state_reader",
                                          "lama.statistics") if m in sys.modules]
out["accents in an English game"] = "ui.draw.accents" in sys.modules
out["boot-only code in the game"] = [m for m in ("stat_modes",) if m in sys.modules]
mark = [d.top(), "ui.draw.battery" in sys.modules]  # (no cell fitted: no battery mark)
d.keys("B:900,UP,A,A,WAIT:100")  # in-game menu: quit to the menu, confirmed
out["after dice"] = games()
out["after dice top"] = d.top()
out["menu words after the game"] = d.app.top()._words == menu_words_before and len(menu_words_before)
out["grew"] = used() - menu
d.keys("DOWN,A,UP,A,B,WAIT:100")
out["cards"] = games()
mark += [d.top(), "ui.draw.battery" in sys.modules]
out["battery mark code without a cell"] = mark
d.keys("B:900,UP,A,A,WAIT:100")
out["after cards"] = games()
d.keys("DOWN,DOWN,A")
out["settings"] = "ui.screens.settings" in sys.modules
d.keys("B")
out["after settings"] = "ui.screens.settings" in sys.modules
out["tables in RAM"] = "lama.dice_values" in sys.modules
print(json.dumps(out))
"""


FRENCH_ACCENTS = r"""
import json, sys
from simulator.driver import Driver
d = Driver(seed=2, data_dir=DATA)
d.keys("A")
out = {"english menu": "ui.draw.accents" in sys.modules}
d.app.settings.set("language", 1)
d.app.apply_settings()
d.keys("A,UP,A,B,WAIT:100")  # a dice game in French (B skips how to play)
out["french game"] = d.top()
first = sys.modules.get("ui.draw.accents")
d.keys("B:900,UP,A,A,WAIT:100")  # its menu: abandon, confirmed
out["french menu"] = [d.top(), first is not None and sys.modules.get("ui.draw.accents") is first]
print(json.dumps(out))
"""


def test_the_french_accents_load_when_first_drawn_and_stay(micropython, tmp_path):
    """An English evening never loads ui.draw.accents; once French letters are drawn it
    stays, not loaded anew at every visit of the menu (issue 26)."""
    out = micropython.run_json(FRENCH_ACCENTS.replace("DATA", repr(str(tmp_path))))
    assert out == {"english menu": False, "french game": "DiceScreen",
                   "french menu": ["MainMenu", True]}


def test_back_to_the_menu_frees_the_game_modules(micropython, mpy_path, tmp_path):
    out = micropython.run_json(BACK_TO_MENU.replace("DATA", repr(str(tmp_path))), path=mpy_path)
    assert out["menu"] == []
    assert out["boot screens at the menu"] == []  # never shown again: not kept
    assert out["dice top"] == "DiceScreen"
    assert out["menu code in the game"] == [] and out["under the game"] == "MenuToCome"
    assert out["saves menu code at the menu"] is True  # (the saved games read at boot)
    assert out["launch in the game"] is False  # its work done, a rematch loads it anew
    assert out["readers in the game"] == []  # a game in play only writes its saves
    assert out["accents in an English game"] is False  # (loaded by the first French letter)
    assert out["boot-only code in the game"] == []  # (its names bound at boot: issue 47)
    # the menu and the games draw the battery mark only with a cell: without one its
    # module is not in RAM (issue 47: some 300 B of the Pico's heap in a game)
    assert out["battery mark code without a cell"] == ["DiceScreen", False, "CardsScreen", False]
    assert out["menu words at the setup"] == ["M_STATS", "SETUP_PLAYERS"]
    assert out["menu words in the game"] == []  # the game reads its own
    # the main menu's words wait under the game as one str (a list of ten: about 300 B
    # more of the Pico's heap, issue 47), a list again when it comes back
    assert out["menu words under the game"] == ["int", "int", "str", "FileTable"]
    assert out["menu words after the game"] == 10
    assert "lama.dice" in out["dice"] and "lama.cards" not in out["dice"]
    assert out["after dice top"] == "MainMenu"
    assert out["after dice"] == []
    assert "lama.cards" in out["cards"] and "lama.dice" not in out["cards"]
    assert out["after cards"] == []
    assert out["settings"] and not out["after settings"]
    assert out["tables in RAM"] is False  # the expert read dice_values.bin from flash
    # what stays after a game is small: interned names and the statistics, not the game
    assert out["grew"] < 32 * 1024, out["grew"]


LIGHT = r"""
import sys, json
from ui.text import lang
from ui.model.new_game import bot_levels
out = {"levels": bot_levels()}
out["engine loaded"] = [m for m in ("lama.dice", "lama.cards", "lama.dice_bots",
                        "lama.card_bots") if m in sys.modules]
lang.use(1)
lang.use(0)
lang.use(1)
out["tables"] = sorted(m for m in sys.modules if m.startswith("ui.text.strings_"))
out["word"] = lang.s.MENU
print(json.dumps(out))
"""


# The heap in use (after a collect) during a 6-seat game of hard dice bots, from .mpy on the
# 64-bit unix port, emulated board and driver included: 272,128 B before the string table
# was read from flash and the setup's code dropped at the start (issue 26), 251,104 B after;
# 262,816 B with the hint's module loaded with the game (issue 28: not interned mid-game);
# 266,272 B with the string table's last 64 words kept in a dict (issue 26: a word drawn
# again is not read from flash, and found without a scan; 48 in a ring of lists before);
# 271,808 B once the setup counts its putting up as a press (its code loads a module after
# it, the rest once keys rest: when the game's names are interned moves, 267,520 B before).
GAME_HEAP_MAX = 267 * 1024
SIX_HARD = r"""
import gc, json
from simulator.driver import Driver
d = Driver(seed=1, data_dir=DATA)
d.keys("A,A")
d.keys("RIGHT,RIGHT,RIGHT,DOWN,LEFT" + ",DOWN,RIGHT" * 5 + ",DOWN,DOWN,WAIT:2000,A,WAIT:500")
out = {"top": d.top(), "seats": [d.app.top().session.bot(i) for i in range(6)], "used": 0}
for i in range(40):
    d.keys("A,WAIT:250")
    gc.collect()
    out["used"] = max(out["used"], gc.mem_alloc())
print(json.dumps(out))
"""


def test_a_six_seat_game_of_hard_bots_stays_under_its_heap_bound(micropython, mpy_path, tmp_path):
    out = micropython.run_json(SIX_HARD.replace("DATA", repr(str(tmp_path))), path=mpy_path)
    assert out["top"] == "DiceScreen" and out["seats"] == ["hard"] * 6, out
    assert out["used"] < GAME_HEAP_MAX, out["used"]


def test_setup_lists_bots_and_lang_switches_without_loading_more(micropython):
    out = micropython.run_json(LIGHT)
    assert out["engine loaded"] == []
    assert out["levels"] == ["easy", "medium", "hard"]
    assert out["tables"] == []  # lang.s holds the table in use alone: the other is freed
    from ui.text import strings_fr

    assert out["word"] == strings_fr.MENU


def test_bot_names_are_the_registries_names():
    from lama import bot_names, card_bots, dice_bots

    assert sorted(bot_names.DICE) == sorted(dice_bots.BOTS)
    assert sorted(bot_names.CARDS) == sorted(card_bots.BOTS)
    from lama.games import GAME_CARDS, GAME_DICE, get

    assert get(GAME_DICE).bot_names == bot_names.DICE
    assert get(GAME_CARDS).bot_names == bot_names.CARDS


CONTINUE = r"""
import json, os, sys
from emu.board import configure, make_board
from hal.buttons import A, PRESS
from lama import dice
from lama.rng import SeededRng
from ui.loop import resident
from ui import boot
from ui.model.saves import Saves
try:
    os.mkdir(DATA)
except OSError:
    pass
configure(data_dir=DATA, seed=3, clock="virtual")
rng = SeededRng(6)
st = dice.new_game(4, None, 1, rng)
for _ in range(12):
    dice.apply(st, dice.legal_actions(st)[0], rng)
Saves(DATA).save_progress(st, [("ANA", None), ("BOB", "cautious"), ("CY", "expert"), ("DEE", "random")])
del st, dice
resident.forget("lama.dice")  # as on a fresh boot: only the saved game loads the engine
def games():  # a game's code, by name alone (not by lama.games' own list)
    return sorted(m for m in sys.modules if m.startswith("ui.games.") or "dice" in m
                  or "card" in m or m == "lama.match")
app = boot.run(make_board(), frames=3)
out = {"boot": type(app.top()).__name__}
app.top().handle((PRESS, A))  # continue the saved game: its modules load a frame each
for _ in range(40):
    if type(app.top()).__name__ != "ContinueScreen":
        break
    app.run(1)
app.run(3)
out["game"] = type(app.top()).__name__
out["in game"] = games()
app.top().quit_to_menu()
for _ in range(10):  # the busy mark, the game let go, the menu's code, the menu
    app.run(1)
    if type(app.top()).__name__ == "MainMenu":
        break
out["menu"] = type(app.top()).__name__
out["after"] = games()
print(json.dumps(out))
"""


def test_a_game_continued_at_boot_is_freed_at_the_menu_too(micropython, mpy_path, tmp_path):
    """The saved game's engine is loaded before the menu exists (decoding the save); it
    is dropped all the same when the menu comes back."""
    code = CONTINUE.replace("DATA", repr(str(tmp_path / "data")))
    out = micropython.run_json(code, path=mpy_path)
    assert out["boot"] == "ContinueScreen" and out["game"] == "DiceScreen"
    assert "lama.dice" in out["in game"]
    assert out["menu"] == "MainMenu" and out["after"] == []


def test_a_tune_is_one_flat_tuple_of_its_notes():
    """hal.sound's tunes, in RAM all evening (issue 47): each is one tuple (frequency Hz,
    duration ms, ...), not a tuple of (frequency, duration) tuples, which took about 300 B
    more of the Pico's heap; every note a sound frequency and a short duration."""
    from hal.sound import TUNES

    for name, tune in TUNES.items():
        assert type(tune) is tuple and len(tune) % 2 == 0 and tune, name
        assert all(type(x) is int for x in tune), name
        assert all(100 <= f <= 5000 and 1 <= ms <= 500 for f, ms in zip(tune[::2], tune[1::2])), name


TABLE_ROOM = r"""
import gc, json
from ui.text import table
f = open("firmware/ui/text/strings_en.bin", "rb")
gc.collect()
before = gc.mem_alloc()
t = table.FileTable(f, "ui.text.strings_en")
gc.collect()
print(json.dumps(gc.mem_alloc() - before))
"""


def test_the_string_tables_kept_words_take_little_room_all_evening(micropython):
    """The flash table's memo (its dict's room made with it, and the ring of names) is in
    the heap all evening (issue 47): 2,016 B on the 64-bit port with 64 words kept (about
    850 B of the Pico's), 1,184 B with 32, which hold a six-seat game's words (a frame
    draws 10 at most)."""
    assert micropython.run_json(TABLE_ROOM) < 1400


def test_a_consoles_collect_primes_the_allocator(micropython):
    """After a collection MicroPython's allocator looks for free blocks from the heap's
    start again (on a crowded Pico heap, the first picture after a console's collect was
    drawn in 20-50 ms, not 15): RemoteSession.prime, called after a link console's collects,
    takes the first free blocks with short-lived garbage, so the next allocation lands past
    them."""
    code = """
import gc, json
from ui.games.remote import RemoteSession
keep = []
for i in range(600):
    keep.append([i])  # live blocks with holes between them once collected
    junk = [i, i]
gc.collect()
first = [0]
low = id(first)
first = None
gc.collect()
again = [0]
plain = id(again)
again = None
gc.collect()
RemoteSession.prime(None)
after = [0]
print(json.dumps({"low": low, "plain": plain, "primed": id(after)}))
"""
    r = micropython.run_json(code, path=[micropython.FIRMWARE])
    assert r["plain"] == r["low"], r  # without priming: the first free block, every time
    assert r["primed"] > r["low"], r
