"""Scripted sessions through every menu screen on the emulated board, asserting on what the
panel shows: golden images (host_tests/golden/, made by tools/simulator/ui_golden.py and looked at
once by eye), settings applied live, the language switch, initials editing, setup."""

import json

import support

SETUP = """
import json
from simulator.driver import Driver
out = {}
"""


def run(micropython, body):
    return micropython.run_json(SETUP + body + "\nprint(json.dumps(out))")


def test_main_screens_match_their_golden_images(micropython, tmp_path):
    proc = micropython.run_module("simulator.ui_golden")
    images = json.loads(proc.stdout.strip().splitlines()[-1])
    assert len(images) >= 10
    differ = support.golden_differences(images, tmp_path, "cd tools && python3 -m simulator.ui_golden")
    assert not differ, (
        "screens differ from host_tests/golden: %s (new images in %s; if the change is "
        "meant, look at them and run cd tools && python3 -m simulator.ui_golden)" % (differ, tmp_path)
    )


def test_every_menu_entry_opens_its_screen_and_B_comes_back(micropython):
    got = run(micropython, """
d = Driver()
out["title"] = d.shows("pocket console") and d.top() == "TitleScreen"
d.keys("A")
seen = []
for i in range(7):
    d.keys("A")
    seen.append(d.top())
    d.keys("B")
    out["back%d" % i] = d.top()
    d.keys("DOWN")
out["seen"] = seen
""")
    assert got["title"]
    assert got["seen"][0] == "SetupScreen" and got["seen"][1] == "SetupScreen"
    assert got["seen"][3] == "SettingsScreen"
    assert got["seen"][4] == "ControlsScreen"
    assert got["seen"][5] == "RulesMenu"
    assert got["seen"][6] == "AboutScreen"
    assert got["seen"][2] in ("StatsScreen", "TextScreen")
    assert all(got["back%d" % i] == "MainMenu" for i in range(7))


def test_the_controls_card_opens_from_the_title_and_names_every_button(micropython):
    got = run(micropython, """
d = Driver()
out["title_says"] = d.shows("A: start") and d.shows("B: controls")
d.keys("B")
out["top"] = d.top()
out["lines"] = [d.shows(line) for line in ("Controls", "choose, move", "OK, speed up", "back",
                                           "in game: hint", "hold: menu", "moves", "table")]
out["caps"] = [r[1] for r in d.drawn() if r[0] == "8x8"]
d.keys("A")
out["back"] = d.top()
d.keys("B,B")
out["back_b"] = d.top()
d.keys("A")
out["menu"] = d.top()
""")
    assert got["title_says"]
    assert got["top"] == "ControlsScreen"
    assert all(got["lines"]), got["lines"]  # every line in the 8x8 font, whole
    # issue 50: UP (the moves) and DOWN (the table) are named, on one row after their caps
    assert got["caps"].index("moves") + 1 == got["caps"].index("table")
    assert got["back"] == "TitleScreen" and got["back_b"] == "TitleScreen"
    assert got["menu"] == "MainMenu"


def test_settings_apply_live_contrast_flip_sound_repeat(micropython):
    got = run(micropython, """
d = Driver()
panel, board = d.emu.panel, d.board
out["c0"] = panel.contrast
d.keys("A,DOWN,DOWN,DOWN,A")      # settings, on Contrast
d.keys("LEFT,LEFT")               # 6 -> 4
out["c1"] = panel.contrast
d.keys("DOWN,RIGHT")              # sound off
out["muted"] = board.sound.is_muted()
d.keys("DOWN")
before = d.image()
ram = panel.ram_view()
out["unflipped_is_ram"] = before == ram
out["explained"] = d.shows("Picture turned") and d.shows("upside down.")
d.keys("A")                       # flip? asks first, No selected
out["asks"] = d.top() == "ConfirmFlip" and d.selected("No")
d.keys("A")                       # no: nothing turned
out["kept"] = d.top() == "SettingsScreen" and d.image() == before
d.keys("RIGHT,B,LEFT,DOWN,B")     # B, or a stray LEFT and B: still not turned
out["kept_b"] = d.top() == "SettingsScreen" and d.image() == before and not d.app.settings.flip
d.keys("A,DOWN,A")                # yes: flip on (the row now says so)
out["ram"] = panel.ram_view().hex()
out["flipped"] = d.image().hex()
d.keys("RIGHT,DOWN,A")            # flip off again
out["restored"] = d.image() == before
d.keys("DOWN,RIGHT")              # repeat: normal -> fast
out["repeat"] = [board.buttons._delay, board.buttons._interval]
""")
    from ui.model.settings import REPEAT_TIMES, contrast_value

    assert got["c1"] == contrast_value(4) and got["c1"] < got["c0"]
    assert got["muted"] is True
    assert got["unflipped_is_ram"] and got["explained"]
    assert got["asks"] and got["kept"] and got["kept_b"]
    assert got["flipped"] == rotate180(got["ram"])  # the glass shows the picture turned
    assert got["restored"]
    assert got["repeat"] == list(REPEAT_TIMES[2])


def test_settings_are_saved_on_leaving_and_come_back_at_the_next_boot(micropython):
    got = run(micropython, """
d = Driver()
d.keys("A,DOWN,DOWN,DOWN,A,LEFT,DOWN,DOWN,A,DOWN,A")   # contrast 5, flip on (confirmed)
out["kept_while_open"] = d.saves.load_settings().contrast
d.keys("B")
d2 = Driver(fresh=False)
s = d2.app.settings
out["boot"] = [s.contrast, s.flip]
out["panel"] = d2.emu.panel.contrast
""")
    from ui.model.settings import contrast_value

    assert got["kept_while_open"] == 6  # written once, when the screen is left
    assert got["boot"] == [5, 1]
    assert got["panel"] == contrast_value(5)


def rotate180(hexed):
    """The 128x64 MONO_VLSB image turned half a turn (as hex)."""
    src = bytes.fromhex(hexed)
    out = bytearray(1024)
    for x in range(128):
        for y in range(64):
            if src[(y >> 3) * 128 + x] >> (y & 7) & 1:
                x2, y2 = 127 - x, 63 - y
                out[(y2 >> 3) * 128 + x2] |= 1 << (y2 & 7)
    return out.hex()


def test_language_switch_changes_every_screen_at_once(micropython):
    got = run(micropython, """
d = Driver()
d.keys("A,DOWN,DOWN,DOWN,A,DOWN,DOWN,DOWN,DOWN")
out["en"] = d.shows("Settings") and d.selected("Language")
d.keys("RIGHT")
out["fr_title"] = d.shows("Réglages")
out["fr_row"] = d.selected("Langue") and d.says("Français")  # the value in 5x7, clear of its label
d.keys("B")
out["menu"] = [d.shows(w) for w in ("LAMA Dés", "Statistiques", "Règles")]
d.keys("RIGHT")  # nothing on the menu
d.keys("DOWN,DOWN,A,A")  # rules of the dice game, in French
out["rules"] = d.says("2 à 6 joueurs.")
d.keys("B,B,UP,UP,A,DOWN,DOWN,DOWN,DOWN,LEFT")  # back to English
out["back"] = d.shows("Settings")
""")
    assert got["en"]
    assert got["fr_title"] and got["fr_row"]
    assert got["menu"] == [True, True, True]
    assert got["rules"]
    assert got["back"]


def test_initials_editing_names_the_seat_and_reaches_the_game(micropython):
    got = run(micropython, """
import ui.games.launch as gl
seen = []
gl.launch = lambda app, setup: seen.append(setup)
d = Driver()
d.keys("A,A,DOWN,A")           # dice setup, seat 1, edit name
out["editor"] = d.top()
d.keys("DOWN,DOWN,A")          # P -> O -> N, next letter
d.keys("UP,A")                 # 1 -> 2, next
d.keys("UP,UP,UP,A")           # space -> A -> B -> C, confirm
out["row"] = d.shows("1 N2C")
d.keys("DOWN,A")               # seat 2: edit, then cancel with B
d.keys("UP,B")
from ui.model.new_game import default_level
level = default_level()
out["row2"] = d.shows("2 BEN")  # a computer player: a name of lama.bot_names
d.keys("DOWN,LEFT,LEFT")       # seat 3 -> two kinds down: person (the middle level is 2nd)
d.keys("DOWN,RIGHT,RIGHT")     # first player: seat 3
d.keys("DOWN,A")               # start
s = seen[0]
out["setup"] = [s.game, s.seats, s.first, s.rules.target, s.valid()]
out["level"] = level
""")
    assert got["editor"] == "NameScreen"
    assert got["row"] and got["row2"]
    game, seats, first, target, valid = got["setup"]
    level = got["level"]
    assert game == 1 and target == 40 and valid
    assert seats[0] == ["N2C", "person"]
    assert seats[1] == ["BEN", level]
    assert seats[2][1] == "person" and seats[2][0] == "P3"
    assert first == 2


def test_a_new_game_starts_as_the_person_and_two_computer_players_of_the_middle_level(micropython):
    got = run(micropython, """
import ui.games.launch as gl
from ui.model.new_game import bot_levels
seen = []
gl.launch = lambda app, setup: seen.append(setup)
for game_row in ("A", "DOWN,A"):  # each game of the main menu, Start at once (one up)
    d = Driver()
    d.keys("A," + game_row + ",UP,A")
    s = seen[-1]
    out[str(s.game)] = [[seat[1] for seat in s.seats], bot_levels(), s.first]
""")
    assert sorted(got) == ["1", "2"]
    for kinds, levels, first in got.values():
        assert len(levels) >= 3
        middle = levels[(len(levels) - 1) // 2]
        assert middle not in (levels[0], levels[-1])  # neither the weakest nor the strongest
        assert kinds == ["person", middle, middle] and first == 0


def test_two_seats_never_share_a_name(micropython):
    """Seat 2 renamed to seat 1's name: the rows and the game show it with a digit."""
    got = run(micropython, """
import ui.games.launch as game_launch
seen = []
game_launch.launch = lambda app, setup: seen.append(setup)
d = Driver()
d.keys("A,A,DOWN,DOWN,A")      # dice setup, seat 2 (a computer player): edit its name
ed = d.app.top()
ed.chars = ["P", "1", " "]; ed.pos = 2
d.keys("A")                    # confirmed as P1, seat 1's name
out["row"] = d.shows("2 P12")
d.keys("DOWN,DOWN,DOWN,A")     # start (seat 3, First, Start)
s = seen[0]
out["names"] = [seat[0] for seat in s.seats]
""")
    assert got["row"]
    assert got["names"][:2] == ["P1", "P12"]


def test_name_editor_refuses_a_blank_name(micropython):
    got = run(micropython, """
d = Driver()
d.keys("A,A,DOWN,A")
d.keys("DOWN,A,DOWN,DOWN,A")   # change two letters, then blank them all
ed = d.app.top()
ed.chars = [" ", " ", " "]; ed.pos = 2
d.keys("A")
out["still"] = d.top()
d.keys("B")
out["row"] = d.shows("1 P1")
""")
    assert got["still"] == "NameScreen"
    assert got["row"]


def test_setup_players_wrap_between_2_and_6_S1(micropython):
    got = run(micropython, """
d = Driver()
d.keys("A,A")
counts = []
for i in range(6):
    d.keys("RIGHT")
    counts.append(d.app.top().n)
d.keys("LEFT")
counts.append(d.app.top().n)
out["counts"] = counts
""")
    assert got["counts"] == [4, 5, 6, 2, 3, 4, 3]  # from the default 3


def test_about_shows_version_board_and_memory(micropython):
    got = run(micropython, """
d = Driver()
d.keys("A,UP,UP,A")
out["top"] = d.top()
out["words"] = [d.shows(w) for w in ("About", "Version", "Board", "Free")]
out["kb"] = d.shows(" KB")
""")
    assert got["top"] == "AboutScreen"
    assert got["words"] == [True, True, True, True] and got["kb"]


def test_rules_scroll_stops_at_both_ends(micropython):
    got = run(micropython, """
d = Driver()
d.keys("A,UP,UP,UP,A,A")
out["first"] = d.says("2 to 6 players.")
d.keys("UP")
out["still_first"] = d.says("2 to 6 players.")
d.keys(",".join(["DOWN"] * 60))
top = d.app.top()
out["last_visible"] = top.top + 5 == len(top.wrapped())
out["end"] = d.says("main menu.")  # the keys' paragraph closes the summary
d.keys("LEFT,LEFT")
out["paged_back"] = top.top == len(top.wrapped()) - 5 - 10
d.keys("A,A")
out["paged_on"] = top.top == len(top.wrapped()) - 5
d.keys("A")
out["closed"] = d.top()
""")
    assert got["first"] and got["still_first"]
    assert got["last_visible"] and got["end"]
    assert got["paged_back"] and got["paged_on"]
    assert got["closed"] == "RulesMenu"  # A on the last page closes the text


def test_the_main_menu_comes_back_with_its_own_words_and_without_the_game(micropython):
    """Issue 26: back at the main menu after a game, its picture reads no word from flash
    (the menu keeps its own while the language stays); issue 28: the game's code is
    dropped before that picture is drawn (what the menu reads to draw it, e.g. a saved
    game's summary, must not land among the game's blocks)."""
    got = run(micropython, """
import sys
from ui.text import lang
d = Driver()
d.keys("A,A,UP,A,B,WAIT:300")  # LAMA Dice, you and one computer player; B skips how to play
shows = []
fb = d.app.fb
show = fb.show
def logged_show():
    shows.append([d.top(), "lama.dice" in sys.modules])
    show()
fb.show = logged_show
reads = []
read = lang.s._read
def counted_read(name):
    if d.top() == "MainMenu":
        reads.append(name)
    return read(name)
lang.s._read = counted_read
d.keys("B:900,UP,A,A")  # the game menu: abandon, confirm
out["shows"] = shows[-1]
out["reads"] = reads
d.keys("RIGHT,WAIT:200")  # (settings and language unchanged: the same words)
out["again"] = reads
""")
    assert got["shows"] == ["MainMenu", False]  # the game's code gone before the picture
    assert got["reads"] == [] and got["again"] == []  # the menu's own words


def test_a_rules_page_shows_its_first_lines_before_the_rest_is_wrapped(micropython):
    """Issue 26: A on a game's rules draws the page from its first paragraphs; the rest is
    wrapped a paragraph a frame after it, into the same lines as the whole at once."""
    got = run(micropython, """
from hal.buttons import A, DOWN
from ui.draw import gfx
from ui.text import lang
d = Driver()
d.keys("A,UP,UP,UP,A")  # the rules menu
d.emu.buttons.press(A, 80)  # LAMA Dice's rules
while d.top() != "TextScreen":
    d.app.step()
d.app.step()  # its first frame (its module was loaded first, behind the busy mark)
top = d.app.top()
paras = lang.s.RULES_DICE
out["first_frame"] = [top._next, len(paras), d.says("2 to 6 players.")]
top.handle((0, DOWN))  # a line down: no more wrapped than that page needs
out["scrolled"] = [top.top, top._next < len(paras)]
d.run(1500)
whole = []
for p in paras:
    whole += gfx.wrap(p, gfx.MID_COLS) if p else [""]
out["later"] = [top._next, top.lines == whole, top.resting()]
""")
    done, count, shown = got["first_frame"]
    assert shown and 0 < done < count, got  # the page is up with part of the text wrapped
    assert got["scrolled"] == [1, True], got
    assert got["later"] == [count, True, True]


def test_the_setup_loads_modules_just_after_each_press_and_the_rest_when_keys_rest(micropython):
    """Issue 26: the game's code loads behind the setup screen (Start then answers at
    once), but a module takes tens of ms on the Pico and a press that comes meanwhile waits:
    while keys come, modules load only in the LOAD_MS after each press (its answer shown
    first), and the rest once none has come for QUIET_MS."""
    got = run(micropython, """
from hal.buttons import DOWN
from ui.screens.setup import LOAD_MS, QUIET_MS
d = Driver()
d.keys("A,A")  # LAMA Dice's setup: its loading begins
scr = d.app.top()
while scr._loading is None:
    d.app.step()
steps = []
gen = scr._loading
def counted():
    for x in gen:
        steps.append(d.emu.time.now)
        yield x
scr._loading = counted()
presses = []
for i in range(4):  # a press every 250 ms (the dice game: 11 modules to load)
    t = d.emu.time.now
    presses.append(t)
    d.emu.buttons.press(DOWN, 60)
    d.run(250)
out["after"] = [[s - p for s in steps if p <= s < p + 250] for p in presses]
out["load_ms"] = LOAD_MS
n = len(steps)
d.run(QUIET_MS + 2000)
out["rest"] = [len(steps) - n, scr._loading]
""")
    for after in got["after"][:2]:  # a module or more each time, all soon after the press
        assert after and max(after) < got["load_ms"] + 30, got
    assert got["rest"][1] is False, got  # then the rest, to the end


def test_a_setup_press_that_changes_nothing_does_not_stop_the_loading(micropython):
    """A press the setup answers without drawing (nothing changed on the glass) counts as
    answered at once: its code still loads, to the end."""
    got = run(micropython, """
d = Driver()
d.keys("A,A")
scr = d.app.top()
d.run(50)
scr.keys_came()  # a press, and nothing to draw for it
d.run(2000)
out["loaded"] = scr._loading is False and not scr.dirty
""")
    assert got["loaded"] is True, got


def test_name_editor_says_what_A_does_at_each_letter(micropython):
    """Issue 50: the footer said "A:OK" while A went on to the next letter; it now says A
    moves, and "A:OK" on the last letter, where A confirms."""
    got = run(micropython, """
d = Driver()
d.keys("A,A,DOWN,A")           # dice setup, seat 1: its name
foot = lambda: [r[1] for r in d.drawn() if r[0] == "mid" and r[3] >= 56]
out["steps"] = []
for i in range(3):
    out["steps"].append([d.top(), foot()])
    d.keys("A")
out["after"] = d.top()
""")
    steps = got["steps"]
    assert steps[0][1] == ["↑↓:A-Z <>/A:MOVE"] and steps[1][1] == ["↑↓:A-Z <>/A:MOVE"]
    assert steps[2][1] == ["↑↓:A-Z <>:MOVE A:OK"]
    assert all(s[0] == "NameScreen" for s in steps) and got["after"] != "NameScreen"


def test_the_setup_offers_the_last_table_of_each_game_first(micropython):
    """Issue 50, point 3: after a game of six, the setup offered three seats with default
    names and levels again, a renamed player's name gone. It now offers the last table of
    that game (seats, kinds, names, who starts); the other game keeps its own."""
    got = run(micropython, """
import ui.games.launch as gl
seen = []
gl.launch = lambda app, setup: seen.append(setup)
d = Driver()
d.keys("A,A")                  # LAMA Dice's setup
d.keys("RIGHT,RIGHT,RIGHT")    # six players
ed_keys = "DOWN,A"             # seat 1: its name
d.keys(ed_keys)
ed = d.app.top()
ed.chars = ["Z", "O", "E"]; ed.pos = 2
d.keys("A")
d.keys("DOWN,DOWN,RIGHT")      # seat 3: a level up
d.keys("DOWN,DOWN,DOWN,DOWN,RIGHT")  # first: seat 2
d.keys("DOWN,A")               # start
first = seen[-1]
out["first"] = [[list(s) for s in first.seats], first.first]
d2 = Driver(data_dir=".emu-data-ui", fresh=False)   # the console switched off and on
d2.keys("A,A")
s2 = d2.app.top()
out["again"] = [s2.n, s2.first, [s2.name(i) for i in range(s2.n)], s2.kinds[:s2.n]]
d2.keys("B,DOWN,A")            # the other game: its own (a first) table
s3 = d2.app.top()
out["other"] = [s3.n, s3.first]
""")
    seats, first = got["first"]
    n, first2, names, kinds = got["again"]
    assert len(seats) == 6 and seats[0][0] == "ZOE"
    assert n == 6 and first2 == first == 1
    assert names == [s[0] for s in seats] and kinds == [s[1] for s in seats]
    assert got["other"] == [3, 0]


def test_the_last_table_is_written_after_the_games_first_frame_and_only_when_changed(micropython):
    """Start wrote the table on flash in its own frame, before the busy mark (60 ms of the
    Pico's Start, a sector worn at every game): it is written once the game's first frame
    is on the glass, and not at all when the table is the one the setup offered."""
    got = run(micropython, """
import hal.store as hs
writes = []
save = hs.Store.save
def spy(self, name, *a, **k):
    if name.startswith("table_"):
        writes.append([name, d.app.top().__class__.__name__, d.app.frames])
    return save(self, name, *a, **k)
hs.Store.save = spy
d = Driver()
d.keys("A,A,RIGHT,UP,A,WAIT:300")  # LAMA Dice: four seats, Start
out["first"] = list(writes)
d.keys("B,WAIT:100,B:900,UP,A,A,WAIT:300")  # past how to play; quit to the main menu
out["menu"] = d.top()
d.keys("A,UP,A,WAIT:300")  # the same table offered: Start again
out["started"] = d.top()
out["again"] = list(writes)
""")
    assert len(got["first"]) == 1 and got["first"][0][0] == "table_dice"
    assert got["first"][0][1] in ("DiceScreen", "HowToScreen")  # (a person's first game)
    assert got["menu"] == "MainMenu" and got["started"] in ("DiceScreen", "HowToScreen")
    assert got["again"] == got["first"]
