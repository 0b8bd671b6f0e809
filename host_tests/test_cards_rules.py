"""L.L.A.M.A. rules C1-C14 and S1-S6 in the card game, one test per rule.

Plain asserts and no pytest import: test_cards_micropython.py runs this same file under the
MicroPython unix port.
"""

from lama import cards, codec, codec_read
from lama.card_bots import BOTS
from lama.rng import SeededRng, shuffle
from lama.score import Rules, round_points
from lama.symbols import SYMBOLS, counts_to_str, str_to_counts

import support
from support import cards_conserved as conserved
from support import raises

PLAY = cards.PLAY
DRAW = (cards.DRAW,)
QUIT = (cards.QUIT,)
NEXT = (cards.NEXT,)


def play(ch):
    return (PLAY, SYMBOLS.find(ch))


def table(hands, top="1", pile="", quit="", turn=0, scores=None, rules=None):
    """A round in progress: hands and draw pile (top card first) as strings, the discard
    pile's top card `top`, every other card already on the discard pile."""
    rules = rules or Rules()
    st = cards.new_game(len(hands), rules, 0, SeededRng(1))
    held = str_to_counts(pile)
    for i in range(len(hands)):
        c = str_to_counts(hands[i])
        for v in range(7):
            st.hands[i][v] = c[v]
            held[v] += c[v]
    st.pile = bytearray([SYMBOLS.find(ch) for ch in pile])
    for v in range(7):
        st.discard[v] = cards.copies(v, rules) - held[v]
    st.top = SYMBOLS.find(top)
    assert st.discard[st.top] > 0
    for ch in quit:
        st.quit[int(ch)] = 1
    st.turn = turn
    if scores:
        st.scores = list(scores)
    return st


def hand(st, p):
    return counts_to_str(st.hands[p])


def refused_unchanged(rule, st, action):
    before = st.copy()
    raises(rule, cards.apply, st, action, SeededRng(0))
    assert st == before
    assert action not in cards.legal_actions(st)


def play_game(names, seed, first=0, rules=None):
    return support.play_game(cards, BOTS, names, seed, first, rules, conserved)


def round_ends(events):
    return [e for e in events if e[0] == "round_end"]


# --- S in the card game ------------------------------------------------------------------


def test_S1_card_game_seats_two_to_six():
    for n in range(2, 7):
        st = cards.new_game(n, Rules(), n - 1, SeededRng(n))
        assert st.n == n and len(st.hands) == n and st.turn == n - 1
    for n in (1, 7):
        raises("S1", cards.new_game, n, Rules(), 0, SeededRng(0))


def test_S2_card_scores_are_whole_points_kept_as_tokens():
    st, events = play_game(["cautious", "random", "expert"], 4)
    for e in round_ends(events):
        for s in e[5]:
            assert isinstance(s, int) and s >= 0


def test_S3_round_points_of_each_hand():
    st = table(["4", "1556", "LL3", "222"], top="3")
    ev = cards.apply(st, play("4"), None)
    assert ev[-1][0] == "round_end" and ev[-1][2] == "empty"
    assert ev[-1][3] == [0, 12, 13, 2]
    assert round_points(str_to_counts("1556")) == 12


def test_S4_token_returned_on_emptying_never_negative():
    for before, returned in ((0, 0), (1, 1), (9, 1), (10, 10), (35, 10)):
        st = table(["5", "66"], top="5", scores=[before, 3])
        ev = cards.apply(st, play("5"), None)
        assert ev[-1] == ("round_end", 1, "empty", [0, 6], [returned, 0], [before - returned, 9])
        assert st.scores[0] == before - returned >= 0


def test_S5_whole_card_game_ends_at_40_and_the_lowest_score_wins():
    for seed in range(6):
        st, events = play_game(["cautious", "random", "expert"], seed)
        assert max(st.scores) >= 40
        for e in round_ends(events)[:-1]:
            assert max(e[5]) < 40
        low = min(st.scores)
        assert events[-1] == ("game_end", st.scores, [i for i in range(3) if st.scores[i] == low])
        assert cards.legal_actions(st) == []
        raises("S5", cards.apply, st, DRAW, SeededRng(0))


def test_S5_equal_lowest_scores_share_the_win():
    st = table(["2", "3", "5"], top="2", scores=[33, 38, 7])
    ev = cards.apply(st, play("2"), None)
    assert ev[-2][5] == [23, 41, 12] and ev[-1] == ("game_end", [23, 41, 12], [2])
    st = table(["2", "3", "3"], top="2", scores=[22, 38, 9])
    ev = cards.apply(st, play("2"), None)
    assert ev[-1] == ("game_end", [12, 41, 12], [0, 2])


def test_S6_fixed_rounds_and_other_targets_in_cards():
    st, events = play_game(["random", "random"], 3, rules=Rules(rounds=4))
    assert st.round_no == 4 and len(round_ends(events)) == 4
    st, events = play_game(["cautious", "cautious", "expert"], 3, rules=Rules(target=15))
    assert max(st.scores) >= 15
    for e in round_ends(events)[:-1]:
        assert max(e[5]) < 15


# --- C ------------------------------------------------------------------------------------


def test_C1_fifty_six_cards_eight_of_each():
    rules = Rules()
    assert [cards.copies(v, rules) for v in range(7)] == [8] * 7
    assert cards.deck_size(rules) == 56
    for n in range(2, 7):
        st = cards.new_game(n, rules, 0, SeededRng(n))
        assert conserved(st)


def test_C2_deal_six_each_top_card_starts_the_discard_pile():
    for n in range(2, 7):
        st = cards.new_game(n, Rules(), 0, SeededRng(40 + n))
        deck = bytearray()
        for v in range(7):
            deck.extend(bytes([v]) * 8)
        shuffle(deck, SeededRng(40 + n))  # the same shuffle: dealt one at a time from seat 0
        for p in range(n):
            assert hand(st, p) == counts_to_str(str_to_counts("".join(SYMBOLS[deck[i * n + p]] for i in range(6))))
        assert st.top == deck[6 * n] and list(st.discard) == [int(v == st.top) for v in range(7)]
        assert bytes(st.pile) == bytes(deck[6 * n + 1 :])
        assert len(st.pile) == 56 - 6 * n - 1
        ev = cards.round_event(st)
        assert ev == ("round", 1, 0, [bytes(h) for h in st.hands], st.top, bytes(st.pile))


def test_C3_first_round_chosen_later_rounds_by_who_ended_the_last():
    st = cards.new_game(4, Rules(), 2, SeededRng(5))
    assert st.first == 2 and st.turn == 2
    st = table(["12", "3", "L", "44"], top="3", turn=1)
    cards.apply(st, play("3"), None)  # seat 1 empties its hand
    assert st.phase == cards.ROUND_OVER and st.ender == 1
    ev = cards.apply(st, NEXT, SeededRng(9))
    assert ev[0][0] == "round" and ev[0][1:3] == (2, 1) and st.turn == 1 and st.first == 1
    st = table(["12", "3", "L"], top="5", turn=0, quit="1")
    cards.apply(st, QUIT, None)
    cards.apply(st, QUIT, None)  # seat 2 is the last to quit
    assert st.reason == "all_quit" and st.ender == 2
    cards.apply(st, NEXT, SeededRng(9))
    assert st.first == 2 and st.turn == 2
    st = table(["12", "3", "L"], top="5", turn=1)
    cards.apply(st, DRAW if st.pile else QUIT, None)
    assert st.turn == 2  # clockwise


def test_C4_play_the_same_value_or_exactly_one_more():
    for top, ok in (("1", "12"), ("3", "34"), ("5", "56"), ("6", "6L"), ("L", "1L")):
        for ch in SYMBOLS:
            st = table(["123456L", "22"], top=top, pile="3")
            if ch in ok:
                ev = cards.apply(st, play(ch), None)
                assert ev == [("play", 0, SYMBOLS.find(ch))]
                assert st.top == SYMBOLS.find(ch) and st.turn == 1
                assert ch not in hand(st, 0)
            else:
                refused_unchanged("C4", st, play(ch))
    st = table(["2356", "22"], top="3", pile="4")
    assert cards.legal_actions(st) == [play("3"), DRAW, QUIT]  # draw or quit though it could play
    refused_unchanged("C4", st, play("4"))  # not in the hand
    refused_unchanged("C4", st, (PLAY, 9))
    refused_unchanged("C4", st, ("play", 3))
    refused_unchanged("C4", st, (PLAY,))


def test_C5_draw_takes_the_top_card_never_a_reshuffle():
    st = table(["5", "6"], top="2", pile="L3")
    ev = cards.apply(st, DRAW, None)
    assert ev == [("draw", 0, 6)] and hand(st, 0) == "5L" and st.turn == 1
    cards.apply(st, DRAW, None)
    assert hand(st, 1) == "36" and len(st.pile) == 0
    refused_unchanged("C5", st, DRAW)
    assert cards.legal_actions(st) == [QUIT]


def test_C6_quit_takes_no_more_turns_hand_still_scores():
    st = table(["56", "L", "4"], top="2", pile="111")
    cards.apply(st, QUIT, None)
    assert st.quit[0] and st.turn == 1 and hand(st, 0) == "56"
    cards.apply(st, DRAW, None)
    cards.apply(st, DRAW, None)
    assert st.turn == 1  # seat 0 is skipped
    cards.apply(st, QUIT, None)
    ev = cards.apply(st, QUIT, None)
    assert ev[-1] == ("round_end", 1, "all_quit", [11, 11, 5], [0, 0, 0], [11, 11, 5])


def test_C7_alone_cannot_draw():
    st = table(["23", "5", "6"], top="2", pile="444", quit="12")
    assert cards.alone(st)
    refused_unchanged("C7", st, DRAW)
    assert cards.legal_actions(st) == [play("2"), play("3"), QUIT]
    cards.apply(st, play("2"), None)
    assert st.turn == 0  # alone, it plays on
    assert cards.alone(cards.view(st, 0))


def test_C8_no_play_and_no_draw_leaves_only_quit():
    st = table(["45", "6"], top="1", quit="1")  # alone
    assert cards.legal_actions(st) == [QUIT]
    st = table(["45", "6"], top="1", pile="")  # empty pile
    assert cards.legal_actions(st) == [QUIT]
    st = table(["45", "6"], top="1", pile="2")
    assert cards.legal_actions(st) == [DRAW, QUIT]


def test_C9_round_ends_at_once_on_the_last_card_or_all_quit():
    st = table(["3", "456", "2"], top="3", pile="12")
    ev = cards.apply(st, play("3"), None)
    assert [e[0] for e in ev] == ["play", "round_end"] and ev[1][2] == "empty"
    assert st.phase == cards.ROUND_OVER
    refused_unchanged("C9", st, DRAW)
    assert cards.legal_actions(st) == [NEXT]
    st = table(["3", "456"], top="1", pile="12", quit="1")
    ev = cards.apply(st, QUIT, None)
    assert ev[-1][2] == "all_quit" and st.phase == cards.ROUND_OVER
    st = table(["34", "56"], top="1", pile="12")
    refused_unchanged("C9", st, NEXT)


def test_C10_hands_score_distinct_values_once_llamas_ten_once():
    st = table(["1", "1556", "LLL", "4", "L123456"], top="1", quit="1234")
    ev = cards.apply(st, play("1"), None)
    assert ev[-1][3] == [0, 12, 10, 4, 31]
    assert cards.hand_points(str_to_counts("LLL"), Rules()) == 10


def test_C11_who_empties_the_hand_returns_a_token_then_S5():
    st = table(["L", "12"], top="6", scores=[25, 38])
    ev = cards.apply(st, play("L"), None)
    assert ev[-2] == ("round_end", 1, "empty", [0, 3], [10, 0], [15, 41])
    assert ev[-1] == ("game_end", [15, 41], [0])
    assert st.phase == cards.GAME_OVER


def test_C12_lato_z_komarami_seven_llamas_ten_each():
    rules = Rules(komarami=True)
    assert cards.copies(6, rules) == 7 and cards.deck_size(rules) == 55
    assert cards.hand_points(str_to_counts("1LLL"), rules) == 31
    for n in range(2, 7):
        st = cards.new_game(n, rules, 0, SeededRng(n))
        assert conserved(st) and len(st.pile) == 55 - 6 * n - 1
    st = table(["5", "LL2", "L"], top="5", rules=rules)
    ev = cards.apply(st, play("5"), None)
    assert ev[-1][3] == [0, 22, 10]
    st, events = play_game(["expert", "cautious", "random"], 8, rules=rules)
    assert max(st.scores) >= 40


def test_C13_cards_conserved_at_all_times():
    for seed in range(8):
        n = 2 + seed % 5
        rules = Rules(komarami=seed % 2 == 1)
        play_game((["random", "cautious", "expert"] * 2)[:n], seed, seed % n, rules)


def test_C14_a_view_shows_only_what_the_seat_may_know():
    st = table(["123", "456L", "22"], top="1", pile="L66", quit="2", turn=1, scores=[3, 4, 5])
    v = cards.view(st, 1)
    assert v.seat == 1 and v.turn == 1 and v.n == 3
    assert counts_to_str(v.hand) == "456L" and v.top == 0
    assert counts_to_str(v.discard) == counts_to_str(st.discard)
    assert v.pile_size == 3 and list(v.sizes) == [3, 4, 2] and list(v.quit) == [0, 0, 1]
    assert v.scores == [3, 4, 5] and v.rules == st.rules
    for name in dir(v):
        assert name not in ("hands", "pile", "state")
    # moving hidden cards between other hands and the pile changes nothing in the view
    other = table(["2L6", "456L", "13"], top="1", pile="262", quit="2", turn=1, scores=[3, 4, 5])
    w = cards.view(other, 1)
    for name in ("seat", "n", "turn", "top", "pile_size", "scores", "phase", "round_no"):
        assert getattr(v, name) == getattr(w, name)
    for name in ("hand", "discard", "sizes", "quit"):
        assert bytes(getattr(v, name)) == bytes(getattr(w, name))
    assert bytes(cards.unseen(v)) == bytes(str_to_counts("1222366L"))
    v.hand[0] = 5  # a copy: the bot cannot change the game
    assert hand(st, 1) == "456L"


def test_C13_codec_round_trip_in_a_whole_game():
    rng = SeededRng(77)
    st = cards.new_game(3, Rules(komarami=True), 1, rng)
    while st.phase != cards.GAME_OVER:
        data = codec.encode(st)
        assert data[:4] == b"LM\x01\x02"
        assert codec_read.decode(data) == st
        acts = cards.legal_actions(st)
        cards.apply(st, acts[rng.randbelow(len(acts))], rng)
    assert codec_read.decode(codec.encode(st)) == st
