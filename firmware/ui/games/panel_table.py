"""The table page: every player's name, kind (a person, or a computer player's level), cards held and score."""

from hal.buttons import A, B, DOWN, PRESS, UP
from ui.draw import gfx
from ui.games.panel import Panel, six_rows_note_y
from ui.text import lang

from micropython import const


_TABLE_KIND_X = const(29)  # the table page's column of kinds (person, or a computer player's level)


class TablePanel(Panel):
    """Every player with column heads: name, kind (person or the computer player's
    level), cards held, score; in the readable font; and how to go back."""

    def draw(self, fb):
        T = lang.s
        scr = self.screen
        ses = scr.session
        st = ses.state
        gfx.mid(fb, T.G_TABLE + " " + ses.round_label(T), 0, 0)
        fb.hline(0, 7, 128, 1)
        heads = T.G_TABLE_HEADS
        gfx.mid(fb, heads[0], 0, 8)
        gfx.mid(fb, heads[1], _TABLE_KIND_X, 8)
        gfx.mid_right(fb, heads[2], 100, 8)
        gfx.mid_right(fb, heads[3], 127, 8)
        for i in range(ses.n()):
            y = 16 + 8 * i
            gfx.strike(fb, ses.name(i), 0, y, 1, st.quit[i])
            gfx.mid(fb, kind_word(T, ses.bot(i)), _TABLE_KIND_X, y)
            if st.quit[i]:
                gfx.mid_right(fb, T.G_OUT, 100, y)
            else:
                gfx.mid_right(fb, str(scr.held(i)), 100, y)
            gfx.mid_right(fb, str(st.scores[i]), 127, y)
        if ses.n() < 6:
            gfx.footer(fb, T.G_K_BACK)
        else:  # six rows fill the panel: on the title's line
            gfx.mid_right(fb, T.G_K_BACK, 127, 0)

    def handle(self, ev):
        return ev[0] == PRESS and ev[1] in (A, B, UP, DOWN)

    def note_y(self):
        return six_rows_note_y(self)


def kind_word(T, bot):
    """A seat's kind in words: a person, or the computer player's level (its bot name,
    in the language's word when the table has one)."""
    if bot is None:
        return T.G_PERSON
    return T.G_BOT_WORDS.get(bot, bot)
