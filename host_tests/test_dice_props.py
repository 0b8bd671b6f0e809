"""Property tests over many random LAMA Dice games (hypothesis): D19, legality, termination, S2-S4."""

from hypothesis import given, settings
from hypothesis import strategies as st

from lama import codec, codec_read, dice
from lama.dice_bots import BOTS
from lama.errors import RuleError
from lama.rng import SeededRng
from lama.score import Rules, round_points, token_to_return

from support import dice_conserved as conserved

MAX_STEPS = 20000
FOLLOW = ("discard", "take", "bust", "token", "none")


def brute_discards(row, d):
    """D9 by another road: each die either lets one card of its symbol go or not."""
    out = set()
    for mask in range(1, 8):
        c = [0] * 7
        for i in range(3):
            if mask >> i & 1:
                c[d[i]] += 1
        if all(c[k] <= row[k] for k in range(7)):
            out.add((dice.DISCARD, bytes(c)))
    return out


games = st.tuples(
    st.integers(2, 6),  # players
    st.integers(0, 2**30 - 1),  # seed
    st.lists(st.sampled_from(sorted(BOTS)), min_size=6, max_size=6),
    st.sampled_from(
        [Rules(), Rules(target=10), Rules(target=60), Rules(rounds=2), Rules(rounds=5)]
    ),
    st.integers(0, 5),
)


@settings(max_examples=150, deadline=None)
@given(games)
def test_random_games_keep_every_rule(game):
    n, seed, names, rules, first = game
    first %= n
    rng = SeededRng(seed)
    brng = SeededRng(seed ^ 0x2AAAAAAA)
    s = dice.new_game(n, rules, first, rng)
    scores = [0] * n
    steps = 0
    while s.phase != dice.GAME_OVER:
        steps += 1
        assert steps < MAX_STEPS  # every game ends
        assert conserved(s)  # D19
        acts = dice.legal_actions(s)
        assert acts and len(set(acts)) == len(acts)
        p = s.turn
        if s.phase == dice.CHOOSE_DISCARD:
            assert set(acts) == brute_discards(s.rows[p], s.dice)
        elif s.phase == dice.CHOOSE_TAKE:
            want = {(dice.TAKE, x) for x in set(s.dice) if s.llama_row[x]}
            assert set(acts) == want and not dice.alone(s)
        if s.phase == dice.ROUND_OVER:
            a = acts[0]
        else:
            a = BOTS[names[p]](dice.view(s, p), acts, brng)
        assert a in acts  # only legal actions are taken
        if steps % 7 == 0:  # an illegal action is refused and changes nothing
            before = codec.encode(s)
            for bad in ((dice.NEXT,), (dice.ROLL,), (dice.TAKE, 0), (dice.DISCARD, bytes(7))):
                if bad not in acts:
                    try:
                        dice.apply(s, bad, SeededRng(1))
                        raise AssertionError(bad)
                    except RuleError:
                        pass
                    assert codec.encode(s) == before
        rows_before = [bytes(r) for r in s.rows]
        ev = dice.apply(s, a, rng)
        for i in range(n):  # D19: only the active player's row changes
            if i != p and a[0] != dice.NEXT:
                assert bytes(s.rows[i]) == rows_before[i]
        for k, e in enumerate(ev):
            if e[0] == "roll":
                assert k + 1 == len(ev) or ev[k + 1][0] in FOLLOW
            if e[0] == "token":  # D8 with S4
                assert e[2] == token_to_return(scores[p]) and e[2] in (1, 10)
                scores[p] -= e[2]
            if e[0] == "none":
                assert scores[p] == 0
            if e[0] == "round_end":
                _, _, reason, points, returned, after = e
                assert points == [round_points(r) for r in s.rows]  # S3
                for i in range(n):
                    scores[i] += points[i]
                    want = token_to_return(scores[i]) if not any(s.rows[i]) else 0  # D15, S4
                    assert returned[i] == want
                    scores[i] -= want
                assert after == scores == s.scores
        assert min(s.scores) >= 0  # never negative
        assert s.scores == scores
    assert dice.legal_actions(s) == []
    if rules.rounds:
        assert s.round_no == rules.rounds
    else:
        assert max(s.scores) >= rules.target


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**30 - 1), st.integers(2, 6))
def test_every_legal_action_applies_and_keeps_the_state_valid(seed, n):
    rng = SeededRng(seed)
    s = dice.new_game(n, Rules(), 0, rng)
    for _ in range(60):
        if s.phase == dice.GAME_OVER:
            break
        acts = dice.legal_actions(s)
        data = codec.encode(s)
        for a in acts:
            copy = codec_read.decode(data)
            dice.apply(copy, a, SeededRng(seed + 1))
            assert conserved(copy)
            codec_read.decode(codec.encode(copy))  # still a valid state
        dice.apply(s, acts[rng.randbelow(len(acts))], rng)
