"""Drawing helpers on a 128x64 MONO_VLSB canvas: text with accents in the 8x8 font and the
readable 5x7 font, big text, icons, the small scroll marks, word wrap, header/footer bars,
list rows; `record` lists which font drew which text where (for tests)."""

import micropython
import framebuf

from ui.draw import glyphs, icons
from micropython import const

W = 128
H = 64
LLAMA_CH = "\ue000"  # the llama card in text: the llama icon in the 8x8 font, its 5x7 glyph in the readable one
COLS = 16  # 8x8 characters per line
_LINE = const(8)

# layout: a header (title, rule under it), list rows 9 pixels apart (a selected row is a
# 9-pixel inverted bar), text lines 8 apart, the footer in the 5x7 font on the bottom rows
_HEADER_H = const(9)  # title text rows 0-7, rule at row 8
PITCH = 9
ROWS = 5  # list rows under a header
ROWS_BARE = 6  # list rows without a header
_TEXT_Y = const(10)  # text lines under a header
TEXT_ROWS = 5  # 8x8 lines clear of the footer
_FOOTER_Y = const(57)  # the footer's 5x7 text: rows 57-63
_MID_W = const(6)  # the readable 5x7 font: a 6x8 cell, 21 characters a line
MID_COLS = 21
_VALUE_GAP = const(12)  # a list row's 8x8 value stays this far from its label (a 5x7 one half as far)

# None, or a list that every text call appends (font, text, x, y) to: "8x8", "big2", "big3"...
# (the 8x8 font scaled), "mid" (5x7) or "small" (the scroll marks' triangles), and ("cut", text,
# n, 0) when `fit` cuts a text to n characters; tests check from it that every glyph is on
# the panel, none overlaps another, no text is cut and nothing a player reads is small;
# ("erase", (w, h), x, y) when `erase` clears a rectangle (what was drawn there is gone)
record = None  # type: list | None


def _rec(font, s, x, y):
    record.append((font, s, x, y))


def erase(fb, x, y, w, h):
    """Clear a rectangle (to draw something else over what was there)."""
    fb.fill_rect(x, y, w, h, 0)
    if record is not None:
        record.append(("erase", (w, h), x, y))


def fit(s, n):
    """`s` cut to n characters (a layout that has no room; tests treat it as a fault)."""
    if len(s) <= n:
        return s
    if record is not None:
        _rec("cut", s, n, 0)
    return s[:n]


def _accents():
    """ui.draw.accents, imported when a French letter is first drawn in the 8x8 font (an
    English game draws none: issue 26, its code not in RAM)."""
    from ui.draw import accents

    return accents


def text(fb, s, x, y, c=1):
    """Draw s with the built-in 8x8 font; French accented letters get their accents."""
    if record is not None:
        _rec("8x8", s, x, y)
    if len(s.encode()) == len(s):  # plain ASCII (one byte a character): one call draws it all
        fb.text(s, x, y, c)
        return
    for ch in s:
        if ch < "\x80":
            fb.text(ch, x, y, c)
        elif ch == LLAMA_CH:
            icon(fb, icons.LLAMA, x, y, c)
        else:
            _accents().draw(fb, ch, x, y, c)
        x += 8


def center(fb, s, y, c=1):
    """Draw s centred horizontally."""
    text(fb, s, (W - 8 * len(s)) // 2, y, c)


def right(fb, s, y, c=1, x_end=W):
    """Draw s so that it ends at x_end."""
    text(fb, s, x_end - 8 * len(s), y, c)


def small(fb, s, x, y, c=1):
    """Draw the scroll marks "↑" (more above) and "↓" (more below): solid triangles 7 pixels
    wide and 4 tall (MARK_W x MARK_H), 8 pixels apart; returns the x after them. No letter
    or digit is drawn this way (anything else is left blank, and recorded: a test fails on it)."""
    if record is not None:
        _rec("small", s, x, y)
    for ch in s:
        if ch == "↑" or ch == "↓":
            for r in range(MARK_H):
                k = r if ch == "↑" else MARK_H - 1 - r
                fb.hline(x + 3 - k, y + r, 2 * k + 1, c)
        x += MARK_W + 1
    return x


MARK_W = 7  # a scroll mark's triangle
MARK_H = 4


MID_LINE = 22  # characters of 5x7 text put together in a buffer and drawn with one blit
_mid_buf = None
_mid_fb = None
_mid_font = None  # the glyphs' columns (a memoryview of glyphs.MID)
_mid_dark = None  # the palette that draws a glyph dark and its background clear (on a lit bar)


@micropython.native
def mid(fb, s, x, y, c=1):
    """Draw s in the readable 5x7 font (a 6x8 cell: 21 characters a line; lower case,
    French accents, accented capitals too); returns the x after it."""
    global _mid_buf, _mid_fb, _mid_font, _mid_dark
    if record is not None:
        _rec("mid", s, x, y)
    if _mid_fb is None:
        _mid_buf = bytearray(_MID_W * MID_LINE)
        _mid_fb = framebuf.FrameBuffer(_mid_buf, _MID_W * MID_LINE, 8, framebuf.MONO_VLSB)
        _mid_font = memoryview(glyphs.MID)
        # colour 0 -> 1 (the key: transparent), 1 -> 0
        _mid_dark = framebuf.FrameBuffer(bytearray(b"\x01\x00"), 2, 1, framebuf.MONO_VLSB)
    buf = _mid_buf
    font = _mid_font
    narrow = glyphs.MID_ASCII  # (text is read as UTF-8 bytes: no one-character strings)
    palette = None if c else _mid_dark
    data = s.encode()
    n = len(data)
    j = 0
    k = 0
    while j < n:  # a line's characters at a time, one blit each
        b = data[j]
        j += 1
        if b < 0x80:
            i = narrow[b]
        else:  # a UTF-8 sequence: its lead byte says how many bytes follow
            o = b & 0x1F if b < 0xE0 else b & 0x0F if b < 0xF0 else b & 0x07
            while j < n and data[j] & 0xC0 == 0x80:
                o = (o << 6) | (data[j] & 0x3F)
                j += 1
            i = glyphs.MID_WIDE.get(o, narrow[0x3F])  # unknown: "?"
        i *= 5  # its 5 columns copied a byte at a time: a slice would allocate (twice)
        buf[k] = font[i]
        buf[k + 1] = font[i + 1]
        buf[k + 2] = font[i + 2]
        buf[k + 3] = font[i + 3]
        buf[k + 4] = font[i + 4]
        buf[k + 5] = 0
        k += _MID_W
        if k == _MID_W * MID_LINE or j >= n:
            # the columns filled only (a blit costs a few us a pixel): a frame buffer over
            # the first k bytes (one page high, a byte is a column, whatever the width)
            src = _mid_fb if k == _MID_W * MID_LINE else framebuf.FrameBuffer(
                buf, k, 8, framebuf.MONO_VLSB)
            # what is not a glyph's pixel is transparent (the key, compared after the palette)
            fb.blit(src, x, y, 1 - c, palette)
            x += k
            k = 0
    return x


def strike(fb, s, x, y, c=1, out=False):
    """Readable-font text, struck through when `out` (a player who has quit the round:
    issue 50, a dash alone said it nowhere)."""
    x1 = mid(fb, s, x, y, c)
    if out:
        fb.hline(x - 1, y + 3, x1 - x + 1, c)
    return x1


def mid_width(s):
    """Width in pixels of s in the readable font (without the trailing gap)."""
    return _MID_W * len(s) - 1 if s else 0


def mid_right(fb, s, x_end, y, c=1):
    """Readable-font text whose last pixel column is x_end."""
    mid(fb, s, x_end + 1 - mid_width(s), y, c)


def mid_center(fb, s, y, c=1, x0=0, x1=W):
    """Readable-font text centred between x0 and x1."""
    mid(fb, s, x0 + (x1 - x0 - mid_width(s)) // 2, y, c)


_icon_buf = None
_icon_fb = None


def icon(fb, index, x, y, c=1):
    """Draw 8x8 icon number `index` (ui.draw.icons names them) at (x, y) in colour c."""
    global _icon_buf, _icon_fb
    if _icon_buf is None:
        _icon_buf = bytearray(8)
        _icon_fb = framebuf.FrameBuffer(_icon_buf, 8, 8, framebuf.MONO_VLSB)
    data = glyphs.ICONS
    base = 8 * index
    for i in range(8):
        _icon_buf[i] = data[base + i]
    if c:
        fb.blit(_icon_fb, x, y, 0)
    else:
        for dx in range(8):
            col = _icon_buf[dx]
            for dy in range(8):
                if col & (1 << dy):
                    fb.pixel(x + dx, y + dy, 0)


_big_buf = None
_big_fb = None


def big(fb, s, x, y, scale=2, c=1):
    """Draw s with the 8x8 font scaled up `scale` times (8*scale pixels a character)."""
    global _big_buf, _big_fb
    if record is not None:
        _rec("big" + str(scale), s, x, y)
    if _big_buf is None:
        _big_buf = bytearray(8)
        _big_fb = framebuf.FrameBuffer(_big_buf, 8, 8, framebuf.MONO_VLSB)
    for ch in s:
        _big_fb.fill(0)
        if ch < "\x80":
            _big_fb.text(ch, 0, 0, 1)
        else:
            _accents().draw(_big_fb, ch, 0, 0, 1)
        for dx in range(8):
            col = _big_buf[dx]
            if col:
                for dy in range(8):
                    if col & (1 << dy):
                        fb.fill_rect(x + dx * scale, y + dy * scale, scale, scale, c)
        x += 8 * scale


_GLUED = (":", ";", "!", "?", "»")


def _glued(s, i):
    """True when the one-character word at s[i] is French spaced punctuation."""
    for g in _GLUED:
        if s.startswith(g, i):
            return True
    return False


def wrap(s, width=COLS):
    """Split s into lines of at most `width` characters at spaces (long words are cut).
    Words are found with str.find and each line sliced once: on MicroPython every new
    string is looked up among all interned names, so no string is made per word."""
    if "  " in s or "\n" in s or "\t" in s or s.startswith(" "):
        s = " ".join(s.split())
    lines = []
    n = len(s)
    start = end = -1  # the line so far: s[start:end] (start -1: empty)
    i = 0
    while i < n:
        j = s.find(" ", i)
        if j < 0:
            j = n
        ws = i
        we = j
        i = j + 1
        # French spaced punctuation (" :", " ?") stays with the word before it
        while i < n:
            k = s.find(" ", i)
            if k < 0:
                k = n
            if k - i != 1 or not _glued(s, i) or we - ws + 2 > width:
                break
            we = k
            i = k + 1
        while we - ws > width:
            if start >= 0:
                lines.append(s[start:end])
                start = -1
            lines.append(s[ws : ws + width])
            ws += width
        if ws == we:
            continue
        if start < 0:
            start = ws
            end = we
        elif end - start + 1 + we - ws <= width:
            end = we
        else:
            lines.append(s[start:end])
            start = ws
            end = we
    if start >= 0:
        lines.append(s[start:end])
    return lines


def header(fb, title):
    """The title centred on line 0, with a rule under it."""
    center(fb, title, 0)
    fb.hline(0, _HEADER_H - 1, W, 1)


def footer(fb, hint):
    """The buttons' meaning, centred on the bottom rows in the 5x7 font."""
    mid_center(fb, fit(hint, MID_COLS), _FOOTER_Y)


def row_y(i, header=True):
    """Top of the text of visible list row i."""
    return (11 if header else 1) + PITCH * i


def line_y(i):
    """Top of text line i under a header (8 pixels apart)."""
    return _TEXT_Y + _LINE * i


@micropython.native
def list_row(fb, i, label, value=None, selected=False, header=True):
    """Visible list row i: the label on the left, an optional value on the right; the
    selected row is drawn inverted across the whole width."""
    y = row_y(i, header)
    c = 1
    if selected:
        fb.fill_rect(0, y - 1, W, PITCH, 1)
        c = 0
    text(fb, label, 4, y, c)
    if value is not None:
        start = 4 + 8 * len(label)
        if 8 * len(value) <= W - 4 - start - _VALUE_GAP:  # label and value read apart
            right(fb, value, y, c, W - 4)
        else:  # too long for the 8x8 font here: the 5x7 one
            mid_right(fb, fit(value, (W - 1 - start - _VALUE_GAP // 2) // _MID_W), W - 2, y, c)


def scroll_marks(fb, top, count, rows, header=True, lit_top=False, down_y=_FOOTER_Y + 2):
    """Triangles at the right end when the list goes on: above (▲ in the header's corner, or
    on the first row of a list without a header: dark on it when `lit_top`, it is selected)
    and below (▼ at down_y: in the footer's corner, under the last row)."""
    if top > 0:
        small(fb, "↑", W - MARK_W, 2, 0 if (lit_top and not header) else 1)
    if top + rows < count:
        small(fb, "↓", W - MARK_W, down_y)
