"""The SSD1306 / SH1106 drivers at the byte level, against the emulated panels (MicroPython)."""

import pytest

KINDS = ("ssd1306", "sh1106")

PRELUDE = """
import json
from emu.i2c import I2CBus
from emu.oled_panels import make_panel
from hal.ssd1306 import SSD1306
from hal.sh1106 import SH1106
from lama.rng import SeededRng

def setup(kind, flip=False):
    bus = I2CBus()
    panel = make_panel(kind)
    bus.attach(0x3C, panel)
    d = (SH1106 if kind == "sh1106" else SSD1306)(bus, 0x3C, flip)
    return bus, panel, d

def expected_image(buf, flipped, inverted):
    out = bytearray(1024)
    for x in range(128):
        for y in range(64):
            sx, sy = (127 - x, 63 - y) if flipped else (x, y)
            bit = (buf[(sy >> 3) * 128 + sx] >> (sy & 7)) & 1
            if bit ^ inverted:
                out[(y >> 3) * 128 + x] |= 1 << (y & 7)
    return bytes(out)
"""


def run(micropython, body):
    return micropython.run_json(PRELUDE + body)


@pytest.mark.parametrize("kind", KINDS)
def test_init_sequence_brings_the_panel_on_with_blank_ram(micropython, kind):
    r = run(
        micropython,
        f"""
bus, panel, d = setup({kind!r})
print(json.dumps([panel.lit(), panel.errors, panel.ram_view() == bytes(1024),
                  panel.image() == bytes(1024), panel.seg_remap, panel.com_reversed,
                  panel.inverted, panel.entire_on, d.width, d.height, panel.contrast]))
""",
    )
    assert r == [True, [], True, True, True, True, False, False, 128, 64, 0x7F]


def test_ssd1306_stays_dark_without_its_charge_pump(micropython):
    r = run(
        micropython,
        """
from emu.oled_panels import SSD1306Panel
p = SSD1306Panel()
p.receive(bytes((0x00, 0xA5, 0xAF)))  # entire display on, display on: but no charge pump
dark = p.image() == bytes(1024)
p.receive(bytes((0x00, 0x8D, 0x14)))
print(json.dumps([dark, p.image() == b"\\xff" * 1024]))
""",
    )
    assert r == [True, True]


@pytest.mark.parametrize("kind", KINDS)
def test_random_drawing_keeps_panel_ram_equal_to_the_framebuffer(micropython, kind):
    r = run(
        micropython,
        f"""
rng = SeededRng(1234)
bus, panel, d = setup({kind!r})
flipped = 0
inverted = 0
bad = []
checks = 0
for step in range(400):
    op = rng.randbelow(9)
    c = rng.randbelow(2)
    x = rng.randbelow(140) - 6
    y = rng.randbelow(76) - 6
    if op == 0:
        d.pixel(x, y, c)
    elif op == 1:
        d.fill_rect(x, y, rng.randbelow(40), rng.randbelow(20), c)
    elif op == 2:
        d.line(x, y, rng.randbelow(128), rng.randbelow(64), c)
    elif op == 3:
        d.text("LAMA", x, y, c)
    elif op == 4:
        d.hline(x, y, rng.randbelow(128), c)
    elif op == 5 and rng.randbelow(8) == 0:
        d.fill(c)
    elif op == 6:
        d.scroll(rng.randbelow(5) - 2, rng.randbelow(5) - 2)
    elif op == 7 and rng.randbelow(6) == 0:
        flipped ^= 1
        d.flip(flipped)
    elif op == 8 and rng.randbelow(6) == 0:
        inverted ^= 1
        d.invert(inverted)
    if rng.randbelow(3) == 0:
        d.show()
        checks += 1
        if panel.ram_view() != bytes(d.buffer):
            bad.append(("ram", step))
        if step % 20 == 0 and panel.image() != expected_image(d.buffer, flipped, inverted):
            bad.append(("image", step))
d.show()
ok = panel.ram_view() == bytes(d.buffer)
img = panel.image() == expected_image(d.buffer, flipped, inverted)
print(json.dumps([bad, checks, ok, img, panel.errors]))
""",
    )
    bad, checks, ok, img, errors = r
    assert bad == []
    assert checks > 100
    assert ok and img
    assert errors == []


@pytest.mark.parametrize("kind", KINDS)
def test_one_pixel_change_sends_one_page_or_less(micropython, kind):
    r = run(
        micropython,
        f"""
bus, panel, d = setup({kind!r})
d.text("Hello", 10, 20, 1)
d.show()
out = []
for x, y in ((0, 0), (127, 63), (64, 31), (11, 21)):
    d.pixel(x, y, 1 - d.pixel(x, y))
    bus.reset_counters()
    panel.reset_counters()
    pages = d.show()
    out.append([pages, bus.transactions, bus.bytes, panel.data_bytes,
                panel.ram_view() == bytes(d.buffer)])
print(json.dumps(out))
""",
    )
    header = 13 if kind == "ssd1306" else 7  # Co=1 window commands + the data control byte
    for pages, transactions, nbytes, data, same in r:
        assert pages == 1
        assert transactions == 1
        assert data == 1
        assert nbytes == 1 + header + 1
        assert nbytes <= 1 + 1 + 128  # one page's worth or less
        assert same


@pytest.mark.parametrize("kind", KINDS)
def test_show_without_change_sends_nothing_and_full_change_is_one_frame(micropython, kind):
    r = run(
        micropython,
        f"""
bus, panel, d = setup({kind!r})
bus.reset_counters()
a = [d.show(), bus.transactions, bus.bytes]
d.fill(1)
bus.reset_counters()
b = [d.show(), bus.transactions, bus.bytes, panel.ram_view() == bytes(d.buffer)]
d.fill_rect(20, 8, 10, 16, 0)  # pages 1 and 2, columns 20..29
bus.reset_counters()
panel.reset_counters()
c = [d.show(), bus.transactions, panel.data_bytes]
print(json.dumps([a, b, c]))
""",
    )
    a, b, c = r
    assert a == [0, 0, 0]
    if kind == "ssd1306":
        assert b == [8, 1, 1 + 13 + 1024, True]  # one transaction for the whole frame
        assert c == [2, 1, 20]  # two pages, ten columns, one transaction
    else:
        assert b == [8, 8, 8 * (1 + 7 + 128), True]  # page addressing: one per page
        assert c == [2, 2, 20]


@pytest.mark.parametrize("kind", KINDS)
def test_contrast_invert_flip_power_reach_the_panel(micropython, kind):
    r = run(
        micropython,
        f"""
bus, panel, d = setup({kind!r})
d.pixel(0, 0, 1)
d.show()
out = []
d.contrast(12); out.append(panel.contrast)
d.contrast(999); out.append(panel.contrast)
d.invert(True); out.append(panel.inverted)
out.append(panel.image() == expected_image(d.buffer, 0, 1))
d.invert(False)
d.flip(True); out.append(d.show()); out.append(panel.image() == expected_image(d.buffer, 1, 0))
out.append(panel.pixel(127, 63))
d.flip(False); d.show(); out.append(panel.pixel(0, 0))
d.poweroff(); out.append([panel.on, d.is_on(), panel.image() == bytes(1024)])
d.poweron(); out.append([panel.on, d.is_on(), panel.pixel(0, 0)])
out.append(panel.errors)
print(json.dumps(out))
""",
    )
    # after a flip the whole frame is sent again (8 pages): the SSD1306 remaps only new data
    assert r == [12, 255, True, True, 8, True, 1, 1, [False, False, True], [True, True, 1], []]


def test_ssd1306_emulator_keeps_ram_on_a_remap_so_a_flip_needs_a_full_frame(micropython):
    r = run(
        micropython,
        """
bus, panel, d = setup("ssd1306")
d.text("LAMA", 0, 0, 1)
d.show()
panel.receive(bytes((0x00, 0xA0, 0xC0)))  # a remap change without new data
print(json.dumps(panel.image() == expected_image(d.buffer, 1, 0)))
""",
    )
    assert r is False  # mirrored leftovers: hence flip() resends everything


def test_flip_at_construction_and_address(micropython):
    r = run(
        micropython,
        """
bus = I2CBus()
panel = make_panel("ssd1306")
bus.attach(0x3D, panel)
d = SSD1306(bus, 0x3D, True)
d.pixel(0, 0, 1)
d.show()
try:
    SSD1306(bus, 0x3C)
    missing = "no error"
except OSError as e:
    missing = "OSError"
print(json.dumps([panel.seg_remap, panel.com_reversed, panel.pixel(127, 63), missing]))
""",
    )
    assert r == [False, False, 1, "OSError"]


def test_ssd1306_groups_pages_into_one_transaction_only_when_cheaper(micropython):
    r = run(
        micropython,
        """
bus, panel, d = setup("ssd1306")
out = []
for spans in (((0, 0, 5), (1, 100, 127)), ((2, 10, 20), (3, 12, 22), (4, 10, 21))):
    for page, lo, hi in spans:
        d.fill_rect(lo, page * 8, hi - lo + 1, 8, 1)
    bus.reset_counters()
    panel.reset_counters()
    d.show()
    out.append([bus.transactions, panel.data_bytes, panel.ram_view() == bytes(d.buffer)])
print(json.dumps(out))
""",
    )
    assert r == [[2, 6 + 28, True], [1, 3 * 13, True]]


@pytest.mark.parametrize("kind", KINDS)
def test_a_panel_that_stops_answering_never_stops_the_game_and_comes_back_whole(
    micropython, kind
):
    r = run(
        micropython,
        f"""
bus, panel, d = setup({kind!r}, flip=True)
d.text("LAMA", 0, 0, 1)
d.show()
d.invert(True)
del bus.devices[0x3C]  # unplugged: every write now fails with OSError EIO
out = []
d.text("DICE", 0, 20, 1)
out.append(d.show())
d.contrast(40); d.poweroff(); d.poweron()  # the power policy keeps talking to it
d.text("GO", 0, 40, 1)
out.append(d.show())
fresh = make_panel({kind!r})  # plugged back in after a power cut: off, settings lost
bus.attach(0x3C, fresh)
out.append(d.show())
out.append([fresh.on, fresh.contrast, fresh.inverted, fresh.ram_view() == bytes(d.buffer),
            fresh.image() == expected_image(d.buffer, 1, 1), fresh.errors])
d.pixel(100, 60, 1)
out.append(d.show())
print(json.dumps(out))
""",
    )
    assert r == [0, 0, 8, [True, 40, True, True, True, []], 1]


def test_a_missing_panel_at_construction_raises_oserror(micropython):
    r = run(
        micropython,
        """
out = []
for cls in (SSD1306, SH1106):
    try:
        cls(I2CBus(), 0x3C)
        out.append("made")
    except OSError as e:
        out.append(e.args[0])
print(json.dumps(out))
""",
    )
    assert r == [5, 5]
