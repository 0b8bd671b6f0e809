"""The link game's messages (link.msg) and what one seat may know (link.view): round trips
of every kind, garbage and cut or flipped payloads decoded as None (never an exception),
each seat's view with nothing of another's hand, and the console's state rebuilt from it.
Plain asserts: test_link_micropython.py runs them again under the MicroPython unix port."""

from lama import cards, dice
from lama.rng import SeededRng
from lama.score import Rules
from link import msg
from link.rebuild import carry_clues, filler, own_hand, rebuild
from link.view import events_for, own_fields, public_fields, state_fields


def test_every_kind_round_trips():
    values = [
        (msg.HELLO, "BEN"),
        (msg.ROSTER, ["ANA", "BEN"]),
        (msg.START, [2, 1, ["ANA", "BEN", "DEV"], [0, 1, 0]]),
        (msg.EVENTS, [1, [["play", 1, 3], ["round_end", 2, "empty", [1, -4], [0, 10], [9, 0]]]]),
        (msg.ACT, [0, b"\x01\x00\x00\x00\x00\x00\x02"]),
        (msg.REFUSED, "C4"),
        (msg.END, None),
        (msg.STATE, [1, -1, 0, 300, 70000, -70000, b"", ""]),
    ]
    for kind, value in values:
        assert msg.decode(msg.encode(kind, value)) == (kind, value)


def test_the_wire_bytes_of_a_message_stay_those_documented():
    # ints, lists, tuples, text, bytes, None and bools, nested: the bytes every console of
    # the link reads (link.msg's docstring), as the first firmware with link play wrote them
    value = [1, [["play", 1, 3], ["round_end", 2, "empty", [1, -4, 300, -70000, True, None],
                                  [0, 10], b"\x09\x00"]], [[[[[]]]]], ()]
    wire = bytes.fromhex(
        "0403040002030203030104706c61790002000603060109726f756e645f656e6400040105656d707479"
        "03060002000700d80400dfc50800020403020000001402020900030103010301030103000300")
    assert msg.encode(msg.EVENTS, value) == wire
    back = value[:3] + [[]]  # (a tuple comes back as a list, a bool as its int)
    back[1][1][3][4] = 1
    assert msg.decode(wire) == (msg.EVENTS, back)


def test_a_message_over_200_bytes_is_refused():
    try:
        msg.encode(msg.HELLO, "X" * 300)
    except msg.TooLong:
        pass
    else:
        raise AssertionError("a 300-byte name went out")
    assert len(msg.encode(msg.HELLO, "X" * 190)) <= msg.MAX_PAYLOAD


def test_messages_with_one_head_and_each_last_are_those_packed_whole():
    head = [3, "ANA", [1, -2], b"\x00\x07", None]
    lasts = [[0, b"\x01\x02"], [5, b""], "x", []]
    assert msg.encode_each(msg.STATE, head, lasts) == [
        msg.encode(msg.STATE, head + [last]) for last in lasts]
    assert msg.encode_each(msg.STATE, head, []) == []
    for st in (cards.new_game(6, Rules(), 0, SeededRng(2)), dice.new_game(4, Rules(), 1, SeededRng(2))):
        seats = list(range(st.n))
        assert msg.encode_each(msg.STATE, public_fields(st), own_fields(st, seats)) == [
            msg.encode(msg.STATE, state_fields(st, seat)) for seat in seats]
    try:
        msg.encode_each(msg.HELLO, ["X" * 100], ["short", "Y" * 120])
    except msg.TooLong:
        pass
    else:
        raise AssertionError("a 230-byte message went out")


def test_garbage_cut_and_flipped_payloads_decode_as_none_or_a_message():
    good = msg.encode(msg.EVENTS, [1, [["play", 1, 3], ["draw", 2, -1]]])
    assert msg.decode(b"") is None and msg.decode(b"\x63\x00") is None
    for n in range(len(good)):  # cut short anywhere
        assert msg.decode(good[:n]) is None
    assert msg.decode(good + b"\x00") is None  # a byte too many
    rng = SeededRng(5)
    for _ in range(400):  # a bit flipped, or random bytes: None, or a whole message
        b = bytearray(good)
        i = rng.randbelow(len(b))
        b[i] ^= 1 << rng.randbelow(8)
        got = msg.decode(bytes(b))
        assert got is None or (got[0] in msg.KINDS)
        junk = bytes(rng.randbelow(256) for _ in range(rng.randbelow(40)))
        got = msg.decode(junk)
        assert got is None or got[0] in msg.KINDS
    deep = bytes([msg.ACT]) + b"\x03\x01" * 60 + b"\x04"  # lists in lists, too deep
    assert msg.decode(deep) is None


def _cards(n=4, seed=3):
    st = cards.new_game(n, Rules(), 0, SeededRng(seed))
    rng = SeededRng(seed + 1)
    for _ in range(7):  # a few turns in
        cards.apply(st, cards.legal_actions(st)[0], rng)
    return st


def test_a_cards_seat_gets_its_own_hand_and_only_sizes_of_the_others():
    st = _cards()
    for seat in range(st.n):
        f = msg.decode(msg.encode(msg.STATE, state_fields(st, seat)))[1]
        assert len(msg.encode(msg.STATE, state_fields(st, seat))) <= msg.MAX_PAYLOAD
        assert own_hand(f) == (seat, bytes(st.hands[seat]))
        back = rebuild(cards, f)
        assert [sum(h) for h in back.hands] == [sum(h) for h in st.hands]
        assert len(back.pile) == len(st.pile)  # the pile: its length only
        others = [bytes(st.hands[i]) for i in range(st.n) if i != seat]
        blob = msg.encode(msg.STATE, state_fields(st, seat))
        for h in others:  # no other hand's 7 counts anywhere in the bytes
            if h != bytes(st.hands[seat]) and h != bytes(st.discard):
                assert h not in blob
        back = rebuild(cards, f)
        assert back.hands[seat] == st.hands[seat]
        for i in range(st.n):
            if i != seat:
                assert back.hands[i] == filler(sum(st.hands[i]))
        assert back.turn == st.turn and back.scores == st.scores and back.top == st.top
        assert len(back.pile) == len(st.pile) and not any(back.pile)
        assert cards.legal_actions(back) == cards.legal_actions(st) or back.turn != seat


def test_six_seats_views_fit_a_payload():
    for game in (cards, dice):
        st = game.new_game(6, Rules(), 0, SeededRng(9))
        for seat in range(6):
            assert len(msg.encode(msg.STATE, state_fields(st, seat))) <= msg.MAX_PAYLOAD


def test_a_dice_state_rebuilds_without_the_set_aside_cards():
    st = dice.new_game(3, Rules(), 1, SeededRng(4))
    rng = SeededRng(8)
    for _ in range(5):
        dice.apply(st, dice.legal_actions(st)[0], rng)
    f = msg.decode(msg.encode(msg.STATE, state_fields(st, 2)))[1]
    back = rebuild(dice, f)
    assert [bytes(r) for r in back.rows] == [bytes(r) for r in st.rows]
    assert bytes(back.llama_row) == bytes(st.llama_row) and bytes(back.dice) == bytes(st.dice)
    assert not any(back.set_aside)
    assert dice.legal_actions(back) == dice.legal_actions(st)


def test_another_seats_drawn_card_and_the_deal_are_not_sent():
    events = [("round", 2, 0, [b"\x01" * 7], 3, b""), ("draw", 1, 5), ("play", 0, 2)]
    assert events_for(events, 1) == [("draw", 1, 5), ("play", 0, 2)]
    assert events_for(events, 0) == [("draw", 1, -1), ("play", 0, 2)]


def test_a_state_of_the_other_game_or_garbage_is_not_rebuilt():
    st = _cards()
    f = state_fields(st, 0)
    for bad in ([], [9] * 15, f[:5], f[:6] + [f[6][:10]], [f[0][:4]] + f[1:]):
        try:
            rebuild(cards, bad)
        except Exception:  # noqa: BLE001 - refused, whatever the error
            continue
        raise AssertionError("rebuilt from %r" % (bad,))
    try:
        rebuild(dice, f)
    except ValueError:
        pass
    else:
        raise AssertionError("a card state rebuilt as dice")


def test_a_view_packs_its_numbers_as_bytes_and_a_number_over_255_as_a_list():
    st = _cards()
    f = state_fields(st, 1)
    assert isinstance(f[0], bytes) and isinstance(f[1], bytes)  # the head, the scores
    one = len(msg.encode(msg.STATE, f))
    st.scores = [300, 12, 0, 255]  # a long game of fixed rounds
    st.round_no = 256
    f = msg.decode(msg.encode(msg.STATE, state_fields(st, 1)))[1]
    assert f[1] == [300, 12, 0, 255] and isinstance(f[0], list)
    back = rebuild(cards, f)
    assert back.scores == [300, 12, 0, 255] and back.round_no == 256
    assert back.turn == st.turn and back.hands[1] == st.hands[1]
    assert one <= 64, one  # a four-seat view: 64 bytes (96 when its numbers went one by one)


def test_a_consoles_state_carries_the_clues_the_table_saw_as_the_hosts_does():
    """A console rebuilds its state from each view the host sends (no clues in it) and
    moves the clues it had on by the move's events (link.rebuild.carry_clues): at every
    move of a seeded game, over rounds, the same clues as the host's state (issue 52: a
    linked console's hint reads the table as the host's expert does)."""
    for seed in (3, 11):
        host = cards.new_game(4, Rules(target=100, rounds=4), 0, SeededRng(seed))
        rng = SeededRng(seed + 7)
        seat = 2
        mine = rebuild(cards, msg.decode(msg.encode(msg.STATE, state_fields(host, seat)))[1])
        checked = rounds = 0
        while host.phase != cards.GAME_OVER and checked < 400:
            acts = cards.legal_actions(host)
            acts = [a for a in acts if a != (cards.QUIT,)] or acts  # (long rounds: clues)
            events = cards.apply(host, acts[rng.randbelow(len(acts))], rng)
            told = [msg.as_tuple(e) for e in msg.decode(
                msg.encode(msg.EVENTS, [0, events_for(events, seat)]))[1][1]]
            back = rebuild(cards, msg.decode(msg.encode(msg.STATE, state_fields(host, seat)))[1])
            rounds += back.round_no != mine.round_no
            carry_clues(mine, back, told)
            if host.phase == cards.TURN:
                assert bytes(back.clues) == bytes(host.clues), (seed, checked)
                checked += 1
            mine = back
        assert checked > 30 and rounds >= 1 and any(host.clues), (checked, rounds)
