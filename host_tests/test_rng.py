"""The generators: seeded sequences agree across interpreters; the hardware mapping is unbiased (D22)."""

import json

from lama.card_expert import SampleShuffler
from lama.rng import HardwareRng, SeededRng, shuffle


def _cycle_bytes(values):
    """A byte source that replays `values` forever."""
    data = bytes(values)
    state = {"i": 0}

    def read(n):
        out = bytearray()
        for _ in range(n):
            out.append(data[state["i"] % len(data)])
            state["i"] += 1
        return bytes(out)

    return read


def test_D22_hardware_mapping_exhaustive_over_all_bytes():
    # Feed each byte value once: the accepted ones must map to every face equally often.
    for n in (2, 3, 6, 7, 36, 56):
        hits = [0] * n
        rejected = 0
        k = 256 // n
        for b in range(256):
            if b >= k * n:
                rejected += 1
                continue
            rng = HardwareRng(_cycle_bytes([b]))
            hits[rng.randbelow(n)] += 1
        assert hits == [k] * n, (n, hits)
        assert rejected == 256 - k * n


def test_D22_hardware_rejects_and_redraws():
    # 252..255 are rejected for a die: the next byte decides.
    rng = HardwareRng(_cycle_bytes([252, 253, 254, 255, 0]))
    assert rng.randbelow(6) == 0
    rng = HardwareRng(_cycle_bytes([255, 251]))
    assert rng.randbelow(6) == 5


def test_D22_chi_square_of_hardware_faces():
    import os

    rng = HardwareRng(os.urandom)
    n = 60000
    hits = [0] * 6
    for _ in range(n):
        hits[rng.randbelow(6)] += 1
    chi2 = sum((h - n / 6) ** 2 / (n / 6) for h in hits)
    assert chi2 < 25.7  # p = 0.0001 with 5 degrees of freedom


def test_D22_seeded_generator_chi_square():
    rng = SeededRng(2024)
    n = 60000
    hits = [0] * 6
    for _ in range(n):
        hits[rng.randbelow(6)] += 1
    chi2 = sum((h - n / 6) ** 2 / (n / 6) for h in hits)
    assert chi2 < 25.7


def test_D22_seeded_sequence_identical_under_micropython(micropython):
    code = (
        "import json\nfrom lama.rng import SeededRng, shuffle\n"
        "out=[]\n"
        "for seed in (0, 1, 7, 123456789, 2**30-1):\n"
        "  r=SeededRng(seed)\n"
        "  xs=[r.randbelow(n) for n in (6,6,6,56,1000,40000,2**30)]\n"
        "  d=list(range(36)); shuffle(d, r)\n"
        "  out.append([xs, d])\n"
        "print(json.dumps(out))\n"
    )
    got = micropython.run_json(code)
    want = []
    for seed in (0, 1, 7, 123456789, 2**30 - 1):
        r = SeededRng(seed)
        xs = [r.randbelow(n) for n in (6, 6, 6, 56, 1000, 40000, 2**30)]
        d = list(range(36))
        shuffle(d, r)
        want.append([xs, d])
    assert got == json.loads(json.dumps(want))


def test_D22_seeded_state_stays_below_2_30():
    rng = SeededRng(99)
    for _ in range(10000):
        rng.randbelow(6)
        assert 0 <= rng.state < 2**30


def test_the_sample_shuffler_permutes_evenly_and_alike_under_micropython(micropython):
    """lama.card_expert.SampleShuffler (the bots' sampled deals): each shuffle a permutation, every
    card as likely in every place (chi-square over 8 cards in 8 places), a seed that
    decides the order, a state that never sticks at 0, and the same shuffles under
    MicroPython."""
    sh = SampleShuffler(2026)
    n = 8
    counts = [[0] * n for _ in range(n)]
    shuffles = 16000
    for _ in range(shuffles):
        pool = bytearray(range(n))
        sh.shuffle(pool)
        assert sorted(pool) == list(range(n))
        for place, card in enumerate(pool):
            counts[place][card] += 1
        assert sh.x != 0
    e = shuffles / n
    chi2 = sum((c - e) ** 2 / e for row in counts for c in row)
    assert chi2 < 100  # 49 degrees of freedom: the 0.9999 quantile is about 95
    orders = set()
    for seed in (1, 2, 3, 0xFFFF, 12345):  # (a 16-bit state: seed 0 plays as 1)
        pool = bytearray(range(40))
        SampleShuffler(seed).shuffle(pool)
        orders.add(bytes(pool))
    assert len(orders) == 5
    code = (
        "import json\nfrom lama.card_expert import SampleShuffler\n"
        "out=[]\n"
        "for seed in (0, 1, 7, 0xFFFFFF):\n"
        "  s=SampleShuffler(seed); d=bytearray(range(40))\n"
        "  for _ in range(3): s.shuffle(d)\n"
        "  out.append(list(d))\n"
        "print(json.dumps(out))\n"
    )
    want = []
    for seed in (0, 1, 7, 0xFFFFFF):
        s = SampleShuffler(seed)
        d = bytearray(range(40))
        for _ in range(3):
            s.shuffle(d)
        want.append(list(d))
    assert micropython.run_json(code) == want
