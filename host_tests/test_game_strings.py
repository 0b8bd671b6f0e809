"""The game screens' texts (G_* in ui/text/strings_en.py and ui/text/strings_fr.py) exist
in both languages and fit where they are drawn: the 5x7 font 21 a line (keys and labels
too: nothing a player reads is in the 3x5 font), 8x8 text 16; each font has every character
its texts use, French accents included; the hint's sentences read right in both languages."""

from lama.score import NAME_LENGTH
from ui.draw import glyphs
from ui.text import strings_en, strings_fr

KEYS = (  # the keys, in the 5x7 font on a line (21 characters)
    "G_K_NEXT G_K_RESULT G_K_BACK G_K_CONFIRM G_K_CHOOSE G_K_READY G_K_HINT_BACK G_K_SPEED "
    "G_K_LOG G_K_A"
).split()
LABELS = "G_PTS G_PILE G_CARDS_HEAD G_ROW_LABEL G_LLAMA_LABEL".split()  # labels, in the 5x7 font
MID_LINE = (  # a player's information in the readable 5x7 font, on a line (21 characters)
    "G_NOTE_A G_NOTE_TURN G_NOTE_LIMIT G_NOTE_KEEP G_NOTE_TAKE G_NOTE_ONE G_NOTE_WAIT "
    "G_NOTE_SPEED G_NOTE_CHOOSE G_NOTE_ILLEGAL G_NOTE_CARDS G_NO_DRAW_EMPTY G_NO_DRAW_ALONE "
    "G_NO_PLAY G_HIDDEN G_ALONE G_SAY_DISCARD G_SAY_TAKE G_LOG_NONE G_CONFIRM_3 G_NEW_HIGH"
).split()
MOVES = "G_ROLLS G_ROLLED G_QUITS G_DISCARDS G_TAKES G_PLAYS G_DRAWS G_BUSTS".split()
WIDE_8X8 = (  # 8x8 text on a line of its own (16 characters)
    "G_MENU G_RESUME G_HINT G_LOG G_RULES G_SAVE_LEAVE G_ABANDON G_CONFIRM_1 "
    "G_CONFIRM_2 G_HINT_NONE G_GAME_OVER G_PASS_1 G_PASS_2 G_TABLE"
).split()


def names(table):
    return sorted(k for k in dir(table) if k.startswith("G_"))


def test_both_languages_have_the_same_game_texts():
    assert names(strings_en) == names(strings_fr)
    assert sorted(strings_en.G_WHY) == sorted(strings_fr.G_WHY)


def test_game_texts_fit_their_place():
    for t in (strings_en, strings_fr):
        for k in KEYS:
            assert len(getattr(t, k)) <= 21, (t.__name__, k)
        assert len(t.G_ROW_LABEL) + 1 + len(t.G_LLAMA_LABEL) <= 14  # between the dice rows
        for k in MID_LINE:
            assert len(getattr(t, k)) <= 21, (t.__name__, k)
        for k in MOVES:  # "NAM VERB" and something short after it
            assert len("ANA " + getattr(t, k)) <= 15, (t.__name__, k)
        for k in WIDE_8X8:
            assert len(getattr(t, k)) <= 16, (t.__name__, k)
        # who rolled them, then what they gave back (issue 50)
        assert len("ANA " + t.G_THREE_LLAMAS + " -10") <= 21
        assert len("ANA " + t.G_THREE_LLAMAS + " " + t.G_NO_TOKEN) <= 21
        assert len(t.G_YOU_PLACED.replace("%p", t.G_PLACES[5]).replace("%n", "6")) <= 21
        for k in ("G_ROLL", "G_QUIT", "G_REMATCH", "G_TO_MENU"):
            assert len(getattr(t, k)) <= 8, (t.__name__, k)  # two-option bar
        # the three-option bar: its labels side by side, at least 4 pixels around each (a
        # longer one takes more of the width: pieces.button_bar)
        bar = [getattr(t, k) for k in ("G_PLAY", "G_DRAW", "G_QUIT")]
        assert sum(8 * len(lab) + 4 for lab in bar) <= 128, (t.__name__, bar)
        for key, v in t.G_WHY.items():
            assert len(gfx_wrap(v)) <= 4, (t.__name__, key)  # the hint page's four lines


def gfx_wrap(text):
    """The lines of a hint (numbers and names at their widest) wrapped at spaces, 21 a line."""
    words = text.replace("%a", "10").replace("%b", "10").replace("%s", "S").replace("%u", "S")
    words = words.replace("%n", "W" * NAME_LENGTH).split()  # a seat's name (the clue reasons)
    lines = [words[0]]
    for w in words[1:]:
        if len(lines[-1]) + 1 + len(w) <= 21:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines


def test_glyphs_py_is_what_make_glyphs_writes_with_the_glyph_index_tables():
    """firmware/ui/draw/glyphs.py is current, and its index tables (made at build time: on
    the Pico making them at boot cost 26 ms) give each character its own glyph, an accented
    capital the font lacks its base letter, anything else "?"."""
    from build import make_glyphs
    from ui.draw import accents

    with open(glyphs.__file__, encoding="utf-8") as f:
        assert f.read() == make_glyphs.render()
    chars = glyphs.MID_CHARS
    for ch in chars:
        got = glyphs.MID_ASCII[ord(ch)] if ord(ch) < 128 else glyphs.MID_WIDE[ord(ch)]
        assert got == chars.index(ch), ch
    for ch, base in zip(accents.CHARS, accents.BASES):
        if ch not in chars:
            assert glyphs.MID_WIDE[ord(ch)] == chars.index(base), ch
    assert glyphs.MID_ASCII[1] == chars.index("?") and len(glyphs.MID_ASCII) == 128


def test_there_is_no_3x5_font_the_scroll_marks_are_drawn_as_triangles():
    """Issue 50: the marks were a 3x5 font's 3x3 glyphs; gfx.small draws them as triangles
    (host_tests/test_ui_text.py) and no font smaller than 5x7 is left."""
    assert not hasattr(glyphs, "SMALL_CHARS") and not hasattr(glyphs, "SMALL")


def test_readable_font_texts_use_only_glyphs_it_has():
    """Every 5x7 text's characters are in the font, accented capitals too (no accent is
    dropped: "S'ARRÊTE", "DÉFAUSSE")."""
    chars = glyphs.MID_CHARS
    for t in (strings_en, strings_fr):
        texts = [getattr(t, k) for k in MID_LINE + MOVES + KEYS + LABELS] + list(t.G_WHY.values())
        texts += [t.G_END_EMPTY_D, t.G_END_EMPTY_C, t.G_END_BUST, t.G_END_ROW_TAKEN, t.G_END_ALL_QUIT]
        texts += [t.G_YOU_PLACED, t.G_PERSON] + list(t.G_BOT_WORDS.values()) + list(t.G_PLACES)
        texts += list(t.G_END_HEADS) + list(t.G_TABLE_HEADS) + [t.G_END_VALUES]
        for s in texts:
            bad = [c for c in s if c not in chars]
            assert not bad, (t.__name__, s, bad)


def test_french_words_keep_their_accents_and_name_a_level_one_way():
    t = strings_fr
    for k, word in (("G_QUITS", "S'ARRÊTE"), ("G_DISCARDS", "DÉFAUSSE"), ("G_BUSTS", "RATÉ"),
                    ("G_K_SPEED", "ACCÉLÉRER"), ("G_HIDDEN", "CACHÉE")):
        assert word in getattr(t, k), k
    for level, word in t.BOT_LEVELS.items():  # setup and game say the same word
        assert t.G_BOT_WORDS[level] == word, level


def fill(T, key, a, b):
    """A hint sentence as the hint page fills it in (ui/games/panel_hint.py HintPanel)."""
    words = T.G_WHY[key].replace("%s", "" if a == 1 else "s").replace("%u", "" if b == 1 else "s")
    return words.replace("%a", str(a)).replace("%b", str(b))


def test_hint_sentences_read_right_in_both_languages():
    """Odds are never "10 in 10" nor "0 in 10" (a sure thing has words of its own), a
    French count agrees with its noun, the last card and the one-card roll say the token
    given back."""
    from ui.games.odds import tenths

    assert tenths(215, 216) == 9 and tenths(1, 216) == 1
    assert tenths(216, 216) == 10 and tenths(0, 216) == 0
    for t in (strings_en, strings_fr):
        for key in t.G_WHY:
            for a in (1, 2, 9):
                s = fill(t, key, a, a)
                assert "10 in 10" not in s and "10 sur 10" not in s
                assert "1 chances" not in s and "1 lancers" not in s, s
        for key in ("roll_last", "play_last"):
            assert ("token" if t is strings_en else "jeton") in t.G_WHY[key], key
    assert fill(strings_fr, "roll", 1, 0) == "1 chance sur 10 de défausser une carte."
    assert fill(strings_en, "roll", 7, 0) == "7 in 10 rolls let a card go."


def test_a_hand_too_long_for_the_round_end_line_shows_its_values_and_size(micropython):
    got = micropython.run_json("""
import json
from lama.symbols import str_to_counts
from ui.games.pieces import cards_text
print(json.dumps([cards_text(str_to_counts("1335L"), 14),
                  cards_text(str_to_counts("111122233345566L"), 14)]))
""")
    assert got == ["1335\ue000", "123456\ue000 (16)"]  # the llama drawn as the llama (issue 50)
