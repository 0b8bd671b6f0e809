"""The link's host and console machines on the emulated line: joining, polling, in-order exactly-once delivery, resends, lost and rejoining consoles, 2 to 6 consoles with bit errors and drops (plain asserts, run on MicroPython too)."""

from link import frame as F
from link.bus import QUIET_MS
from emu.link_rig import Rig


def exchange(rig, per_console, size=30):
    """The host sends `per_console` payloads to every console and each console as many
    back; returns when all have arrived."""
    n = len(rig.consoles)
    for k in range(per_console):
        for i in range(n):
            body = (b"h%d-%d-" % (i + 1, k)) + bytes(size)
            assert rig.host.send(rig.consoles[i].console_id, body)
            assert rig.consoles[i].send((b"c%d-%d-" % (i + 1, k)) + bytes(size))
    rig.until(lambda: all(len(g) >= per_console for g in rig.console_got)
              and len(rig.host_got) >= per_console * n, 60000)


def check_exactly_once(rig, per_console, size=30):
    n = len(rig.consoles)
    for i in range(n):
        want = [(b"h%d-%d-" % (i + 1, k)) + bytes(size) for k in range(per_console)]
        assert rig.console_got[i] == want, i
        mine = [p for c, p in rig.host_got if c == rig.consoles[i].console_id]
        assert mine == [(b"c%d-%d-" % (i + 1, k)) + bytes(size) for k in range(per_console)]


def test_consoles_join_with_ids_1_to_n():
    rig = Rig(3)
    rig.until(rig.all_linked, 3000)
    ids = sorted(c.console_id for c in rig.consoles)
    assert ids == [1, 2, 3]
    joined = sorted((e[1], e[2]) for e in rig.events if e[0] == "joined")
    assert joined == sorted((c.console_id, c.uid) for c in rig.consoles)
    assert rig.host.members() == [1, 2, 3]


def test_no_one_links_without_a_host():
    rig = Rig(2)
    rig.host_port.unplug()
    rig.run(3000)
    assert [c.state for c in rig.consoles] == ["searching", "searching"]
    assert rig.line.collisions == 0 and rig.host_port.sent == 0


def test_in_order_exactly_once_both_ways_on_a_clean_line():
    rig = Rig(2)
    rig.until(rig.all_linked, 3000)
    exchange(rig, 12)
    check_exactly_once(rig, 12)
    assert rig.line.collisions == 0
    assert rig.host.resent == 0


def test_six_consoles_is_five_and_a_sixth_is_refused():
    rig = Rig(6)
    rig.run(6000)
    assert rig.host.members() == [1, 2, 3, 4, 5]
    waiting = [c for c in rig.consoles if c.state != "linked"]
    assert len(waiting) == 1 and waiting[0].state == "searching"


def test_bit_errors_and_drops_are_resent_for_2_to_5_consoles():
    for n in (2, 3, 4, 5):
        rig = Rig(n, error=0.002, drop=0.002, seed=n)
        rig.until(rig.all_linked, 10000)
        exchange(rig, 8, size=60)
        check_exactly_once(rig, 8, size=60)
        assert rig.line.faults > 0


def test_heavy_faults_still_deliver_exactly_once():
    # a third of the 130-byte frames garbled or cut at some receiver
    rig = Rig(3, error=0.003, drop=0.003, seed=9)
    rig.until(rig.all_linked, 20000)
    exchange(rig, 6, size=120)
    check_exactly_once(rig, 6, size=120)
    assert rig.host.resent > 0
    assert not [e for e in rig.events if e[0] == "lost"]


def test_an_unplugged_console_is_lost_and_rejoins_with_its_id():
    rig = Rig(3)
    rig.until(rig.all_linked, 3000)
    gone = rig.consoles[1]
    cid = gone.console_id
    rig.ports[1].unplug()
    took = rig.until(lambda: ("lost", cid) in rig.events, 5000)
    assert took <= 2000
    assert cid not in rig.host.members()
    assert not rig.host.send(cid, b"x")
    # the others carry on meanwhile
    assert rig.host.send(rig.consoles[0].console_id, b"still here")
    rig.until(lambda: rig.console_got[0] == [b"still here"], 2000)
    rig.ports[1].replug()
    rig.until(lambda: cid in rig.host.members() and gone.state == "linked", 5000)
    assert gone.console_id == cid
    assert [e for e in rig.events if e[0] == "joined"][-1] == ("joined", cid, gone.uid)
    assert rig.host.send(cid, b"welcome back")
    rig.until(lambda: rig.console_got[1] == [b"welcome back"], 2000)


def test_a_short_unplug_loses_nothing():
    rig = Rig(2)
    rig.until(rig.all_linked, 3000)
    for k in range(4):
        rig.host.send(rig.consoles[0].console_id, b"m%d" % k)
    rig.ports[0].unplug()
    rig.run(300)
    rig.ports[0].replug()
    rig.until(lambda: len(rig.console_got[0]) == 4, 3000)
    assert rig.console_got[0] == [b"m0", b"m1", b"m2", b"m3"]
    assert not [e for e in rig.events if e[0] == "lost"]


def test_a_restarted_console_gets_its_id_and_a_fresh_session():
    rig = Rig(2)
    rig.until(rig.all_linked, 3000)
    cid = rig.consoles[0].console_id
    rig.restart_console(0)
    rig.until(lambda: rig.consoles[0].state == "linked"
              and rig.events[-1][0] == "joined", 5000)
    assert rig.consoles[0].console_id == cid
    assert rig.events[-2:] == [("lost", cid), ("joined", cid, b"uid1")]
    rig.host.send(cid, b"again")
    rig.until(lambda: rig.console_got[0][-1:] == [b"again"], 2000)


def test_host_lost_then_a_new_host_gives_the_same_ids():
    rig = Rig(3)
    rig.until(rig.all_linked, 3000)
    before = dict((c.uid, c.console_id) for c in rig.consoles)
    rig.host_port.unplug()
    rig.run(3000)
    assert [c.state for c in rig.consoles] == ["host lost"] * 3
    assert all(not c.send(b"x") for c in rig.consoles)
    rig.host_port.replug()
    rig.restart_host(epoch=99)  # switched off and on: knows nobody
    rig.until(rig.all_linked, 5000)
    assert dict((c.uid, c.console_id) for c in rig.consoles) == before


def test_a_new_host_told_the_ids_keeps_them_even_when_consoles_ask_in_another_order():
    rig = Rig(2)
    rig.host = type(rig.host)(rig.host_port, rig.clock.ticks_ms,
                              known={b"uid1": 4, b"uid2": 2}, epoch=3)
    rig.until(rig.all_linked, 3000)
    assert [c.console_id for c in rig.consoles] == [4, 2]


def test_a_slow_host_does_not_end_the_sessions():
    rig = Rig(2)
    rig.until(rig.all_linked, 3000)
    rig.host.send(rig.consoles[0].console_id, b"before")
    # the host's frames stop for 3 s (a long save), the consoles say "host lost" ...
    saved = rig.host.tick
    rig.host.tick = lambda: None
    rig.run(3000)
    assert rig.consoles[0].state == "host lost"
    rig.host.tick = saved
    rig.host.send(rig.consoles[0].console_id, b"after")
    rig.until(lambda: len(rig.console_got[0]) == 2, 3000)
    assert rig.console_got[0] == [b"before", b"after"]
    assert rig.consoles[0].state == "linked"
    assert not [e for e in rig.events if e[0] == "lost"]


def test_every_frame_on_the_wire_decodes_and_polls_take_turns():
    rig = Rig(4, record=True)
    rig.until(rig.all_linked, 3000)
    exchange(rig, 3)
    got = F.Decoder().feed(bytes(rig.line.wire))
    assert rig.line.collisions == 0
    # after the joining, every console frame answers the host frame just before it
    answers = 0
    for a, b in zip(got, got[1:]):
        if b.src != F.HOST and b.kind != F.HELLO:
            assert a.src == F.HOST and a.dst == b.src and a.kind == F.POLL, (a, b)
            answers += 1
    assert answers > 10


def test_a_payload_over_200_bytes_is_refused():
    rig = Rig(1)
    for bus, args in ((rig.host, (1, bytes(201))), (rig.consoles[0], (bytes(201),))):
        try:
            bus.send(*args)
        except ValueError as e:
            assert "200" in str(e)
        else:
            assert False


def test_a_poll_whose_last_byte_looks_like_a_sync_is_answered():
    """The decoder keeps a last byte equal to the sync's first (it may start a frame): a
    console must still answer a poll that ends in one (its checks' last byte, 0xB7)."""
    epoch = 35
    assert F.encode(2, 0, F.POLL, epoch, 255)[-1] == 0xB7  # the polls to console 2
    rig = Rig(2, seed=1)
    rig.restart_host(epoch)
    rig.until(rig.all_linked, 3000)
    rig.run(1000)
    assert rig.host.missed == 0
    two = [c for c in rig.consoles if c.console_id == 2][0]
    assert rig.host.send(2, b"x")
    rig.until(lambda: rig.console_got[rig.consoles.index(two)] == [b"x"], 1000)


class _Wire:
    """A console's port as its bus sees it: what the test puts in rx is read at the next
    tick; what the console writes is kept in out."""

    def __init__(self):
        self.rx = b""
        self.out = []

    def read(self):
        got = self.rx
        self.rx = b""
        return got

    def write(self, buf):
        self.out.append(bytes(buf))


def _bare_console():
    """A console's bus on a _Wire, its clock a list's first item: (bus, wire, now)."""
    from link.console_bus import ConsoleBus

    now = [0]
    wire = _Wire()
    return ConsoleBus(wire, lambda: now[0], b"uid1"), wire, now


def test_a_frame_half_heard_survives_a_second_tick_in_the_same_millisecond():
    """A link game ticks the bus through the frame's rest and again at the next frame's
    start, microseconds later: a frame half heard at the first must not be given up at the
    second (no byte came meanwhile, but the line is not quiet: the rest is on its way)."""
    con, wire, now = _bare_console()
    hello = F.encode(F.HOST, F.NOBODY, F.HELLO, 0, 0, b"\x00\x00uid1")
    welcome = F.encode(1, F.HOST, F.WELCOME, 9, 0xFF, b"uid1")
    poll = F.encode(1, F.HOST, F.POLL, 9, 255)
    wire.rx = F.encode(F.ALL, F.HOST, F.DISCOVER, 9, 0xFF)
    con.tick()
    assert wire.out == [hello]
    now[0] = 5
    wire.rx = welcome
    con.tick()
    assert con.state == "linked" and con.console_id == 1
    now[0] = 30
    wire.rx = poll[:7]
    con.tick()
    con.tick()  # the same millisecond, nothing more heard yet
    now[0] = 31
    wire.rx = poll[7:]
    con.tick()
    assert wire.out[-1] == F.encode(F.HOST, 1, F.ACK, 0, 255), "the poll is answered"
    assert con.dec.bad == 0
    now[0] = 40
    wire.rx = poll[:7]  # the rest never comes: given up once the line is quiet
    con.tick()
    now[0] = 41 + QUIET_MS
    con.tick()
    assert con.dec.n == 0


def test_a_frame_heard_in_clumps_ms_apart_is_not_given_up_between_them():
    """Bytes may reach the bus in clumps a few ms apart (an RX FIFO's, the emulated Picos'
    2 ms slices): a tick between two clumps of one frame, the line silent 2-3 ms, must not
    give the frame up (at a 1 ms quiet it was, and the poll went unanswered)."""
    con, wire, now = _bare_console()
    wire.rx = F.encode(F.ALL, F.HOST, F.DISCOVER, 9, 0xFF)
    con.tick()
    now[0] = 5
    wire.rx = F.encode(1, F.HOST, F.WELCOME, 9, 0xFF, b"uid1")
    con.tick()
    poll = F.encode(1, F.HOST, F.POLL, 9, 255)
    for t, part in ((30, poll[:4]), (32, b""), (33, poll[4:9]), (36, b""), (37, poll[9:])):
        now[0] = t
        wire.rx = part
        con.tick()
    assert wire.out[-1] == F.encode(F.HOST, 1, F.ACK, 0, 255), "the poll is answered"
    assert con.dec.bad == 0


def test_a_console_lost_and_back_with_its_session_gets_what_was_queued_once():
    rig = Rig(2)
    rig.until(rig.all_linked, 3000)
    cid = rig.consoles[0].console_id
    rig.host.send(cid, b"one")
    rig.until(lambda: rig.console_got[0] == [b"one"], 1000)
    rig.consoles[0].send(b"mine")
    rig.ports[0].unplug()
    rig.host.send(cid, b"two")  # queued while the cable is out
    rig.until(lambda: ("lost", cid) in rig.events, 5000)
    assert not rig.host.send(cid, b"refused while lost")
    rig.ports[0].replug()
    rig.until(lambda: rig.events[-1] == ("joined", cid, b"uid1"), 5000)
    rig.until(lambda: rig.console_got[0] == [b"one", b"two"], 2000)
    rig.until(lambda: (cid, b"mine") in rig.host_got, 2000)
    rig.run(500)
    assert rig.console_got[0] == [b"one", b"two"]
    assert rig.host_got.count((cid, b"mine")) == 1


def test_a_link_games_rest_ticks_the_bus_through_a_frame_s_sleep():
    from link.bus import rest

    class Bus:
        ticks = 0
        inbox = []

        def tick(self):
            self.ticks += 1

    slept = []
    bus = Bus()
    rest(bus, slept.append, 10, lambda: False, 4)
    assert slept == [4, 4, 2] and bus.ticks == 3
    rest(bus, slept.append, 0, lambda: False, 4)
    assert bus.ticks == 3
    rest(bus, slept.append, 10, lambda: True, 4)  # a press: the next frame answers it
    assert bus.ticks == 3
    bus.inbox = [b"x"]  # a payload came: the next frame shows it
    rest(bus, slept.append, 10, lambda: False, 4)
    assert bus.ticks == 4


def test_ticking_during_the_frames_sleep_shortens_a_round_trip():
    took = []
    for frame in (25, 4):  # the bus ticked once a 25 ms frame, or every 4 ms of its sleep
        rig = Rig(5, frame=frame, seed=3)
        rig.until(rig.all_linked, 5000)
        rig.run(100)
        c = rig.consoles[2]
        c.send(b"press")
        took.append(rig.until(lambda rig=rig: rig.host_got, 2000))
    assert took[1] * 2 < took[0], took


def test_consoles_of_a_restarted_host_rejoin_at_its_first_discovery():
    rig = Rig(3)
    rig.until(rig.all_linked, 3000)
    before = dict((c.uid, c.console_id) for c in rig.consoles)
    rig.restart_host(epoch=77)  # off and on at once: its polls carry another epoch
    took = rig.until(rig.all_linked, 5000)
    assert took < 1500  # well before the consoles would call the host lost (2.5 s)
    assert dict((c.uid, c.console_id) for c in rig.consoles) == before


def test_a_new_host_with_the_old_epoch_and_known_ids_starts_fresh_sessions():
    """A host switched off and on that happens to draw the same epoch, told the consoles'
    ids (a continued game): it has no session with them, so none is carried on."""
    rig = Rig(1, seed=5)
    rig.until(rig.all_linked, 3000)
    c = rig.consoles[0]
    for k in range(3):
        rig.host.send(c.console_id, b"old %d" % k)
    rig.until(lambda: len(rig.console_got[0]) == 3, 2000)
    epoch = rig.host.epoch
    rig.host = type(rig.host)(rig.host_port, rig.clock.ticks_ms, known={c.uid: c.console_id},
                              epoch=epoch)
    rig.until(lambda: rig.host.members() == [c.console_id], 6000)
    assert rig.host.send(c.console_id, b"new")
    rig.until(lambda: rig.console_got[0][-1:] == [b"new"], 2000)


def test_a_host_that_stood_still_gives_its_late_poll_time_to_be_answered():
    """A save's flash erase stops the Pico's CPU and its UART's interrupts: the poll the host
    wrote just before leaves only as it wakes, after the poll's deadline. The console has
    REPLY_MS from then: nothing is counted missed, nothing sent again (on the emulated
    Picos, 70 of 99 data frames were resends before)."""
    rig = Rig(1, seed=3)
    rig.until(rig.all_linked, 5000)
    rig.run(200)
    host = rig.host
    port = host.line
    con = rig.consoles[0]

    class Held:  # the host's TX held while it stands still
        def __init__(self):
            self.out = bytearray()

        def write(self, buf):
            self.out.extend(buf)
            return len(buf)

        def read(self):
            return port.read()

    def consoles_only(ms):
        for _ in range(ms):
            rig.clock.now += 1
            con.tick()

    got = []
    for k in range(3):
        consoles_only(30)  # the last poll answered, not read yet
        held = Held()
        host.line = held
        host.send(1, b"move%d" % k)
        host.tick()  # the answer read, the move and a poll written: the host stands still
        assert held.out
        consoles_only(80)
        host.line = port
        port.write(bytes(held.out))  # what it wrote leaves as it wakes ...
        missed, resent = host.missed, host.resent
        host.tick()  # ... and it ticks again at once
        for _ in range(200):
            rig.clock.now += 1
            con.tick()
            if rig.clock.now % 4 == 0:
                host.tick()
            m = con.recv()
            if m is not None:
                got.append(m)
        assert (host.missed, host.resent) == (missed, resent), k
    assert got == [b"move0", b"move1", b"move2"]


def test_a_host_on_hold_answers_nothing_new_and_polls_again_after():
    """LinkHost.out_now holds the bus through the host's save: the poll out is answered, no
    new poll, nothing written, the line quiet; off hold it polls at its next tick."""
    rig = Rig(2, seed=4)
    rig.until(rig.all_linked, 5000)
    rig.run(100)
    host = rig.host
    host.hold = True
    rig.run(200)
    assert host.waiting == -1
    polls, sent = host.polls, host.bytes_out
    rig.run(300)
    assert (host.polls, host.bytes_out) == (polls, sent)
    assert len(host.members()) == 2  # (no console lost meanwhile)
    host.hold = False
    host.tick()
    assert host.polls == polls + 1 or host.waiting == 0


def test_a_payload_heard_is_answered_at_the_hosts_next_tick_before_another_poll():
    """A console's move heard: the host polls no one until the game took it (at most
    TAKE_MS), so the game's answer goes on the line at the tick after it, not behind the
    poll of a console that may be a whole frame (drawing) from answering."""
    rig = Rig(2, seed=5)
    rig.until(rig.all_linked, 5000)
    rig.run(100)
    host = rig.host
    con = rig.consoles[0]
    assert con.send(b"my move")
    while not host.inbox:  # the host ticks alone, each console at every ms
        rig.clock.now += 1
        for c in rig.consoles:
            c.tick()
        host.tick()
    assert host.waiting == -1  # (no poll went out with the tick that heard it)
    assert host.recv() == (con.console_id, b"my move")
    before = host.bytes_out
    assert host.send(con.console_id, b"its events") and host.send(2, b"theirs")
    host.tick()  # the game's answer: on the line at once, then the next poll
    assert host.bytes_out - before >= 2 * (F.HEADER + F.TRAILER) + 16
    got = []
    for _ in range(100):
        rig.clock.now += 1
        for c in rig.consoles:
            c.tick()
            m = c.recv()
            if m is not None:
                got.append(m)
    assert sorted(got) == [b"its events", b"theirs"]


def test_a_payload_the_game_does_not_take_holds_the_polls_only_a_while():
    rig = Rig(1, seed=6)
    rig.until(rig.all_linked, 5000)
    host = rig.host
    assert rig.consoles[0].send(b"x")
    while not host.inbox:
        rig.clock.now += 1
        rig.consoles[0].tick()
        host.tick()
    polls = host.polls
    for _ in range(200):  # nobody takes it: the host polls again after TAKE_MS
        rig.clock.now += 1
        rig.consoles[0].tick()
        host.tick()
    assert host.polls > polls + 5


def test_a_consoles_rest_ends_once_an_update_is_whole_not_at_its_events():
    """The host sends an action's EVENTS then its STATE, back to back: a console's rest goes
    on through the STATE's bytes (a frame run between them shows nothing and the update
    waits for its end), and ends once the STATE is in; anything else ends it at once."""
    from link import msg
    from link.console import LinkConsole

    class Bus:
        state = "linked"

        def __init__(self, coming):
            self.coming = coming
            self.inbox = []
            self.ticks = 0

        def tick(self):
            self.ticks += 1
            got = self.coming.pop(0) if self.coming else None
            if got is not None:
                self.inbox.append(got)

    events = msg.encode(msg.EVENTS, [1, [["play", 1, 3]]])
    state = msg.encode(msg.STATE, [1, 2])
    bus = Bus([None, events, None, state, None, None])
    LinkConsole(bus, "BEN").rest(lambda ms: None, 40, lambda: False, 4)
    assert bus.ticks == 4 and len(bus.inbox) == 2
    bus = Bus([msg.encode(msg.ROSTER, ["BEN"]), None])
    LinkConsole(bus, "BEN").rest(lambda ms: None, 40, lambda: False, 4)
    assert bus.ticks == 1
    bus = Bus([events, None, None])  # its STATE lost: the rest ends in its time
    LinkConsole(bus, "BEN").rest(lambda ms: None, 20, lambda: False, 4)
    assert bus.ticks == 5


def test_the_console_whose_person_is_to_act_is_polled_every_other_poll():
    """bus.first (link.host: the console whose person is to act) is polled every other
    poll, so its choice waits behind one other console's poll at most; the others still
    take turns; a first console gone is polled no more."""
    rig = Rig(4, seed=8)
    rig.until(rig.all_linked, 5000)
    host = rig.host
    polled = []
    write = host._write

    def logged(dst, src, kind, seq, ack, payload=b""):
        if kind == F.POLL:
            polled.append(dst)
        write(dst, src, kind, seq, ack, payload)

    host._write = logged
    host.first = 3
    rig.run(2000)
    assert len(polled) > 40
    assert all(polled[i] == 3 or polled[i + 1] == 3 for i in range(len(polled) - 1))
    assert {1, 2, 4} <= set(polled)
    host.first = 0
    del polled[:]
    rig.run(1000)
    assert max(polled.count(c) for c in (1, 2, 3, 4)) <= min(polled.count(c) for c in (1, 2, 3, 4)) + 2


def play_turns(actors, turns, think_ms):
    """Five consoles; the persons of `actors` play in turn (bus.first), each choosing
    `think_ms` after the last choice and answering a poll with it; 30 ms after each choice
    (the host's frame that applies it) the host queues the move's two frames for every
    console. (the polls: [(console, ms)], the
    ms each console waited for each move's last frame)"""
    rig = Rig(5, seed=3)
    rig.until(rig.all_linked, 8000)
    host = rig.host
    by_id = {c.console_id: c for c in rig.consoles}
    polled = []
    write = host._write

    def logged(dst, src, kind, seq, ack, payload=b""):
        if kind == F.POLL:
            polled.append((dst, rig.clock.now))
        write(dst, src, kind, seq, ack, payload)

    host._write = logged
    seen = [len(g) for g in rig.console_got]
    queued = {}
    late = []

    def step():
        rig.step()
        for i, g in enumerate(rig.console_got):
            while seen[i] < len(g):
                p = g[seen[i]]
                seen[i] += 1
                if p in queued:
                    late.append(rig.clock.now - queued[p])

    polled.append((0, rig.clock.now))
    for turn in range(turns):
        actor = actors[turn % len(actors)]
        host.first = actor
        for _ in range(think_ms):
            step()
        assert by_id[actor].send(b"choice %d" % turn)
        while (actor, b"choice %d" % turn) not in rig.host_got:
            step()
        for _ in range(30):
            step()
        for c in host.members():  # the move's share for every console
            assert host.send(c, b"events %d" % turn)
            assert host.send(c, b"state %d" % turn)
        queued[b"state %d" % turn] = rig.clock.now
    for _ in range(2000):
        step()
    assert len(late) == turns * 5
    return polled, late


def test_the_consoles_whose_persons_act_do_not_starve_the_others_of_polls():
    """The persons of consoles 1 and 2 playing in turn, each choice polled again at once
    (REPOLL): consoles 3 to 5 are still polled in turn, so each acks what it was sent (on
    six emulated Picos console 5 went 1.5 s unpolled, and a move reached it 330 ms after
    the others: its window full)."""
    polled, late = play_turns((1, 2), 30, 120)
    for c in (3, 4, 5):
        times = [polled[0][1]] + [t for d, t in polled if d == c]
        assert max(b - a for a, b in zip(times, times[1:])) <= 600, c  # (5.2 s before)
    assert max(late) <= 50, sorted(late)[-10:]


def test_moves_faster_than_a_round_of_polls_still_reach_every_console_at_once():
    """Moves every ~100 ms, faster than a console's turn to be polled comes round: a
    console whose window is full is polled before the others' turns, so its ack lets the
    rest go (0.8 s late before)."""
    _, late = play_turns((2, 3, 4, 5), 40, 50)
    assert max(late) <= 100, sorted(late)[-10:]


def test_with_no_consoles_person_to_act_idle_polls_leave_the_line_free():
    """first 0 (the host's person or a computer player to act): with nothing queued, a poll
    goes out IDLE_POLL_MS after the last answer at the soonest, so the host's move finds
    the line free; what is queued still goes at once, and with first unknown (-1) or a
    console's person to act, polls follow each other as fast as they are answered."""
    from link.host_bus import IDLE_POLL_MS

    counts = []
    for first in (-1, 0, 2):
        rig = Rig(2, seed=9, frame=4)
        rig.until(rig.all_linked, 5000)
        host = rig.host
        host.first = first
        rig.run(100)
        polls = host.polls
        rig.run(1200)
        counts.append(host.polls - polls)
    assert counts[1] <= 1200 // IDLE_POLL_MS + 1, counts
    assert counts[0] > 2 * counts[1] and counts[2] > 2 * counts[1], counts
    host.first = 0
    rig.run(200)
    took = []
    got = rig.console_got[0]
    for k in range(3):
        assert host.send(rig.consoles[0].console_id, b"now%d" % k)
        took.append(rig.until(lambda k=k: len(got) == k + 1, 1000))
    assert max(took) <= 12, took  # (sent at the host's next tick, its 4 ms frame)


def test_the_discovery_slot_is_rarer_while_a_consoles_person_is_to_act():
    """A discovery slot holds the line ~45 ms: while a console's person is to act (first)
    it opens every DISCOVER_TURN_MS, else every DISCOVER_MS (a console may come back)."""
    from link.bus import DISCOVER_MS
    from link.host_bus import DISCOVER_TURN_MS

    slots = []
    for first in (1, 0):
        rig = Rig(1, seed=10, frame=4)
        rig.until(rig.all_linked, 5000)
        host = rig.host
        host.first = first
        rig.run(DISCOVER_TURN_MS)
        got = []
        write = host._write

        def logged(dst, src, kind, seq, ack, payload=b"", got=got, write=write):
            if kind == F.DISCOVER:
                got.append(dst)
            write(dst, src, kind, seq, ack, payload)

        host._write = logged
        rig.run(3 * DISCOVER_TURN_MS)
        slots.append(len(got))
    assert slots[0] <= 3 and slots[1] >= 3 * DISCOVER_TURN_MS // DISCOVER_MS - 2, slots
    rig.host.first = 1
    rig.ports[0].unplug()  # that console gone (lost): its slot every DISCOVER_MS again
    rig.run(3000)
    assert rig.host.members() == []
    del got[:]
    rig.run(3 * DISCOVER_TURN_MS)
    assert len(got) >= 3 * DISCOVER_TURN_MS // DISCOVER_MS - 2, got


def test_a_host_on_hold_still_puts_what_it_queued_on_the_line_but_polls_no_one():
    """LinkHost.out_now holds the bus from its start: the poll (or discovery slot) out is
    answered or over, what the action queued goes out, and no poll follows it (the save
    would have waited for that poll's answer, or gone with it unanswered)."""
    rig = Rig(2, seed=12)
    rig.until(rig.all_linked, 5000)
    rig.run(100)
    host = rig.host
    host.hold = True
    polls = host.polls
    cid = rig.consoles[0].console_id
    assert host.send(cid, b"the move")
    rig.until(lambda: rig.console_got[0] == [b"the move"], 1000)
    rig.run(300)
    assert host.polls == polls and host.waiting == -1


def test_a_searching_console_leaves_a_discovery_slot_another_console_answered():
    """A console whose tick came after another's answer to the discovery slot (on the
    line at 460800 baud a HELLO is over in 0.7 ms) answered too, and its HELLO garbled the
    host's WELCOME to the first: five consoles ticked every 4 ms took 11 s to link. It
    hears the other consoles' HELLOs (only its own echo is skipped, once it has an id)."""
    from emu.line import Line
    from link.console_bus import ConsoleBus

    for other in (False, True):
        t = [0]
        line = Line(lambda t=t: t[0] * 1000)
        host, me = line.plug("host"), line.plug("me")
        c = ConsoleBus(me, lambda t=t: t[0], b"uid1")
        c.rand = 1  # (no backoff: it answers the first slot it may)
        host.write(F.encode(F.ALL, F.HOST, F.DISCOVER, 7, 0xFF))
        if other:
            host.write(F.encode(F.HOST, F.NOBODY, F.HELLO, 0, 0, b"\x00\x00uid2"))
        t[0] = 5
        c.tick()
        t[0] = 10
        heard = [f.kind for f in F.Decoder(None).feed(host.read())]
        assert heard == [F.DISCOVER] + ([F.HELLO] if other else []) + (
            [] if other else [F.HELLO]), (other, heard)


def test_a_host_that_stood_still_closes_its_discovery_slot_at_once():
    """The late poll's extra REPLY_MS (above) is not a discovery slot's: a console's HELLO
    lost there comes again at the next slot, and the host's own frames drawn over STALL_MS
    (its press's picture, ~45 ms on the Pico) held its move's frames behind the slot, 40 ms
    more at each (EVENTS 95-107 ms after the host's press on the emulated Picos)."""
    from emu.line import Line
    from link.bus import REPLY_MS
    from link.host_bus import HostBus

    t = [0]
    line = Line(lambda: t[0] * 1000)
    host = HostBus(line.plug("host"), lambda: t[0], epoch=3)
    host.first = 0
    host.tick()
    assert host.waiting == 0  # the discovery slot open
    t[0] = REPLY_MS + 60  # stood still past its deadline (it hears its DISCOVER's echo)
    host.tick()
    t[0] += 1  # its next tick: the slot is over
    host.tick()
    assert host.waiting == -1
