"""The browser version (make web) in a real browser: headless Chromium (Debian's `chromium`)
driven by the pinned playwright-core through tools/web/browser_check.mjs (the layout at four
viewport sizes, games through key presses, the saves in full, nearly full and damaged
stores); and the browser board's own parts under the MicroPython unix port."""

import base64
import json
import os
import re
import shutil
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
WEB_TOOLS = os.path.join(ROOT, "tools", "web")
SCREENSHOT = os.path.join(ROOT, "build", "web-screenshot.png")
SIZES = ("320x568", "390x844", "844x390", "1280x800")  # phones upright and turned, a desktop


def _saves_js_const(name):
    with open(os.path.join(WEB_TOOLS, "saves.js")) as f:
        return int(re.search(r"^export const %s = (\d+);" % name, f.read(), re.M).group(1))


FILE_MAX = _saves_js_const("FILE_MAX")  # bytes of a file the page keeps at most


def _need_browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip("no Chromium at %s (apt-get install chromium; .ci/run installs it)" % CHROMIUM)
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: the browser tests run playwright-core under node")
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "playwright-core")):
        pytest.fail("node_modules/ is missing: run `npm ci` (make test does)")
    return node


def browser_findings(script, base, *extra, timeout=300):
    """Build the page into `base`/page and run tools/web/`script` on it in headless Chromium
    (its profile in `base`/profile): what it found (the JSON line it prints), its failure
    asserted."""
    node = _need_browser()
    web = base / "page"
    made = subprocess.run([sys.executable, os.path.join(WEB_TOOLS, "build_page.py"), "--out",
                           str(web)], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stdout + made.stderr
    proc = subprocess.run(
        [node, os.path.join(WEB_TOOLS, script), "--web", str(web), "--chromium", CHROMIUM,
         "--profile", str(base / "profile")] + list(extra),
        capture_output=True, text=True, timeout=timeout, cwd=ROOT)
    lines = proc.stdout.strip().splitlines()
    assert proc.returncode == 0 and lines, proc.stdout[-3000:] + proc.stderr[-3000:]
    found = json.loads(lines[-1])
    assert "failure" not in found, found["failure"]
    return found


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """What browser_check.mjs found: one browser session through the whole script."""
    _need_browser()
    os.makedirs(os.path.dirname(SCREENSHOT), exist_ok=True)
    return browser_findings("browser_check.mjs", tmp_path_factory.mktemp("web"),
                            "--screenshot", SCREENSHOT)


def _golden(name):
    with open(os.path.join(HERE, "golden", name + ".bin"), "rb") as f:
        return list(f.read())


def _shows(micropython, bits, text):
    """True when the 128x64 image `bits` shows `text` at 5x7 (tools/simulator/driver.find_text)."""
    code = "from simulator.driver import find_text\nprint(find_text(bytes(%r), %r) is not None)" % (
        bits, text)
    return micropython.run(code).stdout.strip().splitlines()[-1] == "True"


def _shows_mid(micropython, bits, text):
    """True when the 128x64 image `bits` shows `text` in the readable 5x7 font (gfx.mid),
    lit on dark, as the game screens' message line draws it."""
    code = """
import framebuf
from ui.draw import gfx
s = %r
image = bytes(%r)
buf = bytearray(6 * len(s))
gfx.mid(framebuf.FrameBuffer(buf, len(buf), 8, framebuf.MONO_VLSB), s, 0, 0, 1)
want = list(buf)[:-1]
cols = [sum(image[p * 128 + x] << (8 * p) for p in range(8)) for x in range(128)]
print(any(all((cols[x + j] >> y) & 255 == want[j] for j in range(len(want)))
          for y in range(57) for x in range(129 - len(want))))
""" % (text, bits)
    return micropython.run(code).stdout.strip().splitlines()[-1] == "True"


def test_web_page_loads_without_console_errors(page):
    assert page["errors"] == []
    assert page["first"] == "TitleScreen"


def test_web_on_screen_button_and_long_b_key(page):
    """A tap on the on-screen A opens the main menu; Esc in a game is a long B (its menu)."""
    assert page["menu"] == "MainMenu"
    assert page["long_b"] == "DiceScreen/MenuPanel"


def test_web_title_on_canvas_matches_the_emulated_panel(page):
    """The canvas, read back pixel by pixel, is the emulated panel's title frame, and so is
    what the page was sent."""
    assert page["title_sent"] == _golden("title")
    assert page["title_bits"] == _golden("title")


@pytest.mark.parametrize("game", ["dice", "cards"])
def test_web_scripted_game_reaches_game_over(page, micropython, game):
    got = page[game]
    assert got["shown"] == ("DiceScreen" if game == "dice" else "CardsScreen") + "/GameOverPanel"
    assert any(s.endswith("/RoundEndPanel") for s in got["seen"])
    assert not any(s.startswith("ErrorScreen") for s in got["seen"])
    assert _shows(micropython, got["bits"], "Game over")


def test_web_reload_offers_to_continue_the_game(page, micropython):
    assert {"lama-console:game_dice.a", "lama-console:game_dice.b"} & set(page["stored"])
    assert page["after_reload"] == "ContinueScreen"
    assert _shows(micropython, page["reload_bits"], "Continue")  # "Continue the game?", wrapped


def test_web_idle_page_uses_little_cpu(page):
    """The frames come from a timer: idle at the title, the page's main thread is busy a
    small share of the time (a busy loop would be ~1.0)."""
    assert page["frames_in_idle"] > 0
    assert page["idle_cpu"] < 0.5


@pytest.mark.parametrize("size", SIZES)
def test_web_layout_fits_the_viewport_at_a_whole_scale(page, size):
    """At each size the glass is scaled by a whole number (its canvas one pixel a CSS
    pixel), and the glass and every button are inside the viewport, unscrolled (in phone
    landscape too: nothing below the fold); nothing is wider than the page."""
    got = page["layout"][size]
    vw, vh = got["viewport"]
    assert [vw, vh] == [int(n) for n in size.split("x")]
    k = got["scale"][0]
    assert got["scale"] == [k, k] and k == int(k) and k >= 2 and got["chosen"] == k
    assert got["backing"] == [128 * k, 64 * k]
    assert got["scroll"] == [0, 0] and got["page"][0] <= vw
    assert len(got["buttons"]) == 6
    for left, top, right, bottom in [got["glass"]] + got["buttons"]:
        assert 0 <= left < right <= vw and 0 <= top < bottom <= vh, (size, got)
    left, _, right, _ = got["text"]
    assert 0 <= left < right <= vw
    assert got["bits"] == _golden("title")  # the glass at that scale still shows the panel
    # issue 50: the OLED's grid never splits a lit area (inverted text stays text), and
    # still shows at its edges
    assert got["seams"] == [0, 0], got["seams"]
    if vw >= 900 and vh > 520:  # a desktop: the whole page in the window, unscrolled
        assert got["page"][1] <= vh, got["page"]


def test_web_layout_uses_the_room_it_has(page):
    """Phone landscape puts the D-pad, the glass and A/B in one row; a desktop the text
    beside the device; the glass grows with the room, by whole steps."""
    lay = page["layout"]
    scales = [lay[s]["chosen"] for s in SIZES]
    assert scales[0] < scales[1] < scales[2] < scales[3]
    land = lay["844x390"]
    pad = [b for i, b in enumerate(land["buttons"]) if i < 4]
    ab = land["buttons"][4:]
    assert max(b[2] for b in pad) <= land["glass"][0] <= land["glass"][2] <= min(b[0] for b in ab)
    desk = lay["1280x800"]
    assert desk["text"][0] >= desk["glass"][2]  # beside
    assert lay["390x844"]["text"][1] >= max(b[3] for b in lay["390x844"]["buttons"])  # below


def test_web_page_says_what_the_games_are_and_how_to_play():
    with open(os.path.join(WEB_TOOLS, "index.html")) as f:
        html = f.read()
    text = re.sub(r"<[^>]+>", " ", html)
    for words in ("LAMA Dice", "L.L.A.M.A.", "Reiner Knizia", "40 points", "roll", "draw",
                  "quit", "llama row", "Esc", "hold B", "tap A", "hint", "reload the page",
                  "Link game", "Host", "Join", "?link=NAME"):
        assert words in text, words


def test_web_keeps_every_record_file_whole():
    """The page cuts only what is larger than any file the store writes (the largest record
    framed: hal/store.py's header and CRC round it)."""
    from hal import store
    from lama import records

    largest = max(records.STATS_MAX, records.PROGRESS_MAX) + store.HEADER + store.TRAILER
    assert largest < FILE_MAX


def _seq(b64):
    """The sequence number of a store slot file (hal/store.py: bytes 5 and 6)."""
    data = base64.b64decode(b64)
    return (data[5] << 8) | data[6]


def test_web_save_into_a_full_store_says_so_on_the_panel(page, micropython):
    """No room at all: the page's file layer fails the save with the device's ENOSPC, and
    the firmware's own line says so, as on the device with a full flash; nothing half kept,
    and a reload offers nothing."""
    got = page["store_full"]
    assert got["counts"]["failed"] >= 1 and got["counts"]["kept"] == 0
    assert _shows_mid(micropython, got["bits"], "Saved game: flash")
    assert got["stored"] == {}
    assert got["after_reload"] == "TitleScreen"


def test_web_save_when_the_store_refuses_says_so_on_the_panel(page, micropython):
    """A browser that refuses its storage: every save fails with a write error, said on the
    panel (the console still plays)."""
    got = page["store_refused"]
    assert got["first"] == "TitleScreen"
    assert got["counts"]["failed"] >= 1 and got["counts"]["kept"] == 0
    assert _shows_mid(micropython, got["bits"], "Saved game: write")


def test_web_room_for_one_file_keeps_the_newest_game(page):
    """Room for one game file but not two: each save keeps the newest copy in place of the
    one it supersedes, so a reload offers the game as it was left, not a stale one."""
    got = page["store_for_one"]
    assert got["counts"]["failed"] == 0 and got["counts"]["kept"] >= 4
    games = {n: v for n, v in got["stored"].items() if n.startswith("game_dice.")}
    assert len(games) == 1
    newest = max((n for n in got["files"] if n in ("game_dice.a", "game_dice.b")),
                 key=lambda n: _seq(got["files"][n]))
    assert games == {newest: got["files"][newest]}
    assert got["after_reload"] == "ContinueScreen"


def test_web_nearly_full_store_frees_set_aside_copies_before_giving_up(page):
    """A set-aside copy of a damaged file (the page's own) takes the room the save needs:
    it is freed, and the game kept."""
    got = page["store_nearly_full"]
    assert got["before"] == ["game_dice.bad"]
    assert got["counts"]["freed"] >= 1 and got["counts"]["failed"] == 0
    assert "game_dice.bad" not in got["stored"] and "game_dice.a" in got["stored"]
    assert got["after_reload"] == "ContinueScreen"


def test_web_damaged_entries_are_set_aside_small_with_a_notice(page, micropython):
    """Entries that are not base64, one of 2.4 MB and names of no file: the firmware's store
    finds the files damaged, sets them aside as NAME.bad and says so, as on the device; the
    set-aside copies are small, the unusable names gone."""
    got = page["store_garbage"]
    assert got["first"] == "NoticeScreen"
    assert _shows(micropython, got["bits"], "damaged")
    stored = got["stored"]
    assert not {"game_dice.a", "game_dice.b", "settings.a", "../outside", ""} & set(stored)
    assert {"game_dice.bad", "game_dice.bad1", "settings.bad"} <= set(stored)
    assert max(len(v) for v in stored.values()) <= len(base64.b64encode(bytes(FILE_MAX + 1)))
    assert stored == {n: got["files"][n] for n in stored}  # what /data holds, kept
    # the next load finds the set-aside copies as they were left: no new notice, no new cut
    assert got["reload_warnings"] == [] and got["after_reload"] == "TitleScreen"


def _newest(stored, record):
    """The payload of the newest slot of `record` among stored entries {name: base64}."""
    from hal import store

    slots = [base64.b64decode(v) for n, v in stored.items() if n in (record + ".a", record + ".b")]
    assert slots, (record, sorted(stored))
    data = max(slots, key=lambda d: (d[5] << 8) | d[6])
    return data[store.HEADER:-store.TRAILER]


def test_web_two_tabs_never_write_over_each_others_saves(page):
    """A second tab of the page is a console of its own (a slot of its own, held by a Web
    Lock while it is open): it plays a card game to its end, and the first tab's saved game
    and statistics stay as that tab left them; a reload of the first offers its game."""
    from lama import games, statistics

    got = page["two_tabs"]
    assert got["a_first"] == "TitleScreen" and got["b_first"] == "TitleScreen"
    assert got["a_slot"] != got["b_slot"] and got["b_owner"] == got["a_owner"] == "owner"
    assert got["b_cards"]["shown"] == "CardsScreen/GameOverPanel"
    # the first tab's entries as it left them (it may add its own since: a move log), and
    # no game of the second tab counted in its statistics
    assert "game_dice.a" in got["a_left"]
    assert {n: got["after_b"].get(n) for n in got["a_left"]} == got["a_left"]
    assert not [n for n in got["after_b"] if n.startswith("stats.")]
    stats = statistics.decode_stats(_newest(got["b_stored"], "stats"))
    assert stats.game(games.GAME_CARDS).games == 1
    assert got["a_after_reload"] == "ContinueScreen"


def test_web_without_web_locks_the_tab_started_last_owns_the_saves(page):
    """With no Web Locks (plain http away from localhost) every tab shares one store: the
    owner's token is the rule. The tab started last owns it and reads it as the other left
    it; the older tab stops at once, says so on its panel and offers to play there again."""
    bare = page["two_tabs"]["no_locks"]
    assert bare["c_first"] == "TitleScreen" and bare["c_owner"] == "owner"
    assert bare["d_first"] == "ContinueScreen" and bare["d_owner"] == "owner"
    assert bare["c_lost"]["owner"] == "lost" and "another tab" in bare["c_lost"]["says"]


PARTS = """
import sys
sys.path.insert(0, 'tools/web')
sys.path.insert(0, 'tools')
"""


def test_web_firmware_compiles_its_native_functions_as_bytecode():
    """The port has no native emitter: @micropython.native or .viper would be a SyntaxError
    there; the viper play-out runs as bytecode with lama.native's ptr8."""
    sys.path.insert(0, WEB_TOOLS)
    try:
        import build_page
    finally:
        sys.path.remove(WEB_TOOLS)
    files = {p: base64.b64decode(b) for p, b in build_page.bundle().items()}
    assert not [p for p, data in files.items() if re.search(rb"^\s*@micropython\.(native|viper)", data, re.M)]
    natives = vipers = 0
    for path, data in files.items():
        source_path = os.path.join(ROOT, "firmware", path.lstrip("/"))
        if not path.endswith(".py") or not os.path.exists(source_path):
            continue  # (the page's own files: its board profile)
        with open(source_path, "rb") as f:
            source = f.read()
        n = len(re.findall(rb"^[ \t]*@micropython\.native", source, re.M))
        v = len(re.findall(rb"^[ \t]*@micropython\.viper", source, re.M))  # (methods too)
        assert len(re.findall(rb"^[ \t]*@micropython\.bytecode", data, re.M)) == n + v, path
        assert data.count(b"\n") == source.count(b"\n"), path  # tracebacks keep their lines
        natives += n
        vipers += v
    assert natives > 0 and vipers > 0  # (the experts', the play-outs', the drawing's)


def test_web_glass_equals_the_panel_image(micropython):
    """The page's fast glass (upright, turned, inverted) is what the emulated panel shows."""
    code = PARTS + """
from emu.oled_panels import make_panel
from emu.i2c import I2CBus
from hal.ssd1306 import SSD1306
from page_parts import glass
import framebuf
bus = I2CBus(); panel = make_panel('ssd1306'); bus.attach(0x3C, panel)
d = SSD1306(bus, 0x3C, False)
d.fill(0); d.text('LAMA', 3, 5, 1); d.fill_rect(100, 40, 9, 20, 1); d.show()
out = []
for flip, inv in ((False, False), (True, False), (False, True), (True, True)):
    d.flip(flip); d.invert(inv); d.show()
    out.append(glass(panel) == panel.image() and any(glass(panel)))
d.poweroff()
out.append(glass(panel) == panel.image())
print(out)
"""
    got = micropython.run(code).stdout.strip().splitlines()[-1]
    assert got == "[True, True, True, True, True]"


def test_web_buzzer_hands_whole_tunes_to_web_audio(micropython):
    """A tune reaches the page whole, each note at its offset (ms) from now; a new tune or a
    stop starts again at 0 (the page then cuts what was scheduled)."""
    code = PARTS + """
from page_parts import PagePwm, PageTimer
from hal.sound import Sound, TUNES, DUTY
class Page:
    def __init__(self): self.log = []
    def audio(self, f, d, at): self.log.append((f, d, at))
p = Page(); pwm = PagePwm(p); s = Sound(pwm, PageTimer(pwm))
p.log = []
s.play('win')
want = []; t = 0
win = TUNES['win']  # (frequency, ms, frequency, ms, ...)
for i in range(0, len(win), 2):
    want.append((win[i], DUTY, t)); t += win[i + 1]
want.append((win[-2], 0, t))
ok = [p.log == want]
p.log = []; s.play('click'); ok.append(p.log[0] == (2200, DUTY, 0))
p.log = []; s.stop(); ok.append(p.log == [(2200, 0, 0)])
s.mute(True); p.log = []; s.play('win'); ok.append(p.log == [])
print(ok)
"""
    got = micropython.run(code).stdout.strip().splitlines()[-1]
    assert got == "[True, True, True, True]"
