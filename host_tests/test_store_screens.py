"""The statistics screen, its reset, the continue prompt and the storage notice, on the
emulated board and a littlefs RAM flash, asserting on what the panel shows (golden images in
host_tests/golden/store_*.bin, looked at once by eye; STORE_GOLDEN=1 rewrites them)."""

import os

from simulator import png

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")

SETUP = """
import json
from emu import ramflash
from lama import dice, statistics
from lama.rng import SeededRng
from simulator.driver import Driver
dev = ramflash.RamFlash(48)
ramflash.mkfs(dev)
ramflash.mount(dev, "/f")
out = {}
shots = {}
def shot(name, d):
    shots[name] = bytes(d.image()).hex()
SEATS = [("ANA", None), ("BOB", "cautious"), ("CY", "expert"), ("DEE", None)]
def some_stats(saves):
    st = saves.load_stats()
    statistics.record_result(st, 1, SEATS, [12, 41, 25, 44], 6, [2, 0, 1, 0], 1)
    statistics.record_result(st, 1, SEATS[:3], [30, 30, 42], 8, [1, 1, 0], 2)
    statistics.record_result(st, 2, SEATS[:2], [9, 40], 5, [3, 0], 3)
    assert saves.save_stats()
"""


def run(micropython, body):
    r = micropython.run_json(SETUP + body + "\nprint(json.dumps([out, shots]))")
    return r[0], r[1]


def check_golden(shots, tmp_path):
    differ = []
    for name, hexed in sorted(shots.items()):
        got = bytes.fromhex(hexed)
        path = os.path.join(GOLDEN, "store_" + name + ".bin")
        if os.environ.get("STORE_GOLDEN"):
            with open(path, "wb") as f:
                f.write(got)
            png.write(path[:-4] + ".png", got)
        assert os.path.exists(path), "no golden image " + path + " (STORE_GOLDEN=1 makes it)"
        with open(path, "rb") as f:
            if f.read() != got:
                png.write(str(tmp_path / (name + ".png")), got)
                differ.append(name)
    assert not differ, "screens differ from their golden images: %s (see %s)" % (differ, tmp_path)


def test_statistics_pages_and_a_confirmed_reset(micropython, tmp_path):
    out, shots = run(micropython, """
d = Driver(data_dir="/f/data")
some_stats(d.saves)
d.keys("A,DOWN,DOWN,A")
out["top"] = d.top()
out["header"] = d.shows("LAMA Dice")
out["wins"] = [d.shows(w) for w in ("Games and wins", "ANA", "   2", "1.5")]
shot("players", d)
d.keys("RIGHT")
out["scores"] = [d.shows(w) for w in ("Best and average", "12", "21.0")]
shot("scores", d)
d.keys("RIGHT")
out["high"] = [d.shows(w) for w in ("People's wins", " 1", "ANA", "12", " 4", "30")]
shot("high", d)
d.keys("RIGHT")
out["totals"] = d.shows("Games") and d.shows("Rounds")
shot("totals", d)
d.keys("RIGHT")
out["cards"] = d.shows("L.L.A.M.A.")
d.keys("LEFT,LEFT,LEFT,LEFT")
d.keys("A")
out["asks"] = d.top() == "ConfirmReset" and d.shows("Reset stats?") and d.selected("No, keep them")
shot("reset_q", d)
d.keys("B")  # no: kept
out["kept"] = d.top() == "StatsScreen" and not d.shows("No games yet.")
d.keys("A,A")  # A on the answer offered first: kept too
out["kept_a"] = d.top() == "StatsScreen" and not d.shows("No games yet.")
d.keys("A,DOWN,A")  # yes, reset
out["done"] = d.shows("Statistics")
shot("reset_done", d)
d.keys("B")
out["empty"] = d.shows("No games yet.")
from ui.model.saves import Saves
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
out["on_flash"] = Saves("/f/data").load_stats().game(1).games
from ui.text import lang
lang.use(1)
d.app.top().dirty = True
d.keys("WAIT:50")
out["fr"] = d.shows("Aucune partie.")
""")
    assert out["top"] == "StatsScreen" and out["header"]
    assert all(out["wins"]) and all(out["scores"]) and all(out["high"]), out
    assert out["totals"] and out["cards"]
    assert out["asks"] and out["kept"] and out["kept_a"] and out["done"] and out["empty"]
    assert out["on_flash"] == 0
    assert out["fr"]
    check_golden(shots, tmp_path)


def test_statistics_after_computer_players_won_say_only_peoples_wins_count(micropython, tmp_path):
    out, shots = run(micropython, """
d = Driver(data_dir="/f/data")
st = d.saves.load_stats()
statistics.record_result(st, 1, [("ME", None), ("CA2", "cautious")], [45, 12], 6, [0, 1], 1)
assert d.saves.save_stats()
d.keys("A,DOWN,DOWN,A")
out["players"] = d.shows("ME") and d.shows("CA2")
d.keys("RIGHT,RIGHT")
out["said"] = [d.shows(w) for w in ("No person has", "won yet.", "Only people's", "wins count here.")]
out["not_none"] = not d.shows("No games yet.")
shot("no_wins", d)
from ui.text import lang
lang.use(1)
d.app.top().dirty = True
d.keys("WAIT:50")
out["fr"] = [d.shows(w) for w in ("Gagnants humains", "Aucun humain n'a", "gagné.")]
shot("no_wins_fr", d)
""")
    assert out["players"]
    assert all(out["said"]) and out["not_none"]
    assert all(out["fr"])
    check_golden(shots, tmp_path)


def test_boot_offers_the_saved_game_and_says_when_a_file_was_damaged(micropython, tmp_path):
    out, shots = run(micropython, """
from emu.board import configure, make_board
from ui import boot
from ui.model.saves import Saves
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
from ui.model.settings import Settings
configure(data_dir="/f/data", seed=3)
saves = Saves("/f/data")
saves.save_settings(Settings())
rng = SeededRng(6)
st = dice.new_game(4, None, 1, rng)
for _ in range(12):
    dice.apply(st, dice.legal_actions(st)[0], rng)
saves.save_progress(st, SEATS)
# damage both copies of the settings
for slot in "ab":
    try:
        with open("/f/data/settings." + slot, "r+b") as f:
            f.write(b"XX")
    except OSError:
        pass
b = make_board()
app = boot.run(b, frames=3)
class D:
    pass
d = D()
d.image = b.emu.panel.image
from simulator.driver import find_text
out["notice"] = type(app.top()).__name__
out["says"] = find_text(b.emu.panel.image(), "Settings:") is not None
shot("notice", d)
from hal.buttons import A, PRESS
app.top().handle((PRESS, A))
app.run(2)
out["then"] = type(app.top()).__name__
shot("continue", d)
out["bad_kept"] = "settings.bad" in __import__("os").listdir("/f/data")
out["offer_8x8"] = [find_text(b.emu.panel.image(), w) is not None
                    for w in ("Continue game?", "LAMA Dice", "A: yes   B: no")]
from hal.buttons import B, DOWN
def press(button):
    app.top().handle((PRESS, button))
    app.run(2)
press(B)  # B asks first
out["asked"] = type(app.top()).__name__
shot("discard_q", d)
press(A)  # the answer offered first keeps the game
out["kept_a"] = type(app.top()).__name__
out["kept_a_save"] = SavedGames(Saves("/f/data")).load() is not None
press(B)
press(B)  # B on the question keeps it too
out["kept_b"] = type(app.top()).__name__
press(B)
press(DOWN)
press(A)  # yes, discard
out["declined"] = type(app.top()).__name__
out["gone"] = SavedGames(Saves("/f/data")).load() is None
""")
    assert out["notice"] == "NoticeScreen" and out["says"]
    assert out["then"] == "ContinueScreen"
    assert all(out["offer_8x8"]), out["offer_8x8"]
    assert out["bad_kept"]
    assert out["asked"] == "ConfirmDiscard"
    assert out["kept_a"] == "ContinueScreen" and out["kept_a_save"]
    assert out["kept_b"] == "ContinueScreen"
    assert out["declined"] == "TitleScreen" and out["gone"]
    check_golden(shots, tmp_path)


def test_a_settings_save_that_fails_says_so_on_screen(micropython):
    out, _ = run(micropython, """
from emu.board import configure, make_board
from hal.buttons import B, LEFT, PRESS
from ui import boot
from ui.screens.settings import SettingsScreen
configure(data_dir="/f/data", seed=3)
b = make_board()
app = boot.run(b, frames=2)
app.game_store.store.save = lambda *a: 4  # FULL, as hal.store says when ENOSPC
app.push(SettingsScreen(app))
app.run(2)
app.top().handle((PRESS, LEFT))
app.top().handle((PRESS, B))
app.run(2)
from simulator.driver import find_text
out["top"] = type(app.top()).__name__
out["says"] = find_text(b.emu.panel.image(), "Settings:") is not None
""")
    assert out["top"] == "NoticeScreen" and out["says"]


def test_games_played_on_the_screens_are_saved_counted_and_removed(micropython):
    """Computer players only, through the game screens (ui.games.launch): a save after
    every action, the statistics at the end, the saved game removed; then the statistics
    screen shows the players."""
    out, _ = run(micropython, """
from lama.games import GAME_CARDS, GAME_DICE
from ui.games.launch import launch
from ui.model.saves import Saves
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
from ui.model.new_game import GameSetup
d = Driver(data_dir="/f/data")
d.keys("A")
saved = []
real = d.saves.save_progress
def counting(*a):
    saved.append(1)
    return real(*a)
d.saves.save_progress = counting
for game in (GAME_DICE, GAME_CARDS):
    seats = [("ANA", "cautious"), ("BOB", "random"), ("CY", "cautious")]
    from ui.screens.main_menu import MainMenu
    d.app.push(MainMenu(d.app))
    launch(d.app, GameSetup(game, seats))
    for _ in range(400):
        if d.saves.load_stats().game(game).games:
            break
        d.keys("A,WAIT:2000")
out["saved"] = len(saved)
fresh = Saves("/f/data")
out["games"] = [fresh.load_stats().game(g).games for g in (GAME_DICE, GAME_CARDS)]
out["players"] = [p.name for p in fresh.load_stats().game(GAME_DICE).players]
out["progress"] = SavedGames(fresh).load() is None
import os
out["files"] = sorted(os.listdir("/f/data"))
""")
    assert out["saved"] > 40
    assert out["games"] == [1, 1]
    assert out["players"] == ["ANA", "BOB", "CY"]
    assert out["progress"]
    assert [f for f in out["files"] if f.startswith("game")] == []
