"""Whether a screen's words fit the panel (MicroPython side): each glyph drawn through the
drawing kit (ui.draw.gfx.record) as a box, then the faults: a glyph off the 128x64 panel,
two glyphs overlapping, a text cut short by gfx.fit, anything but a scroll mark drawn
as a mark, a scroll mark that does not stand out from what is under it. `faults(driver)`
draws the top screen once more and lists them."""

W = 128
H = 64
MARKS = "↑↓"  # the scroll marks (gfx.small): no letter is drawn that small
GAP = 2  # blank columns at least between two texts side by side (a word's letters have 1)


WIDE_8X8 = "#&*/4MW\\_mw~\ue000"  # built-in glyphs with ink in their 8th column
LOW_8X8 = ",;_gjpqy|çÇ\ue000"  # ... and in their 8th row
LOW_MID = "gjpqyçÇ"  # 5x7 glyphs with a descender (their 8th row)


def boxes(rec):
    """[x0, y0, x1, y1) of each glyph's ink cell (spaces have none) of one record
    (font, text, x, y): 7x7 for the built-in font (8 wide or tall where its ink is), 5x7
    for the 5x7 one (8 tall with a descender), a mark's 7x4 triangle, 8k square scaled k times."""
    font, s, x, y = rec
    out = []
    for i in range(len(s)):
        ch = s[i]
        if ch == " ":
            continue
        y0 = y
        if font == "8x8":
            x0, w, h = x + 8 * i, 8 if ch in WIDE_8X8 else 7, 8 if ch in LOW_8X8 else 7
        elif font == "mid":
            x0, w, h = x + 6 * i, 5, 8 if ch in LOW_MID else 7
        elif font == "small":  # the marks' ink: a triangle 7 wide and 4 tall
            x0, w, h = x + 8 * i, 7, 4
        elif font.startswith("big"):
            k = int(font[3:])
            x0, w, h = x + 8 * k * i, 8 * k, 8 * k
        else:
            return out
        out.append((x0, y0, x0 + w, y0 + h, s))
    return out


def faults_of(recs, limit=8):
    """The faults of one drawn screen's records, in words (at most `limit`): off the
    panel, overlapping (or closer side by side than GAP: two texts run into each other), cut,
    3x5 text."""
    out = []
    all_boxes = []
    for k in range(len(recs)):
        rec = recs[k]
        font, s = rec[0], rec[1]
        if font == "cut":
            out.append("cut to %d: %r" % (rec[2], s))
            continue
        if font == "erase":  # a rectangle cleared: what was drawn there is gone
            w, h = s
            x0, y0 = rec[2], rec[3]
            all_boxes = [(b, kb, g) for b, kb, g in all_boxes
                         if b[2] <= x0 or b[0] >= x0 + w or b[3] <= y0 or b[1] >= y0 + h]
            continue
        if font == "small":
            for ch in s:
                if ch != " " and ch not in MARKS:
                    out.append("3x5 text: %r" % s)
                    break
        for b in boxes(rec):
            if b[0] < 0 or b[1] < 0 or b[2] > W or b[3] > H:
                out.append("off the panel: %r at %d,%d" % (s, b[0], b[1]))
            all_boxes.append((b, k, GAP if font != "small" else 0))
    n = len(all_boxes)
    for i in range(n):
        a, ka, ga = all_boxes[i]
        for j in range(i + 1, n):
            b, kb, gb = all_boxes[j]
            if ka == kb:
                continue
            g = min(ga, gb)  # the scroll marks may sit side by side
            if a[0] < b[2] + g and b[0] < a[2] + g and a[1] < b[3] and b[1] < a[3]:
                out.append("overlap: %r at %d,%d and %r at %d,%d" % (a[4], a[0], a[1], b[4], b[0], b[1]))
    return out[:limit]


def visible(recs):
    """The text records still on the panel: those an erase did not clear (any part of)."""
    out = []
    for rec in recs:
        if rec[0] == "erase":
            (w, h), x0, y0 = rec[1], rec[2], rec[3]
            out = [r for r in out if not any(b[2] > x0 and b[0] < x0 + w and b[3] > y0 and b[1] < y0 + h
                                             for b in boxes(r))]
        elif rec[0] != "cut":
            out.append(rec)
    return out


def unseen_marks(recs, pixel):
    """The scroll marks that do not stand out from what is under them (a lit mark on a lit
    bar: issue 50, the main menu's "more below" under its selected first row): the
    triangle's middle and the corner beside its point must differ. `pixel(x, y)` reads
    the drawn screen."""
    out = []
    for rec in visible(recs):
        font, s, x, y = rec
        if font != "small":
            continue
        for i in range(len(s)):
            x0 = x + 8 * i
            corner = (x0, y) if s[i] == "↑" else (x0, y + 3)
            if pixel(x0 + 3, y + 1) == pixel(corner[0], corner[1]):
                out.append("a scroll mark not seen: %r at %d,%d" % (s[i], x0, y))
    return out


def faults(d, limit=8):
    """The faults of the top screen of Driver d (drawn once more: its records and pixels)."""
    import framebuf

    from ui.draw import gfx

    fb = framebuf.FrameBuffer(bytearray(1024), W, H, framebuf.MONO_VLSB)
    gfx.record = []
    try:
        d.app.top().draw(fb)
        recs = gfx.record
    finally:
        gfx.record = None
    return (faults_of(recs, limit) + unseen_marks(recs, fb.pixel))[:limit]
