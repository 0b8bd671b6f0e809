"""String tables (same names in English and French, every character drawable, every label
fitting its place) and the text helpers (accents, the 3x5 scroll marks, word wrap)."""

from ui.draw import accents, glyphs
from ui.text import strings_en, strings_fr


def _table(mod):
    return {k: getattr(mod, k) for k in dir(mod) if k[:1].isupper()}


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)


def test_both_languages_have_the_same_names():
    en, fr = _table(strings_en), _table(strings_fr)
    assert sorted(set(en) ^ set(fr)) == []
    for k in en:
        assert type(en[k]) is type(fr[k]), k
        if isinstance(en[k], (tuple, dict)):
            assert len(en[k]) == len(fr[k]), k


def test_every_character_can_be_drawn():
    for mod in (strings_en, strings_fr):
        for k, v in _table(mod).items():
            for s in _strings(v):
                for ch in s:
                    ok = " " <= ch <= "~" or ch in accents.CHARS or ch in glyphs.MID_CHARS
                    assert ok, (mod.__name__, k, ch)


def test_footer_hints_fit_in_the_readable_font():
    for mod in (strings_en, strings_fr):
        for k, v in _table(mod).items():
            if k.startswith("K_"):
                extra = " 3/3" if k.startswith("K_HOWTO") else ""  # the page number after it
                assert len(v + extra) <= 21, (k, v)
                for ch in v:
                    assert ch in glyphs.MID_CHARS, (k, ch)


def test_menu_labels_fit_a_row():
    for mod in (strings_en, strings_fr):
        for k in ("GAME_DICE", "GAME_CARDS", "M_STATS", "M_SETTINGS", "M_CONTROLS", "M_RULES",
                  "M_ABOUT"):
            assert len(getattr(mod, k)) <= 15, k
        for k in ("MENU", "SETTINGS", "ABOUT", "M_RULES", "GAME_DICE", "GAME_CARDS"):
            assert len(getattr(mod, k)) <= 16, k
        assert len(mod.NAME_TITLE) + 1 <= 16
        for k in ("TITLE_2", "TITLE_PRESS", "TITLE_CONTROLS", "CONTROLS"):
            assert len(getattr(mod, k)) <= 16, k


def test_the_controls_card_lines_fit_after_their_key_caps(micropython):
    got = micropython.run_json("""
import json
from ui.screens import controls
from ui.text import strings_en, strings_fr
print(json.dumps([len(controls.CAPS), controls.TEXT_X,
                  list(strings_en.CONTROLS_LINES) + list(strings_fr.CONTROLS_LINES),
                  controls.DOWN_X, [strings_en.CONTROLS_DOWN, strings_fr.CONTROLS_DOWN],
                  controls.CAPS.index(controls.UP)]))
""")
    caps, x, lines, down_x, downs, up_row = got
    assert len(lines) == 2 * caps
    for line in lines:
        assert x + 8 * len(line) <= 128, line
    for line in (lines[up_row], lines[caps + up_row]):  # UP's words end before DOWN's cap
        assert x + 8 * len(line) + 2 <= down_x, line
    for line in downs:
        assert down_x + x - 1 + 8 * len(line) <= 128, line


def test_settings_rows_fit_label_and_value():
    for mod in (strings_en, strings_fr):
        labels = [getattr(mod, k) for k in dir(mod) if k.startswith("S_")]
        values = list(mod.REPEAT_SPEEDS) + list(mod.BOT_SPEEDS) + [mod.ON, mod.OFF, mod.ROUNDS_OFF, "100", "8"]
        for label in labels:
            assert len(label) <= 10, label
        for v in values:
            assert len(v) <= 7, v
        for name in mod.LANG_NAMES:  # drawn in the 5x7 font when the 8x8 one has no room
            assert 6 * len(name) <= 128 - 8 - 8 * len(mod.S_LANGUAGE) - 6


def test_setup_rows_fit():
    for mod in (strings_en, strings_fr):
        for kind in list(mod.BOT_LEVELS.values()) + [mod.KIND_PERSON]:
            assert len("1 ABC ") + len(kind) <= 15, kind
        assert 1 <= len(mod.NAME_PERSON) <= 2


DRAW = """
import framebuf, json
from ui.draw import gfx
buf = bytearray(1024)
fb = framebuf.FrameBuffer(buf, 128, 64, framebuf.MONO_VLSB)
def cell(ch, c=1):
    fb.fill(1 - c)
    gfx.text(fb, ch, 0, 0, c)
    return [buf[i] for i in range(8)]
out = {}
for ch in "eéèêëaàâiîïoôuùûüçcC?":
    out[ch] = cell(ch)
out["inv_é"] = cell("é", 0)
out["inv_e"] = cell("e", 0)
out["wrap"] = gfx.wrap("Pose une carte de même valeur que le dessus de la défausse, ou juste au-dessus : 1-2-3-4-5-6-lama")
out["long"] = gfx.wrap("abcdefghijklmnopqrstuvwxyz court")
fb.fill(0)
x = gfx.small(fb, "A:OK", 0, 0)
out["small"] = [buf[i] for i in range(32)] + [x]
print(json.dumps(out))
"""


def test_accented_letters_are_their_base_letter_plus_a_mark(micropython):
    got = micropython.run_json(DRAW)
    for acc, base in (("é", "e"), ("è", "e"), ("ê", "e"), ("à", "a"), ("ô", "o"), ("ù", "u")):
        a, b = got[acc], got[base]
        assert a != b
        # the letter's own pixels are all there (rows 2-6), the mark is above them
        for col in range(8):
            assert a[col] & 0x7C == b[col] & 0x7C
            assert a[col] & ~b[col] & 0xFF & 0x03 == a[col] & ~b[col] & 0xFF
    assert got["ç"] != got["c"] and got["ç"] != got["?"]
    assert got["î"] != got["i"]
    # on an inverted bar the accent is drawn dark too: the cell is the exact complement
    assert [v ^ 0xFF for v in got["inv_é"]] == got["é"]


def test_wrap_keeps_words_and_width(micropython):
    got = micropython.run_json(DRAW)
    for line in got["wrap"] + got["long"]:
        assert 0 < len(line) <= 16
    assert " ".join(got["wrap"]).split() == (
        "Pose une carte de même valeur que le dessus de la défausse, ou juste au-dessus : 1-2-3-4-5-6-lama"
    ).split()
    assert got["long"] == ["abcdefghijklmnop", "qrstuvwxyz court"]


def test_the_marks_draw_the_scroll_marks_only_as_7x4_triangles(micropython):
    """↑ and ↓ are drawn as solid triangles 7 wide and 4 tall, 8 pixels apart (issue 50:
    they were 3x3); a letter or a digit is not (nothing a player reads is this small:
    host_tests/test_screen_fit.py fails on any)."""
    got = micropython.run_json(DRAW)
    cols = got["small"]
    assert cols[-1] == 32
    assert not any(cols[:32])  # "A:OK" draws nothing
    got = micropython.run_json("""
import framebuf, json
from ui.draw import gfx
buf = bytearray(16)
fb = framebuf.FrameBuffer(buf, 16, 8, framebuf.MONO_VLSB)
gfx.small(fb, "\u2191\u2193", 0, 0)
print(json.dumps(list(buf)))
""")
    assert got == [8, 12, 14, 15, 14, 12, 8, 0, 1, 3, 7, 15, 7, 3, 1, 0]


def test_wrap_keeps_french_spaced_punctuation_with_its_word(micropython):
    got = micropython.run_json("""
import json
from ui.draw import gfx
from ui.text import strings_fr
lines = []
for t in (strings_fr.RULES_DICE, strings_fr.RULES_CARDS):
    for p in t:
        lines += gfx.wrap(p)
print(json.dumps([gfx.wrap("la partie s'arrête : le moins"), [l for l in lines if l and l[0] in ":;!?"]]))
""")
    assert got[0] == ["la partie", "s'arrête : le", "moins"]
    assert got[1] == [], "a line of the rules starts with punctuation"


def test_each_setting_is_explained_in_two_lines_at_most(micropython):
    got = micropython.run_json("""
import json
from ui.draw import gfx
from ui.text import strings_en, strings_fr
from ui.model.settings import FIELDS
from ui.screens.settings import HELP_LINES
print(json.dumps([len(FIELDS), HELP_LINES] + [[gfx.wrap(h) for h in m.S_HELP]
                                              for m in (strings_en, strings_fr)]))
""")
    fields, most, en, fr = got
    for table in (en, fr):
        assert len(table) == fields
        for lines in table:
            assert 1 <= len(lines) <= most, lines
    for mod in (strings_en, strings_fr):
        for k in ("FLIP_Q", "DISCARD_Q", "CONTINUE_Q", "RESET_Q"):
            assert len(getattr(mod, k)) <= 16, k
        for k in ("FLIP_NO", "FLIP_YES", "DISCARD_NO", "DISCARD_YES", "RESET_NO", "RESET_YES"):
            assert len(getattr(mod, k)) <= 15, k
        assert len(mod.CONTINUE_KEYS) <= 16


def test_statistics_titles_and_the_empty_best_wins_page_fit(micropython):
    got = micropython.run_json("""
import json
from ui.draw import gfx
from ui.text import strings_en, strings_fr
print(json.dumps([len(gfx.wrap(m.STATS_NO_WINS)) + len(gfx.wrap(m.STATS_WINS_ONLY))
                  for m in (strings_en, strings_fr)]))
""")
    assert all(n <= 4 for n in got), got  # four 8x8 lines between the title and the footer
    for mod in (strings_en, strings_fr):
        assert len(mod.STATS_TITLES) == 4
        for title in mod.STATS_TITLES:
            assert len(title) <= 16, title
        for cols in (mod.STATS_WINS_COLS, mod.STATS_SCORES_COLS, mod.STATS_HIGH_COLS):
            assert sum(6 * len(c) for c in cols) <= 128 - 8, cols  # heads clear of each other


def test_accented_capitals_are_as_tall_as_capitals_in_both_fonts(micropython):
    """Issue 50: "A:ACCéLéRER": an accented capital was a capital five rows high under its
    mark, as tall as the lower case. Now its body is six rows (rows 1-6) under a one-row
    mark in row 0, in the 5x7 font and the 8x8 one; the lower case's é keeps rows 2-6."""
    got = micropython.run_json("""
import framebuf, json
from ui.draw import gfx
def rows(draw, ch):
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    draw(fb, ch, 0, 0)
    return [r for r in range(8) if any(buf[x] >> r & 1 for x in range(8))]
def stem(draw, ch, x):
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    draw(fb, ch, 0, 0)
    return [r for r in range(8) if buf[x] >> r & 1]
print(json.dumps({"mid": [stem(gfx.mid, "É", 0), stem(gfx.mid, "E", 0), rows(gfx.mid, "É"),
                          stem(gfx.mid, "é", 0), stem(gfx.mid, "À", 0)],
                  "8x8": [stem(gfx.text, "É", 1), stem(gfx.text, "E", 1), rows(gfx.text, "É"),
                          stem(gfx.text, "Ê", 1)]}))
""")
    m = got["mid"]
    assert m[0] == [1, 2, 3, 4, 5, 6] and m[1] == [0, 1, 2, 3, 4, 5, 6]
    assert m[2] == [0, 1, 2, 3, 4, 5, 6], "a mark in row 0 over a body in rows 1-6"
    assert min(m[3]) >= 2 and m[4] == [2, 3, 4, 5, 6]  # é's body, À's side under its top
    t = got["8x8"]
    assert t[0] == [1, 2, 3, 4, 5, 6] and t[1] == [0, 1, 2, 3, 4, 5, 6]
    assert t[2] == [0, 1, 2, 3, 4, 5, 6] and t[3] == [1, 2, 3, 4, 5, 6]


def test_french_says_draw_one_way_and_the_table_heads_stand_apart():
    """Issue 50: "Pioche" (the pile) and "Tire" (the button) both meant draw; "Joueur" and
    "Cartes" ran together in the table's heads; "Retourner" did not say what turns."""
    import re

    from ui.text import strings_fr

    assert strings_fr.G_DRAW == strings_fr.G_PILE == "Pioche"
    words = []
    for v in vars(strings_fr).values():
        if isinstance(v, str):
            words.append(v)
        elif isinstance(v, (tuple, list)):
            words += [x for x in v if isinstance(x, str)]
        elif isinstance(v, dict):
            words += [x for x in v.values() if isinstance(x, str)]
    assert not [w for w in words if re.search(r"\b[Tt]ir(e|er|age)\b|\bTIR(E|ER|AGE)\b", w)]
    assert "envers" in strings_fr.S_FLIP and "envers" in strings_fr.FLIP_Q
    from ui.text import strings_en

    import os

    src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "firmware", "ui", "games",
                       "panel_table.py")
    with open(src, encoding="utf-8") as f:
        kind_x = int(re.search(r"_TABLE_KIND_X = const\((\d+)\)", f.read()).group(1))
    for t in (strings_en, strings_fr):
        heads = t.G_TABLE_HEADS
        kind_end = kind_x + 6 * len(heads[1]) - 1
        cards_start = 100 + 1 - (6 * len(heads[2]) - 1)
        assert cards_start - kind_end - 1 >= 5, heads  # a space's width between them
        assert kind_x - (6 * len(heads[0]) - 1) >= 5, heads  # ("NamePlayer" ran together too)


def test_the_llama_in_text_is_drawn_as_the_llama(micropython):
    """Issue 50: messages wrote the llama as "L" where the board shows the llama icon. The
    llama's character (gfx.LLAMA_CH) is the icon in the 8x8 font and a llama of its own in
    the 5x7 one, and the game's texts use it (pieces.FACES)."""
    got = micropython.run_json("""
import framebuf, json
from ui.draw import gfx, icons
from ui.games.pieces import FACES, cards_text
from lama.symbols import str_to_counts
def img(draw, ch):
    buf = bytearray(8)
    fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
    draw(fb, ch, 0, 0)
    return list(buf)
icon = img(lambda fb, ch, x, y: gfx.icon(fb, icons.LLAMA, x, y), None)
print(json.dumps([img(gfx.text, gfx.LLAMA_CH) == icon, img(gfx.mid, gfx.LLAMA_CH),
                  img(gfx.mid, "L"), img(gfx.mid, "?"), FACES[6] == gfx.LLAMA_CH,
                  cards_text(str_to_counts("1LL"))]))
""")
    same_icon, mid_llama, mid_l, mid_unknown, faces, text = got
    assert same_icon and faces
    assert any(mid_llama) and mid_llama not in (mid_l, mid_unknown)
    assert text == "1\ue000\ue000"


def test_a_player_who_quit_is_struck_through(micropython):
    """Issue 50: "-" for a player who quit was explained nowhere; the name is now struck
    through (the strip under the table and the table page)."""
    got = micropython.run_json("""
import framebuf, json
from ui.draw import gfx
def rows(out):
    buf = bytearray(32)
    fb = framebuf.FrameBuffer(buf, 32, 8, framebuf.MONO_VLSB)
    gfx.strike(fb, "FOX", 1, 0, 1, out)
    return ["".join("#" if buf[x] >> y & 1 else "." for x in range(20)) for y in range(8)]
print(json.dumps([rows(False), rows(True)]))
""")
    plain, struck = got
    assert "." in plain[3] and struck[3][:19] == "#" * 19 and struck[:3] == plain[:3]
