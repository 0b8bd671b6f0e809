"""What the table saw (lama.card_clues, issue 52): every draw, quit and play kept as clues of
the hands in the state and its views, deals of the unseen cards that agree with them (a
person who could play but drew breaks them: weighed, not excluded), the expert using them,
and the hint naming them. Plain asserts: run under MicroPython too (test_cards_micropython)."""

from test_cards_rules import DRAW, QUIT, play, table

from lama import card_clues as C
from lama import card_expert, cards
from lama.card_bots import choose_expert
from lama.rng import SeededRng


def field(st, f, p):
    return st.clues[f * st.n + p]


def test_a_draw_or_a_quit_tells_which_values_a_hand_lacks():
    st = table(["23", "15", "66", "14"], top="3", pile="L1234")
    cards.apply(st, play("3"), None)  # seat 0 played a 3
    assert bytes(st.clues) == bytes(C.new(4))  # (its older cards may hold anything)
    cards.apply(st, DRAW, None)  # seat 1 drew on a 3: no 3, no 4
    assert field(st, C.MASK_A, 1) == 0b1100
    assert field(st, C.FRESH, 1) == 1 and field(st, C.LAST, 1) == 2 + 1
    cards.apply(st, QUIT, None)  # seat 2 quit on a 3
    assert field(st, C.MASK_A, 2) == 0b1100 and field(st, C.FRESH, 2) == 0
    assert field(st, C.LAST, 2) == 2 + 1 + C.QUIT_BIT
    v = cards.view(st, 3)
    assert bytes(v.clues) == bytes(st.clues)  # public: every view has them
    assert bytes(st.copy().clues) == bytes(st.clues)
    assert C.telling(v) == 1  # still in, before seat 2 in turn order


def test_clues_pile_up_and_the_drawn_cards_stay_unknown():
    clues = C.new(2)
    C.on_stop(clues, 2, 1, 0, True)  # drew on a 1: no 1 or 2; one fresh card
    C.on_stop(clues, 2, 1, 3, True)  # drew on a 4: no 4 or 5 in any of them
    assert clues[C.MASK_A * 2 + 1] == 0b11011  # the older cards: 1, 2, 4, 5
    assert clues[C.MASK_B * 2 + 1] == 0b11000  # the card drawn at the first draw: 4, 5
    assert clues[C.COUNT_B * 2 + 1] == 1 and clues[C.FRESH * 2 + 1] == 1
    C.on_stop(clues, 2, 1, 6, True)  # on a llama: no llama, no 1
    assert clues[C.MASK_A * 2 + 1] == 0b1011011 and clues[C.MASK_B * 2 + 1] == 0b1000001
    assert clues[C.COUNT_B * 2 + 1] == 2
    C.new_round(clues, 2)
    assert bytes(clues) == bytes(C.new(2))


def test_a_play_the_clues_forbid_marks_a_loose_player_and_weighs_its_clues_less():
    clues = C.new(2)
    C.on_stop(clues, 2, 1, 2, True)  # drew on a 3: no 3 or 4, then one card drawn
    C.on_play(clues, 2, 1, 3, 6)  # a 4: the card just drawn
    assert clues[C.FRESH * 2 + 1] == 0 and clues[C.FLAGS * 2 + 1] == 0
    C.on_play(clues, 2, 1, 3, 5)  # another 4: it held one when it drew (a person may)
    assert clues[C.FLAGS * 2 + 1] == C.LOOSE and clues[C.MASK_A * 2 + 1] == 0
    C.new_round(clues, 2)
    assert clues[C.FLAGS * 2 + 1] == C.LOOSE  # kept from round to round
    assert [shaped(clues, 1, k) for k in range(4)] == [True, False, True, False]
    C.on_stop(clues, 2, 0, 2, True)  # seat 0 drew on a 3: no 3 or 4
    trusted = [shaped(clues, 0, k) for k in range(32)]
    assert trusted.count(False) == 2  # one deal in _TRUST_EVERY sets them aside


def shaped(clues, p, k):
    """Whether seat p's clues (of two seats; seat p holds no 4, whatever else) shape sampled
    deal number k: its one card, from a pool of a 4 then a 1, is the 1 (the 4 skipped)."""
    clues = bytearray(clues)
    clues[C.MASK_A * 2 + p] |= 1 << 3
    clues[C.COUNT_B * 2 + p] = clues[C.FRESH * 2 + p] = 0
    hands = [bytearray(7), bytearray(7)]
    sizes = bytearray(2)
    sizes[p] = 1
    assert C.deal(bytearray([3, 0]), hands, sizes, clues, 1 - p, k) == 1
    return hands[p][0] == 1


def test_deals_agree_with_the_clues_and_never_fail():
    st = table(["23", "1155", "66", "14"], top="3", pile="L1234")
    C.on_stop(st.clues, 4, 1, 2, False)  # seat 1 said it holds no 3 or 4 (it holds none)
    C.on_stop(st.clues, 4, 2, 0, False)  # seat 2 said no 1 or 2 (true)
    v = cards.view(st, 0)
    unseen = cards.unseen(v)
    pool = bytearray()
    for s in range(7):
        pool.extend(bytes([s]) * unseen[s])
    hands = [bytearray(7) for _ in range(4)]
    rng = card_expert.SampleShuffler(5)
    for _ in range(50):
        rng.shuffle(pool)
        dealt = C.deal(pool, hands, v.sizes, v.clues, 0, 0)  # deal 0: every seat's clues
        assert dealt == 8 and bytes(hands[0]) == bytes(7)  # its own hand left alone
        assert hands[1][2] == 0 and hands[1][3] == 0 and sum(hands[1]) == 4
        assert hands[2][0] == 0 and hands[2][1] == 0 and sum(hands[2]) == 2
        assert sum(hands[3]) == 2
    # a clue no deal can meet (a person who quit holding what fitted): dealt anyway
    st = table(["2", "33", "3"], top="1", pile="3")
    C.on_stop(st.clues, 3, 1, 1, False)  # "no 2 or 3": but only 3s are unseen
    v = cards.view(st, 0)
    pool = bytearray([2, 2, 2, 2])
    assert C.deal(pool, [bytearray(7) for _ in range(3)], v.sizes, v.clues, 0, 0) == 3


def reading_table():
    """Seat 0 holds 2, 2, 3, 5 on a 2; seat 1, one card left, stopped on a 2 (no 2, no 3):
    (the state, the view without that clue, the view with it)."""
    st = table(["2235", "5", "4444", "L66"], top="2", pile="1111222233334444555566")
    blank = cards.view(st, 0)
    C.on_stop(st.clues, 4, 1, 1, False)
    return st, blank, cards.view(st, 0)


def test_the_expert_reads_the_table():
    """Blind, the 3 looks better (seat 1 might go out on a 2 or a 3 after the 2); knowing
    seat 1 holds neither, the 2 (it keeps a 2 and a 3 to follow) is."""
    st, blank, seen = reading_table()
    acts = cards.legal_actions(st)
    assert choose_expert(blank, acts, SeededRng(1)) == play("3")
    assert choose_expert(seen, acts, SeededRng(1)) == play("2")


def test_the_hint_names_the_clue_that_decided_the_move():
    from ui.games import cards_hint as H

    st, blank, seen = reading_table()
    acts = cards.legal_actions(st)
    steps = H.think_clue(seen, acts, SeededRng(1), card_expert.think, play("2"))
    try:
        while True:
            assert next(steps) is None
    except StopIteration as e:
        clue = e.value
    assert clue == (H.R_CLUE_QUIT, "2", "3", 1)
    steps = H.think_clue(blank, acts, SeededRng(1), card_expert.think, play("3"))  # no clue
    try:
        next(steps)
        raise AssertionError("no clue, nothing to think")
    except StopIteration as e:
        assert e.value is None
