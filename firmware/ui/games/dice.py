"""The LAMA Dice table: the active row grouped by symbol, the llama row, the dice, every
player's cards and score; roll or quit, the discard and take choices, bots step by step."""

from hal.buttons import A, DOWN, LEFT, PRESS, RIGHT, UP
from lama import dice
from lama.symbols import LLAMA, N_SYMBOLS, total
from ui.draw import gfx
from ui.text import lang
from ui.games.base import (ANIM_FRAME_MS, ANIM_TIMES, M_ACK, M_ANIM, M_TURN, M_WAIT, GameScreen,
                           sound)
from ui.games.pieces import (bottom, player, BAR_Y, FACES, MSG_Y, button_bar, cards_words, die,
                             grouped, symbol)

from micropython import const


# (M_ANIM: the dice are rolling)
M_DISCARD = const(4)  # a person chooses the cards to discard
M_TAKE = const(5)  # a person chooses the llama-row card to take
# (M_ACK: a person reads what their roll did, three llamas or a bust)

# the roll of this turn on screen (DiceScreen.roll), one of:
R_NONE = const(0)  # no dice of this turn
_R_SHOWN = const(1)  # the dice
R_HITS = const(2)  # the dice, those that match the row marked (a discard follows)
_R_SPIN = const(3)  # the dice spinning (M_ANIM), the row as it was before the roll
R_BUST = const(4)  # a bust said: the dice that missed, the row as it was before
R_TOLD = const(5)  # the cards the bust brought, boxed in the row

ROW_Y = 13  # the active row: symbols, counts under them (its boxes 12-28)
_CURSOR_Y = const(29)  # the discard cursor: a bar under the row, clear of its boxes
_LABEL_Y = const(30)  # the two rows' labels between them: "↑cards" and "llamas↓" (5x7)
_LLAMA_Y = const(37)  # the llama row's cards (boxes 37-45)
_LLAMA_H = const(9)
PANEL_X = 87  # up to three players: the list, its head, then a seat a line
_LIST_ROWS = const(3)  # seats the list shows (more: the grid, narrower columns, below)
WIDE_COLW = 12  # the rows' columns, up to three players...
NARROW_COLW = 9  # ... and from four on, so that every seat has its place beside them
GRID_X = 63  # four to six players: two seats a row, three rows, as the card game's list
GRID_W = 32  # (a seat's place: name and cards held, a rule between two)


def seat_places(n):
    """[(x0, y, x1)] of each seat's place beside the rows: a list under its head up to
    three players, else a grid of two a row (issue 50: every seat at a glance)."""
    if n <= _LIST_ROWS:
        return [(PANEL_X, ROW_Y + 7 + 8 * k, 127) for k in range(n)]
    return [(GRID_X + (k % 2) * (GRID_W + 1), ROW_Y - 1 + 8 * (k // 2),
             GRID_X + (k % 2) * (GRID_W + 1) + GRID_W - 1) for k in range(n)]


class DiceScreen(GameScreen):
    """One LAMA Dice game on the panel (a ui.games.session.Session of game 1)."""

    UP_DOWN_MODE = M_DISCARD  # how many cards go

    def __init__(self, app, session):
        GameScreen.__init__(self, app, session)
        self.opt = 0  # TURN: 0 roll, 1 quit
        self.sel = bytearray(N_SYMBOLS)  # DISCARD: cards chosen
        self.allowed = bytes(N_SYMBOLS)  # DISCARD: the most of each symbol
        self.cursor = 0  # DISCARD/TAKE: a symbol
        self.takes = []  # TAKE: symbols that may be taken
        self.roll = R_NONE  # the roll of this turn on screen (R_*)
        self.anim_faces = bytearray(3)
        self.anim_seed = 1
        self.rolled = None  # the events of the roll, handled when the animation ends
        self.anim_end = 0
        # (row, llama row, score) of the seat to act before the last action: drawn while its
        # roll spins and until a bust is told (_R_SPIN, R_BUST), else the real state is
        self.pre = None
        self.bust = None  # a bust's cards (R_BUST, R_TOLD)

    # -- flow --------------------------------------------------------------------------

    def start_person_turn(self):
        ph = self.session.state.phase
        if ph == dice.TURN:
            self.mode = M_TURN
            self.opt = 0
            self.roll = R_NONE
        elif ph == dice.CHOOSE_DISCARD:
            self.start_discard()
        else:
            self.start_take()

    def begin_turn(self):
        if self.session.in_play() and self.session.state.phase == dice.TURN:
            self.roll = R_NONE
        elif self.roll > R_HITS:
            self.roll = _R_SHOWN  # what the roll did is told: its dice stay
        GameScreen.begin_turn(self)

    def start_discard(self):
        st = self.session.state
        self.mode = M_DISCARD
        self.roll = R_HITS  # the dice that match the row (a resumed game too)
        self.allowed = dice.allowed_discard(st.rows[st.turn], st.dice)
        for s in range(N_SYMBOLS):
            self.sel[s] = self.allowed[s]  # all of them chosen to begin with
        self.cursor = self.first_allowed(0, 1)

    def start_take(self):
        self.mode = M_TAKE
        if self.roll != R_HITS:
            self.roll = _R_SHOWN  # (a resumed game shows no marks)
        self.takes = [a[1] for a in self.session.legal()]
        self.cursor = 0

    def first_allowed(self, start, step):
        s = start
        for _ in range(N_SYMBOLS):
            if self.allowed[s % N_SYMBOLS]:
                return s % N_SYMBOLS
            s += step
        return 0

    def chosen(self, action):
        """`action`, about to be applied (GameScreen.do), once the row, llama row and score
        of the seat to act are kept from before it (what the table shows while the dice
        spin)."""
        st = self.session.state
        self.pre = (bytes(st.rows[st.turn]), bytes(st.llama_row), st.scores[st.turn])
        return action

    def show_events(self, seat, events):
        T = lang.s
        name = self.session.name(seat)
        ended = False
        for ev in events:
            k = ev[0]
            if k == "roll":
                self.actor = seat  # three llamas or a bust end the turn at once
                self.mode = M_ANIM
                self.rolled = events
                self.roll = _R_SPIN
                self.msg = name + " " + T.G_ROLLS
                sound(self.app, "roll")
                self.spin()
                self.wait(ANIM_FRAME_MS)
                self.anim_end = self.app.clock.ticks_add(self.now(), ANIM_TIMES[self.speed()])
                return
            if k == "quit":
                self.say(name + " " + T.G_QUITS)
            elif k == "discard":
                self.say(name + " " + T.G_DISCARDS + " " + cards_words(ev[2], 19 - len(name) - len(T.G_DISCARDS)))
            elif k == "take":
                self.say(name + " " + T.G_TAKES + " " + FACES[ev[2]])
            elif k == "round_end":
                ended = True
        if self.roll == R_HITS:
            self.roll = _R_SHOWN  # the choice is made: the dice stay, unmarked
        self.after_step(seat, ended, not self.session.here(seat))

    def after_roll(self, events):
        """The dice have stopped: say what the roll does, or ask the person to choose."""
        T = lang.s
        ses = self.session
        seat = events[0][1]
        name = ses.name(seat)
        faces = " ".join([FACES[f] for f in events[0][2]])
        ended = False
        result = ""
        for ev in events:
            k = ev[0]
            if k == "token":
                result = name + " " + T.G_THREE_LLAMAS + " -" + str(ev[2])
                self.roll = _R_SHOWN  # three llamas: the token is gone at once
                self.open_panel("event", "llamas", name)
            elif k == "none":
                result = name + " " + T.G_THREE_LLAMAS + " " + T.G_NO_TOKEN
                self.roll = _R_SHOWN
                self.open_panel("event", "llamas", name)
            elif k == "bust":
                result = name + " " + T.G_BUSTS + " " + faces
                self.roll = R_BUST  # the miss first, the cards it brings told next
                self.bust = ev[2]
                self.open_panel("event", "bust", name)  # its moment, and its sound
            elif k == "round_end":
                ended = True
        if result:
            self.say(result)
            self.actor = seat
            self.mode = M_WAIT
            self.pending_end = ended
            self.show_result(seat)
            return
        self.roll = R_HITS
        self.say(name + " " + T.G_ROLLED + " " + faces)
        self.actor = -1
        if ses.person_to_act():
            self.start_person_turn()
            return
        self.mode = M_WAIT
        self.wait(self.step_ms())

    def show_result(self, seat):
        """A roll's outcome stays: a person reads it and presses A, a bot's waits a step."""
        if self.session.here(seat):
            self.due = None
            self.mode = M_ACK
        else:
            self.wait(2 * self.step_ms())

    def bust_told(self):
        """After "busts" (the dice that missed): the cards the bust brings, in the row."""
        T = lang.s
        seat = self.actor
        name = self.session.name(seat)
        self.roll = R_TOLD
        self.say(name + " " + T.G_TAKES + " " + cards_words(self.bust, 19 - len(name) - len(T.G_TAKES)))
        self.show_result(seat)

    def advance(self):
        if self.mode == M_ANIM:
            if self.since(self.anim_end) < 0:
                self.spin()
                self.wait(ANIM_FRAME_MS)
                return
            self.mode = M_WAIT
            self.after_roll(self.rolled)
            self.rolled = None
            return
        if self.roll == R_BUST:
            self.bust_told()
            return
        return GameScreen.advance(self)

    def before_roll(self):
        """(row, llama row, score) of the roller from before the roll while its outcome is
        not told yet (the dice spin, or a bust shows the dice that missed), else None."""
        return self.pre if self.roll == _R_SPIN or self.roll == R_BUST else None

    def held(self, i):
        """Cards seat i holds, as the table shows them: the roller's from before the roll
        until its outcome is told (an honest roll: nothing of it shows while the dice spin)."""
        before = self.before_roll()
        if before is not None and i == self.active():
            return total(before[0])
        return GameScreen.held(self, i)

    def before_bot_move(self):
        if self.session.state.phase == dice.TURN:
            self.roll = R_NONE  # a new turn: the roll on screen was someone else's
        self.chosen(None)

    def result_read(self):
        if self.roll == R_BUST:
            self.bust_told()
        else:
            GameScreen.result_read(self)

    def skip_anim(self):
        self.anim_end = self.now()
        GameScreen.skip_anim(self)

    def spin(self):
        """New random-looking faces for the rolling animation (not the game's generator);
        never three llamas, which would read as that rare roll."""
        x = self.anim_seed
        faces = self.anim_faces
        for i in range(3):
            x = (x * 1103 + 12345) & 0x7FFF
            faces[i] = dice.DICE_FACES[i][x % 6]
        if faces[0] == LLAMA and faces[1] == LLAMA and faces[2] == LLAMA:
            faces[x % 3] = x % 6
        self.anim_seed = x

    # -- a person's keys ---------------------------------------------------------------

    def person_key(self, ev):
        kind, b = ev
        T = lang.s
        if self.mode == M_ACK:
            self.note(T.G_NOTE_A)
            return
        if self.mode == M_TURN:
            if b == LEFT or b == RIGHT:
                self.opt = 1 - self.opt
            elif kind == PRESS and b == A:
                return self.chosen((dice.QUIT,) if self.opt else (dice.ROLL,))
            else:
                self.note(T.G_NOTE_TURN)
        elif self.mode == M_DISCARD:
            if b == LEFT or b == RIGHT:
                step = 1 if b == RIGHT else -1
                self.cursor = self.first_allowed(self.cursor + step + N_SYMBOLS, step)
            elif b == UP or b == DOWN:
                s = self.cursor
                if b == UP and self.sel[s] < self.allowed[s]:
                    self.sel[s] += 1
                elif b == DOWN and self.sel[s] > 0 and sum(self.sel) > 1:
                    self.sel[s] -= 1
                elif b == DOWN and self.sel[s] > 0:
                    self.note(T.G_NOTE_KEEP)  # never nothing chosen: A always discards
                else:
                    self.note(T.G_NOTE_LIMIT)
            elif kind == PRESS and b == A:
                return self.chosen((dice.DISCARD, bytes(self.sel)))
        elif self.mode == M_TAKE:
            n = len(self.takes)
            if (b == LEFT or b == RIGHT) and n > 1:
                self.cursor = (self.cursor + (1 if b == RIGHT else -1)) % n
            elif kind == PRESS and b == A:
                return self.chosen((dice.TAKE, self.takes[self.cursor]))
            else:
                self.note(T.G_NOTE_TAKE if n > 1 else T.G_NOTE_ONE)

    # -- drawing -----------------------------------------------------------------------

    def draw_table(self, fb):
        T = lang.s
        ses = self.session
        st = ses.state
        p = self.active()
        before = self.before_roll()
        row = st.rows[p] if before is None else before[0]
        llama_row = st.llama_row if before is None else before[1]
        # header: whose turn, their score; the dice on the right
        x = gfx.mid(fb, ses.name(p), 0, 2)
        x = gfx.mid(fb, str(st.scores[p] if before is None else before[2]), x + 6, 2)
        x = gfx.mid(fb, T.G_PTS, x + 3, 2)
        if getattr(self.app.board.power, "battery", None) is not None:  # (no cell: no mark,
            from ui.draw import battery  # nor its module in RAM)

            battery.mark(fb, x + 4, 2, 89)  # left of the dice
        faces = None
        if self.mode == M_ANIM:
            faces = self.anim_faces
        elif self.roll != R_NONE:
            faces = st.dice
        marks = 0
        if faces is not None:
            for i in range(3):
                f = faces[i]
                hit = self.roll == R_HITS and row[f] > 0
                die(fb, f, 91 + 12 * i, 0, hit)
                if hit:
                    marks |= 1 << f
        else:
            gfx.mid_right(fb, ses.round_label(T), 127, 2)
        fb.hline(0, 11, 128, 1)
        # the active row, grouped
        boxed = 0
        if self.mode == M_DISCARD:
            marks = 0
            for s in range(N_SYMBOLS):
                if self.sel[s]:
                    marks |= 1 << s
                elif self.allowed[s]:
                    boxed |= 1 << s
        elif self.roll == R_TOLD:
            for s in range(N_SYMBOLS):
                if self.bust[s]:
                    boxed |= 1 << s  # the cards the bust just brought
        colw = WIDE_COLW if st.n <= _LIST_ROWS else NARROW_COLW
        grouped(fb, row, 0, ROW_Y, marks, boxed, colw)
        if self.mode == M_DISCARD:
            # the cursor under its column, the number going under each chosen one
            fb.fill_rect(self.cursor * colw, _CURSOR_Y, colw - 1, 2, 1)
            for s in range(N_SYMBOLS):
                n = self.sel[s]
                if n >= 10:
                    gfx.mid(fb, str(n), s * colw, _LLAMA_Y + 1)
                elif n:  # a minus (a line: the next column's number stays apart) and n
                    fb.hline(s * colw + 1, _LLAMA_Y + 4, 3, 1)
                    gfx.mid(fb, str(n), s * colw + 5, _LLAMA_Y + 1)
        else:
            if colw == WIDE_COLW:
                gfx.mid(fb, T.G_ROW_LABEL, 0, _LABEL_Y)
            gfx.mid_right(fb, T.G_LLAMA_LABEL, colw * 7 - 2, _LABEL_Y)
            self.draw_llama_row(fb, llama_row, colw)
        # everyone: name, cards held (up to three: a list under its head; more: a grid)
        places = seat_places(st.n)
        if st.n <= _LIST_ROWS:
            gfx.mid(fb, T.G_CARDS_HEAD, PANEL_X + 1, ROW_Y - 1)
        else:
            fb.vline(GRID_X + GRID_W, ROW_Y - 2, 8 * ((st.n + 1) // 2), 1)
        for i in range(st.n):
            x0, y, x1 = places[i]
            player(self, fb, i, x0, y, x1)
        # the decision, or what just happened
        if self.mode == M_TURN:
            if dice.alone(st) and not self.note_text:
                gfx.mid(fb, T.G_ALONE, 0, MSG_Y)  # D12: more important than the last move
            else:
                bottom(self, fb, self.mode == M_ACK)
            button_bar(fb, (T.G_ROLL, T.G_QUIT), self.opt, BAR_Y)
        elif self.mode == M_DISCARD:
            gfx.mid(fb, self.note_text or T.G_SAY_DISCARD, 0, MSG_Y)
            button_bar(fb, (T.G_DISCARD + " " + str(sum(self.sel)),), 0, BAR_Y)
        elif self.mode == M_TAKE:
            gfx.mid(fb, self.note_text or T.G_SAY_TAKE, 0, MSG_Y)
            button_bar(fb, (T.G_TAKE + " " + FACES[self.takes[self.cursor]],), 0, BAR_Y)
        else:
            bottom(self, fb, self.mode == M_ACK)  # (at M_ACK with "A:OK")

    def draw_llama_row(self, fb, llama_row, colw=WIDE_COLW):
        """The llama row's cards face up (taken ones gone); in the take choice the cards
        that may be taken are boxed and the chosen one inverted, the others unboxed."""
        taking = self.mode == M_TAKE
        chosen = self.takes[self.cursor] if taking else -1
        for s in range(N_SYMBOLS):
            if not llama_row[s]:
                continue
            x = s * colw
            sx = x + (colw - 8) // 2  # (the symbol's ink is in its columns 1-6)
            if s == chosen:
                fb.fill_rect(x, _LLAMA_Y, colw - 1, _LLAMA_H, 1)
                symbol(fb, s, sx, _LLAMA_Y + 1, 0)
            else:  # boxed (narrow columns: a box only round those that may be taken)
                if (not taking and colw == WIDE_COLW) or s in self.takes:
                    fb.rect(x, _LLAMA_Y, colw - 1, _LLAMA_H, 1)
                symbol(fb, s, sx, _LLAMA_Y + 1, 1)
