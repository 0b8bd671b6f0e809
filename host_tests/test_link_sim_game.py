"""The headless simulator of a link game (issue 49): `python3 tools/sim.py --link-game 3`
plays three linked consoles on one emulated line to game over, writes each one's frames
and the two consoles side by side, and every console ends on the same scores."""

import os
import subprocess
import sys

from mp import ROOT


def test_three_linked_consoles_play_to_game_over_headless(tmp_path):
    out = str(tmp_path / "link")
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--link-game",
                           "3", "--out", out, "--game", "cards", "--seed", "2"],
                          capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("console ")]
    assert len(lines) == 3
    scores = {ln.split("final scores ")[1] for ln in lines}
    assert len(scores) == 1 and scores.pop().startswith("[")
    for k in range(3):
        frames = os.listdir(os.path.join(out, "c%d" % k))
        assert len([f for f in frames if f.endswith(".png")]) > 50
    assert os.path.getsize(os.path.join(out, "side_by_side.png")) > 100


def test_a_bad_link_game_option_says_why():
    proc = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sim.py"), "--link-game",
                           "9", "--out", "/tmp/x"], capture_output=True, text=True, timeout=60,
                          cwd=ROOT)
    assert proc.returncode == 2 and "2 to 6 consoles" in proc.stdout
