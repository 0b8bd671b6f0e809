"""The saved-game codec for LAMA Dice: exact round trips, and refusal of bad input (both interpreters)."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lama import codec, codec_read, dice
from lama.dice_bots import BOTS
from lama.errors import CodecError
from lama.games import GAME_DICE
from lama.rng import SeededRng
from lama.score import Rules

import support

FIELDS = (
    "n",
    "scores",
    "round_no",
    "first",
    "turn",
    "phase",
    "ender",
    "reason",
    "points",
    "returned",
)
BYTE_FIELDS = ("llama_row", "discarded", "set_aside", "quit", "dice")


def states(seed, n, rules=None, every=1):
    """Every `every`-th state of a whole game between cautious and random bots."""
    return support.states(dice, BOTS, (["random", "cautious"] * 3)[:n], seed, rules, every)


def same(a, b):
    for f in FIELDS:
        assert getattr(a, f) == getattr(b, f), f
    for f in BYTE_FIELDS:
        assert bytes(getattr(a, f)) == bytes(getattr(b, f)), f
    assert [bytes(r) for r in a.rows] == [bytes(r) for r in b.rows]
    assert a.rules == b.rules


def frame(body):
    """A well-framed encoding (right magic, version, game, CRC) around any dice body."""
    head = codec.MAGIC + bytes([codec.FORMAT_VERSION, GAME_DICE])
    data = head + bytes(body)
    crc = codec.crc16(data, len(data))
    return data + bytes([crc >> 8, crc & 0xFF])


def body_of(data):
    return bytearray(data[4:-2])


def test_round_trip_every_state_of_many_games():
    count = 0
    for seed in range(30):
        n = 2 + seed % 5
        rules = Rules(rounds=3) if seed % 7 == 0 else Rules(target=20 + seed)
        for s in states(seed, n, rules):
            data = codec.encode(s)
            back = codec_read.decode(data)
            same(s, back)
            assert codec.encode(back) == data
            count += 1
    assert count > 1000


def test_decoded_game_plays_on_exactly_like_the_original():
    for s in states(11, 4, every=37):
        if s.phase == dice.GAME_OVER:
            break
        copy = codec_read.decode(codec.encode(s))
        r1, r2 = SeededRng(9), SeededRng(9)
        for _ in range(50):
            if s.phase == dice.GAME_OVER:
                break
            acts = dice.legal_actions(s)
            assert acts == dice.legal_actions(copy)
            a = acts[-1]
            assert dice.apply(s, a, r1) == dice.apply(copy, a, r2)
        assert codec.encode(s) == codec.encode(copy)
        return


def test_codec_rejects_truncated_input():
    data = codec.encode(dice.new_game(3, Rules(), 0, SeededRng(1)))
    for k in range(len(data)):
        with pytest.raises(CodecError):
            codec_read.decode(data[:k])


def test_codec_rejects_every_single_byte_corruption():
    for s in states(5, 3, every=25):
        data = codec.encode(s)
        for i in range(len(data)):
            for flip in (1, 0x80, 0xFF):
                bad = bytearray(data)
                bad[i] ^= flip
                with pytest.raises(CodecError):
                    codec_read.decode(bytes(bad))
        with pytest.raises(CodecError):
            codec_read.decode(data + b"\x00")


def test_codec_rejects_future_version():
    data = bytearray(codec.encode(dice.new_game(2, Rules(), 0, SeededRng(1))))
    data[2] = codec.FORMAT_VERSION + 1
    with pytest.raises(CodecError) as e:
        codec_read.decode(bytes(data))
    assert "version" in str(e.value)


def _layout(n):
    """Offsets of the body fields (see lama.dice.encode_body)."""
    off = {"n": 0, "target": 1, "rounds": 3, "komarami": 5, "round_no": 6, "first": 8}
    off.update({"turn": 9, "phase": 10, "ender": 11, "reason": 12, "scores": 13})
    off["rows"] = 13 + 2 * n
    off["llama_row"] = off["rows"] + 7 * n
    off["discarded"] = off["llama_row"] + 7
    off["set_aside"] = off["discarded"] + 7
    off["quit"] = off["set_aside"] + 7
    off["dice"] = off["quit"] + n
    off["points"] = off["dice"] + 3
    off["returned"] = off["points"] + n
    off["end"] = off["returned"] + n
    return off


def _mutations(n):
    o = _layout(n)

    def setb(field, k, v):
        def f(b):
            b[o[field] + k] = v

        return f

    def move(src, dst, sym):
        def f(b):
            b[o[src] + sym] -= 1
            b[o[dst] + sym] += 1

        return f

    def row_to_aside(b):
        k = 0
        while b[o["rows"] + k] == 0:
            k += 1
        move("rows", "set_aside", k)(b)

    return {
        "conservation": setb("discarded", 0, 3),
        "llama row two 1s": move("set_aside", "llama_row", 0),
        "set aside too many": row_to_aside,
        "too many players": setb("n", 0, 7),
        "phase": setb("phase", 0, 9),
        "turn": setb("turn", 0, n),
        "first": setb("first", 0, n),
        "quit flag": setb("quit", 0, 2),
        "active quit": setb("quit", 0, 1),
        "die face": setb("dice", 1, 0),  # die B has no 1
        "returned": setb("returned", 0, 5),
        "reason": setb("reason", 0, 9),
        "round 0": setb("round_no", 1, 0),
        "discard phase": setb("phase", 0, dice.CHOOSE_DISCARD),
        "round over": setb("phase", 0, dice.ROUND_OVER),
        "game over": setb("phase", 0, dice.GAME_OVER),
        "truncated body": lambda b: b.pop(),
        "trailing body": lambda b: b.append(0),
    }


def test_codec_rejects_inconsistent_bodies_even_with_a_valid_crc():
    s = dice.new_game(3, Rules(), 0, SeededRng(2))  # round 1, seat 0 to play, dice LLL
    good = body_of(codec.encode(s))
    assert codec.encode(codec_read.decode(frame(good))) == codec.encode(s)
    assert len(good) == _layout(3)["end"]
    for name, mutate in _mutations(3).items():
        bad = bytearray(good)
        mutate(bad)
        with pytest.raises(CodecError):
            codec_read.decode(frame(bad))
        assert name


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 10**6), st.data())
def test_codec_fuzzed_bodies_decode_to_valid_states_or_raise_codec_error(seed, data):
    s = list(states(seed % 1000, 2 + seed % 5, every=40))
    s = s[data.draw(st.integers(0, len(s) - 1))]
    body = body_of(codec.encode(s))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(body) - 1))
        body[i] = data.draw(st.integers(0, 255))
    try:
        back = codec_read.decode(frame(body))
    except CodecError:
        return
    assert codec.encode(back) == frame(body)  # canonical: what decodes re-encodes the same
    dice.legal_actions(back)


MP_CODE = """
import json
from lama import codec, codec_read, dice
from lama.dice_bots import BOTS
from lama.rng import SeededRng
from lama.score import Rules
out = []
for seed in range(8):
    n = 2 + seed % 5
    rng = SeededRng(seed)
    brng = SeededRng(seed + 5)
    s = dice.new_game(n, Rules(), seed % n, rng)
    names = (['random', 'cautious'] * 3)[:n]
    k = 0
    while s.phase != dice.GAME_OVER:
        acts = dice.legal_actions(s)
        a = acts[0] if s.phase == dice.ROUND_OVER else BOTS[names[s.turn]](dice.view(s, s.turn), acts, brng)
        dice.apply(s, a, rng)
        k += 1
        if k % 10 == 0 or s.phase == dice.GAME_OVER:
            data = codec.encode(s)
            assert codec.encode(codec_read.decode(data)) == data
            out.append(''.join(['%02x' % b for b in data]))
bad = []
for h in IN:
    data = bytes([int(h[i:i + 2], 16) for i in range(0, len(h), 2)])
    try:
        codec_read.decode(data)
        bad.append('ok')
    except Exception as e:
        bad.append(type(e).__name__)
print(json.dumps([out, bad]))
"""


def test_codec_same_bytes_and_same_refusals_under_micropython(micropython):
    want = []
    for seed in range(8):
        want += [codec.encode(s).hex() for s in states(seed, 2 + seed % 5, every=10)][1:]
    good = codec.encode(dice.new_game(3, Rules(), 0, SeededRng(2)))
    body = body_of(good)
    probes = [good, good[:-1], good[:5], bytes([good[0] ^ 1]) + good[1:]]
    future = bytearray(good)
    future[2] += 1
    probes.append(bytes(future))
    for mutate in _mutations(3).values():
        b = bytearray(body)
        mutate(b)
        probes.append(frame(b))
    code = "IN = " + json.dumps([p.hex() for p in probes]) + "\n" + MP_CODE
    out, refused = micropython.run_json(code)
    assert out == want
    assert refused == ["ok"] + ["CodecError"] * (len(probes) - 1)
