"""The headless simulator with linked consoles: N key files, N consoles in one process on one emulated line, each drawing what it would draw alone; the options' checks."""

import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SIM = os.path.join(ROOT, "tools", "sim.py")


def sim(*args):
    return subprocess.run([sys.executable, SIM] + list(args), capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def frames(folder):
    out = []
    for name in sorted(os.listdir(folder)):
        if name.endswith(".bin"):
            with open(os.path.join(folder, name), "rb") as f:
                out.append(f.read())
    return out


def test_each_linked_console_draws_what_it_draws_alone(tmp_path):
    keys = ["A WAIT:500 DOWN A", "DOWN DOWN A WAIT:300 B", "A A WAIT:200"]
    files = []
    for i, k in enumerate(keys):
        path = tmp_path / ("%d.keys" % i)
        path.write_text(k)
        files += ["--keys-file", str(path)]
    out = tmp_path / "linked"
    proc = sim("--headless", "--out", str(out), "--seed", "4", *files)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "console 3:" in proc.stdout
    assert (out / "line.txt").read_text().startswith("# ms from to kind")
    for i, k in enumerate(keys):
        solo = tmp_path / ("solo%d" % i)
        p = sim("--headless", "--out", str(solo), "--seed", str(40 + i), "--keys", k)
        assert p.returncode == 0, p.stdout + p.stderr
        mine = frames(out / str(i + 1))
        assert len(mine) > 1 and mine == frames(solo), i
        assert os.path.isdir(out / str(i + 1) / ".data")


@pytest.mark.parametrize("args, words", [
    (["--keys-file", "KEYS"] * 6, "2 to 6 consoles"),
    (["--line-faults", "0.7,0"], "from 0 to 0.5"),
    (["--line-faults", "zz"], "ERROR,DROP"),
    (["--unplug", "2@50-10"], "FROM must come before TO"),
    (["--unplug", "9@1-2"], "names console 9 of 2"),
])
def test_bad_linked_options_are_named(tmp_path, args, words):
    a = tmp_path / "a.keys"
    a.write_text("A")
    base = ["--headless", "--out", str(tmp_path / "o"), "--keys-file", str(a)]
    if args[0] != "--keys-file":
        base += ["--keys-file", str(a)]
    proc = sim(*(base + [str(a) if x == "KEYS" else x for x in args]))
    assert proc.returncode == 2 and words in proc.stdout, proc.stdout + proc.stderr


def test_the_consoles_share_one_line_with_its_faults_and_unplugging(micropython, tmp_path):
    r = micropython.run_json(
        """
import json
from simulator import linked
from simulator.play import Recorder, make_board
opts = {"out": %r, "seed": 1, "panel": "ssd1306", "line-faults": (0.0, 0.0),
        "unplug": [(2, 0, 100000)]}
cs = linked.run(opts, [[(4, 80)], [(4, 80)]], make_board, Recorder)
a, b = cs[0].port, cs[1].port
print(json.dumps([a.line is b.line, cs[0].board.link is a, a.plugged, b.plugged,
                  cs[0].now() >= 700, [c.board.link_uid.decode() for c in cs]]))
""" % str(tmp_path / "o"))
    # console 2 was out for the whole run (it is plugged back only after it)
    assert r == [True, True, True, False, True, ["console 1", "console 2"]]
