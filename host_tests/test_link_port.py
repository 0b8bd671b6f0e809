"""The link port of the Pico profiles: UART0 on GP0/GP1 made at first use, and two profile-built boards linking over one emulated line (on the rp2 machine API's test double)."""

import os

import pytest

from link.bus import BAUD

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
FAKE_RP2 = os.path.join(HERE, "fake_rp2")
PROFILES = ("pico_ssd1306", "pico_sh1106")


@pytest.mark.parametrize("profile", PROFILES)
def test_the_profile_s_link_port_is_uart0_on_gp0_gp1_opened_at_first_use(micropython, profile):
    r = micropython.run_json(
        f"""
import json
import machine
import {profile} as profile
import sys
b = profile.make_board()
loaded = "hal.link_port" in sys.modules
has = b.has_link()
before = len(machine.made["uarts"])
first = b.link.read()
b.link.write(b"hello")
u = machine.made["uarts"][0]
rx_pull = [p.pull for p in machine.made["pins"] if p.gpio == 1][-1:]
print(json.dumps([loaded, has, b.link is b.link, before, first.decode(), b.link.read().decode(), b.link.read().decode(),
                  u.id, u.tx.gpio, u.rx.gpio, u.baudrate, u.invert, u.timeout,
                  rx_pull == [machine.Pin.PULL_UP], len(machine.made["uarts"])]))
""",
        path=[FAKE_RP2, os.path.join(ROOT, "board")],
    )
    assert r == [False, True, True, 0, "", "hello", "", 0, 0, 1, BAUD, 0, 0, True, 1]


def test_two_profile_boards_link_over_one_line(micropython):
    r = micropython.run_json(
        """
import json
import machine
from emu.line import Line
from link.console_bus import ConsoleBus
from link.host_bus import HostBus
now = [0]
machine.LINE = Line(lambda: now[0] * 1000)
import pico_ssd1306 as profile
a = profile.make_board()
b = profile.make_board()
ticks = lambda: now[0]
host = HostBus(a.link, ticks, epoch=5)
con = ConsoleBus(b.link, ticks, b"\\x01\\x02")
got = []
for t in range(3000):
    now[0] = t
    if t % 25 == 0:
        host.tick()
    if t % 25 == 12:
        con.tick()
        m = con.recv()
        if m:
            got.append(m.decode())
    if t == 500:
        host.send(1, b"your hand")
ev = [(e[0], e[1], list(e[2])) for e in host.events()]
print(json.dumps([ev, con.state, got]))
""",
        path=[FAKE_RP2, os.path.join(ROOT, "board")],
    )
    assert r == [[["joined", 1, [1, 2]]], "linked", ["your hand"]]


def test_the_link_port_waits_for_its_bytes_to_go_before_a_save_and_never_hangs(micropython):
    """UartLine.flush (LinkHost.out_now, before the host's save stops the UART's interrupts):
    the UART's flush; nothing before the port is opened; a flush that times out is left."""
    r = micropython.run_json(
        """
import json
import machine
import pico_ssd1306 as profile
b = profile.make_board()
b.link.flush()
none_made = len(machine.made["uarts"])
b.link.write(b"move")
b.link.flush()
u = machine.made["uarts"][0]
once = u.flushes
u.stuck = True
b.link.flush()
print(json.dumps([none_made, once, u.flushes]))
""",
        path=[FAKE_RP2, os.path.join(ROOT, "board")],
    )
    assert r == [0, 1, 2]
