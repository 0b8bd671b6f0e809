"""pytest set-up: the firmware and tools importable under CPython; the MicroPython runner."""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import mp  # noqa: E402

for p in (mp.FIRMWARE, mp.TOOLS):  # ahead of site-packages
    if p in sys.path:
        sys.path.remove(p)
    sys.path.insert(0, p)


@pytest.fixture
def micropython():
    """The MicroPython runner module (run, run_script, run_json)."""
    return mp
