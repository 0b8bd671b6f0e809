"""The card bots: `random` and `cautious` exactly as issue 3 defines them, the rules of thumb
of `expert1` (issue 3's expert) and `expert` (issue 16), and the registry."""

from test_cards_rules import DRAW, QUIT, play, table

import support
from lama import cards
from lama import card_expert, card_playouts
from lama.card_bots import BOTS, choose_cautious, choose_expert, choose_expert1, choose_mixed
from lama.card_bots import choose_random
from lama.card_playouts import draw_beats_quit
from lama.rng import SeededRng
from lama.score import Rules


def decide(bot, st, seed=0):
    acts = cards.legal_actions(st)
    a = bot(cards.view(st, st.turn), acts, SeededRng(seed))
    assert a in acts
    return a


def test_registry_names_the_bots_and_the_levels():
    assert BOTS == {
        "random": choose_random,
        "cautious": choose_cautious,
        "expert1": choose_expert1,
        "expert": choose_expert,
        "mixed": choose_mixed,
        "easy": choose_cautious,
        "medium": choose_mixed,
        "hard": choose_expert,
    }


def test_random_is_uniform_over_legal_actions():
    st = table(["23", "5"], top="2", pile="11")
    acts = cards.legal_actions(st)
    assert acts == [play("2"), play("3"), DRAW, QUIT]
    counts = dict((a, 0) for a in acts)
    rng = SeededRng(5)
    v = cards.view(st, 0)
    for _ in range(4000):
        counts[choose_random(v, acts, rng)] += 1
    for a in acts:
        assert 900 < counts[a] < 1100, counts


def test_cautious_plays_the_value_it_holds_most_of():
    assert decide(choose_cautious, table(["3444", "5"], top="3", pile="1")) == play("4")
    assert decide(choose_cautious, table(["3334", "5"], top="3", pile="1")) == play("3")


def test_cautious_ties_go_to_the_higher_value():
    assert decide(choose_cautious, table(["3344", "5"], top="3", pile="1")) == play("4")
    assert decide(choose_cautious, table(["1L", "5"], top="L", pile="1")) == play("L")
    assert decide(choose_cautious, table(["6L2", "5"], top="6", pile="1")) == play("L")


def test_cautious_draws_above_5_points_else_quits():
    assert decide(choose_cautious, table(["6", "5"], top="2", pile="1")) == DRAW  # 6 points
    assert decide(choose_cautious, table(["15", "5"], top="2", pile="1")) == DRAW  # 6 points
    assert decide(choose_cautious, table(["14", "5"], top="2", pile="1")) == QUIT  # 5 points
    assert decide(choose_cautious, table(["5", "5"], top="2", pile="1")) == QUIT  # 5 points
    assert decide(choose_cautious, table(["1111", "5"], top="3", pile="1")) == QUIT
    assert decide(choose_cautious, table(["56L", "5"], top="2")) == QUIT  # empty pile
    assert decide(choose_cautious, table(["56L", "5"], top="2", pile="1", quit="1")) == QUIT


def test_cautious_scores_llamas_as_the_variant_does():
    rules = Rules(komarami=True)
    # 1 + 2 = 3 points in any variant: quit; with a llama, 13 (classic) or 13 (komarami)
    assert decide(choose_cautious, table(["12", "5"], top="4", pile="1", rules=rules)) == QUIT
    assert decide(choose_cautious, table(["1L", "5"], top="4", pile="1", rules=rules)) == DRAW


def test_expert1_plays_the_top_value_before_the_next():
    assert decide(choose_expert1, table(["3444", "5"], top="3", pile="1")) == play("3")
    assert decide(choose_expert1, table(["1L", "5"], top="L", pile="1")) == play("L")
    assert decide(choose_expert1, table(["45", "5"], top="3", pile="1")) == play("4")
    assert decide(choose_expert1, table(["4", "5"], top="3", pile="1", quit="1")) == play("4")


def test_expert1_keeps_drawing_with_a_costly_hand_and_quits_a_cheap_one_near_the_end():
    assert decide(choose_expert1, table(["456L", "55"], top="2", pile="1236")) == DRAW
    st = table(["1", "5"], top="3", pile="L2L")  # 1 point; the other has one card left
    assert not draw_beats_quit(cards.view(st, 0))
    assert decide(choose_expert1, st) == QUIT
    assert decide(choose_expert1, table(["56", "5"], top="2", pile="")) == QUIT


def test_expert1_is_deterministic():
    st = table(["2356L", "5", "1234"], top="1", pile="1236L44")
    first = [decide(choose_expert1, st, seed) for seed in range(5)]
    assert first == [first[0]] * 5


def test_expert1_play_outs_see_only_the_view():
    from support import hide_again

    from lama.card_playouts import sample_draw_minus_quit

    st = table(["25", "1346", "L2", "35"], top="L", pile="4455666123LL")
    v = cards.view(st, 0)
    want = sample_draw_minus_quit(v, 8)
    assert sample_draw_minus_quit(cards.view(st, 0), 8) == want  # deterministic
    rng = SeededRng(3)
    for _ in range(5):
        other = hide_again(st, rng)
        assert sample_draw_minus_quit(cards.view(other, 0), 8) == want
    assert -8 * 10 <= want <= 8 * 41


# expert (lama.card_expert): a near-even draw (7 points, the others far from out) and a
# choice between two cards that fit
NEAR_EVEN = table(["25", "1346", "L2", "35"], top="L", pile="4455666123LL")
TWO_FIT = table(["3446", "1224", "4", "1256"], top="3", pile="4455666123LL")


def test_expert_plays_whenever_it_can_and_keeps_the_card_that_follows():
    assert decide(choose_expert, TWO_FIT) == play("3")  # then the 4s follow; a 4 first strands the 3
    assert decide(choose_expert, table(["45", "5"], top="3", pile="1")) == play("4")
    assert decide(choose_expert, table(["4", "5"], top="3", pile="1", quit="1")) == play("4")
    assert decide(choose_expert, table(["1L", "5"], top="6", pile="12")) == play("L")


def test_expert_draws_a_costly_hand_and_quits_a_cheap_one_near_the_end():
    assert decide(choose_expert, table(["456L", "55"], top="2", pile="1236")) == DRAW
    assert decide(choose_expert, table(["1", "5"], top="3", pile="L2L")) == QUIT
    assert decide(choose_expert, table(["56", "5"], top="2", pile="")) == QUIT


def test_expert_decides_from_its_view_only():
    """C14: the same view with the hidden cards dealt otherwise gives the same decision,
    and the same play-out sums (they are what the decision is made of)."""
    from support import hide_again

    rng = SeededRng(3)
    sums = card_expert.compare(cards.view(TWO_FIT, 0), [3, 2], 8)
    assert sums[0] != sums[1]  # the play-outs do tell the two cards apart
    for st in (NEAR_EVEN, TWO_FIT):
        want = decide(choose_expert, st)
        for _ in range(6):
            other = hide_again(st, rng)
            assert decide(choose_expert, other, 5) == want
            if st is TWO_FIT:
                assert card_expert.compare(cards.view(other, 0), [3, 2], 8) == sums


def test_expert_plays_out_a_bounded_number_of_turns():
    v = cards.view(TWO_FIT, 0)
    for total in card_expert.compare(v, [2, 3], 4):
        assert -4 * 41 <= total <= 4 * 10


def test_expert_values_a_play_out_by_its_chance_to_win_once_the_game_may_end():
    """While the game cannot end this round a play-out is worth minus expert's round
    points; once it may: a share of the win when the play-out's scores end the game, else
    an estimate of the chance to win that grows as expert's score falls behind no one."""
    from lama.symbols import str_to_counts

    def value(scores, hands, emptied=-1):
        v = cards.view(table(["12", "3", "4", "5"], scores=scores), 0)
        held = [str_to_counts(h) for h in hands]
        return card_expert._outcome(v, held, emptied, card_expert._may_end(v), [0] * 4)

    win = card_expert.WIN_SCALE
    assert value([0, 0, 0, 0], ["12", "3", "4", "L"]) == -3  # early: points only
    assert value([30, 30, 30, 30], ["", "6", "L", "5"], 0) == 0  # expert's empty hand ends it
    assert value([30, 30, 30, 30], ["6L", "", "1", "5"], 1) == -win  # another wins
    assert value([34, 23, 34, 30], ["", "1", "6", "5"], 0) == win // 2 - win  # 24 and 24: shared
    even = value([20, 20, 20, 20], ["1", "1", "1", "1"])  # the game goes on, all level
    assert abs(even - (win // 4 - win)) <= 1
    ahead = value([10, 20, 20, 20], ["1", "1", "1", "1"])
    behind = value([30, 20, 20, 20], ["1", "1", "1", "1"])
    assert -win < behind < even < ahead < 0
    assert value([10, 20, 20, 20], ["2", "1", "1", "1"]) < ahead  # a point more, less chance


def test_play_outs_may_draw_on_a_six_without_counting_the_hand():
    """The play-outs take a held six (like a llama) as reason enough to draw without
    counting the hand's points: right while every play-out threshold is below 6."""
    for limit in (card_expert.OWN_DRAW_POINTS, card_playouts.CAUTIOUS_DRAW_POINTS,
                  card_playouts.SAMPLE_DRAW_SELF, card_playouts.SAMPLE_DRAW_OTHERS):
        assert cards.hand_points(bytearray([0, 0, 0, 0, 0, 1, 0]), Rules()) > limit


def test_expert_stops_dealing_once_one_card_is_clearly_better():
    """Two standard errors apart: 16 deals all +1 are clear, differences that cancel are
    not; a choice between two cards with plainly different futures stops before PLAYOUTS
    deals, one that stays close goes on (each deal plays every card once)."""
    assert card_expert.clear(16, 16, 16)
    assert not card_expert.clear(0, 16 * 25, 16)
    assert not card_expert.clear(4, 16 * 25, 16)  # a mean of 0.25 with a spread of 5
    assert card_expert.clear(-40, 16 * 4, 16)  # the second card clearly better
    inner = card_expert._play_out
    deals = [0]

    def counted(*args):
        deals[0] += 1
        return inner(*args)

    card_expert._play_out = counted
    try:
        stopped = []
        for st in (table(["3444", "1356", "L2", "356"], top="3", pile="4455666123LL"), TWO_FIT):
            deals[0] = 0
            card_expert.compare(cards.view(st, 0), [2, 3], card_expert.PLAYOUTS)
            stopped.append(deals[0] // 2)
    finally:
        card_expert._play_out = inner
    assert card_expert.FIRST_DEALS <= stopped[0] < card_expert.PLAYOUTS  # 24 deals
    assert stopped[1] == card_expert.PLAYOUTS


def test_expert_spends_at_most_its_budget_a_decision_and_a_slice_between_yields():
    """Over whole games: a two-card choice plays out at most STEP_BUDGET turns (plus the
    last deal it started), think() yields after at most SLICE turns (plus the play-outs
    under way), some decisions reach the budget, some take several slices, and think()
    comes to choose()'s decision."""
    inner = card_expert._play_out
    used = [0]

    def counted(*args):
        ended = inner(*args)
        used[0] += ended >> 3  # turns * 8 + the seat that went out + 1
        return ended

    card_expert._play_out = counted
    try:
        rng, slice_most, capped, sliced = SeededRng(11), 0, 0, 0
        for game in range(12):
            st = cards.new_game(6, None, game % 6, rng)
            while st.phase != cards.GAME_OVER:
                if st.phase == cards.ROUND_OVER:
                    cards.apply(st, (cards.NEXT,), rng)
                    continue
                v, acts = cards.view(st, st.turn), cards.legal_actions(st)
                used[0] = 0
                total, a, yields = 0, None, 0
                for a in card_expert.think(v, acts, rng):
                    slice_most = max(slice_most, used[0])
                    total += used[0]
                    used[0] = 0
                    if a is not None:
                        break
                    yields += 1
                plays = [x for x in acts if x[0] == cards.PLAY]
                if len(plays) == 2:
                    assert total <= card_expert.STEP_BUDGET + 2 * card_expert.MAX_STEPS
                    capped += total >= card_expert.STEP_BUDGET
                sliced += yields > 0
                assert a == choose_expert(v, acts, rng)
                cards.apply(st, a, rng)
    finally:
        card_expert._play_out = inner
    assert slice_most <= card_expert.SLICE + 2 * card_expert.MAX_STEPS
    assert capped > 0 and sliced > 0


def test_a_game_lets_the_expert_think_a_slice_a_frame():
    """ui.games.session: the expert's near-even draw takes several think() calls (slices),
    comes to choose()'s decision, is kept until played, and is forgotten by act();
    think_ahead() works on it during the wait; a bot without a thinker decides at once."""
    from ui.games.launch import load
    from ui.games.session import Session

    names = ["ADA", "BEN", "CY", "DEE"]
    seats = [(n, "expert") for n in names]
    ses = Session(load(2), seats, Rules(), 0, SeededRng(1), SeededRng(2), None, NEAR_EVEN.copy())
    calls, a = 0, None
    while a is None:
        a = ses.think()
        calls += 1
    assert calls > 1 and a == decide(choose_expert, NEAR_EVEN)
    assert ses.think() == a  # kept until played
    ses.act(a)
    assert ses.ready is None and ses.thought is None
    ses2 = Session(load(2), seats, Rules(), 0, SeededRng(1), SeededRng(2), None, NEAR_EVEN.copy())
    ses2.think_ahead()
    assert ses2.thought is not None  # begun during the wait
    easy = Session(load(2), [(n, "cautious") for n in names], Rules(), 0, SeededRng(1),
                   SeededRng(2), None, NEAR_EVEN.copy())
    assert easy.think() == decide(choose_cautious, NEAR_EVEN)


def test_every_thinker_comes_to_its_bots_decision_a_slice_at_a_time():
    """expert1, mixed (medium) and expert (hard) think over frames: the same decisions as
    their BOTS entries, expert1's near-even draws in several slices."""
    from lama.card_bots import THINKERS

    assert set(THINKERS) == {"expert1", "mixed", "medium", "expert", "hard"}
    most = {}
    for seed in range(4):
        names = ["expert1", "mixed", "expert", "medium", "hard"][: 2 + seed]
        for k, v in support.thinkers_agree(cards, BOTS, THINKERS, names, seed).items():
            most[k] = max(most.get(k, 0), v)
    assert most["expert1"] > 2 and most["mixed"] > 2 and most["expert"] > 2, most
    steps = list(THINKERS["expert1"](cards.view(NEAR_EVEN, 0), cards.legal_actions(NEAR_EVEN), None))
    assert steps[-1] == decide(choose_expert1, NEAR_EVEN)
    assert steps[:-1] == [None] * (card_playouts.SAMPLES // card_playouts.SAMPLES_A_SLICE)


def test_expert_plays_the_others_out_as_cautious():
    """On a 3, a player alone in the round with a 3 and two 4s: as cautious (most copies
    first) a 4 goes, then the other, and the 3 is stuck, on every deal (issue 52: the
    play-outs that let half the deals' others play as expert1 won fewer games)."""
    from lama.symbols import str_to_counts

    hands = [bytearray(str_to_counts(h)) for h in ("56", "344", "12", "12")]
    sizes = bytearray([2, 3, 2, 2])
    quit = bytearray([1, 0, 1, 1])
    ended = card_expert._play_out(hands, sizes, bytearray(b"\x00\x01"), 0, 2, quit, 1, 0)
    assert (ended & 7) - 1 == -1 and bytes(hands[1]) == bytes(str_to_counts("3"))


def test_expert_plays_a_near_even_draw_out_on_more_deals_than_a_card_choice():
    """Issue 52: a draw against a quit that stays near even is dealt up to DRAW_PLAYOUTS
    times (a draw and a quit on each deal), beyond the PLAYOUTS of a choice between cards."""
    own = card_expert._play_out
    mine = [0]

    def spy(*args):
        mine[0] += 1
        return own(*args)

    card_expert._play_out = spy
    try:
        decide(choose_expert, NEAR_EVEN)
    finally:
        card_expert._play_out = own
    assert 2 * card_expert.PLAYOUTS < mine[0] <= 2 * card_expert.DRAW_PLAYOUTS


def test_expert_weighs_a_near_even_draw_on_more_play_outs_than_expert1():
    """Issue 52: a near-even draw is played out by expert's own play-outs, a draw and a quit
    on each deal (dealt as the table's clues say), no longer by expert1's samples."""
    calls = [0]
    mine = [0]
    inner = card_playouts._play_out
    own = card_expert._play_out

    def spy(*args):
        calls[0] += 1
        return inner(*args)

    def spy_own(*args):
        mine[0] += 1
        return own(*args)

    card_playouts._play_out = spy
    card_expert._play_out = spy_own
    try:
        decide(choose_expert1, NEAR_EVEN)
        by_expert1, calls[0] = calls[0], 0
        decide(choose_expert, NEAR_EVEN)
    finally:
        card_playouts._play_out = inner
        card_expert._play_out = own
    assert by_expert1 == 2 * card_playouts.SAMPLES  # a draw and a quit each
    assert calls[0] == 0
    assert mine[0] % 2 == 0 and mine[0] >= 2 * card_expert.FIRST_DEALS and mine[0] > by_expert1


def test_the_play_outs_one_draw_rule_is_the_hands_classic_score_over_a_threshold_below_six():
    """PLAY_OUT_POINTS, summed over the values a hand holds, is its S3 score in either variant
    as far as any play-out threshold can tell (each is below 6: a six or a llama draws)."""
    from lama.score import round_points

    limits = (card_playouts.SAMPLE_DRAW_SELF, card_playouts.SAMPLE_DRAW_OTHERS,
              card_expert.OWN_DRAW_POINTS, card_playouts.CAUTIOUS_DRAW_POINTS)
    assert max(limits) < 6
    for code in range(3 ** 7):  # every hand of 0, 1 or 2 of each value (no itertools on MicroPython)
        held = [code // 3 ** v % 3 for v in range(7)]
        pts = sum(card_playouts.PLAY_OUT_POINTS[v] for v in range(7) if held[v])
        assert pts == round_points(held)
        for above in limits:
            assert (pts > above) == (round_points(held, True) > above)
