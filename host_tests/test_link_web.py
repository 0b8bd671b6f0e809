"""The browser board's link line: tabs of the page on one BroadcastChannel (tools/web/link.js) in headless Chromium, each tab with its own slot (saves, link id), a linked tab out of sight kept going (tools/web/ticker.js), and the board's PageLine under the MicroPython unix port."""

import test_web


def test_tabs_of_one_link_hear_each_other_and_themselves_and_no_other_link(tmp_path):
    found = test_web.browser_findings("link_check.mjs", tmp_path)
    assert found["before"] == ["", "", ""]
    assert found["after_a"] == ["b74c00ff", "b74c00ff", ""]
    assert found["after_b"] == ["010203", "010203"]
    assert found["after_close"] == ["aa"]
    assert found["after_reopen"] == ["bb", "bb"]
    slots = found["slots"]
    assert [s for s, _ in slots] == [0, 1, 2]
    assert len({u for _, u in slots}) == 3
    assert found["reopened"] == slots[1]  # the closed tab's slot, saves and link id


def test_a_linked_tab_out_of_sight_keeps_its_console_linked(tmp_path):
    """A hosting tab, then a joined tab, each hidden 4 s with its page's timers throttled as
    Chrome's are after 5 minutes hidden (tools/web/link_hidden_check.mjs): its frames go on
    from the worker's timer and the console stays linked (not "host lost"); visible tabs and
    an unlinked hidden tab make no worker."""
    found = test_web.browser_findings("link_hidden_check.mjs", tmp_path)
    assert found["visible_workers"] == [False, False]
    for phase in ("host_hidden", "console_hidden"):
        got = found[phase]
        assert got["console_link"] == "linked" and got["host_linked"] == 1, (phase, got)
        assert got["frames"] >= 10 and got["worker_ticks"] == got["frames"], (phase, got)
    assert found["alone_hidden"]["worker"] is False
    assert found["after"] == [1, "linked"]


def test_page_line_hands_bytes_to_the_page_and_back(micropython):
    code = test_web.PARTS + """
from page_parts import PageLine
class Page:
    def __init__(self): self.sent = []; self.next = None
    def link_write(self, data): self.sent.append(data); return len(data)
    def link_read(self):
        d = self.next; self.next = None; return d
p = Page(); line = PageLine(p)
out = [line.read() == b'']
line.write(memoryview(b'abc')[1:])
out.append(p.sent == [b'bc'] and type(p.sent[0]) is bytes)
p.next = bytearray(b'xy')
out.append(line.read() == b'xy')
p.next = bytearray()
out.append(line.read() == b'')
print(out)
"""
    got = micropython.run(code).stdout.strip().splitlines()[-1]
    assert got == "[True, True, True, True]"
