"""The game screens' texts (G_* in ui/text/strings_en.py and ui/text/strings_fr.py) exist in both
languages and fit where they are drawn: small capitals 32 a line, 8x8 text 16 a line."""

from ui.draw import glyphs
from ui.text import strings_en, strings_fr

SMALL_FULL = (  # drawn in small capitals across the whole width (32 characters)
    "G_K_TURN G_K_DISCARD G_K_TAKE G_K_CARDS G_K_NEXT G_K_RESULT G_K_BACK G_K_CONFIRM "
    "G_K_CHOOSE G_K_READY G_NOTE_A G_NOTE_TURN G_NOTE_LIMIT G_NOTE_EMPTY G_NOTE_TAKE "
    "G_NOTE_ONE G_NOTE_WAIT G_NOTE_SPEED G_NOTE_CHOOSE G_NOTE_ILLEGAL G_NOTE_CARDS "
    "G_NO_DRAW_EMPTY G_NO_DRAW_ALONE G_HIDDEN G_K_HINT_BACK G_K_SPEED"
).split()
WIDE_8X8 = (  # 8x8 text on a line of its own (16 characters)
    "G_SCORES G_MENU G_RESUME G_HINT G_QUIT_MENU G_CONFIRM_1 G_CONFIRM_2 G_HINT_EXPERT "
    "G_HINT_NONE G_GAME_OVER G_PASS_1 G_PASS_2 G_PICK"
).split()


def names(table):
    return sorted(k for k in dir(table) if k.startswith("G_"))


def test_both_languages_have_the_same_game_texts():
    assert names(strings_en) == names(strings_fr)
    assert sorted(strings_en.G_WHY) == sorted(strings_fr.G_WHY)


def test_game_texts_fit_their_place():
    for t in (strings_en, strings_fr):
        for k in SMALL_FULL:
            assert len(getattr(t, k)) <= 32, (t.__name__, k)
        for k in WIDE_8X8:
            assert len(getattr(t, k)) <= 16, (t.__name__, k)
        assert len(t.G_ALONE) <= 21, "the D12 line is under the 84-pixel row"
        for k in ("G_ROLL", "G_QUIT", "G_REMATCH", "G_TO_MENU"):
            assert len(getattr(t, k)) <= 8, (t.__name__, k)  # two-option bar
        for k in ("G_PLAY", "G_DRAW", "G_QUIT"):
            assert len(getattr(t, k)) <= 4, (t.__name__, k)  # three-option bar, with gaps
        for key, v in t.G_WHY.items():
            assert len(v) <= 3 * 32 - 8, (t.__name__, key)


def test_small_capitals_texts_use_only_glyphs_the_font_has():
    """Small texts are drawn in capitals; the arrows are ↑ and ↓."""
    chars = glyphs.SMALL_CHARS
    for t in (strings_en, strings_fr):
        texts = [getattr(t, k) for k in SMALL_FULL] + list(t.G_WHY.values())
        texts += [t.G_ALONE, t.G_LLAMA_ROW, t.G_PTS, t.G_ROUND, t.G_CARDS_PTS, t.G_PILE, t.G_BOT_MARK]
        texts += [t.G_END_EMPTY_D, t.G_END_EMPTY_C, t.G_END_BUST, t.G_END_ROW_TAKEN]
        for s in texts:
            s = s.replace("%a", "0").replace("%b", "0").replace("%n", "ANA").replace("%s", "S").replace("%u", "S")
            bad = [c for c in s if c.upper() not in chars]
            assert not bad, (t.__name__, s, bad)


def test_a_hand_too_long_for_the_round_end_line_shows_its_values_and_size(micropython):
    got = micropython.run_json("""
import json
from lama.symbols import str_to_counts
from ui.games.pieces import cards_text
print(json.dumps([cards_text(str_to_counts("1335L"), 14),
                  cards_text(str_to_counts("111122233345566L"), 14)]))
""")
    assert got == ["1335L", "123456L (16)"]
