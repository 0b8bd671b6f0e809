"""The golden images of the menu screens: the key presses that reach each one, and a tool that
(re)writes host_tests/golden/NAME.bin (glass image, 1,024 bytes) and NAME.png (4x) from them.

    cd tools && python3 -m simulator.ui_golden      rewrite them all (look at each PNG first)
    cd tools && micropython -m simulator.ui_golden  print {name: hex image} as JSON (the tests)"""

import os
import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)

# name, keys from the title screen (as for tools/sim.py)
TO_SETTINGS = "A,DOWN,DOWN,DOWN,A"
TO_FRENCH = TO_SETTINGS + ",DOWN,DOWN,DOWN,DOWN,RIGHT"
SCREENS = (
    ("title", ""),
    ("main_menu", "A"),
    ("settings", TO_SETTINGS),
    ("settings_more", TO_SETTINGS + ",UP"),
    ("settings_flip_q", TO_SETTINGS + ",DOWN,DOWN,A"),
    ("settings_language", TO_SETTINGS + ",DOWN,DOWN,DOWN,DOWN"),
    ("setup_dice", "A,A"),
    ("setup_cards_4", "A,DOWN,A,RIGHT"),
    ("name_editor", "A,A,DOWN,A,UP,UP"),
    ("rules_menu", "A,UP,UP,UP,A"),
    ("rules_dice", "A,UP,UP,UP,A,A"),
    ("rules_cards_end", "A,UP,UP,UP,A,DOWN,A" + ",RIGHT" * 14),
    ("settings_fr", TO_FRENCH),
    ("main_menu_fr", TO_FRENCH + ",B"),
    ("setup_dice_fr", TO_FRENCH + ",B,UP,UP,UP,A,RIGHT,DOWN,RIGHT,DOWN,LEFT"),
    ("rules_dice_fr", TO_FRENCH + ",B,DOWN,DOWN,A,A,DOWN,DOWN"),
    ("controls", "B"),
    ("controls_fr", TO_FRENCH + ",B,DOWN,A"),
)


def images():
    """{name: glass image} for every screen, each from a fresh board."""
    from simulator.driver import Driver

    out = {}
    for name, keys in SCREENS:
        d = Driver()
        d.keys(keys)
        out[name] = d.image()
    return out


def write_all():
    """CPython: get the images from micropython, write NAME.bin and NAME.png (zlib)."""
    import json
    import subprocess

    from paths import ROOT, micropython_command
    from simulator import png

    argv, env = micropython_command("simulator.ui_golden")
    out = subprocess.run(argv, env=env, check=True, capture_output=True, text=True).stdout
    folder = os.path.join(ROOT, "host_tests", "golden")
    os.makedirs(folder, exist_ok=True)
    for name, hexed in json.loads(out.strip().splitlines()[-1]).items():
        image = bytes.fromhex(hexed)
        with open(os.path.join(folder, name + ".bin"), "wb") as f:
            f.write(image)
        png.write(os.path.join(folder, name + ".png"), image)
        print("wrote", os.path.join("host_tests", "golden", name + ".png"))


def main():
    """MicroPython: print the images as JSON."""
    import binascii
    import json

    out = {}
    for name, image in images().items():
        out[name] = binascii.hexlify(image).decode()
    print(json.dumps(out))


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        main()
    else:
        write_all()
