"""Link frames: round trips, CRC, resync after garbage, and a fuzzer (random bytes, truncation, bit flips: never a crash, never a false frame); plain asserts, run on MicroPython too."""

from emu.line import Lcg
from link import frame as F


def frames_of(chunks):
    d = F.Decoder()
    out = []
    for c in chunks:
        out.extend(d.feed(c))
    out.extend(d.quiet())
    return [(f.dst, f.src, f.kind, f.seq, f.ack, f.payload) for f in out]


def sample(rng, i):
    n = rng.below(F.MAX_PAYLOAD + 1) if i % 3 else rng.below(12)
    payload = bytes(rng.below(256) for _ in range(n))
    dst = rng.below(6)
    src = F.HOST if dst else 1 + rng.below(5)
    return (dst, src, F.KINDS[rng.below(len(F.KINDS))], rng.below(256), rng.below(256),
            payload)


def test_round_trip_of_every_kind_and_length():
    want = []
    data = b""
    for n in (0, 1, 7, 100, F.MAX_PAYLOAD):
        for kind in F.KINDS:
            t = (3, 0, kind, n & 255, 255 - (n & 255), bytes(range(n % 256))[:n])
            want.append(t)
            data += F.encode(*t)
    assert frames_of([data]) == want


def test_a_too_long_payload_is_refused():
    try:
        F.encode(1, 0, F.DATA, 0, 0, bytes(F.MAX_PAYLOAD + 1))
    except ValueError as e:
        assert "at most" in str(e)
    else:
        assert False, "no error"


def test_split_anywhere_still_decodes():
    t = (2, 0, F.DATA, 9, 8, b"hello, llama")
    data = F.encode(*t) + F.encode(0, 2, F.ACK, 0, 9)
    for cut in range(len(data) + 1):
        assert len(frames_of([data[:cut], data[cut:]])) == 2, cut
    assert len(frames_of([data[i:i + 1] for i in range(len(data))])) == 2


def test_every_single_and_double_bit_flip_is_caught():
    good = F.encode(1, 0, F.DATA, 5, 4, b"ABCDEFGHIJ")
    bits = len(good) * 8
    for i in range(bits):
        bad = bytearray(good)
        bad[i // 8] ^= 1 << (i % 8)
        assert frames_of([bytes(bad)]) == [], i
        for j in range(i + 1, bits, 7):
            bad2 = bytearray(bad)
            bad2[j // 8] ^= 1 << (j % 8)
            assert frames_of([bytes(bad2)]) == [], (i, j)


def test_resync_after_garbage_and_a_cut_short_frame():
    a = F.encode(1, 0, F.POLL, 1, 2)
    b = F.encode(0, 1, F.DATA, 3, 4, b"xyz" * 20)
    # a frame cut short (its header says 60 bytes) runs into the next whole frame
    cut = b[:20]
    got = frames_of([b"\x00\xb7\xb7garbage\x4c", cut, a, b"\xff" * 5, b])
    assert got == [(1, 0, F.POLL, 1, 2, b""), (0, 1, F.DATA, 3, 4, b"xyz" * 20)]


def test_a_long_false_header_on_a_quiet_line_lets_the_next_frame_through():
    # a whole header claiming 200 bytes (as a cut-off frame leaves), a real frame, silence
    fake = F.encode(1, 0, F.DATA, 0, 0, bytes(200))[:F.HEADER]
    a = F.encode(1, 0, F.POLL, 1, 2)
    d = F.Decoder()
    assert d.feed(fake + a) == []  # the decoder waits for the 200 bytes ...
    got = d.quiet()  # ... until the line is quiet
    assert [(f.dst, f.kind) for f in got] == [(1, F.POLL)]


def test_own_echo_is_skipped():
    d = F.Decoder(skip_src=0)
    got = d.feed(F.encode(1, 0, F.POLL, 1, 2) + F.encode(0, 1, F.ACK, 0, 0))
    assert [(f.src, f.kind) for f in got] == [(1, F.ACK)]


def test_a_linked_consoles_decoder_makes_only_its_own_and_everyones_frames():
    d = F.Decoder(skip_src=2)
    d.only_dst = 2
    mine = F.encode(2, 0, F.DATA, 1, 0, b"yours")
    other = F.encode(3, 0, F.DATA, 1, 0, b"his")
    got = d.feed(other + mine + F.encode(F.ALL, 0, F.DISCOVER, 7, 0xFF) + F.encode(0, 2, F.ACK, 0, 0))
    assert [(f.dst, f.kind, f.payload) for f in got] == [(2, F.DATA, b"yours"), (F.ALL, F.DISCOVER, b"")]
    assert not d.skipped_last
    assert [f.payload for f in d.feed(mine + other)] == [b"yours"]
    assert d.skipped_last  # (a frame for another console came after its own: not the last)
    assert d.feed(b"") == [] and not d.skipped_last
    d.only_dst = None
    assert [f.dst for f in d.feed(other + mine)] == [3, 2]


def test_a_poll_followed_by_a_frame_for_another_console_is_not_answered():
    """A linked console answers only the last frame it heard when nothing followed it: a
    frame for another console, which it no longer makes, still counts (the host did not
    wait for its answer)."""
    from emu.line import Line
    from link.console_bus import ConsoleBus

    clock = [0]
    line = Line(lambda: clock[0] * 1000)
    host = line.plug("host")
    port = line.plug("c1")
    c = ConsoleBus(port, lambda: clock[0], b"uid1")
    c.console_id, c.epoch, c.state = 1, 5, "linked"
    host.write(F.encode(1, 0, F.POLL, 5, 0xFF) + F.encode(2, 0, F.POLL, 5, 0xFF))
    clock[0] = 20
    c.tick()
    assert c.dec.skipped_last and c.written == 0
    host.write(F.encode(2, 0, F.POLL, 5, 0xFF) + F.encode(1, 0, F.POLL, 5, 0xFF))
    clock[0] = 40
    c.tick()
    assert not c.dec.skipped_last and c.written > 0


def test_fuzz_random_bytes_never_make_a_frame():
    rng = Lcg(11)
    d = F.Decoder()
    for _ in range(60):
        chunk = bytes(rng.below(256) for _ in range(1 + rng.below(700)))
        # sync pairs are rare in random bytes: plant many so headers get checked
        chunk = chunk.replace(b"\x00", F.SYNC)
        assert d.feed(chunk) == []
    assert d.quiet() == []
    assert d.bad > 50


def test_fuzz_damaged_streams_give_exactly_the_undamaged_frames():
    rng = Lcg(5)
    for round_no in range(25):
        want = []
        chunks = []
        for i in range(30):
            t = sample(rng, i)
            data = bytearray(F.encode(*t))
            what = rng.below(5)
            if what == 0:  # cut short
                data = data[:rng.below(len(data))]
            elif what == 1:  # 1 to 3 bits flipped
                for _ in range(1 + rng.below(3)):
                    k = rng.below(len(data) * 8)
                    data[k // 8] ^= 1 << (k % 8)
                if data == F.encode(*t):  # the same bit twice
                    want.append(t)
            elif what == 2:  # garbage before it (sync look-alikes included)
                chunks.append(bytes([0xB7, 0x4C, rng.below(256), rng.below(7), 1, 2,
                                     rng.below(256)]))
                want.append(t)
            else:
                want.append(t)
            # fed in random pieces
            while data:
                k = 1 + rng.below(len(data))
                chunks.append(bytes(data[:k]))
                data = data[k:]
        got = frames_of(chunks)
        assert got == want, round_no


def test_the_kinds_are_the_range_the_decoder_checks():
    """The decoder takes a header's kind when POLL <= kind <= WELCOME (in place, no call):
    the kinds are that range, every one of them."""
    assert F.KINDS == tuple(range(F.POLL, F.WELCOME + 1))
