"""The browser board's link line: tabs of the page on one BroadcastChannel (tools/web/link.js) in headless Chromium, each tab with its own slot (saves, link id), and the board's PageLine under the MicroPython unix port."""

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
