"""tools/screenshots.py (make screenshots): every key file gives a 1:1 and a 4x picture of
its last frame, RESTART keeps the flash for the next power-on, and the README shows them."""

import os
import subprocess
import sys

import mp
import pytest
from simulator import keys, screenshots
from PIL import Image

SHOTS = os.path.join(mp.ROOT, "docs", "screenshots")


def names():
    return sorted(n[:-5] for n in os.listdir(screenshots.KEYS) if n.endswith(".keys"))


def test_restart_splits_a_keys_file_into_power_ons():
    """One parser for the simulator and the screenshots (tools/simulator/keys.py)."""
    runs = keys.parse_script("# a comment, RESTART\nA DOWN\nRESTART  # off and on\nB,RESTART")
    assert runs == [[(4, keys.TAP_MS), (1, keys.TAP_MS)], [(5, keys.TAP_MS)], []]
    with pytest.raises(ValueError, match="RESTART"):
        keys.parse_keys("A RESTART")  # the test driver has no power switch


def test_every_key_file_becomes_two_pictures_and_the_readme_shows_them(tmp_path):
    env = dict(os.environ, MICROPYTHON=mp.micropython_path())
    proc = subprocess.run([sys.executable, os.path.join(mp.TOOLS, "screenshots.py"), "--out",
                           str(tmp_path)], capture_output=True, text=True, timeout=600,
                          env=env, cwd=mp.ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with open(os.path.join(mp.ROOT, "README.md")) as f:
        readme = f.read()
    assert len(names()) >= 8
    for name in names():
        small = Image.open(tmp_path / (name + ".png"))
        big = Image.open(tmp_path / (name + "-4x.png"))
        assert small.size == (128, 64) and big.size == (512, 256)
        # the 4x picture is the 1:1 one scaled, and something is lit
        px, bx = small.convert("L").load(), big.convert("L").load()
        lit = [(x, y) for x in range(128) for y in range(64) if px[x, y]]
        assert lit
        for x, y in lit[:: max(1, len(lit) // 50)]:
            assert bx[4 * x + 2, 4 * y + 2] == px[x, y]
        for pic in (name + ".png", name + "-4x.png"):
            assert os.path.exists(os.path.join(SHOTS, pic)), "make screenshots: " + pic
            assert "docs/screenshots/" + pic in readme, pic
    # two linked consoles side by side (the headless link game's picture), in the README too
    pair = Image.open(tmp_path / screenshots.LINK_SHOT)
    assert pair.size == (3 * (2 * 128 + 8), 3 * 64)
    assert os.path.exists(os.path.join(SHOTS, screenshots.LINK_SHOT))
    assert "docs/screenshots/" + screenshots.LINK_SHOT in readme
    offer = Image.open(tmp_path / "continue.png").tobytes()
    title = Image.open(tmp_path / "title.png").tobytes()
    assert offer != title  # the power-on after RESTART is not a fresh one
