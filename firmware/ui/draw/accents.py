"""French accented letters for the built-in 8x8 font: the base letter plus a mark drawn over it.

The built-in lower case leaves rows 0-1 (above) and row 7 (below) free, so é is `e` with
an acute in rows 0-1; capitals fill rows 0-6, so À, É ... are shown as plain capitals."""

# char: (base letter, row 0 bits, row 1 bits, row 7 bits), bit 7 = leftmost pixel
_ACUTE = (0x0C, 0x18)
_GRAVE = (0x30, 0x18)
_CIRC = (0x18, 0x24)
_DIAER = (0x66, 0x00)
MARKS = {
    "é": ("e",) + _ACUTE + (0,),
    "è": ("e",) + _GRAVE + (0,),
    "ê": ("e",) + _CIRC + (0,),
    "ë": ("e",) + _DIAER + (0,),
    "à": ("a",) + _GRAVE + (0,),
    "â": ("a",) + _CIRC + (0,),
    "î": ("i",) + _CIRC + (0,),
    "ï": ("i",) + _DIAER + (0,),
    "ô": ("o",) + _CIRC + (0,),
    "ù": ("u",) + _GRAVE + (0,),
    "û": ("u",) + _CIRC + (0,),
    "ü": ("u",) + _DIAER + (0,),
    "ç": ("c", 0, 0, 0x18),
    "Ç": ("C", 0, 0, 0x18),
    "À": ("A", 0, 0, 0),
    "Â": ("A", 0, 0, 0),
    "É": ("E", 0, 0, 0),
    "È": ("E", 0, 0, 0),
    "Ê": ("E", 0, 0, 0),
    "Î": ("I", 0, 0, 0),
    "Ô": ("O", 0, 0, 0),
    "Ù": ("U", 0, 0, 0),
    "Û": ("U", 0, 0, 0),
    "œ": ("o", 0, 0, 0),
    "’": ("'", 0, 0, 0),
    "«": ("<", 0, 0, 0),
    "»": (">", 0, 0, 0),
}


def _row(fb, bits, x, y, c):
    for i in range(8):
        if bits & (0x80 >> i):
            fb.pixel(x + i, y, c)


def draw(fb, ch, x, y, c):
    """Draw one non-ASCII character at (x, y) in colour c; unknown characters show as '?'."""
    m = MARKS.get(ch)
    if m is None:
        fb.text("?", x, y, c)
        return
    base, r0, r1, r7 = m
    fb.text(base, x, y, c)
    if r0 or r1:
        # clear what the base letter has above its x-height (the dot of the i)
        fb.fill_rect(x, y, 8, 2, 1 - c)
        _row(fb, r0, x, y, c)
        _row(fb, r1, x, y + 1, c)
    if r7:
        _row(fb, r7, x, y + 7, c)
