"""The saved-game codec for L.L.A.M.A.: exact round trips, and refusal of truncated, corrupt
or inconsistent input (both interpreters)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as hs

from lama import cards, codec, codec_read
from lama.card_bots import BOTS
from lama.errors import CodecError
from lama.rng import SeededRng
from lama.score import Rules

import support


def states(seed, n, rules=None, every=1):
    """Every `every`-th state of a whole game between the three bots."""
    names = (["random", "cautious", "expert"] * 2)[:n]
    return support.states(cards, BOTS, names, seed, rules, every)


def sealed(b):
    """The bytes with a correct CRC again, so that the body's own checks are what refuse."""
    b = bytearray(b)
    crc = codec.crc16(b, len(b) - 2)
    b[-2] = crc >> 8
    b[-1] = crc & 0xFF
    return bytes(b)


def refused(data):
    try:
        codec_read.decode(data)
    except CodecError as e:
        return str(e)
    raise AssertionError("decoded bad input " + data.hex())


# Offsets in the body (after MAGIC, version, game id) for a game of n players.
def offsets(n):
    o = {"n": 0, "target": 1, "rounds": 3, "komarami": 5, "round_no": 6, "first": 8}
    o.update({"turn": 9, "phase": 10, "ender": 11, "reason": 12, "scores": 13})
    o["hands"] = o["scores"] + 2 * n
    o["quit"] = o["hands"] + 7 * n
    o["top"] = o["quit"] + n
    o["discard"] = o["top"] + 1
    o["pile"] = o["discard"] + 7
    return o


def mutations(n):
    """Corruptions of a TURN-phase body, each of which must be refused."""
    o = offsets(n)
    h = 4 + o["hands"]
    d = 4 + o["discard"]
    q = 4 + o["quit"]

    def setb(i, v):
        def f(b):
            b[i] = v

        return f

    def move_card(b):  # C13: a card appears from nowhere
        b[h] += 1

    def lose_card(b):  # C13: a card of seat 0's hand vanishes
        v = 0
        while not b[h + v]:
            v += 1
        b[h + v] -= 1

    def empty_hand(b):  # C9: a round in play with an empty hand
        for v in range(7):
            b[d + v] += b[h + v]
            b[h + v] = 0

    def active_quit(b):
        turn = b[4 + o["turn"]]
        b[q + turn] = 1

    def top_not_on_pile(b):
        top = b[4 + o["top"]]
        b[4 + o["top"]] = (top + 1) % 7
        nxt = (top + 1) % 7
        # move every card of the new top value off the discard into seat 0's hand
        b[h + nxt] += b[d + nxt]
        b[d + nxt] = 0

    def pile_card_out_of_range(b):
        k = b[4 + o["pile"]]
        if k:
            b[4 + o["pile"] + 1] = 9
        else:
            b[4 + o["pile"]] = 200

    return {
        "players": setb(4 + o["n"], 7),
        "komarami flag": setb(4 + o["komarami"], 2),
        "round 0": setb(4 + o["round_no"] + 1, 0),
        "first": setb(4 + o["first"], n),
        "turn": setb(4 + o["turn"], n),
        "phase": setb(4 + o["phase"], 9),
        "reason": setb(4 + o["reason"], 7),
        "card appears": move_card,
        "card lost": lose_card,
        "hand over 8": setb(h, 9),
        "empty hand": empty_hand,
        "active quit": active_quit,
        "quit flag 2": setb(q, 2),
        "top out of range": setb(4 + o["top"], 7),
        "top not on discard": top_not_on_pile,
        "pile card": pile_card_out_of_range,
    }


def test_round_trip_every_state_of_whole_games_both_variants():
    for seed in range(10):
        n = 2 + seed % 5
        rules = Rules(target=30 + seed, rounds=seed % 3, komarami=seed % 2 == 1)
        for s in states(seed, n, rules):
            data = codec.encode(s)
            back = codec_read.decode(data)
            assert back == s
            assert codec.encode(back) == data
            assert cards.legal_actions(back) == cards.legal_actions(s)


def test_every_truncation_and_trailing_byte_is_refused():
    s = cards.new_game(4, Rules(), 1, SeededRng(3))
    data = codec.encode(s)
    for k in range(len(data)):
        refused(data[:k])
    refused(data + b"\x00")


def test_bad_header_refused():
    data = codec.encode(cards.new_game(3, Rules(), 0, SeededRng(3)))
    assert "not a saved game" in refused(b"XX" + data[2:])
    assert "version" in refused(data[:2] + b"\x09" + data[3:])
    assert "checksum" in refused(data[:-1] + bytes([data[-1] ^ 1]))
    assert "game id" in refused(sealed(data[:3] + b"\x07" + data[4:]))


def test_corrupt_and_inconsistent_bodies_refused():
    for n in (2, 4, 6):
        s = cards.new_game(n, Rules(), 0, SeededRng(n))
        cards.apply(s, (cards.DRAW,), None)
        good = codec.encode(s)
        assert codec_read.decode(good) == s
        for name, mutate in mutations(n).items():
            b = bytearray(good)
            mutate(b)
            assert bytes(b) != good, name
            msg = refused(sealed(b))
            if name in ("card appears", "card lost"):
                assert "C13" in msg


def test_finished_round_must_say_who_ended_it_and_why():
    s = cards.new_game(2, Rules(), 0, SeededRng(4))
    s.hands[0][s.top] += 0
    for v in range(7):  # seat 0 holds nothing but one card that fits: it goes out
        s.discard[v] += s.hands[0][v]
        s.hands[0][v] = 0
    s.discard[s.top] -= 1
    s.hands[0][s.top] = 1
    cards.apply(s, (cards.PLAY, s.top), None)
    good = codec.encode(s)
    assert codec_read.decode(good) == s and s.phase == cards.ROUND_OVER
    o = offsets(2)
    for i, v in ((o["ender"], 255), (o["reason"], 0), (o["reason"], 2), (o["phase"], 4)):
        b = bytearray(good)
        b[4 + i] = v
        refused(sealed(b))


@settings(max_examples=300, deadline=None)
@given(hs.integers(0, 2000), hs.integers(0, 400), hs.integers(0, 255))
def test_random_byte_corruption_refused_or_a_consistent_state(seed, pos, value):
    s = list(states(seed, 2 + seed % 5, every=9))[-1 if seed % 2 else 0]
    data = bytearray(codec.encode(s))
    data[pos % len(data)] = value
    try:
        back = codec_read.decode(bytes(data))
    except CodecError:
        return
    assert codec.encode(back) == bytes(data)  # what decodes is exactly what was stored


@settings(max_examples=300, deadline=None)
@given(hs.integers(0, 2000), hs.integers(4, 400), hs.integers(0, 255))
def test_sealed_body_corruption_refused_or_a_consistent_state(seed, pos, value):
    s = list(states(seed, 2 + seed % 5, every=9))[-1 if seed % 2 else 0]
    data = bytearray(codec.encode(s))
    data[4 + pos % (len(data) - 6)] = value
    try:
        back = codec_read.decode(sealed(data))
    except CodecError:
        return
    assert codec.encode(back) == sealed(data)
    for p in range(back.n):  # a state the rules can go on from
        cards.view(back, p)
    cards.legal_actions(back)


MP_CODE = """
import json
from lama import codec, codec_read
out = []
for h in IN:
    try:
        codec_read.decode(bytes.fromhex(h))
        out.append("ok")
    except Exception as e:
        out.append(type(e).__name__)
print(json.dumps(out))
"""


def test_same_bytes_and_same_refusals_under_micropython(micropython):
    probes = []
    for seed in range(6):
        probes += [codec.encode(s) for s in states(seed, 2 + seed % 5, every=11)]
    n_good = len(probes)
    s = cards.new_game(4, Rules(komarami=True), 0, SeededRng(8))
    good = codec.encode(s)
    probes += [good[:-1], good[:9], good + b"\x01"]
    for mutate in mutations(4).values():
        b = bytearray(good)
        mutate(b)
        assert bytes(b) != good
        probes.append(sealed(b))
    code = "IN = " + json.dumps([p.hex() for p in probes]) + "\n" + MP_CODE
    got = micropython.run_json(code)
    assert got == ["ok"] * n_good + ["CodecError"] * (len(probes) - n_good)
    enc = "from lama import cards, codec, codec_read\nfrom lama.rng import SeededRng\nfrom lama.score import Rules\n"
    enc += "print(codec.encode(cards.new_game(4, Rules(komarami=True), 0, SeededRng(8))).hex())"
    assert micropython.run(enc).stdout.strip() == good.hex()
