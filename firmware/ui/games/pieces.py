"""Drawing pieces the game screens share: symbols, dice, grouped rows of cards, choice bars."""

from lama.symbols import LLAMA, N_SYMBOLS, SYMBOLS
from ui.draw import gfx, icons
from ui.text import lang

COLW = 12  # width of one symbol column of a grouped row
COUNT_DY = 8  # a grouped row's counts: this far under its symbols (its boxes 17 high)
GROUP_H = 17
# the bottom of both tables: the last move (5x7) above the choice bar (8x8), or above the
# key that moves play on (5x7, right-aligned)
MSG_Y = 47
FACES = SYMBOLS[:LLAMA] + gfx.LLAMA_CH  # the symbols in text: the llama drawn as the llama
BAR_Y = 55
KEY_Y = 56


def symbol(fb, s, x, y, c=1):
    """One symbol 0..6 in the 8x8 cell at (x, y): a digit, or the llama icon."""
    if s == LLAMA:
        gfx.icon(fb, icons.LLAMA, x, y, c)
    else:
        fb.text(SYMBOLS[s], x, y, c)


def big_symbol(fb, s, x, y, scale, c=1):
    """A symbol `scale` times bigger (8*scale pixels square), for the discard pile's top."""
    if s == LLAMA:
        import framebuf

        buf = bytearray(8)
        g = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
        gfx.icon(g, icons.LLAMA, 0, 0, 1)
        for dx in range(8):
            col = buf[dx]
            for dy in range(8):
                if col & (1 << dy):
                    fb.fill_rect(x + dx * scale, y + dy * scale, scale, scale, c)
    else:
        gfx.big(fb, SYMBOLS[s], x, y, scale, c)


def die(fb, face, x, y, marked):
    """A die 11x11 at (x, y) showing `face`; a marked die (it matches) is drawn filled."""
    if marked:
        fb.fill_rect(x, y, 11, 11, 1)
        symbol(fb, face, x + 2, y + 2, 0)
    else:
        fb.fill_rect(x, y, 11, 11, 0)
        fb.rect(x, y, 11, 11, 1)
        symbol(fb, face, x + 2, y + 2, 1)


def grouped(fb, counts, x0, y, marks=0, boxed=0, colw=COLW):
    """A set of cards grouped by symbol: seven columns from x0, a symbol on top (at y) and
    its count under it (y + COUNT_DY), so thirteen cards fit one line; a zero is a small dot.
    Bit s of `marks` draws column s inverted (a die matches it, or it is selected); bit s
    of `boxed` frames it (it may be chosen)."""
    for s in range(N_SYMBOLS):
        x = x0 + s * colw
        cx = x + (colw - 8) // 2
        inv = (marks >> s) & 1
        if inv:
            fb.fill_rect(x, y - 1, colw - 1, GROUP_H, 1)
        elif (boxed >> s) & 1:
            fb.rect(x, y - 1, colw - 1, GROUP_H, 1)
        c = 0 if inv else 1
        symbol(fb, s, cx, y, c)
        n = counts[s]
        if n >= 10:
            gfx.mid(fb, str(n), x + (colw - 11) // 2, y + COUNT_DY, c)
        elif n:
            gfx.text(fb, str(n), cx, y + COUNT_DY, c)
        else:
            fb.fill_rect(cx + 3, y + COUNT_DY + 3, 2, 2, c)


def cards_text(counts, width=99):
    """'1335L' for a 7-count (sorted 123456L); longer than `width` characters, each value
    held once (what scores, S3) and the number of cards when that fits: '1356L (15)',
    else '1356L'."""
    out = ""
    for s in range(N_SYMBOLS):
        out += FACES[s] * counts[s]
    if len(out) > width:
        n = len(out)
        out = values_text(counts)
        more = " (" + str(n) + ")"
        if len(out) + len(more) <= width:
            out += more
    return out


def values_text(counts):
    """'1356L': each value held once (what a hand scores, S3)."""
    out = ""
    for s in range(N_SYMBOLS):
        if counts[s]:
            out += FACES[s]
    return out


def cards_words(counts, room):
    """Cards in words for a line with `room` characters: '1 3 3 L' when it fits, else
    '133L', else the values held and their number (cards_text)."""
    out = cards_text(counts)
    spaced = " ".join(out)
    if len(spaced) <= room:
        return spaced
    return cards_text(counts, room)


def button_bar(fb, labels, selected, y, disabled=0):
    """Options side by side across the width (8x8 text), the selected one inverted; bit i
    of `disabled` crosses option i out (shown, but not possible now). Each has an equal
    part of the width, or, when a label is too long for that, a part as wide as its label
    and an equal share of what is left ("Pose", "Pioche", "Stop")."""
    n = len(labels)
    w = 128 // n
    chars = 0
    for lab in labels:
        chars += len(lab)
    fits = True
    for lab in labels:
        fits = fits and 8 * len(lab) <= w
    spare = (128 - 8 * chars) // n
    x = 0
    for i in range(n):
        if not fits:
            w = 8 * len(labels[i]) + spare
        lab = gfx.fit(labels[i], w // 8)
        tx = x + (w - 8 * len(lab)) // 2
        if i == selected:
            fb.fill_rect(x, y, w - 1, 9, 1)
            gfx.text(fb, lab, tx, y + 1, 0)
            c = 0
        else:
            gfx.text(fb, lab, tx, y + 1, 1)
            c = 1
        if (disabled >> i) & 1:
            fb.hline(tx - 1, y + 4, 8 * len(lab) + 1, c)
        x += w


def player(scr, fb, i, x0, y, x1):
    """Seat i in the readable font from x0 to x1: name, cards held; the active seat
    inverted, a seat that has quit struck through, a dash instead of its cards."""
    ses = scr.session
    c = 1
    if i == scr.active() and (ses.in_play() or scr.actor >= 0):
        fb.fill_rect(x0, y - 1, x1 - x0 + 1, 8, 1)
        c = 0
    gfx.strike(fb, ses.name(i), x0 + 1, y, c, ses.state.quit[i])
    gfx.mid_right(fb, lang.s.G_OUT if ses.state.quit[i] else str(scr.held(i)), x1 - 1, y, c)


def bottom(scr, fb, ack):
    """The last move (or why an input did nothing) on a line of the readable font, and
    what A does while play goes on by itself, or at a shown result. Then a note never
    covers the move: it goes on the footer's line, and the one that would repeat the
    footer ("A: SPEED UP", "PRESS A TO GO ON") lights the footer up instead."""
    T = lang.s
    note = scr.note_text
    if scr.due is not None and not scr.session.link_wait():  # (A hurries no person)
        key, same = T.G_K_SPEED, T.G_NOTE_SPEED
    elif ack:
        key, same = T.G_K_A, T.G_NOTE_A
    else:
        key = None
    waiting = key is not None
    line = scr.msg if waiting or not note else note
    if scr.thinking and (waiting or not note):  # who is to play: a computer, or a person
        ses = scr.session  # at another console (a link game: "BEN'S TURN")
        seat = ses.state.turn
        if ses.is_person(seat):
            line = T.G_TURN_OF.replace("%s", ses.name(seat))
        else:
            line = ses.name(seat) + " " + T.G_THINKS
    gfx.mid(fb, gfx.fit(line, gfx.MID_COLS), 0, MSG_Y)
    if not waiting:
        return
    if note and note != same:
        gfx.mid(fb, gfx.fit(note, gfx.MID_COLS), 0, KEY_Y)
    elif note:  # what A does, said once: the footer lit
        w = gfx.mid_width(key) + 2
        fb.fill_rect(127 - w, KEY_Y - 1, w + 1, 8, 1)
        gfx.mid_right(fb, key, 126, KEY_Y, 0)
    else:
        gfx.mid_right(fb, key, 127, KEY_Y)
