"""The link frame and bus tests again under the MicroPython unix port."""

import pytest

import support
import test_link_bus
import test_link_frame


@pytest.mark.parametrize("module", [test_link_frame, test_link_bus])
def test_link_tests_pass_under_micropython(micropython, module):
    names, out = support.run_tests_under_micropython(micropython, module)
    assert out[-1] == "ran %d" % len(names)
    assert out[:-1] == [""] or out[:-1] == [], out
