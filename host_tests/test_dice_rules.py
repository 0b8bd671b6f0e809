"""LAMA Dice rules D1-D22 and S1-S6 in the dice game, one test per rule, and seed 000's examples.

Plain asserts and no pytest import: test_dice_micropython.py runs this same file under the
MicroPython unix port.
"""

from lama import codec, dice
from lama.dice_bots import BOTS
from lama.errors import RuleError
from lama.rng import HardwareRng, SeededRng
from lama.score import Rules, round_points, tokens
from lama.symbols import SYMBOLS, str_to_counts

import support
from support import dice_conserved as conserved
from support import raises


class Script:
    """A generator that answers randbelow from a list of values, in order."""

    def __init__(self, values):
        self.values = list(values)
        self.i = 0

    def randbelow(self, n):
        v = self.values[self.i]
        self.i += 1
        assert 0 <= v < n
        return v

    def done(self):
        return self.i == len(self.values)


def faces(text):
    """The randbelow(6) answers that make dice A, B, C show the three symbols of `text`."""
    out = []
    for i in range(3):
        s = SYMBOLS.find(text[i])
        f = 0
        while dice.DICE_FACES[i][f] != s:
            f += 1  # IndexError: that die has no such face
        out.append(f)
    return out


def rolls(*texts):
    v = []
    for t in texts:
        v += faces(t)
    return Script(v)


def table(rows, llama_row="123456L", quit="", turn=0, scores=None, rules=None):
    """A round in progress with the given rows (strings), the rest of the cards discarded."""
    st = dice.new_game(len(rows), rules or Rules(), 0, SeededRng(1))
    lr = str_to_counts(llama_row)
    for s in range(7):
        st.llama_row[s] = lr[s]
        st.set_aside[s] = 0
    held = bytearray(7)
    for i in range(len(rows)):
        c = str_to_counts(rows[i])
        for s in range(7):
            st.rows[i][s] = c[s]
            held[s] += c[s]
    for s in range(7):
        st.discarded[s] = dice.ALL_CARDS[s] - held[s] - lr[s]
    for ch in quit:
        st.quit[int(ch)] = 1
    st.turn = turn
    if scores:
        st.scores = list(scores)
    return st


def _s(counts):
    from lama.symbols import counts_to_str

    return counts_to_str(counts)


def kinds(events):
    return [e[0] for e in events]


def discard(text):
    return (dice.DISCARD, bytes(str_to_counts(text)))


def take(ch):
    return (dice.TAKE, SYMBOLS.find(ch))


def play_game(names, seed, n_first=0, rules=None):
    return support.play_game(dice, BOTS, names, seed, n_first, rules)


# --- S in the dice game ------------------------------------------------------------------


def test_S1_dice_game_seats_two_to_six():
    for n in range(2, 7):
        st = dice.new_game(n, Rules(), n - 1, SeededRng(n))
        assert st.n == n and len(st.rows) == n and st.turn == n - 1
    for n in (1, 7):
        raises("S1", dice.new_game, n, Rules(), 0, SeededRng(0))


def test_S2_S4_three_llamas_return_a_black_token_from_ten_up():
    for before, after in ((12, 2), (10, 0), (9, 8), (1, 0)):
        st = table(["12", "3"], scores=[before, 0])
        ev = dice.apply(st, (dice.ROLL,), rolls("LLL"))
        assert ev[1] == ("token", 0, before - after)
        assert st.scores[0] == after


def test_S3_round_points_are_the_S3_score_of_each_row():
    st = table(["1556", "2"], llama_row="3")
    dice.apply(st, (dice.ROLL,), rolls("3LL"))  # no 3 or L held: take the 3, the last card
    ev = dice.apply(st, take("3"), None)
    end = ev[-1]
    assert end[0] == "round_end" and end[2] == "row_taken"
    assert end[3] == [round_points(str_to_counts("13556")), 2] == [15, 2]


def test_S2_S3_seed000_aurelia_ends_with_1_5_5_6_and_scores_12():
    st = table(["1556", "2"])
    dice.apply(st, (dice.QUIT,), None)
    ev = dice.apply(st, (dice.QUIT,), None)
    assert ev[-1][3] == [12, 2] and st.scores == [12, 2]
    assert tokens(st.scores[0]) == (1, 2)  # one black, two whites


def test_S5_whole_dice_game_ends_at_40_and_the_lowest_score_wins():
    for seed in range(6):
        st, events = play_game(["cautious", "random", "cautious"], seed)
        assert max(st.scores) >= 40
        ends = [e for e in events if e[0] == "round_end"]
        for e in ends[:-1]:
            assert max(e[5]) < 40
        assert events[-1] == (
            "game_end",
            st.scores,
            [i for i in range(3) if st.scores[i] == min(st.scores)],
        )
        assert dice.legal_actions(st) == []
        raises("S5", dice.apply, st, (dice.ROLL,), SeededRng(0))


def test_S6_fixed_rounds_and_other_targets_in_dice():
    st, events = play_game(["random", "random"], 3, rules=Rules(rounds=4))
    assert st.round_no == 4 and len([e for e in events if e[0] == "round_end"]) == 4
    for bad in (Rules(target=0), Rules(rounds=-1), Rules(target=10000)):
        raises("S6", dice.new_game, 2, bad, 0, SeededRng(0))
    st, events = play_game(["cautious", "cautious"], 3, rules=Rules(target=15))
    assert max(st.scores) >= 15
    for e in [e for e in events if e[0] == "round_end"][:-1]:
        assert max(e[5]) < 15


# --- D ------------------------------------------------------------------------------------


def test_D1_forty_three_cards_deck_and_llama_row():
    assert list(dice.ALL_CARDS) == [6, 6, 6, 6, 6, 6, 7]
    assert list(dice.DECK_COUNTS) == [5, 5, 5, 5, 5, 5, 6] and sum(dice.DECK_COUNTS) == 36
    assert list(dice.LLAMA_ROW_COUNTS) == [1] * 7
    for n in range(2, 7):
        st = dice.new_game(n, Rules(), 0, SeededRng(n))
        assert conserved(st)


def test_D2_three_dice_two_llamas_each_disjoint_pairs():
    assert dice.DICE == ("LL1234", "LL3456", "LL1256")
    on = [0] * 6
    for die in dice.DICE_FACES:
        assert len(die) == 6
        llamas = 0
        for f in die:
            if f == 6:
                llamas += 1
            else:
                on[f] += 1
        assert llamas == 2
    assert on == [2] * 6  # every number on exactly two dice
    three = anyl = 0
    num = [0] * 6
    for a in dice.DICE_FACES[0]:
        for b in dice.DICE_FACES[1]:
            for c in dice.DICE_FACES[2]:
                three += a == 6 and b == 6 and c == 6
                anyl += a == 6 or b == 6 or c == 6
                for s in range(6):
                    num[s] += a == s or b == s or c == s
    assert three * 27 == 216 and anyl * 27 == 19 * 216
    assert num == [216 * 11 // 36] * 6
    # each die face comes from one randbelow(6): all six equally likely
    st = table(["1", "2"])
    seen = []
    for f in range(6):
        t = table(["1", "2"])
        dice.apply(t, (dice.ROLL,), Script([f, f, f]))
        seen.append(bytes(t.dice))
    assert [s[0] for s in seen] == list(dice.DICE_FACES[0])
    assert [s[2] for s in seen] == list(dice.DICE_FACES[2])
    assert st.phase == dice.TURN


def test_D3_llama_row_laid_out_full_every_round():
    rng = SeededRng(2)
    st = dice.new_game(3, Rules(), 0, rng)
    assert list(st.llama_row) == [1] * 7
    dice.apply(st, (dice.ROLL,), rng)
    while st.phase != dice.ROUND_OVER:
        dice.apply(st, dice.legal_actions(st)[-1], rng)  # quit, or the last choice
    ev = dice.apply(st, (dice.NEXT,), rng)
    assert ev[0][0] == "round" and ev[0][4] == bytes([1] * 7) and list(st.llama_row) == [1] * 7


def test_D4_six_cards_each_rest_set_aside():
    for n in range(2, 7):
        st = dice.new_game(n, Rules(), 0, SeededRng(10 + n))
        for r in st.rows:
            assert sum(r) == 6
        assert sum(st.set_aside) == 36 - 6 * n
        assert sum(st.discarded) == 0
    assert sum(dice.new_game(6, Rules(), 0, SeededRng(3)).set_aside) == 0
    a = dice.new_game(4, Rules(), 0, SeededRng(5))
    b = dice.new_game(4, Rules(), 0, SeededRng(6))
    assert [bytes(r) for r in a.rows] != [bytes(r) for r in b.rows]  # shuffled


def test_D5_first_player_then_who_took_the_last_turn_clockwise():
    rng = SeededRng(4)
    st = dice.new_game(4, Rules(), 2, rng)
    assert st.first == 2 and st.turn == 2
    order = []
    for _ in range(4):
        order.append(st.turn)
        dice.apply(st, (dice.QUIT,), rng)
    assert order == [2, 3, 0, 1]
    assert st.phase == dice.ROUND_OVER and st.ender == 1
    ev = dice.apply(st, (dice.NEXT,), rng)
    assert ev[0][:3] == ("round", 2, 1) and st.turn == 1 and st.first == 1
    raises("D5", dice.new_game, 3, Rules(), 3, SeededRng(0))


def test_D6_quit_takes_no_more_turns_but_still_scores():
    st = table(["12", "34", "5"])
    ev = dice.apply(st, (dice.QUIT,), None)
    assert ev == [("quit", 0)] and st.quit[0] == 1 and st.turn == 1
    dice.apply(st, (dice.QUIT,), None)
    assert st.turn == 2
    ev = dice.apply(st, (dice.QUIT,), None)
    assert ev[-1][0] == "round_end" and ev[-1][2] == "all_quit"
    assert ev[-1][3] == [3, 7, 5]


def test_D7_a_turn_is_roll_or_quit_and_one_outcome_follows_each_roll():
    st = table(["12", "34"])
    assert dice.legal_actions(st) == [(dice.ROLL,), (dice.QUIT,)]
    raises("D6", dice.apply, st, discard("1"), None)
    raises("D6", dice.apply, st, (dice.NEXT,), None)
    _, events = play_game(["random", "cautious", "random", "cautious"], 8)
    follow = ("discard", "take", "bust", "token", "none")
    for i in range(len(events)):
        if events[i][0] == "roll":
            assert events[i + 1][0] in follow
        if events[i][0] in follow:
            assert events[i - 1][0] == "roll"


def test_D8_three_llamas_return_a_token_and_move_no_card():
    st = table(["LL5", "3"], scores=[0, 0])
    ev = dice.apply(st, (dice.ROLL,), rolls("LLL"))
    assert ev == [("roll", 0, bytes([6, 6, 6])), ("none", 0)]
    assert _s(st.rows[0]) == "5LL" and st.scores == [0, 0] and st.turn == 1
    st = table(["LL5", "3"], scores=[23, 0])
    ev = dice.apply(st, (dice.ROLL,), rolls("LLL"))
    assert ev[1] == ("token", 0, 10) and st.scores[0] == 13 and _s(st.rows[0]) == "5LL"


def test_D9_one_card_per_matching_die():
    st = table(["3345", "1"])
    dice.apply(st, (dice.ROLL,), rolls("33L"))  # two dice show 3
    assert st.phase == dice.CHOOSE_DISCARD
    assert dice.legal_actions(st) == [discard("3"), discard("33")]
    raises("D9", dice.apply, st, discard("333"), None)
    raises("D9", dice.apply, st, discard("4"), None)
    raises("D9", dice.apply, st, discard(""), None)
    raises("D9", dice.apply, st, (dice.QUIT,), None)
    raises("D9", dice.apply, st, (dice.ROLL,), None)
    raises("D9", dice.apply, st, (dice.DISCARD, b"\x01"), None)
    ev = dice.apply(st, discard("33"), None)
    assert ev == [("discard", 0, bytes(str_to_counts("33")))]
    assert _s(st.rows[0]) == "45" and st.turn == 1 and st.phase == dice.TURN


def test_D9_seed000_aurelia_rolls_1_3_L_holding_3_and_L():
    st = table(["3356L", "2"])
    dice.apply(st, (dice.ROLL,), rolls("13L"))
    assert dice.legal_actions(st) == [discard("3"), discard("L"), discard("3L")]
    t = table(["3356L", "2"])
    dice.apply(t, (dice.ROLL,), rolls("13L"))
    dice.apply(t, discard("3L"), None)  # she discards a 3 and the llama
    assert _s(t.rows[0]) == "356"


def test_D10_take_one_matching_llama_row_card():
    st = table(["3456", "1"], llama_row="1236L")
    dice.apply(st, (dice.ROLL,), rolls("2LL"))
    assert st.phase == dice.CHOOSE_TAKE
    assert dice.legal_actions(st) == [take("2"), take("L")]
    raises("D10", dice.apply, st, take("3"), None)  # in the llama row, not on a die
    raises("D10", dice.apply, st, (dice.QUIT,), None)
    raises("D10", dice.apply, st, (dice.TAKE, 9), None)
    st2 = table(["3456", "1"], llama_row="1236")
    dice.apply(st2, (dice.ROLL,), rolls("2LL"))
    assert dice.legal_actions(st2) == [take("2")]
    raises("D10", dice.apply, st2, take("L"), None)  # not in the llama row any more


def test_D10_seed000_jerome_rolls_2_L_L_and_takes_the_llama():
    st = table(["13456", "1"])
    ev = dice.apply(st, (dice.ROLL,), rolls("2LL"))
    assert len(ev) == 1 and st.phase == dice.CHOOSE_TAKE
    ev = dice.apply(st, take("L"), None)
    assert ev == [("take", 0, 6)]
    assert _s(st.rows[0]) == "13456L" and _s(st.llama_row) == "123456" and st.turn == 1


def test_D11_no_match_anywhere_busts():
    st = table(["1", "2", "6"], llama_row="35")
    ev = dice.apply(st, (dice.ROLL,), rolls("2L6"))  # 2, L and 6: not in the row or llama row
    assert kinds(ev) == ["roll", "bust", "round_end"]
    assert ev[1] == ("bust", 0, bytes(str_to_counts("35")))
    assert ev[2][2] == "bust" and ev[2][3] == [9, 2, 6]


def test_D12_alone_no_take_a_miss_is_a_bust():
    st = table(["4", "1", "2"], quit="12")
    assert dice.alone(st)
    ev = dice.apply(st, (dice.ROLL,), rolls("2L6"))  # 2, 6, L are in the llama row
    assert kinds(ev) == ["roll", "bust", "round_end"]
    assert ev[1][2] == bytes([1] * 7)
    st = table(["4", "1"], quit="")
    assert not dice.alone(st)


def test_D12_seed000_aurelia_alone_with_2_and_5():
    st = table(["1", "25", "3", "6"], quit="023", turn=1)  # Jerome, Marc, Gauthier quit
    rng = rolls("142", "26L")
    ev = dice.apply(st, (dice.ROLL,), rng)  # 1, 2 and 4
    assert dice.legal_actions(st) == [discard("2")]
    ev = dice.apply(st, discard("2"), rng)
    assert _s(st.rows[1]) == "5" and st.turn == 1  # alone, she goes on
    ev = dice.apply(st, (dice.ROLL,), rng)  # 2, 6 and a llama: nothing she holds
    assert kinds(ev) == ["roll", "bust", "round_end"]
    assert _s(st.rows[1]) == "1234556L" and _s(st.llama_row) == ""
    assert ev[-1][2] == "bust" and st.phase == dice.ROUND_OVER and rng.done()


def test_D13_round_ends_at_once_four_ways():
    st = table(["1", "2"])
    ev = dice.apply(st, (dice.ROLL,), rolls("1LL"))
    ev = dice.apply(st, discard("1"), None)
    assert ev[-1][2] == "empty" and st.phase == dice.ROUND_OVER
    raises("D13", dice.apply, st, (dice.ROLL,), None)
    st = table(["1", "2"], llama_row="3")
    ev = dice.apply(st, (dice.ROLL,), rolls("3LL"))
    ev = dice.apply(st, take("3"), None)
    assert ev[-1][2] == "row_taken"
    st = table(["1", "2"], llama_row="4")
    ev = dice.apply(st, (dice.ROLL,), rolls("3LL"))
    assert ev[-1][2] == "bust"
    st = table(["1", "2"])
    dice.apply(st, (dice.QUIT,), None)
    ev = dice.apply(st, (dice.QUIT,), None)
    assert ev[-1][2] == "all_quit" and st.ender == 1


def test_D14_every_row_scores_face_down_included():
    st = table(["1556", "L", "23"], quit="1")
    dice.apply(st, (dice.ROLL,), rolls("3LL"))  # nothing held, llama row: take L or 3
    dice.apply(st, take("3"), None)
    dice.apply(st, (dice.QUIT,), None)
    ev = dice.apply(st, (dice.QUIT,), None)
    assert ev[-1][3] == [15, 10, 5] and st.scores == [15, 10, 5]


def test_D15_emptying_the_row_returns_a_token():
    # seed 000: Aurelia has 2 whites and a black (12) and discards her last card: she
    # gives back the black.
    st = table(["4", "26"], scores=[12, 3])
    dice.apply(st, (dice.ROLL,), rolls("4LL"))
    ev = dice.apply(st, discard("4"), None)
    assert ev[-1] == ("round_end", 1, "empty", [0, 8], [10, 0], [2, 11])
    st = table(["4", "26"], scores=[0, 3])
    dice.apply(st, (dice.ROLL,), rolls("4LL"))
    ev = dice.apply(st, discard("4"), None)
    assert ev[-1][4] == [0, 0] and st.scores == [0, 11]


def test_D16_S5_decides_after_the_round_is_scored():
    st = table(["4", "26L"], scores=[30, 30])
    dice.apply(st, (dice.ROLL,), rolls("4LL"))
    ev = dice.apply(st, discard("4"), None)
    assert kinds(ev) == ["discard", "round_end", "game_end"]
    assert ev[-1] == ("game_end", [20, 48], [0]) and st.phase == dice.GAME_OVER
    st = table(["4", "26"], scores=[30, 30])
    dice.apply(st, (dice.ROLL,), rolls("4LL"))
    ev = dice.apply(st, discard("4"), None)
    assert kinds(ev) == ["discard", "round_end"] and st.phase == dice.ROUND_OVER


def test_D17_bust_takes_whole_llama_row():
    st = table(["2", "5"], llama_row="46")
    ev = dice.apply(st, (dice.ROLL,), rolls("1LL"))  # neither the row nor the llama row: bust
    assert ev[1] == ("bust", 0, bytes(str_to_counts("46")))
    assert _s(st.rows[0]) == "246" and sum(st.llama_row) == 0 and conserved(st)


def test_D18_taking_the_last_llama_row_card_ends_the_round():
    st = table(["2", "5", "3"], llama_row="L")
    dice.apply(st, (dice.ROLL,), rolls("4LL"))
    ev = dice.apply(st, take("L"), None)
    assert kinds(ev) == ["take", "round_end"] and ev[-1][2] == "row_taken"
    assert ev[-1][3] == [12, 5, 3] and st.ender == 0


def test_D19_only_own_cards_discarded_cards_conserved():
    st = table(["335", "35", "3"])
    dice.apply(st, (dice.ROLL,), rolls("3L5"))
    dice.apply(st, discard("35"), None)
    assert [_s(r) for r in st.rows] == ["3", "35", "3"] and conserved(st)
    for seed in range(10):
        rng = SeededRng(seed)
        st = dice.new_game(2 + seed % 5, Rules(), 0, rng)
        while st.phase != dice.GAME_OVER:
            acts = dice.legal_actions(st)
            dice.apply(st, acts[rng.randbelow(len(acts))], rng)
            assert conserved(st)


def test_D20_a_player_with_an_empty_row_never_has_a_turn():
    st = table(["1", "2", "3"])
    dice.apply(st, (dice.ROLL,), rolls("1LL"))
    dice.apply(st, discard("1"), None)
    assert st.phase == dice.ROUND_OVER and dice.legal_actions(st) == [(dice.NEXT,)]
    for seed in range(10):
        rng = SeededRng(seed)
        st = dice.new_game(3, Rules(), 0, rng)
        while st.phase != dice.GAME_OVER:
            if st.phase in (dice.TURN, dice.CHOOSE_DISCARD, dice.CHOOSE_TAKE):
                assert sum(st.rows[st.turn]) > 0 and not st.quit[st.turn]
            acts = dice.legal_actions(st)
            dice.apply(st, acts[rng.randbelow(len(acts))], rng)


def test_D21_three_llamas_alone_return_a_token_no_bust():
    st = table(["5", "2"], quit="1", scores=[7, 0])
    ev = dice.apply(st, (dice.ROLL,), rolls("LLL"))
    assert ev[1:] == [("token", 0, 1)] and st.scores[0] == 6
    assert st.phase == dice.TURN and st.turn == 0 and _s(st.llama_row) == "123456L"


def test_D22_dice_from_hardware_bytes_by_rejection():
    data = bytes([252, 255, 0, 42, 253, 250])  # 252.. are rejected; b // 42 is the face
    pos = [0]

    def read(n):
        out = bytes(data[pos[0] : pos[0] + n])
        pos[0] += n
        return out

    st = table(["1", "2"])
    dice.apply(st, (dice.ROLL,), HardwareRng(read, chunk=1))
    want = bytes([dice.DICE_FACES[0][0], dice.DICE_FACES[1][1], dice.DICE_FACES[2][5]])
    assert bytes(st.dice) == want and pos[0] == 6


# --- engine guarantees ----------------------------------------------------------------------


def test_illegal_actions_leave_the_state_unchanged():
    st = table(["3345", "1"])
    dice.apply(st, (dice.ROLL,), rolls("33L"))
    before = codec.encode(st)
    for bad in (
        discard("333"),
        (dice.ROLL,),
        (dice.NEXT,),
        "roll",
        (),
        (dice.TAKE, 2),
        (dice.DISCARD, "x"),
    ):
        try:
            dice.apply(st, bad, SeededRng(0))
        except RuleError:
            pass
        else:
            raise AssertionError(bad)
        assert codec.encode(st) == before


def test_view_hides_only_the_set_aside_cards():
    st = dice.new_game(3, Rules(), 0, SeededRng(3))
    v = dice.view(st, 1)
    assert v.seat == 1 and v.turn == 0 and v.rows is st.rows and v.llama_row is st.llama_row
    assert not hasattr(v, "set_aside")


def test_cautious_bot_as_issue_2_defines_it():
    cautious = BOTS["cautious"]
    st = table(["1234", "56"])  # 10 points, but the other player holds only 2 cards
    assert cautious(dice.view(st, 0), dice.legal_actions(st), None) == (dice.QUIT,)
    st = table(["1234", "566"])
    assert cautious(dice.view(st, 0), dice.legal_actions(st), None) == (dice.ROLL,)
    st = table(["14", "566"])  # 5 points: quit
    assert cautious(dice.view(st, 0), dice.legal_actions(st), None) == (dice.QUIT,)
    st = table(["1234", "56"], quit="1")  # the 2-card player has quit: alone, roll
    assert cautious(dice.view(st, 0), dice.legal_actions(st), None) == (dice.ROLL,)
    st = table(["3345", "1"])
    dice.apply(st, (dice.ROLL,), rolls("33L"))
    assert cautious(dice.view(st, 0), dice.legal_actions(st), None) == discard("33")
    st = table(["3456", "1"], llama_row="1236L")
    dice.apply(st, (dice.ROLL,), rolls("2LL"))
    assert cautious(dice.view(st, 0), dice.legal_actions(st), None) == take("2")
    st = table(["3456", "1"], llama_row="12L")
    dice.apply(st, (dice.ROLL,), rolls("1L2"))
    assert cautious(dice.view(st, 0), dice.legal_actions(st), None) == take("1")
    st = table(["1456", "2"], llama_row="123456L")
    dice.apply(st, (dice.ROLL,), rolls("3L2"))  # 2 or 3 or L: 2 adds 2, the least
    assert cautious(dice.view(st, 0), dice.legal_actions(st), None) == take("2")


def test_random_bot_picks_uniformly_among_legal_actions():
    st = table(["3356L", "2"])
    dice.apply(st, (dice.ROLL,), rolls("13L"))
    acts = dice.legal_actions(st)
    counts = [0, 0, 0]
    rng = SeededRng(4)
    for _ in range(600):
        counts[acts.index(BOTS["random"](dice.view(st, 0), acts, rng))] += 1
    assert min(counts) > 150
