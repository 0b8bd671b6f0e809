"""Helpers the host tests share: rule errors, whole bot games, card conservation, golden images.

Plain Python that also runs under the MicroPython unix port (the rule test files import it
there too); the host-only helpers import what they need when called."""

from lama import cards, dice
from lama.errors import RuleError
from lama.rng import SeededRng, shuffle
from lama.score import Rules
from lama.symbols import N_SYMBOLS, total


def raises(rule, fn, *args):
    """fn(*args) raises RuleError for `rule`; returns the error."""
    try:
        fn(*args)
    except RuleError as e:
        assert e.rule == rule, (e.rule, rule, str(e))
        return e
    raise AssertionError("no RuleError " + rule)


def bot_action(engine, bots, names, st, acts, rng):
    """What the driver does next in `st` (lama.dice or lama.cards): (NEXT,) between rounds,
    else the choice of the bot named names[turn] among `acts`."""
    if st.phase == engine.ROUND_OVER:
        return acts[0]
    return bots[names[st.turn]](engine.view(st, st.turn), acts, rng)


def play_game(engine, bots, names, seed, first=0, rules=None, check=None):
    """A whole game of the bots `names` (deals SeededRng(seed), bots SeededRng(seed + 99));
    returns (final state, every event, the first round's included). check(state) must
    hold after every action."""
    rng = SeededRng(seed)
    brng = SeededRng(seed + 99)
    st = engine.new_game(len(names), rules or Rules(), first, rng)
    events = [engine.round_event(st)]
    while st.phase != engine.GAME_OVER:
        acts = engine.legal_actions(st)
        a = bot_action(engine, bots, names, st, acts, brng)
        assert a in acts
        events += engine.apply(st, a, rng)
        if check:
            assert check(st)
    return st, events


def states(engine, bots, names, seed, rules=None, every=1):
    """The first state of a whole game of the bots `names` (deals SeededRng(seed), bots
    SeededRng(seed + 5), seat seed % n starts), every `every`-th after it, and the last."""
    rng = SeededRng(seed)
    brng = SeededRng(seed + 5)
    n = len(names)
    s = engine.new_game(n, rules or Rules(), seed % n, rng)
    k = 0
    yield s
    while s.phase != engine.GAME_OVER:
        acts = engine.legal_actions(s)
        engine.apply(s, bot_action(engine, bots, names, s, acts, brng), rng)
        k += 1
        if k % every == 0 or s.phase == engine.GAME_OVER:
            yield s


def thinkers_agree(engine, bots, thinkers, names, seed, rules=None):
    """A whole game of the bots `names` (each in `thinkers`), every decision thought a
    slice at a time by its THINKERS entry and asserted equal to its BOTS entry's, each
    with the bot generator in the same state: {name: the most slices a decision took}."""
    rng = SeededRng(seed)
    brng = SeededRng(seed + 7)
    st = engine.new_game(len(names), rules or Rules(), seed % len(names), rng)
    most = {}
    while st.phase != engine.GAME_OVER:
        acts = engine.legal_actions(st)
        if st.phase == engine.ROUND_OVER:
            engine.apply(st, acts[0], rng)
            continue
        name = names[st.turn]
        view = engine.view(st, st.turn)
        same = SeededRng()
        same.state = brng.state
        want = bots[name](view, acts, same)
        slices = 0
        for a in thinkers[name](view, acts, brng):
            slices += 1
            if a is not None:
                break
        assert a == want, (name, a, want)
        assert brng.state == same.state  # the thinker drew as much from its generator
        most[name] = max(most.get(name, 0), slices)
        engine.apply(st, a, rng)
    return most


def dice_conserved(st):
    """D19: every card of the game is in exactly one place of a dice state."""
    for s in range(N_SYMBOLS):
        n = st.llama_row[s] + st.discarded[s] + st.set_aside[s]
        for r in st.rows:
            n += r[s]
        if n != dice.ALL_CARDS[s]:
            return False
    return True


def cards_conserved(st):
    """C13: every card of the game is in exactly one place of a card-game state."""
    for v in range(N_SYMBOLS):
        n = st.discard[v]
        for h in st.hands:
            n += h[v]
        for c in st.pile:
            n += c == v
        if n != cards.copies(v, st.rules):
            return False
    return True


def hide_again(st, rng):
    """A copy of card-game state st with the cards its active player cannot see (other
    hands and the draw pile) shuffled among those places, every hand keeping its size."""
    s = st.copy()
    me = s.turn
    pool = bytearray()
    for p in range(s.n):
        if p != me:
            for v in range(N_SYMBOLS):
                pool.extend(bytes([v]) * s.hands[p][v])
    pool.extend(s.pile)
    shuffle(pool, rng)
    k = 0
    for p in range(s.n):
        if p != me:
            size = total(s.hands[p])
            for v in range(N_SYMBOLS):
                s.hands[p][v] = 0
            for _ in range(size):
                s.hands[p][pool[k]] += 1
                k += 1
    s.pile = bytearray(pool[k:])
    return s


_RUN_ALL = """
import %s as m
names = sorted([n for n in dir(m) if n.startswith('test_')])
failed = []
for n in names:
    try:
        getattr(m, n)()
    except Exception as e:
        failed.append(n + ': ' + repr(e))
print('\\n'.join(failed))
print('ran', len(names))
"""


def run_tests_under_micropython(micropython, module):
    """Run every test_ function of `module` (a host_tests file of plain asserts) under the
    MicroPython unix port; returns (the names CPython sees, the output lines: the failures,
    then "ran N")."""
    import os

    names = [n for n in dir(module) if n.startswith("test_")]
    here = os.path.dirname(os.path.abspath(__file__))
    out = micropython.run(_RUN_ALL % module.__name__, path=[here]).stdout
    return names, out.strip().splitlines()


def golden_differences(images, out_dir, remake):
    """The names in `images` (name -> hex of the 1,024 bytes of display RAM) that differ
    from host_tests/golden/NAME.bin, each written as out_dir/NAME.png to look at; a golden
    image missing fails, naming the command that makes it (`remake`)."""
    import os

    from simulator import png

    golden = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
    differ = []
    for name, hexed in sorted(images.items()):
        got = bytes.fromhex(hexed)
        path = os.path.join(golden, name + ".bin")
        assert os.path.exists(path), "no golden image %s: run %s" % (name, remake)
        with open(path, "rb") as f:
            want = f.read()
        if got != want:
            png.write(os.path.join(str(out_dir), name + ".png"), got)
            differ.append(name)
    return differ
