"""Property tests over many random card games: C13 conservation, only legal actions, every
game ends, scores exactly as S2-S4 say, and bots blind to hidden cards (C14)."""

from hypothesis import given, settings
from hypothesis import strategies as hs

from lama import cards
from lama.card_bots import BOTS
from lama.errors import RuleError
from lama.rng import SeededRng
from lama.score import Rules, token_to_return
from lama.symbols import N_SYMBOLS, total

from support import cards_conserved as conserved
from support import hide_again

NAMES = sorted(BOTS)
MAX_STEPS = 20000

game_args = hs.tuples(
    hs.integers(0, 2**30 - 1),  # seed
    hs.lists(hs.sampled_from(NAMES), min_size=2, max_size=6),  # seats
    hs.booleans(),  # Lato z Komarami
    hs.sampled_from([(40, 0), (40, 0), (15, 0), (40, 3)]),  # target, fixed rounds
)


def every_action():
    out = [(cards.PLAY, v) for v in range(N_SYMBOLS)]
    return out + [(cards.DRAW,), (cards.QUIT,), (cards.NEXT,)]


def run_game(args, visit=None):
    seed, names, komarami, (target, rounds) = args
    rules = Rules(target, rounds, komarami)
    rng = SeededRng(seed)
    brng = SeededRng(seed ^ 0x2A2A2A)
    st = cards.new_game(len(names), rules, seed % len(names), rng)
    for step in range(MAX_STEPS):
        if st.phase == cards.GAME_OVER:
            return st, step
        acts = cards.legal_actions(st)
        assert acts
        if st.phase == cards.ROUND_OVER:
            a = acts[0]
        else:
            if visit:
                visit(st)
            a = BOTS[names[st.turn]](cards.view(st, st.turn), acts, brng)
        assert a in acts
        before = list(st.scores)
        ev = cards.apply(st, a, rng)
        assert conserved(st)
        for e in ev:
            if e[0] == "round_end":
                _, _, reason, points, returned, after = e
                for p in range(st.n):
                    assert points[p] == cards.hand_points(st.hands[p], rules)  # C10/C12
                    emptied = total(st.hands[p]) == 0
                    assert emptied == (reason == "empty" and p == st.ender)
                    want = token_to_return(before[p] + points[p]) if emptied else 0  # S4
                    assert returned[p] == want
                    assert after[p] == before[p] + points[p] - returned[p] >= 0  # S2
    raise AssertionError("game did not end")


@settings(max_examples=120, deadline=None)
@given(game_args)
def test_C13_S2_S4_random_games_conserve_cards_end_and_score_right(args):
    st, steps = run_game(args)
    assert st.phase == cards.GAME_OVER and steps > 0
    target, rounds = args[3]
    if rounds:
        assert st.round_no == rounds
    else:
        assert max(st.scores) >= target


def _refusals(st):
    legal = cards.legal_actions(st)
    for a in every_action():
        if a in legal:
            trial = st.copy()
            cards.apply(trial, a, SeededRng(1))
        else:
            before = st.copy()
            try:
                cards.apply(st, a, SeededRng(1))
            except RuleError as e:
                assert e.rule in ("C4", "C5", "C7", "C9"), e.rule
            else:
                raise AssertionError("illegal action accepted: " + repr(a))
            assert st == before


@settings(max_examples=40, deadline=None)
@given(game_args)
def test_only_legal_actions_accepted_illegal_ones_leave_the_state_unchanged(args):
    run_game(args, _refusals)


def _blind(st):
    rng = SeededRng(st.round_no * 131 + len(st.pile))
    me = st.turn
    acts = cards.legal_actions(st)
    for name in NAMES:
        want = BOTS[name](cards.view(st, me), acts, SeededRng(7))
        for _ in range(3):
            other = hide_again(st, rng)
            assert conserved(other)
            assert cards.legal_actions(other) == acts
            assert BOTS[name](cards.view(other, me), acts, SeededRng(7)) == want, name


@settings(max_examples=40, deadline=None)
@given(game_args)
def test_C14_bot_choices_never_depend_on_hidden_cards(args):
    run_game(args, _blind)
