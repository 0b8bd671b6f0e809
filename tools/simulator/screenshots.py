"""The README's screenshots: each docs/screenshots/keys/NAME.keys is played by the headless
simulator (tools/sim.py --keys-file) and its last frame written as docs/screenshots/NAME.png
(the panel 1:1, 128x64) and NAME-4x.png.

    make screenshots             (or python3 tools/screenshots.py [--out DIR])

A keys file is what --keys-file takes (tools/simulator/keys.py); RESTART in it powers the
console off there and on again with the flash kept, e.g. to show "Continue game?". Every
shot uses the same seed, so the pictures change only when the firmware does.

LINK_SHOT (link_two.png) is two linked consoles side by side, the host and the console whose
person plays (tools/sim.py --link-game 2 --until shot: tools/simulator/link_sim.py)."""

import os
import shutil
import subprocess
import sys
import tempfile

import paths
from simulator import png

ROOT = paths.ROOT
KEYS = os.path.join(ROOT, "docs", "screenshots", "keys")
SEED = 3
LINK_SHOT = "link_two.png"


def last_frame(folder):
    bins = sorted(n for n in os.listdir(folder) if n.endswith(".bin") and n[:4].isdigit())
    if not bins:
        raise RuntimeError("the simulator wrote no frame in " + folder)
    with open(os.path.join(folder, bins[-1]), "rb") as f:
        return f.read()


def shoot(name, tmp):
    """Play keys/NAME.keys; the display RAM of its last frame (the panel is not flipped)."""
    out = os.path.join(tmp, name)
    cmd = [sys.executable, os.path.join(paths.TOOLS, "sim.py"), "--headless", "--keys-file",
           os.path.join(KEYS, name + ".keys"), "--out", out, "--seed", str(SEED)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    if proc.returncode != 0:
        raise RuntimeError("%s: %s%s" % (name, proc.stdout, proc.stderr))
    return last_frame(out)


def shoot_link(out, tmp):
    """Two linked consoles side by side (the headless link game's picture) as out/LINK_SHOT."""
    folder = os.path.join(tmp, "link")
    cmd = [sys.executable, os.path.join(paths.TOOLS, "sim.py"), "--link-game", "2", "--out",
           folder, "--seed", str(SEED), "--until", "shot"]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    picture = os.path.join(folder, "side_by_side.png")
    if proc.returncode != 0 or not os.path.exists(picture):
        raise RuntimeError("link game: %s%s" % (proc.stdout, proc.stderr))
    shutil.copyfile(picture, os.path.join(out, LINK_SHOT))


def main(argv):
    out = os.path.join(ROOT, "docs", "screenshots")
    if argv[:1] == ["--out"] and len(argv) == 2:
        out = argv[1]
    elif argv:
        print("usage: python3 tools/screenshots.py [--out DIR]")
        return 2
    names = sorted(n[:-5] for n in os.listdir(KEYS) if n.endswith(".keys"))
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in names:
            try:
                image = shoot(name, tmp)
            except (OSError, RuntimeError) as e:
                print("screenshots: " + str(e), file=sys.stderr)
                return 1
            png.write(os.path.join(out, name + ".png"), image, scale=1)
            png.write(os.path.join(out, name + "-4x.png"), image, scale=4)
            print("wrote %s/%s.png and %s-4x.png" % (os.path.relpath(out, ROOT), name, name))
        try:
            shoot_link(out, tmp)
        except (OSError, RuntimeError) as e:
            print("screenshots: " + str(e), file=sys.stderr)
            return 1
        print("wrote %s/%s" % (os.path.relpath(out, ROOT), LINK_SHOT))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
