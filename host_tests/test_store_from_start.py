"""A game exists from its Start (issue 53): "Save and leave" before the first move, or a
power cut then, keeps it, and "Start over" replaces the old game with the new table at
once. On the emulated board and a littlefs RAM flash, through the buttons."""

from test_store_kinds import SETUP


def run(micropython, body):
    return micropython.run_json(SETUP + body + "\nprint(json.dumps(out))")


def test_save_and_leave_before_the_first_move_keeps_the_game(micropython):
    """The default table: the person moves first; Start, then the game menu's Save and
    leave at once: the menu shows the game's round and a new start offers it."""
    out = run(micropython, """
start("A,A,UP,A,WAIT:300")
out["game"] = d.top()
out["moves"] = d.screen().session.state.round_no
d.keys(SAVE_AND_LEAVE)
out["menu"] = d.top()
out["menu row"] = d.selected("LAMA Dice") and d.shows("R1")
out["saved"] = saved()
app = boot.run(make_board(), frames=2)
out["boot"] = type(app.top()).__name__
out["offered"] = [g[0].GAME for g in app.top().saved] if out["boot"] == "ContinueScreen" else []
""")
    assert out["game"] == "DiceScreen" and out["moves"] == 1
    assert out["menu"] == "MainMenu" and out["menu row"]
    assert out["saved"] == [[1, 1]]
    assert out["boot"] == "ContinueScreen" and out["offered"] == [1]


def test_a_power_cut_right_after_start_keeps_the_game(micropython):
    """Cut while "how to play" (a first game's) is still over the new game, or just after."""
    out = run(micropython, """
d.keys("A,A,UP,A,WAIT:300")
out["howto"] = d.top()
out["saved under howto"] = saved()  # the plug pulled: what is on flash
d.keys("B,WAIT:100")
out["game"] = d.top()
state = codec.encode(d.screen().session.state)
out["saved"] = saved()
got = SavedGames(Saves("/f/data")).load(1)
out["same"] = got is not None and codec.encode(got[0]) == state
""")
    assert out["howto"] == "HowToScreen" and out["saved under howto"] == [[1, 1]]
    assert out["game"] == "DiceScreen"
    assert out["saved"] == [[1, 1]] and out["same"]


def test_start_over_replaces_the_old_game_with_the_new_table(micropython):
    """A 3-player game saved; Start over with a 4-player table, then Save and leave before
    the first move: the save is the new 4-player game, not the old one."""
    out = run(micropython, """
play_dice()
d.keys(SAVE_AND_LEAVE)
out["old"] = SavedGames(Saves("/f/data")).load(1)[0].n
d.keys("A,DOWN,A")  # the saved game's question: Start over
out["setup"] = d.top()
d.keys("RIGHT")  # 4 players
start("UP,A,WAIT:300")
out["game"] = d.top()
out["players"] = d.screen().session.state.n
d.keys(SAVE_AND_LEAVE)
got = SavedGames(Saves("/f/data")).load(1)
out["new"] = got[0].n if got else None
out["round"] = got[0].round_no if got else None
""")
    assert out["old"] == 3 and out["setup"] == "SetupScreen"
    assert out["game"] == "DiceScreen" and out["players"] == 4
    assert out["new"] == 4 and out["round"] == 1
