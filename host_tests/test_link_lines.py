"""The link lines of the emulated boards: the modelled wire (timing, a low wins, faults, unplugging), the simulator's loopback socket line, and board.link on the emulated board."""

import pytest

from emu.line import Line
from emu.socket_line import SLOTS, SocketLine, block_of
from link import frame as F


class T:
    now = 0


def test_bytes_take_their_time_and_every_port_hears_them_its_own_too():
    t = T()
    line = Line(lambda: t.now, baud=115200)
    a, b, c = line.plug("a"), line.plug("b"), line.plug("c")
    a.write(b"0123456789")  # 10 bytes: 868 µs at 115200
    t.now = 500
    first = b.read()
    assert 0 < len(first) < 10
    t.now = 900
    assert first + b.read() == b"0123456789"
    assert a.read() == b"0123456789" and c.read() == b"0123456789"


def test_a_low_wins_when_two_talk_at_once():
    t = T()
    line = Line(lambda: t.now)
    a, b = line.plug(), line.plug()
    a.write(b"\xf0")
    b.write(b"\x3c")
    t.now = 1000
    assert a.read() == b.read() == b"\x30"
    assert line.collisions == 1


def test_a_collision_never_makes_a_frame():
    t = T()
    line = Line(lambda: t.now)
    a, b, c = line.plug(), line.plug(), line.plug()
    for k in range(200):
        a.write(F.encode(0, 1, F.DATA, k & 255, 0, bytes([k & 255]) * (k % 50)))
        t.now += 30 + k % 17  # the other starts a little later, mid-frame
        b.write(F.encode(0, 2, F.DATA, k & 255, 0, bytes([255 - (k & 255)]) * (k % 40)))
        t.now += 20000
    assert F.Decoder().feed(c.read()) == []
    assert line.collisions > 0


def test_unplugged_ports_neither_send_nor_hear_and_replug():
    t = T()
    line = Line(lambda: t.now)
    a, b = line.plug(), line.plug()
    b.unplug()
    a.write(b"x")
    b.write(b"y")
    t.now = 1000
    assert a.read() == b"x" and b.read() == b""
    b.replug()
    b.write(b"z")
    t.now = 2000
    assert a.read() == b"z" and b.read() == b"z"


def test_faults_hit_each_receiver_on_its_own():
    t = T()
    line = Line(lambda: t.now, error=0.2, drop=0.1, seed=3, record=True)
    a, b = line.plug(), line.plug()
    a.write(bytes(range(200)))
    t.now = 10**6
    ra, rb = a.read(), b.read()
    assert bytes(line.wire) == bytes(range(200))
    assert ra != rb and len(ra) < 200 and len(rb) < 200
    assert line.faults > 50


def test_a_burst_of_noise_garbles_bytes_in_a_row_at_each_receiver_on_its_own():
    t = T()
    line = Line(lambda: t.now, burst=(0.01, 6), seed=5, record=True)
    a, b = line.plug(), line.plug()
    sent = bytes(range(256)) * 8
    a.write(sent)
    t.now = 10**6
    ra, rb = a.read(), b.read()
    assert bytes(line.wire) == sent and len(ra) == len(rb) == len(sent)
    assert ra != rb and line.bursts >= 10
    for got in (ra, rb):
        bad = [i for i in range(len(sent)) if got[i] != sent[i]]
        assert bad
        runs = 0  # bytes garbled next to another garbled one: bursts, not single errors
        for i in bad:
            runs += i + 1 in bad or i - 1 in bad
        assert runs > len(bad) // 2, bad


def test_the_wire_keeps_its_bytes_compactly_and_their_times_only_when_asked():
    t = T()
    plain = Line(lambda: t.now, baud=115200, record=True)
    timed = Line(lambda: t.now, baud=115200, record=True, stamps=True)
    for line in (plain, timed):
        line.plug().write(b"abc")
    t.now = 10**6
    for line in (plain, timed):
        line.plug().read()
        assert isinstance(line.wire, bytearray) and bytes(line.wire) == b"abc"
    assert plain.wire_t == [] and timed.wire_t == [87, 174, 261]


def test_socket_lines_of_one_name_hear_each_other_and_their_own_bytes():
    import time

    name = "test-%d" % (time.time_ns() % 10**9)
    a, b = SocketLine(name), SocketLine(name)
    other = SocketLine(name + "x")
    try:
        assert block_of(name) != block_of(name + "x")
        a.write(b"ping")
        time.sleep(0.05)
        assert a.read() == b"ping" and b.read() == b"ping" and other.read() == b""
        assert b.read() == b""
    finally:
        for x in (a, b, other):
            x.close()


def test_a_link_name_has_room_for_eight_and_says_so():
    import time

    name = "full-%d" % (time.time_ns() % 10**9)
    lines = []
    try:
        for _ in range(SLOTS):
            lines.append(SocketLine(name))
        with pytest.raises(ValueError, match="already has 8 consoles"):
            SocketLine(name)
        with pytest.raises(ValueError, match="1 to 40"):
            SocketLine("")
    finally:
        for x in lines:
            x.close()


def test_the_emulated_board_carries_the_configured_line(micropython):
    r = micropython.run_json(
        """
import json
from emu.board import configure, make_board, reset_config
from emu.line import Line
port = Line(lambda: 0).plug()
configure(link=port)
with_link = make_board().link is port
reset_config()
print(json.dumps([with_link, make_board().link is None]))
"""
    )
    assert r == [True, True]


def test_sim_link_option():
    from simulator.play import parse

    assert parse(["--link", "table"])["link"] == "table"
    with pytest.raises(ValueError, match="--link needs a value"):
        parse(["--link"])
    with pytest.raises(ValueError, match="headless"):
        parse(["--headless", "--out", "x", "--link", "t"])


def test_the_buses_link_over_the_socket_line():
    import time

    from link.console_bus import ConsoleBus
    from link.host_bus import HostBus

    name = "bus-%d" % (time.time_ns() % 10**9)
    a, b = SocketLine(name), SocketLine(name)

    def ms():
        return time.monotonic_ns() // 1_000_000 & 0x3FFFFFFF

    try:
        host = HostBus(a, ms, epoch=3)
        con = ConsoleBus(b, ms, b"terminal 2")
        got = []
        end = time.monotonic() + 10
        while time.monotonic() < end and not got:
            host.tick()
            con.tick()
            if host.members() and not host.pending(host.members()[0]):
                host.send(host.members()[0], b"over udp")
            m = con.recv()
            if m:
                got.append(m)
            time.sleep(0.005)
        assert got == [b"over udp"] and con.state == "linked"
    finally:
        a.close()
        b.close()


def test_the_line_runs_at_460800_baud_and_every_part_says_the_same_speed():
    """Issue 48 lets the link choose its speed: 460800 baud (board/README.md, "Link port":
    the documented pull-ups' rising edge fits its 2.2 µs bit on the documented line; a
    move's frames to five consoles take ~14 ms of the wire, not 57). The bus's timing
    (link.bus.BAUD), the UART each board profile opens, the line model's default and the
    emulated Picos' wire all use that one figure."""
    import ast
    import inspect
    import os

    from link.bus import BAUD
    from paths import ROOT
    from pico.link_wire import LinkedPicos

    assert BAUD == 460800
    for name in ("pico_ssd1306.py", "pico_sh1106.py"):
        with open(os.path.join(ROOT, "board", name)) as f:
            tree = ast.parse(f.read())
        link = [ast.literal_eval(n.value) for n in tree.body if isinstance(n, ast.Assign)
                and getattr(n.targets[0], "id", "") == "LINK"]
        assert link and link[0][3] == BAUD, (name, link)
    line = Line(lambda: 0)
    assert line.baud == BAUD and line.byte_us == 22  # 10 bits of 2.17 µs, rounded up
    assert inspect.signature(LinkedPicos).parameters["baud"].default == BAUD
    with open(os.path.join(ROOT, "board", "README.md")) as f:
        assert "LINK = (0, 0, 1, 460800, False)" in f.read()


def test_bytes_an_emulated_pico_ran_past_reach_its_uart_spaced_as_on_the_line():
    """The emulated Picos run in slices: what a Pico heard in a slice it had already run
    reaches it in its next one. Fed all at once, a 2 ms slice's bytes at 460800 baud (92)
    overran the UART's 32-byte RX FIFO and no console linked; paced, they come as late as
    the first of them, each after the one before as on the line."""
    from pico.link_wire import paced

    heard = [(1000 + 22000 * i, i) for i in range(92)]
    got = paced(heard, 2_001_000)
    assert [b for _, b in got] == list(range(92))
    assert got[0][0] == 2_001_000
    assert all(b[0] - a[0] == 22000 for a, b in zip(got, got[1:]))
    assert paced(heard, 0) == heard  # not run past yet: at their times
    assert paced([], 5) == []
