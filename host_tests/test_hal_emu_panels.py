"""The emulated panels decode the I2C stream as the datasheets say (MicroPython and CPython)."""

from emu.i2c import I2CBus
from emu.oled_panels import SH1106Panel, SSD1306Panel, make_panel


def on_ssd1306():
    p = SSD1306Panel()
    p.receive(bytes((0x00, 0x8D, 0x14, 0xAF, 0xA1, 0xC8)))
    return p


def test_horizontal_window_wraps_to_the_window_start():
    p = on_ssd1306()
    # horizontal mode, columns 10..12, pages 2..3, then 8 bytes: 6 fill the window, 2 wrap
    p.receive(bytes((0x00, 0x20, 0x00, 0x21, 10, 12, 0x22, 2, 3)))
    p.receive(bytes((0x40, 1, 2, 3, 4, 5, 6, 7, 8)))
    assert list(p.ram[2 * 128 + 10 : 2 * 128 + 13]) == [7, 8, 3]
    assert list(p.ram[3 * 128 + 10 : 3 * 128 + 13]) == [4, 5, 6]
    assert p.ram[2 * 128 + 13] == 0 and p.ram[4 * 128 + 10] == 0
    assert p.errors == []


def test_vertical_addressing_walks_pages_first():
    p = on_ssd1306()
    p.receive(bytes((0x00, 0x20, 0x01, 0x21, 0, 1, 0x22, 0, 1)))
    p.receive(bytes((0x40, 1, 2, 3, 4, 5)))
    assert (p.ram[0], p.ram[128], p.ram[1], p.ram[129]) == (5, 2, 3, 4)


def test_page_addressing_wraps_within_the_page():
    p = on_ssd1306()
    p.receive(bytes((0x00, 0x20, 0x02, 0xB5, 0x0E, 0x17)))  # page 5, column 0x7E
    p.receive(bytes((0x40, 1, 2, 3)))
    assert (p.ram[5 * 128 + 126], p.ram[5 * 128 + 127], p.ram[5 * 128 + 126]) == (3, 2, 3)
    assert p.ram[6 * 128] == 0


def test_co_bit_control_bytes_interleave_commands_and_data():
    p = on_ssd1306()
    p.receive(bytes((0x80, 0x21, 0x80, 5, 0x80, 6, 0x80, 0x22, 0x80, 7, 0x80, 7, 0x40, 9, 8)))
    assert (p.ram[7 * 128 + 5], p.ram[7 * 128 + 6]) == (9, 8)
    assert p.command_bytes == 5 + 6 and p.data_bytes == 2  # on_ssd1306 sent 5


def test_command_arguments_may_span_transactions_and_bad_bytes_are_reported():
    p = on_ssd1306()
    p.receive(bytes((0x00, 0x81)))
    p.receive(bytes((0x00, 0x33)))
    assert p.contrast == 0x33
    p.receive(bytes((0x01, 0xAE)))
    p.receive(bytes((0x00, 0xFF)))
    p.receive(bytes((0x80,)))
    assert len(p.errors) == 3
    assert not p.on  # the command after the bad control byte still counts


def test_sh1106_page_and_nibble_columns_and_its_132_column_ram():
    p = SH1106Panel()
    p.receive(bytes((0x00, 0xAF, 0xA1, 0xC8, 0xB3, 0x02, 0x10)))  # page 3, column 2
    p.receive(bytes((0x40, 0xFF)))
    assert p.ram[3 * 132 + 2] == 0xFF
    assert p.ram_view()[3 * 128] == 0xFF  # column 2 is the first the glass shows
    assert p.pixel(0, 24) == 1
    p.receive(bytes((0x00, 0xB0, 0x03, 0x18)))  # page 0, column 131
    p.receive(bytes((0x40, 1, 2)))  # the second byte wraps to column 0
    assert (p.ram[131], p.ram[0]) == (1, 2)
    p.receive(bytes((0x00, 0xA0, 0xC0)))  # no remap: the picture turns round
    assert p.pixel(127, 39) == 1
    assert p.errors == []


def test_sh1106_has_no_window_commands():
    p = SH1106Panel()
    p.receive(bytes((0x00, 0x21, 0, 127)))
    assert p.errors  # 0x21 is not an SH1106 command: the driver must not rely on it


def test_bus_routes_by_address_and_counts_the_wire():
    bus = I2CBus()
    a = make_panel("ssd1306")
    bus.attach(0x3C, a)
    bus.writeto(0x3C, b"\x00\xaf")
    bus.writevto(0x3C, (b"\x40", memoryview(b"\x01\x02\x03")[1:]))
    assert bus.transactions == 2 and bus.bytes == 3 + 4
    assert bus.bits == 9 * 7 + 2 * 2
    assert a.ram[0:2] == b"\x02\x03"
    assert bus.scan() == [0x3C]
    try:
        bus.writeto(0x3D, b"\x00\xaf")
        raise AssertionError("no error for a missing device")
    except OSError:
        pass


def test_panels_decode_the_same_under_micropython(micropython):
    out = micropython.run(
        "import sys\n"
        "sys.path.insert(0, 'host_tests')\n"
        "import test_hal_emu_panels as t\n"
        "for name in sorted(dir(t)):\n"
        "    if name.startswith('test_') and not name.endswith('micropython'):\n"
        "        getattr(t, name)()\n"
        "print('ok')\n"
    ).stdout
    assert out.strip().endswith("ok")
