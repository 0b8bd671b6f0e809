"""The LAMA Dice table: the active row grouped by symbol, the llama row, the dice, every
player's cards and score; roll or quit, the discard and take choices, bots step by step."""

from hal.buttons import A, DOWN, LEFT, PRESS, RIGHT, UP
from lama import dice
from lama.symbols import SYMBOLS
from ui.draw import gfx
from ui.text import lang
from ui.games.base import ANIM_FRAME_MS, ANIM_MS, M_TURN, M_WAIT, STEP_MS, GameScreen, sound
from ui.games.pieces import COLW, button_bar, cards_text, die, grouped, small_right, symbol, token

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


M_ANIM = const(2)  # the dice are rolling
M_DISCARD = const(3)  # a person chooses the cards to discard
M_TAKE = const(4)  # a person chooses the llama-row card to take

ROW_Y = 13  # the active row: symbols, counts under them
LLAMA_Y = 39  # the llama row's cards
PANEL_X = 86  # the players' list


class DiceScreen(GameScreen):
    """One LAMA Dice game on the panel (a ui.games.session.Session of game 1)."""

    def __init__(self, app, session):
        GameScreen.__init__(self, app, session)
        self.opt = 0  # TURN: 0 roll, 1 quit
        self.sel = bytearray(7)  # DISCARD: cards chosen
        self.allowed = bytes(7)  # DISCARD: the most of each symbol
        self.cursor = 0  # DISCARD/TAKE: a symbol
        self.takes = []  # TAKE: symbols that may be taken
        self.shown_dice = False  # the dice show a roll of this turn
        self.anim_faces = bytearray(3)
        self.anim_seed = 1
        self.after_anim = None  # the events of the roll, handled when the animation ends
        self.person_ack = False  # a person reads what their roll did, then presses A
        self.msg_token = 0  # D8: the token value returned, drawn beside the message
        self.anim_end = 0

    # -- flow --------------------------------------------------------------------------

    def start_person_turn(self):
        ph = self.session.state.phase
        if ph == dice.TURN:
            self.mode = M_TURN
            self.opt = 0
            self.shown_dice = False
        elif ph == dice.CHOOSE_DISCARD:
            self.start_discard()
        else:
            self.start_take()

    def begin_turn(self):
        if self.session.in_play() and self.session.state.phase == dice.TURN:
            self.shown_dice = False
        GameScreen.begin_turn(self)

    def start_discard(self):
        st = self.session.state
        self.mode = M_DISCARD
        self.shown_dice = True
        self.allowed = dice.allowed_discard(st.rows[st.turn], st.dice)
        for s in range(7):
            self.sel[s] = self.allowed[s]  # all of them chosen to begin with
        self.cursor = self.first_allowed(0, 1)

    def start_take(self):
        self.mode = M_TAKE
        self.shown_dice = True
        self.takes = [a[1] for a in self.session.legal()]
        self.cursor = 0

    def first_allowed(self, start, step):
        s = start
        for _ in range(7):
            if self.allowed[s % 7]:
                return s % 7
            s += step
        return 0

    def show_events(self, seat, events):
        T = lang.s
        name = self.session.names[seat]
        ended = False
        self.msg_token = 0
        for ev in events:
            k = ev[0]
            if k == "roll":
                self.actor = seat  # three llamas or a bust end the turn at once
                self.mode = M_ANIM
                self.after_anim = events
                self.shown_dice = True
                self.msg = name + " " + T.G_ROLLS
                sound(self.app, "roll")
                self.spin()
                self.wait(ANIM_FRAME_MS)
                self.anim_end = self.app.clock.ticks_add(self.now(), ANIM_MS)
                return
            if k == "quit":
                self.msg = name + " " + T.G_QUITS
            elif k == "discard":
                self.msg = name + " " + T.G_DISCARDS + " " + " ".join(cards_text(ev[2]))
            elif k == "take":
                self.msg = name + " " + T.G_TAKES + " " + SYMBOLS[ev[2]]
            elif k == "round_end":
                ended = True
        self.after_step(seat, ended, self.session.bots[seat] is not None)

    def after_roll(self, events):
        """The dice have stopped: say what the roll does, or ask the person to choose."""
        T = lang.s
        ses = self.session
        name = ses.names[events[0][1]]
        ended = False
        result = ""
        for ev in events:
            k = ev[0]
            if k == "token":
                result = T.G_THREE_LLAMAS + " " + name + " " + T.G_RETURNS + " " + str(ev[2])
                self.msg_token = ev[2]
            elif k == "none":
                result = T.G_THREE_LLAMAS + " " + T.G_NO_TOKEN
            elif k == "bust":
                result = name + " " + T.G_BUSTS + " " + " ".join(cards_text(ev[2]))
                sound(self.app, "bust")
            elif k == "round_end":
                ended = True
        if result:
            self.msg = result
            self.actor = events[0][1]
            self.mode = M_WAIT
            if ses.bots[events[0][1]] is None:
                self.due = None  # a person reads it and presses A
                self.person_ack = True
                return
            self.wait(2 * STEP_MS)
            self.pending_end = ended
            return
        self.actor = -1
        if ses.person_to_act():
            self.start_person_turn()
            return
        self.mode = M_WAIT
        self.msg = name + " " + T.G_ROLLED
        self.wait(STEP_MS)

    def advance(self):
        if self.mode == M_ANIM:
            if self.since(self.anim_end) < 0:
                self.spin()
                self.wait(ANIM_FRAME_MS)
                return
            self.mode = M_WAIT
            self.after_roll(self.after_anim)
            self.after_anim = None
            return
        GameScreen.advance(self)

    def before_bot_move(self):
        if self.session.state.phase == dice.TURN:
            self.shown_dice = False  # a new turn: the dice on screen were someone else's

    def skip_anim(self):
        self.anim_end = self.now()
        self.due = None
        self.advance()

    def spin(self):
        """New random-looking faces for the rolling animation (not the game's generator)."""
        x = self.anim_seed
        for i in range(3):
            x = (x * 1103 + 12345) & 0x7FFF
            self.anim_faces[i] = dice.DICE_FACES[i][x % 6]
        self.anim_seed = x

    # -- a person's keys ---------------------------------------------------------------

    def handle(self, ev):
        if self.person_ack and not self.panels:
            if ev[0] == PRESS and ev[1] == A:
                self.person_ack = False
                self.note_text = ""
                self.begin_turn()
                return
        if self.mode == M_ANIM and ev == (PRESS, A) and not self.panels:
            self.skip_anim()
            self.dirty = True
            return
        GameScreen.handle(self, ev)

    def person_key(self, ev):
        kind, b = ev
        T = lang.s
        if self.person_ack:
            self.note(T.G_NOTE_A)
            return
        if self.mode == M_TURN:
            if b == LEFT or b == RIGHT:
                self.opt = 1 - self.opt
            elif kind == PRESS and b == A:
                self.do((dice.QUIT,) if self.opt else (dice.ROLL,))
            else:
                self.note(T.G_NOTE_TURN)
        elif self.mode == M_DISCARD:
            if b == LEFT or b == RIGHT:
                step = 1 if b == RIGHT else -1
                self.cursor = self.first_allowed(self.cursor + step + 7, step)
            elif b == UP or b == DOWN:
                s = self.cursor
                if b == UP and self.sel[s] < self.allowed[s]:
                    self.sel[s] += 1
                elif b == DOWN and self.sel[s] > 0:
                    self.sel[s] -= 1
                elif self.allowed[s] == 1:
                    self.sel[s] = 1 - self.sel[s]  # a single card toggles either way
                else:
                    self.note(T.G_NOTE_LIMIT)
            elif kind == PRESS and b == A:
                if not any(self.sel):
                    self.note(T.G_NOTE_EMPTY)
                else:
                    self.do((dice.DISCARD, bytes(self.sel)))
        elif self.mode == M_TAKE:
            n = len(self.takes)
            if (b == LEFT or b == RIGHT) and n > 1:
                self.cursor = (self.cursor + (1 if b == RIGHT else -1)) % n
            elif kind == PRESS and b == A:
                self.do((dice.TAKE, self.takes[self.cursor]))
            else:
                self.note(T.G_NOTE_TAKE if n > 1 else T.G_NOTE_ONE)

    # -- drawing -----------------------------------------------------------------------

    def draw_table(self, fb):
        T = lang.s
        ses = self.session
        st = ses.state
        p = self.active()
        row = st.rows[p]
        # header: whose turn, their score; the dice on the right
        gfx.text(fb, ses.names[p], 0, 2)
        gfx.small(fb, str(st.scores[p]) + " " + T.G_PTS, 28, 3)
        faces = None
        if self.mode == M_ANIM:
            faces = self.anim_faces
        elif self.shown_dice:
            faces = st.dice
        marks = 0
        if faces is not None:
            for i in range(3):
                f = faces[i]
                hit = self.mode != M_ANIM and row[f] > 0
                die(fb, f, 91 + 12 * i, 0, hit)
                if hit:
                    marks |= 1 << f
        else:
            small_right(fb, ses.round_label(T), 127, 3)
        fb.hline(0, 11, 128, 1)
        # the active row, grouped
        boxed = 0
        if self.mode == M_DISCARD:
            marks = 0
            for s in range(7):
                if self.sel[s]:
                    marks |= 1 << s
                elif self.allowed[s]:
                    boxed |= 1 << s
        grouped(fb, row, 0, ROW_Y, marks, boxed)
        # the line under the row: discard cursor and counts, or the D12 warning
        if self.mode == M_DISCARD:
            for s in range(7):
                if self.sel[s]:
                    gfx.small(fb, "-" + str(self.sel[s]), s * COLW + 2, 33)
            fb.hline(self.cursor * COLW, 38, COLW - 1, 1)
        elif dice.alone(st) and ses.in_play():
            gfx.small(fb, T.G_ALONE, 0, 33)
        elif sum(st.llama_row):
            gfx.small(fb, T.G_LLAMA_ROW, 0, 33)  # what the boxes under it are
        # the llama row: its cards face up, taken ones gone
        take_marks = 0
        if self.mode == M_TAKE:
            for s in self.takes:
                take_marks |= 1 << s
        for s in range(7):
            x = s * COLW
            if st.llama_row[s]:
                if (take_marks >> s) & 1:
                    fb.fill_rect(x, LLAMA_Y, COLW - 1, 10, 1)
                    symbol(fb, s, x + 2, LLAMA_Y + 1, 0)
                else:
                    fb.rect(x, LLAMA_Y, COLW - 1, 10, 1)
                    symbol(fb, s, x + 2, LLAMA_Y + 1, 1)
        if self.mode == M_TAKE:
            s = self.takes[self.cursor]
            fb.hline(s * COLW, LLAMA_Y + 11, COLW - 1, 1)
        # everyone: name, cards held (Q = quit), score
        y = ROW_Y
        if st.n < 6:  # the columns' meaning, when there is room
            small_right(fb, T.G_CARDS_PTS, 127, y)  # over the two number columns
            y += 6
        self.draw_players(fb, PANEL_X, y, 6, 127, [sum(r) for r in st.rows])
        # the decision, or what just happened
        if self.mode == M_TURN:
            button_bar(fb, (T.G_ROLL, T.G_QUIT), self.opt, 50, 0)
            gfx.small(fb, self.note_text or T.G_K_TURN, 0, 59)
        elif self.mode == M_DISCARD:
            n = sum(self.sel)
            line = T.G_DISCARD + " " + str(n) if n else T.G_PICK
            gfx.text(fb, line, 0, 51)
            gfx.small(fb, self.note_text or T.G_K_DISCARD, 0, 59)
        elif self.mode == M_TAKE:
            gfx.text(fb, T.G_TAKE + " " + SYMBOLS[self.takes[self.cursor]], 0, 51)
            gfx.small(fb, self.note_text or T.G_K_TAKE, 0, 59)
        else:
            self.draw_bottom(fb)
            if self.msg_token and len(self.msg) <= 30:
                token(fb, self.msg_token, 4 * len(self.msg) + 1, 48)
            if self.person_ack:
                small_right(fb, T.G_K_A, 127, 59)
