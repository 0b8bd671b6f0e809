"""How to play (issue 27): a person's first game of each kind starts with three short pages
of plain words, in both languages; A turns them (the last one starts the game), B skips
them; a game of that kind once finished, or a game of computer players only, goes
straight to the table."""


from ui.text import strings_en, strings_fr

SETUP = """
import json
from simulator.driver import Driver
from lama import statistics
out = {}
"""


def run(micropython, body):
    return micropython.run_json(SETUP + body + "\nprint(json.dumps(out))")


def test_each_game_has_three_pages_in_both_languages():
    for t in (strings_en, strings_fr):
        assert len(t.HOWTO_DICE) == 3 and len(t.HOWTO_CARDS) == 3
        assert len(t.HOWTO) <= 16


def test_a_first_game_offers_how_to_play_and_A_pages_through_it(micropython):
    got = run(micropython, """
d = Driver(data_dir="/tmp/howto-a")
d.keys("A,A,UP,A")  # LAMA Dice, Start: a person and two computer players
out["first"] = d.top()
out["page1"] = d.says("Your cards:") and d.says("1/3")
d.keys("A")
out["page2"] = d.says("Roll 3 dice:") and d.says("2/3")
d.keys("LEFT")
out["back"] = d.says("1/3")
d.keys("RIGHT,RIGHT")
out["last"] = d.says("A:PLAY 3/3")
d.keys("A")
out["then"] = d.top()
""")
    assert got == {"first": "HowToScreen", "page1": True, "page2": True, "back": True,
                   "last": True, "then": "DiceScreen"}


def test_B_skips_it_and_a_finished_game_of_that_kind_needs_it_no_more(micropython):
    got = run(micropython, """
d = Driver(data_dir="/tmp/howto-b")
d.app.settings.set("language", 1)
d.app.apply_settings()
d.keys("A,DOWN,A,UP,A")  # L.L.A.M.A., Start
out["first"] = d.top()
out["french"] = d.says("Ta main") and d.says("A:SUITE B:PASSER 1/3")
d.keys("B")
out["skipped"] = d.top()
import sys
from ui.text import lang
out["kept"] = ["ui.screens.howto" in sys.modules, "HOWTO_CARDS" in lang.s._memo]
st = d.saves.load_stats()
statistics.record_result(st, 2, [("ANA", None), ("BEN", "easy")], [3, 41], 4, [1, 0], 1)
d.saves.save_stats()
d.keys("B:900,UP,A,A")  # the game menu: abandon, confirmed
out["menu"] = d.top()
d.keys("A,UP,A")  # a card game again (the menu kept its cursor): one is counted now
out["again"] = d.top()
out["code in the game"] = "ui.screens.howto" in sys.modules
d.keys("B:900,UP,A,A,UP,A,UP,A")  # and a first dice game (one up) still offers it
out["dice"] = d.top()
""")
    assert got == {"first": "HowToScreen", "french": True, "skipped": "CardsScreen",
                   "kept": [False, False],  # closed, its code and its pages leave RAM
                   "menu": "MainMenu", "again": "CardsScreen",
                   "code in the game": False,  # not even looked at: no first game
                   "dice": "HowToScreen"}


def test_a_game_of_computer_players_only_goes_straight_to_the_table(micropython):
    got = run(micropython, """
d = Driver(data_dir="/tmp/howto-c")
d.keys("A,A,DOWN,RIGHT,UP,UP,A")  # seat 1 a computer player too, Start
out["top"] = d.top()
out["bots"] = [d.app.top().session.bot(i) for i in range(3)] if hasattr(d.app.top(), "session") else None
""")
    assert got["top"] == "DiceScreen" and None not in got["bots"]


def test_leaving_it_collects_the_heap_once_the_game_is_shown(micropython):
    """Issue 48: its words and code, let go, are collected after the picture of the game
    under it (not by the collector's own turn in that game's first press)."""
    got = run(micropython, """
d = Driver(data_dir="/tmp/howto-gc")
d.keys("A,DOWN,A,UP,A")  # L.L.A.M.A., Start
out["first"] = d.top()
import ui.screens.howto as howto
seen = []
real = howto.gc

class Counted:
    def collect(self):
        seen.append(d.app.draws)
        real.collect()

howto.gc = Counted()
draws = d.app.draws
d.keys("B")
out["then"] = d.top()
out["collected_after_the_picture"] = bool(seen) and seen[0] > draws
""")
    assert got == {"first": "HowToScreen", "then": "CardsScreen",
                   "collected_after_the_picture": True}
