"""Emulated Picos on one link line (tools/pico/link_wire.py): UART0 bytes through the line model, with tiny Thumb programs (no firmware needed), and, when PICO_FIRMWARE is set, two Picos running the official firmware and the project exchanging bus frames."""

import os
import shutil
import struct

import pytest

from link import frame as F
from link.bus import BAUD
from paths import ROOT
from pico import device, firmware
from pico.link_wire import LinkedPicos
from pico_thumb import Program

pytestmark = pytest.mark.skipif(
    not shutil.which("node") or not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")),
    reason="needs node and rp2040js (npm ci)")

UART0 = 0x40034000
UARTCR = 0x30
UARTFR = 0x18
RXFE = 1 << 4


def program(tmp_path, name, send=b""):
    """A Pico that turns UART0 on, sends `send` and sleeps."""
    prog = Program()
    prog.store(UART0 + UARTCR, 0x301)  # UARTEN, TXE, RXE
    for b in send:
        prog.store(UART0, b)
    return booted(prog, tmp_path, name)


def booted(prog, tmp_path, name, uid=None):
    """A Pico whose flash holds `prog` (then sleeping), made in tmp_path as NAME.bin."""
    prog.sleep_forever()
    image = bytearray(b"\xff" * firmware.FLASH_SIZE)
    code = prog.assemble()
    image[: len(code)] = code
    path = tmp_path / (name + ".bin")
    path.write_bytes(image)
    return device.Pico(str(path), uid=uid)


def rx_fifo(pico):
    """The bytes waiting in UART0's RX FIFO (read out, as the firmware would)."""
    out = bytearray()
    while not struct.unpack("<I", pico.peek(UART0 + UARTFR, 4))[0] & RXFE:
        out += pico.peek(UART0, 1)
    return bytes(out)


def test_a_frame_sent_by_one_pico_reaches_every_uart_after_its_wire_time(tmp_path):
    frame = F.encode(1, 0, F.POLL, 7, 255)
    a = program(tmp_path, "a", frame)
    b = program(tmp_path, "b")
    c = program(tmp_path, "c")
    try:
        wire = LinkedPicos([a, b, c], slice_ms=0.1)
        assert wire.line.baud == BAUD
        wire.unplug(2)
        wire.run(0.1)
        # 11 bytes take 242 µs at 460800 baud (link.bus.BAUD): after 0.1 ms B has only some
        early = rx_fifo(b)
        assert len(early) < len(frame)
        wire.run(2)
        assert early + rx_fifo(b) == frame
        assert rx_fifo(a) == frame  # the sender hears itself
        assert rx_fifo(c) == b""  # unplugged
        assert bytes(wire.line.wire) == frame
    finally:
        for p in (a, b, c):
            p.close()


SSI_DR0 = 0x18000060
RAM = 0x20001000


def unique_id_reader(tmp_path, name, uid=None):
    """A Pico that asks its flash for its unique ID (the 0x4B command, 4 dummy bytes, 8 of
    ID: a byte read back for each written, as the SDK's flash_get_unique_id) and keeps the
    13 bytes read in RAM, a word each."""
    prog = Program()
    for i in range(13):
        prog.store(SSI_DR0, 0x4B if i == 0 else 0)
        prog.copy(SSI_DR0, RAM + 4 * i)
    return booted(prog, tmp_path, name, uid)


def test_each_emulated_pico_has_a_flash_unique_id_of_its_own(tmp_path):
    """machine.unique_id() tells linked consoles apart (link.net.uid): rp2040js's flash
    answered zeros to every Pico; each now answers its own (or the one it is given)."""
    picos = [unique_id_reader(tmp_path, "a"), unique_id_reader(tmp_path, "b"),
             unique_id_reader(tmp_path, "c", uid=bytes(range(1, 9)))]
    try:
        ids = []
        for p in picos:
            p.run(5)
            words = struct.unpack("<13I", p.peek(RAM, 52))
            assert words[:5] == (0,) * 5, words  # the command and its dummy bytes
            ids.append(bytes(w & 0xFF for w in words[5:]))
        assert ids[2] == bytes(range(1, 9))
        assert len(set(ids)) == 3 and bytes(8) not in ids, ids
    finally:
        for p in picos:
            p.close()


# --- the official firmware ---------------------------------------------------------------
needs_firmware = pytest.mark.skipif(not os.environ.get(firmware.ENV),
                                    reason="PICO_FIRMWARE is not set")

MOUNT = """import codepack
print("MOUNT", codepack.mount())  # the modules from the code pack, as main.py does
import time
"""
HOST = MOUNT + """import gc
gc.collect()
free0 = gc.mem_free()
from hal.link_port import UartLine
from link.host_bus import HostBus
h = HostBus(UartLine((0, 0, 1, 460800, False)), time.ticks_ms, epoch=9)
t0 = time.ticks_ms()
sent = {}
t_max = t_sum = n = 0
while time.ticks_diff(time.ticks_ms(), t0) < %d:
    t1 = time.ticks_us()
    h.tick()
    t1 = time.ticks_diff(time.ticks_us(), t1)
    t_max = max(t_max, t1)
    t_sum += t1
    n += 1
    for e in h.events():
        print('EV', e[0], e[1])
    for c in h.members():
        k = sent.get(c, 0)
        if k < 3:
            h.send(c, b'hand %%d' %% k)
            sent[c] = k + 1
    m = h.recv()
    if m:
        print('GOT', m[0], m[1].decode())
    time.sleep_ms(25)
gc.collect()
print('HOST', h.polls, h.missed, h.resent, h.bytes_out, t_max, t_sum // max(1, n),
      free0 - gc.mem_free())
"""
CONSOLE = MOUNT + """from hal.link_port import UartLine
from link.console_bus import ConsoleBus
c = ConsoleBus(UartLine((0, 0, 1, 460800, False)), time.ticks_ms, b'pico-%d')
t0 = time.ticks_ms()
said = False
while time.ticks_diff(time.ticks_ms(), t0) < %d:
    c.tick()
    if c.state == 'linked' and not said:
        said = c.send(b'choice')
    m = c.recv()
    if m:
        print('GOT', m.decode())
    time.sleep_ms(25)
print('CONSOLE', c.state, c.console_id)
"""


def start_raw(pico, wire, code):
    """Stop the game (Ctrl-C), run `code` through the raw REPL, the line running meanwhile."""
    sock = pico.serial()
    sock.sendall(b"\r\x03\x03")
    assert wire.run_until(lambda: ">>> " in pico.text(), 3000, step_ms=20), pico.text()[-800:]
    sock.sendall(b"\x01")
    assert wire.run_until(lambda: "raw REPL; CTRL-B to exit\r\n>" in pico.text(), 3000,
                          step_ms=20), pico.text()[-800:]
    data = code.encode()
    for i in range(0, len(data), 64):  # as mpremote does: in small pieces
        sock.sendall(data[i:i + 64])
        wire.run(5)
    sock.sendall(b"\x04")
    return sock


@needs_firmware
@pytest.mark.parametrize("consoles", [1, 2])
def test_official_firmware_picos_link_and_exchange_frames(tmp_path, consoles):
    """A host and one or two consoles, each an emulated Pico running the official
    firmware and the project (make flash), their UART0s on one line."""
    from pico import provision

    flashed = provision.flashed(firmware.from_env())
    picos = [device.Pico(provision.copy_of(flashed, str(tmp_path / ("%d.bin" % i))))
             for i in range(consoles + 1)]
    try:
        for i, pico in enumerate(picos):
            code = HOST % 6000 if i == 0 else CONSOLE % (i, 5500)
            script = tmp_path / ("lk_%d.py" % i)
            script.write_text(code)
            pico.run(1500)  # booted into the game
            rc, out = provision.mpremote(pico, "cp", str(script), ":lk_%d.py" % i)
            assert rc == 0, out
        wire = LinkedPicos(picos)
        socks = [start_raw(p, wire, "import lk_%d\n" % i) for i, p in enumerate(picos)]
        wire.run_until(lambda: "HOST " in picos[0].text()
                       and all("CONSOLE " in p.text() for p in picos[1:]), 10000, step_ms=50)
        texts = [p.text() for p in picos]
        assert all("Traceback" not in t.split("raw REPL")[-1] for t in texts), (
            [t[-1500:] for t in texts])
        ta = texts[0]
        ids = set()
        for tb in texts[1:]:
            line = [x for x in tb.splitlines() if x.startswith("CONSOLE ")][-1]
            state, cid = line.split()[1:]
            assert state == "linked", tb[-1500:]
            ids.add(int(cid))
            assert "GOT hand 0" in tb and "GOT hand 2" in tb, tb[-1500:]
            assert "EV joined %s" % cid in ta and "GOT %s choice" % cid in ta, ta[-1500:]
        assert len(ids) == consoles
        # polls, missed, resent, bytes sent, the longest and the mean HostBus.tick() in µs,
        # the heap the link's modules, the bus and the UART's buffers took
        print([x for x in ta.splitlines() if x.startswith("HOST ")][-1])
        for s in socks:
            s.close()
    finally:
        for p in picos:
            p.close()


ERROR_RATE = 0.002  # a flipped bit in about one byte in 500 each console hears


@needs_firmware
def test_two_official_firmware_picos_play_a_linked_card_game_to_game_over(tmp_path):
    """The host and one console, emulated Picos on the official firmware with the project put
    on each by make flash (and the bench probe, which shows the harness the screen, whose
    turn it is and the final scores), on one line that flips bits now and then: the host
    sets a one-round game (its settings), Link game > Host; the console Link game > Join;
    the host's table: its person, the console's, a computer player; each person plays
    through the buttons (pico.link_game's policy) to game over. Both end on the same
    scores, neither printed a traceback, and no frame on the line gave the console a hand
    but its own."""
    from emu.link_audit import message_leaks, wire_messages
    from link import msg
    from link.rebuild import own_hand
    from pico import provision
    from pico.link_game import LinkGame

    game = LinkGame(provision.flashed(firmware.from_env(), probe=True), 2, tmp_path,
                    slice_ms=2.0, error=ERROR_RATE, seed=3)
    try:
        game.set_table(3, rounds=1)
        over = game.play_to_end(180_000)
        texts = game.texts()
        assert over, ([p.screen() for p in game.probes], [t[-1500:] for t in texts])
        assert all("Traceback" not in t for t in texts), [t[-1500:] for t in texts]
        scores = game.final_scores()
        assert scores[0] is not None and len(scores[0]) == 3, scores
        assert scores[1] == scores[0], scores
        assert {k for k, _ in game.moves} == {0, 1}, "both people played"
        sent = wire_messages(game.wire.line.wire)
        assert message_leaks(sent) == []
        states = [m[1] for _, m in sent if m[0] == msg.STATE and own_hand(m[1])]
        assert states, "the console got its view"
        ends = [ev[1] for _, m in sent if m[0] == msg.EVENTS for ev in m[1][1]
                if ev[0] == "game_end"]
        assert ends and list(ends[-1]) == scores[0], "what the line said is what it shows"
        assert game.wire.line.faults > 0, "the line did flip bits"
    finally:
        game.close()
