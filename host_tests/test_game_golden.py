"""The main game screens on the emulated panel equal their golden images (host_tests/golden/
game_*.bin, made by tools/game_golden.py and each looked at once by eye as its .png)."""

import json
import os

import png
import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "golden")
SCRIPT = os.path.join(os.path.dirname(HERE), "tools", "game_golden.py")


@pytest.mark.parametrize("args", [(), ("--fr",)])
def test_game_screens_match_their_golden_images(micropython, tmp_path, args):
    proc = micropython.run_script(SCRIPT, list(args))
    images = json.loads(proc.stdout.strip().splitlines()[-1])
    assert len(images) >= 15
    differ = []
    for name, hexed in sorted(images.items()):
        got = bytes.fromhex(hexed)
        path = os.path.join(GOLDEN, name + ".bin")
        assert os.path.exists(path), "no golden %s: micropython tools/game_golden.py --write" % name
        with open(path, "rb") as f:
            want = f.read()
        if got != want:
            png.write(str(tmp_path / (name + ".png")), got)
            differ.append(name)
    assert not differ, (
        "game screens differ from host_tests/golden: %s (new images in %s; if the change is "
        "meant, look at them and run micropython tools/game_golden.py [--fr] --write)"
        % (differ, tmp_path)
    )

