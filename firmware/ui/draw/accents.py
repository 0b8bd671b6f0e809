"""French accented letters for the built-in 8x8 font: the base letter plus a mark drawn over it.

The built-in lower case leaves rows 0-1 (above) and row 7 (below) free, so é is `e` with
an acute in rows 0-1; capitals fill rows 0-6, so À, É ... are their capital one row shorter
(a row that repeats the one under it is left out) under a one-row mark in row 0."""

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
    # capitals: (base, the one-row mark over the shortened capital, 0, 0)
    "À": ("A", 0x60, 0, 0),
    "Â": ("A", 0x28, 0, 0),
    "É": ("E", 0x0C, 0, 0),
    "È": ("E", 0x30, 0, 0),
    "Ê": ("E", 0x28, 0, 0),
    "Ë": ("E", 0x44, 0, 0),
    "Î": ("I", 0x28, 0, 0),
    "Ï": ("I", 0x44, 0, 0),
    "Ô": ("O", 0x28, 0, 0),
    "Ù": ("U", 0x30, 0, 0),
    "Û": ("U", 0x28, 0, 0),
    "œ": ("o", 0, 0, 0),
    "’": ("'", 0, 0, 0),
    "«": ("<", 0, 0, 0),
    "»": (">", 0, 0, 0),
}


def _row(fb, bits, x, y, c):
    for i in range(8):
        if bits & (0x80 >> i):
            fb.pixel(x + i, y, c)


_cap_buf = None
_cap_fb = None


def _capital(fb, base, mark, x, y, c):
    """An accented capital: `base` one row shorter, `mark` (row bits) in row 0."""
    global _cap_buf, _cap_fb
    if _cap_fb is None:
        import framebuf  # (MARKS alone is read on CPython too)

        _cap_buf = bytearray(8)
        _cap_fb = framebuf.FrameBuffer(_cap_buf, 8, 8, framebuf.MONO_VLSB)
    buf = _cap_buf
    _cap_fb.fill(0)
    _cap_fb.text(base, 0, 0, 1)
    drop = 0  # the first row (past the top one) that repeats the row under it
    for r in range(1, 6):
        same = True
        for i in range(8):
            if ((buf[i] >> r) ^ (buf[i] >> (r + 1))) & 1:
                same = False
                break
        if same:
            drop = r
            break
    low = (1 << drop) - 1
    for i in range(8):
        b = buf[i]
        b = ((b & low) << 1) | (b & ~((low << 1) | 1) & 0xFF)
        if mark & (0x80 >> i):
            b |= 1
        buf[i] = b
    if c:
        fb.blit(_cap_fb, x, y, 0)
    else:
        for i in range(8):
            b = buf[i]
            for r in range(8):
                if b & (1 << r):
                    fb.pixel(x + i, y + r, 0)


def draw(fb, ch, x, y, c):
    """Draw one non-ASCII character at (x, y) in colour c; unknown characters show as '?'."""
    m = MARKS.get(ch)
    if m is None:
        fb.text("?", x, y, c)
        return
    base, r0, r1, r7 = m
    if "A" <= base <= "Z" and r0:
        _capital(fb, base, r0, x, y, c)
        return
    fb.text(base, x, y, c)
    if r0 or r1:
        # clear what the base letter has above its x-height (the dot of the i)
        fb.fill_rect(x, y, 8, 2, 1 - c)
        _row(fb, r0, x, y, c)
        _row(fb, r1, x, y + 1, c)
    if r7:
        _row(fb, r7, x, y + 7, c)
