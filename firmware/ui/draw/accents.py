"""French accented letters for the built-in 8x8 font: the base letter plus a mark drawn over it.

The built-in lower case leaves rows 0-1 (above) and row 7 (below) free, so é is `e` with
an acute in rows 0-1; capitals fill rows 0-6, so À, É ... are their capital drawn six rows
high (a row left out) in rows 1-6, under a one-row mark in row 0 set in a notch of its
top: as tall as a capital, on its baseline (issue 50: five rows high they read as lower
case)."""

from micropython import const

# the characters drawn as a base letter of the built-in font with a mark: each one's base
# in BASES, and its mark's rows 0, 1 and 7 (bit 7 = the leftmost pixel) in _ROWS, three
# bytes a character (a string and bytes: a dict of tuples took 2 KB of the Pico's heap)
CHARS = 'éèêëàâîïôùûüçÇÀÂÉÈÊËÎÏÔÙÛÜœ’«»'
BASES = "eeeeaaiiouuucCAAEEEEIIOUUUo'<>"
_ROWS = (
    b"\x0c\x18\x00\x30\x18\x00\x18\x24\x00\x66\x00\x00\x30\x18\x00"  # éèêëà
    b"\x18\x24\x00\x18\x24\x00\x66\x00\x00\x18\x24\x00\x30\x18\x00"  # âîïôù
    b"\x18\x24\x00\x66\x00\x00\x00\x00\x18\x00\x00\x18\x30\x00\x00"  # ûüçÇÀ
    b"\x18\x00\x00\x0c\x00\x00\x30\x00\x00\x18\x00\x00\x24\x00\x00"  # ÂÉÈÊË
    b"\x18\x00\x00\x24\x00\x00\x18\x00\x00\x30\x00\x00\x18\x00\x00"  # ÎÏÔÙÛ
    b"\x24\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"  # Üœ’«»
)


def mark(ch):
    """(base letter, row 0 bits, row 1 bits, row 7 bits) of character `ch`, or None."""
    i = CHARS.find(ch)
    if i < 0:
        return None
    r = _ROWS
    return (BASES[i], r[3 * i], r[3 * i + 1], r[3 * i + 2])


def _row(fb, bits, x, y, c):
    for i in range(8):
        if bits & (0x80 >> i):
            fb.pixel(x + i, y, c)


# the rows of a built-in capital kept when it is drawn six rows high (bit r: row r): all
# but a stem's row 2; A keeps its sides and not its apex
_KEPT = const(0b1111011)
_KEPT_A = const(0b1111110)
_cap_buf = None
_cap_fb = None


def _capital(fb, base, r0, x, y, c):
    """An accented capital: `base` six rows high in rows 1-6, the mark (row bits r0) in
    row 0 and its notch in row 1."""
    global _cap_buf, _cap_fb
    if _cap_fb is None:
        import framebuf  # (mark() alone is read on CPython too)

        _cap_buf = bytearray(8)
        _cap_fb = framebuf.FrameBuffer(_cap_buf, 8, 8, framebuf.MONO_VLSB)
    buf = _cap_buf
    _cap_fb.fill(0)
    _cap_fb.text(base, 0, 0, 1)
    kept = _KEPT_A if base == "A" else _KEPT
    for i in range(8):
        b = buf[i]
        out = 0
        k = 1
        for r in range(7):
            if kept & (1 << r):
                if b & (1 << r):
                    out |= 1 << k
                k += 1
        if r0 & (0x80 >> i):
            out = (out & ~2) | 1  # the mark, in a notch of the capital's top
        buf[i] = out
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
    m = mark(ch)
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
