"""The hint's reasons for the card game (ui/games/cards_hint.py): expert's own terms, and every
reason a text in both string tables."""

from lama import cards
from lama.rng import SeededRng
from lama.symbols import str_to_counts
from ui.games import cards_hint as H
from ui.text import strings_en, strings_fr


def state(hand, top, pile=20, others=("223", "156"), quit_=()):
    st = cards.new_game(1 + len(others), None, 0, SeededRng(1))
    st.hands[0][:] = str_to_counts(hand)
    for i, h in enumerate(others):
        st.hands[i + 1][:] = str_to_counts(h)
    st.top = "123456L".find(top)
    st.pile = st.pile[:pile]
    for i in quit_:
        st.quit[i] = 1
    return st


def test_play_says_how_many_cards_still_fit():
    st = state("33456", "3")
    assert H.reason(cards, st, (cards.PLAY, 2)) == (H.R_PLAY_SAME, 2, 4)  # a 3, a 4
    assert H.reason(cards, st, (cards.PLAY, 3)) == (H.R_PLAY_UP, 1, 4)  # the 5
    st = state("4", "3")
    assert H.reason(cards, st, (cards.PLAY, 3))[0] == H.R_PLAY_LAST
    st = state("36", "3")  # nothing can follow the 3: the cards left
    assert H.reason(cards, st, (cards.PLAY, 2)) == (H.R_PLAY, 1, 0)


def test_draw_and_quit_reasons():
    st = state("1256L", "3")  # 24 points: expert always draws on more than 14
    assert H.reason(cards, st, (cards.DRAW,)) == (H.R_DRAW_HIGH, 24, 0)
    st = state("15", "3")
    key, free, n = H.reason(cards, st, (cards.DRAW,))
    unseen = cards.unseen(cards.view(st, 0))
    assert key == H.R_DRAW and free == unseen[0] + unseen[4] and n == sum(unseen)
    key, pts, tenths = H.reason(cards, st, (cards.QUIT,))
    assert key == H.R_QUIT_HAND and pts == 6 and 0 <= tenths <= 10
    st = state("15", "3", others=("2", "156"))  # someone is about to go out
    assert H.reason(cards, st, (cards.QUIT,)) == (H.R_QUIT_RACE, 1, 0)
    st = state("15", "3", pile=0)  # C5: no draw, nothing fits: quit is forced (C8)
    assert H.reason(cards, st, (cards.QUIT,))[0] == H.R_QUIT_FORCED


def test_every_reason_has_words_in_both_languages():
    from ui.games import dice_hint

    keys = [getattr(m, k) for m in (H, dice_hint) for k in dir(m) if k.startswith("R_")]
    assert len(keys) >= 14
    for t in (strings_en, strings_fr):
        for k in keys:
            assert k in t.G_WHY, (t.__name__, k)
