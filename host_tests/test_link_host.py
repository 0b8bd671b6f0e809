"""The host's and a console's sides of a link game (link.host, link.console) over a tiny
in-memory stand-in of the bus: seats bound to consoles by their id on the bus, each action's share
for each console, a console's choice checked by the engine (a refused one answered with
the rule id, the state untouched), a console gone and back, garbage ignored."""

from lama import cards, games
from lama.rng import SeededRng
from lama.score import Rules
from link import msg
from link.console import LinkConsole
from lama.seats import bot, linked, person
from link.host import LinkHost
from link.rebuild import own_hand
from link.view import state_fields
from ui.games.session import Loaded, Session


class HostBusStandIn:
    def __init__(self):
        self.out = []  # (console id, payload)
        self.inbox = []
        self.pending = []

    def tick(self):
        pass

    def send(self, cid, payload):
        assert len(payload) <= msg.MAX_PAYLOAD
        self.out.append((cid, payload))
        return True

    def recv(self):
        return self.inbox.pop(0) if self.inbox else None

    def events(self):
        ev, self.pending = self.pending, []
        return ev


class ConsoleBusStandIn:
    def __init__(self):
        self.state = "linked"
        self.out = []
        self.inbox = []

    def tick(self):
        pass

    def send(self, payload):
        self.out.append(payload)
        return True

    def recv(self):
        return self.inbox.pop(0) if self.inbox else None


def table():
    """A host with console 1 (named BEN) in seat 1 of a card game."""
    bus = HostBusStandIn()
    host = LinkHost(bus)
    bus.pending.append(("joined", 1, b"\x01\x02"))
    bus.inbox.append((1, msg.encode(msg.HELLO, "BEN")))
    host.pump()
    assert host.consoles() == [(1, "BEN")]
    info = games.get(cards.GAME)
    seats = [person("ANA"), linked("BEN", 1), bot("DEV", "cautious")]
    ses = Session(Loaded(info, None, cards, {}, {}), seats, Rules(), 1, SeededRng(3),
                  SeededRng(4))
    bus.out = []
    host.start(ses)
    return host, bus, ses


def sent(bus, cid):
    return [msg.decode(p) for c, p in bus.out if c == cid]


def test_the_console_gets_its_seat_and_its_own_view():
    host, bus, ses = table()
    got = sent(bus, 1)
    assert got[0][0] == msg.START and got[0][1] == [cards.GAME, 1, ["ANA", "BEN", "DEV"], [2, 1, 0]]
    assert got[1][0] == msg.STATE and own_hand(got[1][1]) == (1, bytes(ses.state.hands[1]))


def test_a_legal_choice_is_played_and_a_refused_one_gets_the_rule_id():
    host, bus, ses = table()
    assert ses.link_wait() and ses.think() is None  # BEN's turn: nothing came yet
    bad = None
    for v in range(7):  # a card BEN does not hold, or that does not fit the top (C4)
        if (cards.PLAY, v) not in ses.legal():
            bad = (cards.PLAY, v)
            break
    before = ses.state.copy()
    bus.out = []
    bus.inbox.append((1, msg.encode(msg.ACT, list(bad))))
    host.pump()
    assert ses.think() is None
    got = sent(bus, 1)
    assert got[0][0] == msg.REFUSED and got[0][1] in ("C4", "C13")
    assert ses.state == before, "a refused choice changes nothing"
    good = ses.legal()[0]
    bus.inbox.append((1, msg.encode(msg.ACT, list(good))))
    host.pump()
    assert ses.think() == good
    bus.out = []
    ses.act(good)
    kinds = [m[0] for m in sent(bus, 1)]
    assert kinds == [msg.EVENTS, msg.STATE]


def test_a_choice_from_a_console_without_a_seat_or_not_its_turn_is_not_played():
    host, bus, ses = table()
    bus.pending.append(("joined", 2, b"\x09"))
    bus.inbox.append((2, msg.encode(msg.HELLO, "CAT")))
    bus.inbox.append((2, msg.encode(msg.ACT, list(ses.legal()[0]))))
    host.pump()
    assert 1 not in host.taken and ses.think() is None


def test_garbage_from_a_console_is_ignored():
    host, bus, ses = table()
    for junk in (b"", b"\xff\x00", msg.encode(msg.ACT, "no"), msg.encode(msg.ACT, [])):
        bus.inbox.append((1, junk))
    host.pump()
    assert host.taken == {} and ses.think() is None


def test_a_console_gone_is_said_once_and_back_it_gets_its_seat_and_view_again():
    host, bus, ses = table()
    bus.pending.append(("lost", 1))
    host.pump()
    assert host.take_gone() == 1 and host.take_gone() == -1
    assert not host.present(1)
    bus.out = []
    bus.pending.append(("joined", 1, b"\x01\x02"))  # the same console: the bus gives its id
    bus.inbox.append((1, msg.encode(msg.HELLO, "BEN")))
    host.pump()
    assert host.take_back() == 1 and host.present(1)
    got = sent(bus, 1)
    assert got[0][0] == msg.START and got[0][1][1] == 1 and got[1][0] == msg.STATE


def test_an_actions_share_goes_on_the_line_before_the_hosts_frame_is_drawn():
    """Session.act ticks the bus once every console's share is queued: the frames leave
    then if the line is free, not a drawn frame later."""
    host, bus, ses = table()
    log = []
    send = bus.send
    bus.send = lambda cid, payload: log.append("send") or send(cid, payload)
    bus.tick = lambda: log.append("tick")
    ses.act(ses.legal()[0])
    assert log == ["send", "send", "tick"]


def test_a_console_says_its_name_at_each_link_and_queues_whole_updates():
    bus = ConsoleBusStandIn()
    link = LinkConsole(bus, "BEN")
    link.pump()
    assert [msg.decode(p) for p in bus.out] == [(msg.HELLO, "BEN")]
    bus.state = "host lost"
    link.pump()
    bus.state = "linked"
    link.pump()
    assert len(bus.out) == 2, "named again once linked again"
    bus.inbox += [msg.encode(msg.START, [2, 1, ["A", "B"], [0, 1]]),
                  msg.encode(msg.STATE, [2]),
                  msg.encode(msg.EVENTS, [0, [["play", 0, 3]]])]
    link.pump()
    assert link.ready_start() == ([2, 1, ["A", "B"], [0, 1]], [2])
    assert not link.has_update(), "an update waits for its view"
    bus.inbox += [msg.encode(msg.STATE, [3]), b"\x00garbage", msg.encode(msg.REFUSED, "C4")]
    link.pump()
    assert link.next_update() == [0, [("play", 0, 3)], [3]]
    assert link.next_update() == ["refused", "C4", None]
    link.act((cards.PLAY, 3))
    assert msg.decode(bus.out[-1]) == (msg.ACT, [cards.PLAY, 3])


def test_the_host_puts_its_save_off_while_a_linked_consoles_person_is_to_act():
    """A save stops the host's CPU and the line for ~200 ms: while the person of a linked
    console on the line is to act (their move would wait behind it), the save waits, at
    most SAVE_WAIT_MS; it is due at once for anyone else's turn, or a console gone."""
    from link.host import SAVE_WAIT_MS

    host, bus, ses = table()
    assert ses.link_wait() and host.present(1)  # BEN's turn
    assert host.may_save(100) is False
    assert host.may_save(100 + SAVE_WAIT_MS - 1) is False
    assert host.may_save(100 + SAVE_WAIT_MS) is True  # not put off for ever
    assert host.may_save(5000) is False  # (a new wait)
    bus.pending.append(("lost", 1))
    host.pump()
    assert host.may_save(5001) is True  # BEN's console gone: nothing to wait for
    host, bus, ses = table()
    ses.act(ses.legal()[0])  # BEN's move: DEV's turn, a computer's
    assert not ses.link_wait() and host.may_save(0) is True


def test_a_save_put_off_waits_for_a_pause_in_the_consoles_moves_at_most_save_hold_ms():
    """Consoles' persons moving in a row, each within SAVE_WAIT_MS: the save waits for a
    pause (SAVE_WAIT_MS from the last action), at most SAVE_HOLD_MS from the first put
    off (it fell every 2 s whatever they did, a press in ten waiting behind it)."""
    from link.host import SAVE_HOLD_MS, SAVE_WAIT_MS

    host, bus, ses = table()
    assert host.may_save(100) is False
    t = 100
    while t + 1500 - 100 < SAVE_HOLD_MS:
        t += 1500
        host.acted(1, [])  # (BEN moved; BEN's turn again, as with persons in a row)
        assert host.may_save(t) is False
        assert host.may_save(t + 499) is False  # (over SAVE_WAIT_MS since the first put off)
    assert host.may_save(100 + SAVE_HOLD_MS) is True
    assert host.may_save(100 + SAVE_HOLD_MS + 1) is False  # (a new wait)
    assert host.may_save(100 + SAVE_HOLD_MS + SAVE_WAIT_MS + 1) is True


def test_the_bus_polls_first_the_console_whose_person_is_to_act():
    host, bus, ses = table()
    assert bus.first == 1  # BEN's turn
    bus.pending.append(("lost", 1))
    host.pump()
    assert bus.first == 0  # BEN's console gone
    host, bus, ses = table()
    ses.act(ses.legal()[0])
    assert bus.first == 0  # DEV's, a computer player's: no console first


def three_consoles(game):
    """A host with consoles 1-3 (BEN, CAT, DOT) in seats 1-3 of `game`, ANA at the host."""
    bus = HostBusStandIn()
    host = LinkHost(bus)
    for cid, name in ((1, "BEN"), (2, "CAT"), (3, "DOT")):
        bus.pending.append(("joined", cid, bytes([cid])))
        bus.inbox.append((cid, msg.encode(msg.HELLO, name)))
    host.pump()
    info = games.get(game.GAME)
    seats = [person("ANA"), linked("BEN", 1), linked("CAT", 2), linked("DOT", 3)]
    ses = Session(Loaded(info, None, game, {}, {}), seats, Rules(), 0, SeededRng(3),
                  SeededRng(4))
    host.start(ses)
    bus.out = []
    return host, bus, ses


def count_encodes(made):
    """msg.encode and msg.encode_each counting in `made` each message's kind (packed whole)
    and, for encode_each, ("head", kind) once and ("last", kind) once a message; returns
    the real ones."""
    encode, each = msg.encode, msg.encode_each
    msg.encode = lambda k, v=None: made.append(k) or encode(k, v)

    def counted(k, head, lasts):
        made.append(("head", k))
        made.extend(("last", k) for _ in lasts)
        return each(k, head, lasts)

    msg.encode_each = counted
    return encode, each


def test_an_actions_share_alike_for_several_consoles_is_encoded_once():
    """The events are encoded once for the consoles that see them alike (all but a seat
    that drew); the view's public part is packed once for all, a card game's last field
    (the seat's own hand) once a seat, a dice game's once; each console still gets its own
    share, the same as state_fields packed whole."""
    from lama import dice

    for game, draw in ((cards, False), (cards, True), (dice, False)):
        host, bus, ses = three_consoles(game)
        if game is cards:
            act = [a for a in ses.legal() if (a[0] == cards.DRAW) == draw][0]
        else:
            act = ses.legal()[0]
        made = []
        real = count_encodes(made)
        try:
            ses.act(act)
        finally:
            msg.encode, msg.encode_each = real
        kinds = [ev[0] for ev in sent(bus, 1)[0][1][1]]
        assert ("draw" in kinds) == draw, kinds
        assert made.count(msg.EVENTS) == 1, (game.GAME, draw, made)
        assert msg.STATE not in made, made
        assert made.count(("head", msg.STATE)) == 1, made
        assert made.count(("last", msg.STATE)) == (3 if game is cards else 1), (game.GAME, made)
        for cid in (1, 2, 3):
            got = sent(bus, cid)
            assert [m[0] for m in got] == [msg.EVENTS, msg.STATE]
            assert [p for c, p in bus.out if c == cid][1] == msg.encode(
                msg.STATE, state_fields(ses.state, cid))
            if game is cards:
                assert own_hand(got[1][1]) == (cid, bytes(ses.state.hands[cid])), "its own hand"
                for ev in got[0][1][1]:
                    assert ev[0] != "draw" or ev[2] == -1, "another's card unseen"


def test_a_seat_that_drew_gets_its_card_and_the_others_do_not():
    host, bus, ses = three_consoles(cards)
    ses.act((cards.DRAW,))  # ANA draws: BEN's turn, seat 1
    assert ses.state.turn == 1
    bus.out = []
    ses.act((cards.DRAW,))
    own = [ev for ev in sent(bus, 1)[0][1][1] if ev[0] == "draw"]
    others = [ev for cid in (2, 3) for ev in sent(bus, cid)[0][1][1] if ev[0] == "draw"]
    assert own and own[0][2] != -1
    assert others and all(ev[2] == -1 for ev in others)
