"""The round-end page: each player's cards, points, the token returned and the new total, under column heads, and who ended the round and how."""

from ui.draw import gfx
from ui.games.panel import Panel, six_rows_note_y
from ui.games.pieces import cards_text, values_text
from ui.text import lang

from micropython import const


def reason_words(T, info, ev):
    """The round_end event's reason in words: who ended it and how (`info`: the game's row
    of ui.model.games)."""
    reason = ev[2]
    if reason == "empty":
        return getattr(T, info.end_empty)
    if reason == "bust":
        return T.G_END_BUST
    if reason == "row_taken":
        return T.G_END_ROW_TAKEN
    return T.G_END_ALL_QUIT



# the round-end page's columns: the cards from _END_CARDS_X, the round's points, the token
# given back and the total right-aligned at _END_ROUND_X, _END_BACK_X and the right edge
_END_CARDS_X = const(21)
_END_CARDS_W = const(7)  # characters: a longer hand is shown as the values held (G_END_VALUES)
_END_ROUND_X = const(85)
_END_BACK_X = const(106)


class RoundEndPanel(Panel):
    """End of round, under column heads: each player's cards (or, when a hand is too long
    for the column, everyone's values held once: what scores, the head then says so), points, the token value
    returned (S2, S4), new total; the reason in words; what A does (next round, game over)
    on the bottom row. Six rows leave no room for the reason's line: the heads then go on
    top, after the round's number (the round's end was told on the table just before)."""

    def draw(self, fb):
        T = lang.s
        scr = self.screen
        ses = scr.session
        ev = ses.last_round
        n = ses.n()
        if n < 6:
            why = reason_words(T, ses.game.ui, ev).replace("%n", ses.name(ses.state.turn))
            gfx.mid(fb, gfx.fit(T.G_ROUND_SHORT + str(ev[1]) + ": " + why, gfx.MID_COLS), 0, 0)
            fb.hline(0, 7, 128, 1)
            top = 8
        else:
            gfx.mid(fb, T.G_ROUND_SHORT + str(ev[1]), 0, 0)
            top = 0
        heads = T.G_END_HEADS
        held = [cards_text(ses.cards_of(i)) for i in range(n)]
        values = False
        for t in held:
            values = values or len(t) > _END_CARDS_W
        if values:  # a hand too long for its column: every row shows the values held, and says so
            held = [values_text(ses.cards_of(i)) for i in range(n)]
        gfx.mid(fb, T.G_END_VALUES if values else heads[0], _END_CARDS_X, top)
        gfx.mid_right(fb, heads[1], _END_ROUND_X, top)
        gfx.mid_right(fb, heads[2], _END_BACK_X, top)
        gfx.mid_right(fb, heads[3], 127, top)
        if top == 0:
            fb.hline(0, 7, 128, 1)
        for i in range(n):
            y = top + 8 + 8 * i
            gfx.mid(fb, ses.name(i), 0, y)
            gfx.mid(fb, held[i], _END_CARDS_X, y)
            gfx.mid_right(fb, "+" + str(ev[3][i]), _END_ROUND_X, y)
            if ev[4][i]:
                gfx.mid_right(fb, "-" + str(ev[4][i]), _END_BACK_X, y)
            gfx.mid_right(fb, str(ev[5][i]), 127, y)
        gfx.mid_right(fb, T.G_K_NEXT if ses.result is None else T.G_K_RESULT, 127, 56)

    handle = Panel.a_goes_on

    def note_y(self):
        return six_rows_note_y(self)

    def done(self):
        self.screen.round_read()
