"""The main game screens on the emulated panel equal their golden images (host_tests/golden/
game_*.bin, made by tools/simulator/game_golden.py and each looked at once by eye as its .png)."""

import json

import pytest

import support



@pytest.mark.parametrize("args", [(), ("--fr",)])
def test_game_screens_match_their_golden_images(micropython, tmp_path, args):
    proc = micropython.run_module("simulator.game_golden", list(args))
    images = json.loads(proc.stdout.strip().splitlines()[-1])
    assert len(images) >= 15
    remake = "cd tools && micropython -m simulator.game_golden --write"
    differ = support.golden_differences(images, tmp_path, remake)
    assert not differ, (
        "game screens differ from host_tests/golden: %s (new images in %s; if the change is "
        "meant, look at them and run cd tools && micropython -m simulator.game_golden [--fr] --write)"
        % (differ, tmp_path)
    )

