"""One saved game per game kind (issue 28): a saved LAMA Dice game and a L.L.A.M.A. game in
progress live side by side, a new game of a kind with a save asks first ("Continue it" /
"Start over", continue preselected), the main menu and the continue prompt show what is
saved, and the single saved game of older firmware still loads. On the emulated board
and a littlefs RAM flash, through the buttons, asserting on what the panel shows."""

SETUP = """
import json
from emu import ramflash
from emu.board import make_board
from lama import codec, records
from simulator.driver import Driver
from ui import boot
from ui.model.saves import KIND_GAME, LEGACY, Saves
from ui.model.saves_menu import SavedGames, reset_stats  # noqa: F401
dev = ramflash.RamFlash(48)
ramflash.mkfs(dev)
ramflash.mount(dev, "/f")
out = {}
def saved():  # what a fresh boot finds: [(game id, round)], in game-id order
    return [[g[0].GAME, g[0].round_no] for g in SavedGames(Saves("/f/data")).all()]
def texts(d):
    return [r[1] for r in d.drawn()]
d = Driver(data_dir="/f/data")
def start(keys):  # keys that start a game, then past "how to play" (a first game's)
    d.keys(keys)
    if d.top() == "HowToScreen":
        d.keys("B,WAIT:100")
def play_dice():  # title, menu: dice, Start, moves
    start("A,A,UP,A,WAIT:300")
    d.keys("A,WAIT:2000,A,WAIT:2000")
SAVE_AND_LEAVE = "B:900,UP,UP,A"  # the game menu's "Save and leave"
"""


def run(micropython, body):
    return micropython.run_json(SETUP + body + "\nprint(json.dumps(out))")


def test_a_saved_dice_game_survives_starting_a_card_game_and_a_power_cut(micropython):
    """The issue's repro: a dice game, "Save and leave", then a card game started and A
    pressed four times, then the plug pulled: the next boot still has the dice game."""
    out = run(micropython, """
play_dice()
d.keys(SAVE_AND_LEAVE)
out["after leave"] = saved()
d.keys("DOWN,A")  # L.L.A.M.A. has no save: its setup at once
out["setup"] = d.top()
start("UP,A,WAIT:300")
d.keys("A,A,A,A")
out["game"] = d.top()
out["after cards"] = saved()  # the plug pulled: what is on flash
app = boot.run(make_board(), frames=2)
out["boot"] = type(app.top()).__name__
out["offered"] = [g[0].GAME for g in app.top().saved]
""")
    assert out["after leave"] == [[1, 1]]
    assert out["setup"] == "SetupScreen" and out["game"] == "CardsScreen"
    assert sorted(g for g, _ in out["after cards"]) == [1, 2]
    assert out["boot"] == "ContinueScreen"
    assert out["offered"] == [1, 2]  # in game-id order (issue 47: the one started last came first)


def test_a_new_game_of_a_kind_with_a_save_asks_first_continue_preselected(micropython):
    out = run(micropython, """
play_dice()
d.keys(SAVE_AND_LEAVE)
before = codec.encode(SavedGames(Saves("/f/data")).load(1)[0])
out["menu"] = d.top()
out["menu row"] = d.selected("LAMA Dice") and d.shows("R1")
out["cards row"] = d.shows("L.L.A.M.A.")
d.keys("A")
out["asks"] = d.top()
out["texts"] = texts(d)
out["continue first"] = d.selected("Continue it")
d.keys("B")
out["back"] = d.top()
d.keys("A,DOWN,A")  # Start over: the setup of a new game, the save still there
out["over"] = d.top()
out["still saved"] = saved()
d.keys("B")
d.keys("A")
d.press("A", gap_ms=0)  # Continue it
out["continued"] = d.top()
out["same"] = codec.encode(d.screen().session.state) == before
""")
    assert out["menu"] == "MainMenu" and out["menu row"] and out["cards row"]
    assert out["asks"] == "SavedGameQuestion" and out["continue first"]
    assert out["texts"][:3] == ["A game is saved", "Continue it", "Start over"]
    assert "LAMA Dice" in out["texts"] and "Round 1" in out["texts"]
    assert out["back"] == "MainMenu"
    assert out["over"] == "SetupScreen" and out["still saved"] == [[1, 1]]
    assert out["continued"] == "DiceScreen" and out["same"]


def test_the_question_in_french(micropython):
    out = run(micropython, """
play_dice()
d.keys(SAVE_AND_LEAVE)
d.app.settings.set("language", 1)
d.app.apply_settings()
d.keys("A")
out["texts"] = texts(d)
out["continue first"] = d.selected("La reprendre")
out["row"] = d.app.stack[0].row(0)
""")
    assert out["texts"][:3] == ["Partie en cours", "La reprendre", "Recommencer"]
    assert out["continue first"] and "LAMA Dés" in out["texts"] and "Manche 1" in out["texts"]
    assert out["row"] == ["LAMA Dés", "M1"]


def test_the_continue_prompt_offers_both_saved_games_and_discards_only_one(micropython):
    out = run(micropython, """
play_dice()
d.keys(SAVE_AND_LEAVE)
start("DOWN,A,UP,A,WAIT:300")
d.keys("A,WAIT:2000")
d.keys(SAVE_AND_LEAVE)
d.app = boot.run(d.board, frames=2)  # the plug pulled, the same board booted
out["first"] = d.says("< LAMA Dice >")  # in game-id order
d.keys("RIGHT")
out["then"] = d.says("< L.L.A.M.A. >")
d.keys("RIGHT")  # the dice game again
d.keys("B,DOWN,A")  # discard the dice game
out["after"] = d.top()
out["one left"] = d.says("L.L.A.M.A.") and not d.says("<")
out["saved"] = saved()
d.keys("A")
out["continued"] = d.top()
""")
    assert out["first"] and out["then"]
    assert out["after"] == "ContinueScreen" and out["one left"]
    assert out["saved"] == [[2, 1]]
    assert out["continued"] == "CardsScreen"


def test_the_single_saved_game_of_older_firmware_still_loads(micropython):
    """Today's "game" record moves to its kind's record, byte for byte, once."""
    out = run(micropython, """
play_dice()
s = Saves("/f/data")
state, seats, _ = SavedGames(s).load(1)
payload = records.encode_progress(s._games[1][0])
s.clear_progress(1)
assert s.store.save(LEGACY, KIND_GAME, records.PROGRESS_VERSION, payload,
                    records.PROGRESS_MAX) == 0
s2 = Saves("/f/data")
got = SavedGames(s2).load(1)
out["same"] = got is not None and codec.encode(got[0]) == codec.encode(state)
out["seats"] = got is not None and got[1] == seats
out["old gone"] = s2.store.load(LEGACY, KIND_GAME, records.PROGRESS_VERSION,
                                records.PROGRESS_MAX, lambda p: p)[0] is None
out["message"] = s2.take_message()
out["menu"] = Saves("/f/data").summary(1) is not None
""")
    assert out["same"] and out["seats"] and out["old gone"] and out["menu"]
    assert out["message"] is None


def test_the_title_is_lit_before_the_saves_load_and_the_saved_game_is_offered_next(micropython):
    """Issue 26's boot: the first picture is the title, shown with only the settings read
    (ui.model.saves not even imported); the next frame offers the saved game."""
    out = run(micropython, """
import sys
play_dice()
d.keys(SAVE_AND_LEAVE)
for name in ("ui.model.saves", "ui.screens.resume"):
    sys.modules.pop(name, None)  # as on a fresh boot
board = make_board()
apps, shown = [], []
make_app = boot.make_app
def making(*a, **kw):
    apps.append(make_app(*a, **kw))
    return apps[-1]
boot.make_app = making
show = board.display.show
def logged_show():
    show()
    shown.append(["ui.model.saves" in sys.modules, type(apps[0].top()).__name__])
board.display.show = logged_show
app = boot.run(board, frames=2)
out["shown"] = shown
out["offered"] = [g[0].GAME for g in app.top().saved]
""")
    assert out["shown"] == [[False, "TitleScreen"], [True, "ContinueScreen"]]
    assert out["offered"] == [1]
