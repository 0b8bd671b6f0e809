"""Regenerates firmware/ui/draw/glyphs.py (the readable 5x7 font, 8x8 icons; the scroll marks are drawn by gfx.small) from the art.

Run `cd tools && python3 -m build.make_glyphs` after changing the art; the firmware only reads the bytes."""

import os

# 5 columns x 7 rows (an 8th row for descenders and the cedilla), drawn in a 6x8 cell: the
# readable font (gfx.mid) for everything a player needs. Rows are separated by spaces.
# Lower case has its x-height in rows 2-6, so accents sit in rows 0-1 over it.
MID = {
    " ": "",
    "!": "..#.. ..#.. ..#.. ..#.. ..#.. ..... ..#..",
    '"': ".#.#. .#.#. .#.#.",
    "#": ".#.#. .#.#. ##### .#.#. ##### .#.#. .#.#.",
    "$": "..#.. .#### #.#.. .###. ..#.# ####. ..#..",
    "%": "##... ##..# ...#. ..#.. .#... #..## ...##",
    "&": ".##.. #..#. #.#.. .#... #.#.# #..#. .##.#",
    "'": "..#.. ..#.. .#...",
    "(": "...#. ..#.. .#... .#... .#... ..#.. ...#.",
    ")": ".#... ..#.. ...#. ...#. ...#. ..#.. .#...",
    "*": "..... ..#.. #.#.# .###. #.#.# ..#.. .....",
    "+": "..... ..#.. ..#.. ##### ..#.. ..#.. .....",
    ",": "..... ..... ..... ..... .##.. ..#.. .#...",
    "-": "..... ..... ..... ##### ..... ..... .....",
    ".": "..... ..... ..... ..... ..... .##.. .##..",
    "/": "..... ....# ...#. ..#.. .#... #.... .....",
    "0": ".###. #...# #..## #.#.# ##..# #...# .###.",
    "1": "..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.",
    "2": ".###. #...# ....# ...#. ..#.. .#... #####",
    "3": "##### ...#. ..#.. ...#. ....# #...# .###.",
    "4": "...#. ..##. .#.#. #..#. ##### ...#. ...#.",
    "5": "##### #.... ####. ....# ....# #...# .###.",
    "6": "..##. .#... #.... ####. #...# #...# .###.",
    "7": "##### ....# ...#. ..#.. .#... .#... .#...",
    "8": ".###. #...# #...# .###. #...# #...# .###.",
    "9": ".###. #...# #...# .#### ....# ...#. .##..",
    ":": "..... .##.. .##.. ..... .##.. .##.. .....",
    ";": "..... .##.. .##.. ..... .##.. ..#.. .#...",
    "<": "...#. ..#.. .#... #.... .#... ..#.. ...#.",
    "=": "..... ..... ##### ..... ##### ..... .....",
    ">": ".#... ..#.. ...#. ....# ...#. ..#.. .#...",
    "?": ".###. #...# ....# ...#. ..#.. ..... ..#..",
    "@": ".###. #...# ....# .##.# #.#.# #.#.# .###.",
    "A": ".###. #...# #...# ##### #...# #...# #...#",
    "B": "####. #...# #...# ####. #...# #...# ####.",
    "C": ".###. #...# #.... #.... #.... #...# .###.",
    "D": "###.. #..#. #...# #...# #...# #..#. ###..",
    "E": "##### #.... #.... ####. #.... #.... #####",
    "F": "##### #.... #.... ####. #.... #.... #....",
    "G": ".###. #...# #.... #.### #...# #...# .####",
    "H": "#...# #...# #...# ##### #...# #...# #...#",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "J": "..### ...#. ...#. ...#. ...#. #..#. .##..",
    "K": "#...# #..#. #.#.. ##... #.#.. #..#. #...#",
    "L": "#.... #.... #.... #.... #.... #.... #####",
    "M": "#...# ##.## #.#.# #.#.# #...# #...# #...#",
    "N": "#...# #...# ##..# #.#.# #..## #...# #...#",
    "O": ".###. #...# #...# #...# #...# #...# .###.",
    "P": "####. #...# #...# ####. #.... #.... #....",
    "Q": ".###. #...# #...# #...# #.#.# #..#. .##.#",
    "R": "####. #...# #...# ####. #.#.. #..#. #...#",
    "S": ".#### #.... #.... .###. ....# ....# ####.",
    "T": "##### ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "U": "#...# #...# #...# #...# #...# #...# .###.",
    "V": "#...# #...# #...# #...# #...# .#.#. ..#..",
    "W": "#...# #...# #...# #.#.# #.#.# #.#.# .#.#.",
    "X": "#...# #...# .#.#. ..#.. .#.#. #...# #...#",
    "Y": "#...# #...# #...# .#.#. ..#.. ..#.. ..#..",
    "Z": "##### ....# ...#. ..#.. .#... #.... #####",
    "[": ".###. .#... .#... .#... .#... .#... .###.",
    "\\": "..... #.... .#... ..#.. ...#. ....# .....",
    "]": ".###. ...#. ...#. ...#. ...#. ...#. .###.",
    "^": "..#.. .#.#. #...#",
    "_": "..... ..... ..... ..... ..... ..... #####",
    "`": ".#... ..#..",
    "a": "..... ..... .###. ....# .#### #...# .####",
    "b": "#.... #.... ####. #...# #...# #...# ####.",
    "c": "..... ..... .###. #.... #.... #...# .###.",
    "d": "....# ....# .#### #...# #...# #...# .####",
    "e": "..... ..... .###. #...# ##### #.... .###.",
    "f": "..##. .#..# .#... ###.. .#... .#... .#...",
    "g": "..... ..... .#### #...# #...# .#### ....# .###.",
    "h": "#.... #.... #.##. ##..# #...# #...# #...#",
    "i": "..#.. ..... .##.. ..#.. ..#.. ..#.. .###.",
    "j": "...#. ..... ..##. ...#. ...#. ...#. #..#. .##..",
    "k": "#.... #.... #..#. #.#.. ##... #.#.. #..#.",
    "l": ".##.. ..#.. ..#.. ..#.. ..#.. ..#.. .###.",
    "m": "..... ..... ##.#. #.#.# #.#.# #.#.# #.#.#",
    "n": "..... ..... #.##. ##..# #...# #...# #...#",
    "o": "..... ..... .###. #...# #...# #...# .###.",
    "p": "..... ..... ####. #...# #...# ####. #.... #....",
    "q": "..... ..... .#### #...# #...# .#### ....# ....#",
    "r": "..... ..... #.##. ##..# #.... #.... #....",
    "s": "..... ..... .###. #.... .###. ....# ####.",
    "t": ".#... .#... ###.. .#... .#... .#..# ..##.",
    "u": "..... ..... #...# #...# #...# #..## .##.#",
    "v": "..... ..... #...# #...# #...# .#.#. ..#..",
    "w": "..... ..... #...# #...# #.#.# #.#.# .#.#.",
    "x": "..... ..... #...# .#.#. ..#.. .#.#. #...#",
    "y": "..... ..... #...# #...# #...# .#### ....# .###.",
    "z": "..... ..... ##### ...#. ..#.. .#... #####",
    "{": "...#. ..#.. ..#.. .#... ..#.. ..#.. ...#.",
    "|": "..#.. ..#.. ..#.. ..#.. ..#.. ..#.. ..#..",
    "}": ".#... ..#.. ..#.. ...#. ..#.. ..#.. .#...",
    "~": "..... ..... .#... #.#.# ...#. ..... .....",
    "’": "..#.. ..#.. .#...",
    "↑": "..#.. .###. #.#.# ..#.. ..#.. ..#.. .....",
    "↓": "..... ..#.. ..#.. ..#.. #.#.# .###. ..#..",
    "«": "..... ..#.# .#.#. #.#.. .#.#. ..#.# .....",
    "»": "..... #.#.. .#.#. ..#.# .#.#. #.#.. .....",
    "œ": "..... ..... .#.#. #.#.# #.### #.#.. .####",
    "\ue000": "##... ###.. .#... .#### .#### .#..# .#..#",  # the llama (gfx.LLAMA_CH), as the 8x8 icon draws it
}

# French accented letters of the readable font: a lower-case letter's body under a two-row
# mark (rows 0-1, over the x-height in rows 2-6); a capital six rows high (CAP6, rows 1-6:
# as tall as a capital with its mark, on the capitals' baseline) under a one-row mark
# (CAP_MARKS, row 0) set in a notch of the capital's top. Issue 50: capitals five rows high
# under two-row marks read as lower case.
MID_MARKS = {
    "acute": "...#. ..#..",
    "grave": ".#... ..#..",
    "circ": "..#.. .#.#.",
    "diaer": ".#.#. .....",
}
MID_ACCENTED = {
    "é": ("e", "acute"), "è": ("e", "grave"), "ê": ("e", "circ"), "ë": ("e", "diaer"),
    "à": ("a", "grave"), "â": ("a", "circ"), "î": ("ı", "circ"), "ï": ("ı", "diaer"),
    "ô": ("o", "circ"), "ù": ("u", "grave"), "û": ("u", "circ"), "ü": ("u", "diaer"),
}
# the capitals that take a mark, six rows high (their 7-row shapes with a row left out)
CAP6 = {
    "A": ".###. #...# #...# ##### #...# #...#",
    "E": "##### #.... ####. #.... #.... #####",
    "I": ".###. ..#.. ..#.. ..#.. ..#.. .###.",
    "O": ".###. #...# #...# #...# #...# .###.",
    "U": "#...# #...# #...# #...# #...# .###.",
}
CAP_MARKS = {"acute": "...#.", "grave": ".#...", "circ": "..#..", "diaer": ".#.#."}
CAP_ACCENTED = {
    "À": ("A", "grave"), "Â": ("A", "circ"), "É": ("E", "acute"), "È": ("E", "grave"),
    "Ê": ("E", "circ"), "Ë": ("E", "diaer"), "Î": ("I", "circ"), "Ï": ("I", "diaer"),
    "Ô": ("O", "circ"), "Ù": ("U", "grave"), "Û": ("U", "circ"), "Ü": ("U", "diaer"),
}
# the dotless i under î and ï; ç is c with a cedilla in row 7
MID_BODIES = {
    "ı": "..... ..... .##.. ..#.. ..#.. ..#.. .###.",
    "ç": "..... ..... .###. #.... #.... #...# .###. ..#..",
    "Ç": ".###. #...# #.... #.... #.... #...# .###. ..#..",
}


def mid_rows(ch):
    """The 8 rows of readable-font character ch (accented letters composed)."""
    if ch in MID_ACCENTED:
        base, mark = MID_ACCENTED[ch]
        return MID_MARKS[mark].split() + mid_rows(base)[2:]
    if ch in CAP_ACCENTED:
        base, mark = CAP_ACCENTED[ch]
        top, body = CAP_MARKS[mark], CAP6[base].split()
        body[0] = "".join("." if m == "#" else p for m, p in zip(top, body[0]))  # the notch
        return [top] + body + ["....."]
    art = MID[ch] if ch in MID else MID_BODIES[ch]
    rows = art.split()
    return rows + ["....."] * (8 - len(rows))


# 8 x 8 icons, in the order of the names (ui.icons gives each name its index)
ICONS = (
    ("LLAMA", (
        ".##.....",
        ".###....",
        "..##....",
        "..##....",
        "..######",
        "..######",
        "..#.#.#.",
        "..#.#.#.",
    )),
)


def columns(rows, width):
    """MONO_VLSB column bytes of a glyph given as rows of '#'/'.' (bit 0 = top row)."""
    out = []
    for x in range(width):
        b = 0
        for y, row in enumerate(rows):
            if row[x] == "#":
                b |= 1 << y
        out.append(b)
    return out


def mid_index(chars):
    """(bytes of 128: the glyph index of each ASCII code, {code point: glyph index} of the
    others the 5x7 font draws, those of ui.draw.accents.CHARS it lacks as their base)."""
    import sys

    from paths import FIRMWARE

    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)
    from ui.draw import accents

    unknown = chars.find("?")
    narrow = bytearray([unknown] * 128)
    wide = {}
    for i, ch in enumerate(chars):
        if ord(ch) < 128:
            narrow[ord(ch)] = i
        else:
            wide[ord(ch)] = i
    for ch, base in zip(accents.CHARS, accents.BASES):
        if ord(ch) not in wide:
            i = chars.find(base)
            wide[ord(ch)] = i if i >= 0 else unknown
    return bytes(narrow), dict(sorted(wide.items()))


def render():
    """The text of firmware/ui/draw/glyphs.py."""
    mid_chars = "".join(MID) + "".join(MID_ACCENTED) + "çÇ" + "".join(CAP_ACCENTED)
    mid = []
    for ch in mid_chars:
        mid += columns(mid_rows(ch), 5)
    icons = []
    for _name, rows in ICONS:
        icons += columns(rows, 8)
    ascii_, wide = mid_index(mid_chars)
    lines = [
        '"""Generated by tools/build/make_glyphs.py: the readable 5x7 font and 8x8 icons as MONO_VLSB bytes."""',
        "",
        "MID_CHARS = " + repr(mid_chars),
        "MID = " + repr(bytes(mid)),
        "# the glyph of each ASCII code, and of each other code point the font draws (an accented",
        "# capital it lacks: its base letter, gfx.mid marks it); unknown: \"?\"",
        "MID_ASCII = " + repr(ascii_),
        "MID_WIDE = " + repr(wide),
        "ICON_NAMES = " + repr(tuple(n for n, _ in ICONS)),
        "ICONS = " + repr(bytes(icons)),
        "",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    from paths import FIRMWARE

    path = os.path.join(FIRMWARE, "ui", "draw", "glyphs.py")
    with open(path, "w") as f:
        f.write(render())
    print("wrote", path)
