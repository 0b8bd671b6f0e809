"""A press never waits for the flash: the frame that answers it is shown before the game is
saved (ui.games.session.flush, from GameScreen.after_frame); every action is still saved by
the end of its frame, and a game abandoned is not saved again on the way out, its save
removed once the menu is shown (App.later)."""

import pytest

SCRIPT = r"""
import json
from simulator.driver import Driver

log = []

class Spy:
    '''The storage API, logging when each call comes.'''
    def save_progress(self, state, seats, rngs=()):
        log.append("save")
    def clear_progress(self, game, later=None):
        if later is not None:  # from the flash once the frame's picture is shown
            later(lambda: log.append("clear"))
        else:
            log.append("clear")
    def record_game_result(self, state, seats):
        log.append("result")
    def take_message(self):
        return None

from ui.loop.app import App
step = App.step
def logged_step(app):  # every frame from the game's first (a new game is saved in it)
    display = app.board.display
    if not getattr(display, "spied", False):
        show = display.show
        def logged_show():
            show()
            log.append("show")
        display.show = logged_show
        display.spied = True
    log.append("frame")
    step(app)
App.step = logged_step
d = Driver.in_game(GAME, ["ANA", "BOB"], [None, "cautious"], seed=5, store=Spy())

out = {"acted": 0, "unsaved": 0}
for _ in range(60):
    acts = len(d.session.record)
    if d.session.person_to_act():
        d.press("A")
    else:
        d.wait(700)
    if len(d.session.record) > acts:
        out["acted"] += 1
    out["unsaved"] += d.session.unsaved
# every frame with a save in it showed its picture first
frames = " ".join(log).split("frame")
out["saves"] = sum(f.count("save") for f in frames)
out["save_before_show"] = sum(1 for f in frames if "save" in f and f.find("show") < 0)
out["save_before_show"] += sum(1 for f in frames if "save" in f and 0 <= f.find("save") < f.find("show"))
del log[:]
d.screen().quit_to_menu()
out["cleared_at_once"] = log.count("clear")  # not yet: at the end of the next frame
d.wait(100)
out["after_quit"] = log.count("save")
out["cleared"] = log.count("clear")
# in the first frame after the quit, after its picture if it draws one
out["clear_at"] = log[: log.index("clear") + 1] if "clear" in log else log
print(json.dumps(out))
"""


@pytest.mark.parametrize("game", [1, 2])
def test_the_answer_to_a_press_is_shown_before_the_save(micropython, game):
    out = micropython.run_json(SCRIPT.replace("GAME", str(game)))
    assert out["acted"] > 10, out
    assert out["saves"] >= out["acted"] // 2, out  # saved as it goes (a frame's actions as one)
    assert out["unsaved"] == 0, out  # nothing left unsaved once a press's frames have run
    assert out["save_before_show"] == 0, out
    assert out["after_quit"] == 0 and out["cleared"] == 1, out
    assert out["cleared_at_once"] == 0, out
    # the busy mark at once, the menu put up in the next frame (here, a game alone on the
    # stack: none) and drawn in the one after: the save leaves the flash in that one, after
    # its picture if it draws one
    clear_at = out["clear_at"]
    assert clear_at[-1] == "clear" and clear_at.count("frame") == 2, out
    assert clear_at[-2] == "show" or clear_at[-2:] == ["frame", "clear"], out


WAITING = r"""
import json
from simulator.driver import Driver
from ui.loop.app import DEFER_FRAMES

d = Driver.in_game(GAME, ["ANA", "BOB"], ["cautious", "expert"], seed=5)


def waiting():  # a press always waiting (the frame loop then never sleeps: time moves here)
    d.emu.time.advance(5)
    return True


d.board.buttons.pressed_since_poll = waiting
out = {"defer": DEFER_FRAMES, "acted": 0, "longest": 0}
run = 0
for _ in range(600):
    acts = len(d.session.record)
    d.app.step()
    out["acted"] += len(d.session.record) - acts
    run = run + 1 if d.session.unsaved else 0
    out["longest"] = max(out["longest"], run)
print(json.dumps(out))
"""


@pytest.mark.parametrize("game", [1, 2])
def test_a_save_waits_for_presses_a_bounded_number_of_frames(micropython, game):
    """With a press waiting at every frame, computer players still think and move (a slice
    a frame), and each frame's actions are saved at most DEFER_FRAMES frames later."""
    out = micropython.run_json(WAITING.replace("GAME", str(game)))
    assert out["acted"] >= 3, out
    assert 1 <= out["longest"] <= out["defer"] + 1, out


SETTINGS = r"""
import json
from simulator.driver import Driver

log = []
d = Driver(data_dir="/tmp/lama-save-after-show")
hook = d.app.save_settings_hook
def logged_save(settings):
    log.append("settings")
    return hook(settings)
d.app.save_settings_hook = logged_save
show = d.board.display.show
def logged_show():
    show()
    log.append("show")
d.board.display.show = logged_show
step = d.app.step
def logged_step():
    log.append("frame")
    step()
d.app.step = logged_step
d.keys("A,DOWN,DOWN,DOWN,A")  # the settings, on Contrast
del log[:]
d.keys("LEFT,DOWN,RIGHT,B")  # contrast down, sound off, back: the settings saved once
frames = [f.split() for f in " ".join(log).split("frame") if "settings" in f]
print(json.dumps({"frames": frames, "top": d.top()}))
"""


def test_a_changed_setting_is_shown_before_it_is_saved(micropython):
    """The frame that answers Back from the settings puts the menu on the glass, then
    writes the settings (a flash write takes tens of ms on the Pico)."""
    out = micropython.run_json(SETTINGS)
    assert out["top"] == "MainMenu", out
    assert out["frames"] == [["show", "settings"]], out


SAVE_DUE = r"""
import json
from ui.games.base import GameScreen

class Ses:
    unsaved = True
    thought = None
    flushed = 0
    state = None
    store = None
    def flush(self):
        self.flushed += 1
        self.unsaved = False

class Link:
    ok = False
    out = 0
    def may_save(self, now):
        return self.ok
    def out_now(self, sleep_ms):
        self.out += 1
    def saved(self):
        pass

class Clock:
    def ticks_ms(self):
        return 0
    def sleep_ms(self, ms):
        pass

class App:
    draws = 0
    clock = Clock()

class Scr(GameScreen):
    def __init__(self):
        pass

scr = Scr()
ses = Ses()
ses.link = Link()
scr.session = ses
scr.app = App()
scr.drawn = 0
scr.busy_frames = 0
scr.said = False
scr.now = lambda: 0
out = []
scr.after_frame()
out.append([ses.flushed, ses.link.out, ses.unsaved])
ses.link.ok = True
scr.after_frame()
out.append([ses.flushed, ses.link.out, ses.unsaved])
print(json.dumps(out))
"""


def test_a_game_screen_on_a_link_games_host_saves_only_when_the_host_may(micropython):
    """GameScreen.after_frame asks the host (may_save) before it saves: put off, nothing is
    written and the action stays unsaved; allowed, the move goes out first, then the save."""
    out = micropython.run_json(SAVE_DUE)
    assert out == [[0, 0, True], [1, 1, False]], out
