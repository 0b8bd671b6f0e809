"""Issue 27: every screen fits the panel at 2 to 6 seats with the longest words of both
languages (host_tests/fit_cases.py draws them; tools/simulator/fit.py finds the faults):
no glyph off the panel or over another, no two texts running into each other, no text cut
short, nothing a player reads in the 3x5 font."""

import json
import os

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))


def faults(micropython, call, timeout=600):
    proc = micropython.run("from fit_cases import *\n" + call, path=[HERE], timeout=timeout)
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_checker_finds_each_kind_of_fault(micropython):
    """A cut text, two overlapping texts, text off the panel, texts touching side by side,
    3x5 text: each is a fault; lines 8 apart and a scroll mark are not."""
    got = micropython.run_json("""
import json
from simulator.fit import faults_of
print(json.dumps([
    faults_of([("cut", "LONG TITLE", 4, 0)]),
    faults_of([("mid", "+26", 40, 10), ("mid", "(12)", 36, 10)]),
    faults_of([("8x8", "Back to the menu.", 0, 10)]),
    faults_of([("8x8", "Langue", 4, 20), ("8x8", "Fr", 52, 20)]),
    faults_of([("small", "PTS", 0, 0)]),
    faults_of([("8x8", "Line one", 0, 10), ("8x8", "Line two", 0, 18), ("mid", "last", 0, 26),
               ("small", "↑", 112, 2), ("small", "↓", 120, 2), ("mid", "A:OK", 0, 57)]),
    faults_of([("mid", "lyrics", 0, 50), ("mid", "B:BACK", 0, 57)]),
]))
""")
    cut, over, off, touch, small, fine, descender = got
    assert cut and "cut" in cut[0]
    assert over and "overlap" in over[0]
    assert off and "off the panel" in off[0]
    assert touch and "overlap" in touch[0]
    assert small and "3x5" in small[0]
    assert fine == []
    assert descender, "a descender on the footer's top row"


def test_a_scroll_mark_lit_on_a_lit_bar_is_a_fault_and_the_main_menu_shows_more_below(micropython):
    """Issue 50: the main menu's "more below" mark was drawn lit under its selected first
    row, so "About" was not discovered; the marks are now seen wherever they are."""
    got = micropython.run_json("""
import json, framebuf
from simulator import fit
from simulator.driver import Driver
from ui.draw import gfx
fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)
fb.fill_rect(0, 0, 128, 9, 1)
gfx.small(fb, "↓", 121, 2)
hidden = fit.unseen_marks([("small", "↓", 121, 2)], fb.pixel)
d = Driver()
d.keys("A")
top = fit.faults(d)
marks = [r for r in d.drawn() if r[0] == "small"]
d.keys("UP")
bottom = fit.faults(d)
up = [r for r in d.drawn() if r[0] == "small"]
print(json.dumps([hidden, top, marks, bottom, up]))
""")
    hidden, top, marks, bottom, up = got
    assert hidden and "not seen" in hidden[0]
    assert top == [] and bottom == []
    assert [m[1] for m in marks] == ["↓"] and marks[0][3] >= 54, "more below, under the last row"
    assert [m[1] for m in up] == ["↑"]


@pytest.mark.parametrize("language", [0, 1])
def test_the_game_screens_pictured_in_the_goldens_fit(micropython, language):
    assert faults(micropython, "golden_scenes(%d)" % language) == []


@pytest.mark.parametrize("language", [0, 1])
def test_every_menu_screen_fits(micropython, language):
    """The menus, each settings row, the statistics, about, how to play, every line of the
    rules, the error screen."""
    assert faults(micropython, "menu_screens(%d)" % language) == []


@pytest.mark.parametrize("game,n,language", [
    (1, 6, 0), (1, 6, 1), (1, 2, 1), (2, 6, 1), (2, 6, 0), (2, 3, 0), (2, 5, 1), (1, 5, 0),
])
def test_the_round_end_fits_big_hands_and_three_digit_totals(micropython, game, n, language):
    assert faults(micropython, "big_round_end(%d, %d, %d)" % (game, n, language)) == []


@pytest.mark.parametrize("game,n", [(1, 3), (2, 6)])
def test_the_round_end_says_when_its_cards_column_shows_the_values_held(micropython, game, n):
    """Issue 50: a hand too long for the column was shrunk to its values ("2356" for 14
    cards) under "Cards"; now every row shows the values held, under "Values"."""
    long_case, short_case = faults(micropython, "round_end_cards_column(%d, %d)" % (game, n))
    llama = "\ue000"  # (gfx.LLAMA_CH: the llama drawn as the llama)
    assert long_case == ["Values"] + ["135" + llama, "12356" + llama] + ["135" + llama] * (n - 2)
    assert short_case == ["Cards"] + ["1335" + llama] * n


@pytest.mark.parametrize("game,n,language,seed", [
    (1, 6, 1, 3), (1, 2, 0, 4), (2, 6, 0, 3), (2, 4, 1, 5),
])
def test_every_screen_of_a_whole_game_fits(micropython, game, n, language, seed):
    """Checked after every press of a game played to its end, six seats of the widest
    names among them, French and English."""
    assert faults(micropython, "whole_game(%d, %d, %d, %d)" % (game, n, language, seed)) == []


@pytest.mark.parametrize("game,n,language", [(1, 6, 0), (1, 6, 1), (2, 6, 1), (2, 2, 0)])
def test_notes_over_every_page_and_the_longest_moves_fit(micropython, game, n, language):
    """A wrong key's note covers no row of the round end (six seats: over its title), and a
    move line with all seven kinds of cards is not cut."""
    assert faults(micropython, "notes_and_moves(%d, %d, %d)" % (game, n, language)) == []


@pytest.mark.parametrize("game,n,language", [(1, 6, 0), (1, 6, 1), (2, 3, 1)])
def test_the_events_moments_fit(micropython, game, n, language):
    assert faults(micropython, "event_pages(%d, %d, %d)" % (game, n, language)) == []


@pytest.mark.parametrize("language", [0, 1])
def test_the_link_game_screens_fit(micropython, language):
    assert faults(micropython, "link_screens(%d)" % language) == []
