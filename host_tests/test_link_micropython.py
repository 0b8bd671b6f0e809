"""The link frame, bus, message, host and console tests again under the MicroPython unix port."""

import pytest

import support
import test_link_bus
import test_link_frame
import test_link_host
import test_link_msg


@pytest.mark.parametrize("module", [test_link_frame, test_link_bus, test_link_msg, test_link_host])
def test_link_tests_pass_under_micropython(micropython, module):
    names, out = support.run_tests_under_micropython(micropython, module)
    assert out[-1] == "ran %d" % len(names)
    assert out[:-1] == [""] or out[:-1] == [], out
