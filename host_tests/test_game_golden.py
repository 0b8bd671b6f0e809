"""The main game screens on the emulated panel equal their golden images (host_tests/golden/
game_*.bin, made by tools/game_golden.py and each looked at once by eye as its .png)."""

import json
import os

import pytest

import support

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(os.path.dirname(HERE), "tools", "game_golden.py")


@pytest.mark.parametrize("args", [(), ("--fr",)])
def test_game_screens_match_their_golden_images(micropython, tmp_path, args):
    proc = micropython.run_script(SCRIPT, list(args))
    images = json.loads(proc.stdout.strip().splitlines()[-1])
    assert len(images) >= 15
    remake = "micropython tools/game_golden.py --write"
    differ = support.golden_differences(images, tmp_path, remake)
    assert not differ, (
        "game screens differ from host_tests/golden: %s (new images in %s; if the change is "
        "meant, look at them and run micropython tools/game_golden.py [--fr] --write)"
        % (differ, tmp_path)
    )

