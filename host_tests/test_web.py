"""The browser version (make web) in a real browser: headless Chromium (Debian's `chromium`)
driven by the pinned playwright-core through tools/web/browser_check.mjs; and the browser
board's own parts under the MicroPython unix port."""

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


def _need_browser():
    if not os.path.exists(CHROMIUM):
        pytest.skip("no Chromium at %s (apt-get install chromium; .ci/run installs it)" % CHROMIUM)
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is missing: the browser tests run playwright-core under node")
    if not os.path.isdir(os.path.join(ROOT, "node_modules", "playwright-core")):
        pytest.fail("node_modules/ is missing: run `npm ci` (make test does)")
    return node


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """What browser_check.mjs found: one browser session through the whole script."""
    node = _need_browser()
    base = tmp_path_factory.mktemp("web")
    web = base / "page"
    made = subprocess.run([sys.executable, os.path.join(WEB_TOOLS, "build_page.py"), "--out",
                           str(web)], capture_output=True, text=True, timeout=120)
    assert made.returncode == 0, made.stdout + made.stderr
    os.makedirs(os.path.dirname(SCREENSHOT), exist_ok=True)
    proc = subprocess.run(
        [node, os.path.join(WEB_TOOLS, "browser_check.mjs"), "--web", str(web), "--chromium",
         CHROMIUM, "--profile", str(base / "profile"), "--screenshot", SCREENSHOT],
        capture_output=True, text=True, timeout=300, cwd=ROOT,
    )
    lines = proc.stdout.strip().splitlines()
    assert proc.returncode == 0 and lines, proc.stdout[-3000:] + proc.stderr[-3000:]
    found = json.loads(lines[-1])
    assert "failure" not in found, found["failure"]
    return found


def _golden(name):
    with open(os.path.join(HERE, "golden", name + ".bin"), "rb") as f:
        return list(f.read())


def _shows(micropython, bits, text):
    """True when the 128x64 image `bits` shows `text` at 5x7 (tools/simulator/driver.find_text)."""
    code = "from simulator.driver import find_text\nprint(find_text(bytes(%r), %r) is not None)" % (
        bits, text)
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
    assert "lama-console:game.a" in page["stored"] or "lama-console:game.b" in page["stored"]
    assert page["after_reload"] == "ContinueScreen"
    assert _shows(micropython, page["reload_bits"], "Continue")  # "Continue the game?", wrapped


def test_web_idle_page_uses_little_cpu(page):
    """The frames come from a timer: idle at the title, the page's main thread is busy a
    small share of the time (a busy loop would be ~1.0)."""
    assert page["frames_in_idle"] > 0
    assert page["idle_cpu"] < 0.5


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
    expert = files["/lama/card_expert.py"]
    with open(os.path.join(ROOT, "firmware", "lama", "card_expert.py"), "rb") as f:
        source = f.read()
    natives, vipers = source.count(b"\n@micropython.native"), source.count(b"\n@micropython.viper")
    assert natives > 0 and vipers > 0
    assert expert.count(b"@micropython.bytecode") == natives + vipers
    assert expert.count(b"\n") == source.count(b"\n")  # tracebacks keep their line numbers


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
for f, ms in TUNES['win']:
    want.append((f, DUTY, t)); t += ms
want.append((TUNES['win'][-1][0], 0, t))
ok = [p.log == want]
p.log = []; s.play('click'); ok.append(p.log[0] == (2200, DUTY, 0))
p.log = []; s.stop(); ok.append(p.log == [(2200, 0, 0)])
s.mute(True); p.log = []; s.play('win'); ok.append(p.log == [])
print(ok)
"""
    got = micropython.run(code).stdout.strip().splitlines()[-1]
    assert got == "[True, True, True, True]"
