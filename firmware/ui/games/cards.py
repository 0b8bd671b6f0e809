"""The L.L.A.M.A. table: the hand grouped by value with the playable values picked out, the
discard pile's top card large, the draw pile's size, every player's hand size and score;
play, draw or quit; a curtain between two people's private hands; bots step by step."""

from hal.buttons import A, LEFT, PRESS, RIGHT
from lama import cards
from ui.draw import gfx
from ui.text import lang
from ui.games.base import M_ACK, M_TURN, GameScreen, sound
from ui.games.pieces import bottom, player, BAR_Y, FACES, GROUP_H, MSG_Y, button_bar, big_symbol, grouped
from micropython import const

_HAND_X = const(30)
ROW_Y = 11  # the hand: symbols, counts under them (its boxes 10-26)
_LIST_Y = const(31)  # the players: two rows 8 apart, three seats a row
_LIST_X = const(28)  # the players' list, right of the pile's box
_LIST_W = const(32)  # a seat's place in the list: name and cards held (a rule between two)
_OTHER_COLW = const(11)  # the person's hand on another's turn: its columns, the owner's name after


class CardsScreen(GameScreen):
    """One L.L.A.M.A. game on the panel (a ui.games.session.Session of game 2)."""

    def __init__(self, app, session):
        GameScreen.__init__(self, app, session)
        self.items = []  # the choices: values that may be played, then DRAW, then QUIT
        self.cursor = 0

    # -- whose hand may be seen ----------------------------------------------------------

    def hand_seat(self):
        """The seat whose hand is on screen, or -1 (hidden between two people's turns)."""
        ses = self.session
        if ses.people() == 1:
            for i in range(ses.n()):
                if ses.here(i):
                    return i
        t = ses.state.turn
        if ses.in_play() and ses.here(t) and self.shown_seat == t:
            return t
        return -1

    # -- flow --------------------------------------------------------------------------

    def start_person_turn(self):
        ses = self.session
        t = ses.state.turn
        self.mode = M_TURN
        self.items = []
        for a in ses.legal():
            if a[0] == cards.PLAY:
                self.items.append(a[1])
        self.items.append(-1)  # draw: listed even when not allowed (says why)
        self.items.append(-2)  # quit
        self.cursor = 0 if (len(self.items) > 2 or not self.draw_refusal()) else 1
        if ses.people() >= 2 and self.shown_seat != t:
            self.open_panel("curtain", t)

    def draw_refusal(self):
        """Why drawing is not allowed now (C5, C7), or "" when it is."""
        st = self.session.state
        if not st.pile:
            return lang.s.G_NO_DRAW_EMPTY
        if cards.alone(st):
            return lang.s.G_NO_DRAW_ALONE
        return ""

    def show_events(self, seat, events):
        ses = self.session
        T = lang.s
        name = ses.name(seat)
        ended = False
        for ev in events:
            k = ev[0]
            if k == "play":
                self.say(name + " " + T.G_PLAYS + " " + FACES[ev[2]])
                sound(self.app, "click")
            elif k == "draw":
                self.say(name + " " + T.G_DRAWS)
            elif k == "quit":
                self.say(name + " " + T.G_QUITS)
            elif k == "round_end":
                ended = True
        self.after_step(seat, ended, not ses.here(seat))

    # -- a person's keys ---------------------------------------------------------------

    def person_key(self, ev):
        kind, b = ev
        T = lang.s
        if self.mode != M_TURN:
            return
        n = len(self.items)
        if b == LEFT or b == RIGHT:
            self.cursor = (self.cursor + (1 if b == RIGHT else -1)) % n
        elif kind == PRESS and b == A:
            item = self.items[self.cursor]
            if item >= 0:
                return (cards.PLAY, item)
            elif item == -1:
                why = self.draw_refusal()
                if why:
                    self.note(why)  # the state is unchanged
                else:
                    return (cards.DRAW,)
            else:
                return (cards.QUIT,)
        else:
            self.note(T.G_NOTE_CARDS)

    # -- drawing -----------------------------------------------------------------------

    def draw_table(self, fb):
        T = lang.s
        ses = self.session
        st = ses.state
        p = self.active()
        x = gfx.mid(fb, ses.name(p), 0, 0)
        x = gfx.mid(fb, str(st.scores[p]), x + 6, 0)
        x = gfx.mid(fb, T.G_PTS, x + 3, 0) + 4
        pile = T.G_PILE + " " + str(len(st.pile))
        gfx.mid_right(fb, pile, 127, 0)
        if getattr(self.app.board.power, "battery", None) is not None:  # (no cell: no mark,
            from ui.draw import battery  # nor its module in RAM)

            battery.mark(fb, x, 0, 124 - gfx.mid_width(pile))
        fb.hline(0, 8, 128, 1)
        # the discard pile's top card, large
        fb.rect(0, ROW_Y - 1, 28, 28, 1)
        big_symbol(fb, st.top, 2, ROW_Y + 1, 3)
        # the hand on screen, grouped by value
        seat = self.hand_seat()
        playable = 0
        marks = 0
        if seat >= 0:
            hand = st.hands[seat]
            if self.mode == M_TURN and seat == p:
                for v in self.items:
                    if v >= 0:
                        playable |= 1 << v
                item = self.items[self.cursor]
                if item >= 0:
                    marks = 1 << item
            if seat == p:
                grouped(fb, hand, _HAND_X, ROW_Y, marks, playable & ~marks)
            else:  # another player's turn: narrower columns, and whose hand this is
                grouped(fb, hand, _HAND_X, ROW_Y, 0, 0, _OTHER_COLW)
                fb.vline(_HAND_X + 7 * _OTHER_COLW, ROW_Y - 1, GROUP_H, 1)
                gfx.mid_right(fb, ses.name(seat), 127, ROW_Y + 5)
        else:
            gfx.mid(fb, T.G_HIDDEN, _HAND_X + 2, ROW_Y + 5)
        # every player: name, cards in hand (a dash: quit); two rows of three
        for i in range(ses.n()):
            x0 = _LIST_X + (i % 3) * (_LIST_W + 2)
            player(self, fb, i, x0, _LIST_Y + 8 * (i // 3), x0 + _LIST_W - 1)
        rows = 8 * ((ses.n() + 2) // 3)
        for k in (1, 2):
            fb.vline(_LIST_X + k * (_LIST_W + 2) - 1, _LIST_Y - 1, rows, 1)
        if self.mode == M_TURN:
            item = self.items[self.cursor]
            sel = 0 if item >= 0 else (1 if item == -1 else 2)
            off = 0
            if not playable:
                off |= 1
            refusal = self.draw_refusal()
            if refusal:
                off |= 2
            if self.note_text:
                line = self.note_text
            elif refusal and (sel == 1 or not playable):
                line = refusal
            elif not playable:
                line = T.G_NO_PLAY
            else:
                line = self.msg
            gfx.mid(fb, line, 0, MSG_Y)
            button_bar(fb, (T.G_PLAY, T.G_DRAW, T.G_QUIT), sel, BAR_Y, off)
        else:
            bottom(self, fb, self.mode == M_ACK)
