"""The levels people choose (issue 16): the same three in both games, each mapped to a bot,
`easy` plausible (no move a beginner would call absurd), and seats saved with the old bot
names still playing those bots.

Plain asserts and no pytest import: test_cards_micropython.py runs this same file under the
MicroPython unix port.
"""

from lama import bot_names, card_bots, cards, dice, dice_bots
from lama.rng import SeededRng
from lama.score import Rules, round_points
from lama.symbols import LLAMA, total

OLD_KINDS = ("random", "cautious", "expert")  # what seats were saved with before the levels


def test_levels_map_to_the_bots_of_the_ladder():
    b = card_bots.BOTS
    assert b["easy"] is card_bots.choose_cautious
    assert b["medium"] is card_bots.choose_mixed
    assert b["hard"] is card_bots.choose_expert
    d = dice_bots.BOTS
    assert d["easy"] is dice_bots.choose_cautious
    assert d["medium"] is dice_bots.choose_mixed
    assert d["hard"] is dice_bots.choose_expert


def test_setup_strings_name_every_level_in_both_languages():
    from ui.text import strings_en, strings_fr

    for mod in (strings_en, strings_fr):
        for level in bot_names.LEVELS:
            assert mod.BOT_LEVELS[level] and mod.G_BOT_WORDS[level]
        assert len(set(mod.BOT_LEVELS[v] for v in bot_names.LEVELS)) == len(bot_names.LEVELS)


def test_seats_saved_with_the_old_bot_names_still_play_them():
    from lama.seats import of
    from ui.games.launch import load
    from ui.games.session import Session, choose_bot
    from ui.model.new_game import GameSetup

    for game, table in ((1, dice_bots.BOTS), (2, card_bots.BOTS)):
        for kind in OLD_KINDS:
            assert choose_bot(table, kind) is table[kind]
        seats = [("ANA", None)] + [(k[:3].upper(), k) for k in OLD_KINDS]
        assert GameSetup(game, [(n, "person" if k is None else k) for n, k in seats]).valid()
        ses = Session(load(game), seats, Rules(), 1, SeededRng(game), SeededRng(9))
        for _ in range(3):
            if ses.person_to_act():
                break
            ses.act(ses.bot_choice())
        assert ses.seats == [of(seat) for seat in seats]


def _card_states(seed, games):
    """(view, actions) at every turn of games between random, cautious and expert1."""
    rng = SeededRng(seed)
    brng = SeededRng(seed + 1)
    names = ("random", "cautious", "expert1", "random")
    for g in range(games):
        st = cards.new_game(4, Rules(komarami=g % 3 == 2), g % 4, rng)
        while st.phase != cards.GAME_OVER:
            if st.phase == cards.ROUND_OVER:
                cards.apply(st, (cards.NEXT,), rng)
                continue
            acts = cards.legal_actions(st)
            v = cards.view(st, st.turn)
            yield v, acts
            cards.apply(st, card_bots.BOTS[names[st.turn]](v, acts, brng), rng)


def test_easy_cards_never_quits_or_draws_holding_a_card_that_fits():
    easy = card_bots.BOTS["easy"]
    seen = 0
    for v, acts in _card_states(3, 12):
        a = easy(v, acts, None)
        assert a in acts
        if cards.playable(v.hand, v.top):
            assert a[0] == cards.PLAY, (bytes(v.hand), v.top, a)
            seen += 1
    assert seen > 100


def test_easy_cards_draws_only_with_points_at_stake_and_never_quits_a_costly_hand():
    easy = card_bots.BOTS["easy"]
    draws = quits = 0
    for v, acts in _card_states(4, 12):
        if cards.playable(v.hand, v.top) or acts[0][0] != cards.DRAW:
            continue
        a = easy(v, acts, None)
        pts = cards.hand_points(v.hand, v.rules)
        if a[0] == cards.DRAW:
            assert pts > 5  # something to shed: a draw for a reason
            draws += 1
        else:
            assert pts <= 5  # a cheap hand: a quit for a reason
            quits += 1
    assert draws > 20 and quits > 20


def _dice_states(seed, games):
    """(view, actions) at every decision of dice games between random, cautious, mixed."""
    rng = SeededRng(seed)
    brng = SeededRng(seed + 1)
    names = ("random", "cautious", "mixed", "random")
    for g in range(games):
        st = dice.new_game(4, Rules(), g % 4, rng)
        while st.phase != dice.GAME_OVER:
            if st.phase == dice.ROUND_OVER:
                dice.apply(st, (dice.NEXT,), rng)
                continue
            acts = dice.legal_actions(st)
            v = dice.view(st, st.turn)
            yield v, acts
            dice.apply(st, dice_bots.BOTS[names[st.turn]](v, acts, brng), rng)


def _worth(s):
    return 10 if s == LLAMA else s + 1


def test_easy_dice_discards_all_it_may_takes_the_cheapest_and_quits_only_for_a_reason():
    easy = dice_bots.BOTS["easy"]
    rolls = 0
    for v, acts in _dice_states(5, 12):
        a = easy(v, acts, None)
        assert a in acts
        row = v.rows[v.seat]
        if a[0] == dice.DISCARD:
            assert bytes(a[1]) == bytes(dice.allowed_discard(row, v.dice))
        elif a[0] == dice.TAKE:
            gains = [0 if row[b[1]] else _worth(b[1]) for b in acts]
            assert (0 if row[a[1]] else _worth(a[1])) == min(gains)
        elif a[0] == dice.QUIT and dice.ROLL in [b[0] for b in acts]:
            close = [total(v.rows[p]) for p in range(v.n) if p != v.seat and not v.quit[p]]
            assert round_points(row) <= 5 or min(close) <= 2  # cheap, or someone nearly out
        elif a[0] == dice.ROLL:
            rolls += 1
    assert rolls > 50


def test_medium_dice_is_expert_or_cautious_by_its_generator():
    picks = {"expert": 0, "cautious": 0}
    for v, acts in _dice_states(6, 4):
        if dice.QUIT not in [a[0] for a in acts]:
            continue
        seed = len(picks) + picks["expert"] * 7 + picks["cautious"]
        r = SeededRng(seed).randbelow(2)
        want = dice_bots.BOTS["expert" if r else "cautious"](v, acts, SeededRng(seed))
        assert dice_bots.BOTS["medium"](v, acts, SeededRng(seed)) == want
        picks["expert" if r else "cautious"] += 1
    assert picks["expert"] > 10 and picks["cautious"] > 10
