"""What both game screens share: the computer players' pace (the speed setting), the last
move and the round's move log, the in-game panels (round end, table, move log, menu with
save-and-leave and abandon, game over with rematch, pass-the-device curtain, hint) and the
GameScreen base that runs computer players' turns step by step."""

from hal.buttons import A, B, DOWN, LEFT, LONG, PRESS, REPEAT, RIGHT, UP
from ui.draw import gfx
from ui.text import lang
from ui.games.hint import action_words, think_hint
from ui.games.pieces import button_bar, cards_text, fit, small_right
from ui.loop.screen import Screen

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


M_WAIT = const(0)  # a computer player's turn or a shown result: advance() when due
M_TURN = const(1)  # a person decides (each game screen adds its own modes after these)
ANIM_FRAME_MS = const(70)
# by the "speed" setting (slow, normal, fast, instant): a computer player's step (or a
# shown result), and the dice roll (A skips both)
STEP_TIMES = (1200, 600, 250, 0)
ANIM_TIMES = (700, 420, 210, 0)
LOG_MAX = const(40)  # moves kept in the round's log
THINK_MS = const(12)  # a computer player's thinking in one frame: slices until this is spent

# the bottom of both tables: the last move (5x7) above the choice bar (8x8)
MSG_Y = const(47)
BAR_Y = const(55)


def sound(app, name):
    s = app.board.sound
    if s is not None:
        s.play(name)


def reason_words(T, info, ev):
    """The round_end event's reason in words: who ended it and how (`info`: the game's row
    of lama.games)."""
    reason = ev[2]
    if reason == "empty":
        return getattr(T, info.end_empty)
    if reason == "bust":
        return T.G_END_BUST
    if reason == "row_taken":
        return T.G_END_ROW_TAKEN
    return T.G_END_ALL_QUIT


# --- panels: full-screen pages over the table ----------------------------------------


class Panel:
    """A page the game screen shows over its table; `handle` returns True when it is done."""

    def __init__(self, screen):
        self.screen = screen

    def handle(self, ev):
        return False

    def tick(self):
        """Called each frame while the page is on top: True when it needs drawing again."""
        return False

    def a_goes_on(self, ev):
        """A handle for pages that only A leaves: another key says to press A."""
        if ev[0] == PRESS and ev[1] == A:
            return True
        if ev[0] == PRESS:
            self.screen.note(lang.s.G_NOTE_A)
        return False

    def draw(self, fb):
        pass


class RoundEndPanel(Panel):
    """End of round, under column heads: each player's cards, points, the token value
    returned (S2, S4), new total; the reason in words. A goes on (next round, game over)."""

    def draw(self, fb):
        T = lang.s
        scr = self.screen
        ses = scr.session
        ev = ses.last_round
        names = ses.names
        why = reason_words(T, ses.info, ev).replace("%n", names[ses.state.turn])
        gfx.mid(fb, fit(T.G_ROUND_SHORT + str(ev[1]) + ": " + why, gfx.MID_COLS), 0, 0)
        fb.hline(0, 8, 128, 1)
        heads = T.G_END_HEADS
        gfx.small(fb, heads[0], 21, 10)
        small_right(fb, heads[1], 87, 10)
        small_right(fb, heads[2], 105, 10)
        small_right(fb, heads[3], 127, 10)
        for i in range(len(names)):
            y = 16 + 8 * i
            gfx.mid(fb, names[i], 0, y)
            gfx.mid(fb, cards_text(ses.cards_of(i), 8), 21, y)
            gfx.mid_right(fb, "+" + str(ev[3][i]), 87, y)
            if ev[4][i]:
                gfx.mid_right(fb, "-" + str(ev[4][i]), 105, y)
            gfx.mid_right(fb, str(ev[5][i]), 127, y)
        if len(names) < 6:  # six rows fill the page: A goes on all the same
            small_right(fb, T.G_K_NEXT if ses.result is None else T.G_K_RESULT, 127, 59)

    handle = Panel.a_goes_on


class TablePanel(Panel):
    """Every player with column heads: name, kind (person or the computer player's
    level), cards held, score; in the readable font."""

    def draw(self, fb):
        T = lang.s
        scr = self.screen
        ses = scr.session
        st = ses.state
        gfx.header(fb, T.G_TABLE + " " + ses.round_label(T))
        heads = T.G_TABLE_HEADS
        gfx.small(fb, heads[0], 0, 10)
        gfx.small(fb, heads[1], 24, 10)
        small_right(fb, heads[2], 100, 10)
        small_right(fb, heads[3], 127, 10)
        for i in range(ses.n()):
            y = 16 + 8 * i
            gfx.mid(fb, ses.names[i], 0, y)
            gfx.mid(fb, kind_word(T, ses.bots[i]), 24, y)
            if st.quit[i]:
                gfx.mid_right(fb, T.G_OUT, 100, y)
            else:
                gfx.mid_right(fb, str(scr.held(i)), 100, y)
            gfx.mid_right(fb, str(st.scores[i]), 127, y)

    def handle(self, ev):
        return ev[0] == PRESS and ev[1] in (A, B, UP, DOWN)


def kind_word(T, bot):
    """A seat's kind in words: a person, or the computer player's level (its bot name,
    in the language's word when the table has one)."""
    if bot is None:
        return T.G_PERSON
    return T.G_BOT_WORDS.get(bot, bot)


class LogPanel(Panel):
    """The round's moves in words (the last LOG_MAX), the latest at the bottom; UP/DOWN
    scroll, A or B goes back."""

    ROWS = 6

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.top = max(0, len(screen.log) - self.ROWS)

    def draw(self, fb):
        T = lang.s
        log = self.screen.log
        gfx.header(fb, T.G_LOG + " " + self.screen.session.round_label(T))
        if not log:
            gfx.mid(fb, T.G_LOG_NONE, 0, 12)
        for k in range(min(self.ROWS, len(log) - self.top)):
            gfx.mid(fb, log[self.top + k], 0, 10 + 8 * k)
        gfx.scroll_marks(fb, self.top, len(log), self.ROWS)
        gfx.small(fb, T.G_K_LOG, 0, 59)

    def handle(self, ev):
        kind, b = ev
        if b == UP or b == DOWN:
            last = max(0, len(self.screen.log) - self.ROWS)
            self.top = min(last, max(0, self.top + (1 if b == DOWN else -1)))
            return False
        return kind == PRESS and (b == A or b == B)


# the game menu's entries, in order
I_RESUME = const(0)
I_TABLE = const(1)
I_HINT = const(2)
I_LOG = const(3)
I_RULES = const(4)
I_CONTROLS = const(5)
I_SAVE = const(6)
I_ABANDON = const(7)
I_COUNT = const(8)


class MenuPanel(Panel):
    """The in-game menu (long press of B): resume, the table, hint, move log, rules,
    the controls card, save and leave (the game is offered again at start-up), abandon (asks)."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.cursor = 0
        self.confirm = False

    def items(self):
        T = lang.s
        return (T.G_RESUME, T.G_TABLE, T.G_HINT, T.G_LOG, T.G_RULES, T.CONTROLS,
                T.G_SAVE_LEAVE, T.G_ABANDON)

    def draw(self, fb):
        T = lang.s
        if self.confirm:
            gfx.header(fb, T.G_ABANDON)
            gfx.text(fb, T.G_CONFIRM_1, 0, 16)
            gfx.text(fb, T.G_CONFIRM_2, 0, 26)
            gfx.mid(fb, T.G_CONFIRM_3, 0, 40)
            gfx.footer(fb, T.G_K_CONFIRM)
            return
        gfx.header(fb, T.G_MENU)
        items = self.items()
        top = max(0, self.cursor - gfx.ROWS + 1)
        for i in range(min(gfx.ROWS, len(items) - top)):
            gfx.list_row(fb, i, items[top + i], None, top + i == self.cursor)
        gfx.scroll_marks(fb, top, len(items), gfx.ROWS)
        gfx.footer(fb, T.K_OK_BACK)

    def handle(self, ev):
        kind, b = ev
        if kind != PRESS and kind != REPEAT:
            return False
        scr = self.screen
        if self.confirm:
            if kind == PRESS and b == A:
                scr.quit_to_menu()
                return True
            if kind == PRESS and b == B:
                self.confirm = False
            return False
        if b == UP or b == DOWN:
            self.cursor = (self.cursor + (1 if b == DOWN else -1)) % I_COUNT
        elif kind == PRESS and b == B:
            return True
        elif kind == PRESS and b == A:
            c = self.cursor
            if c == I_RESUME:
                return True
            if c == I_TABLE:
                scr.replace_panel(TablePanel(scr))
            elif c == I_HINT:
                scr.replace_panel(HintPanel(scr))
            elif c == I_LOG:
                scr.replace_panel(LogPanel(scr))
            elif c == I_RULES:
                scr.show_rules()
            elif c == I_CONTROLS:
                from ui.screens.controls import ControlsScreen

                scr.app.push(ControlsScreen(scr.app))
            elif c == I_SAVE:
                scr.app.home()  # the save stays: "Continue the game?" offers it again
                return True
            else:
                self.confirm = True
        return False


class HintPanel(Panel):
    """What `expert` would do for the person to act, and why in a few words."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.steps = think_hint(screen.session)
        self.h = None  # the hint once thought (False: nobody to hint)
        self.tick()

    def tick(self):
        """Think on (up to THINK_MS of the frame); True once the hint is ready."""
        if self.h is None:
            self.h = self.screen.think_for(self.steps.__next__)
            return self.h is not None
        return False

    def draw(self, fb):
        T = lang.s
        gfx.header(fb, T.G_HINT)
        h = self.h
        if h is None:
            gfx.mid(fb, T.G_HINT_THINKING, 0, 16)
        elif h is False:
            gfx.text(fb, T.G_HINT_NONE, 0, 16)
        else:
            act = action_words(T, self.screen.session.game, h[0])
            gfx.mid(fb, fit(T.G_HINT_EXPERT + " " + act, gfx.MID_COLS), 0, 11)
            fb.hline(0, 20, 128, 1)
            words = T.G_WHY[h[1]].replace("%s", "" if h[2] == 1 else "s")
            words = words.replace("%u", "" if h[3] == 1 else "s")
            words = words.replace("%a", str(h[2])).replace("%b", str(h[3]))
            lines = gfx.wrap(words, gfx.MID_COLS)
            for i in range(min(4, len(lines))):
                gfx.mid(fb, lines[i], 0, 23 + 8 * i)
        small_right(fb, T.G_K_HINT_BACK, 127, 59)

    def handle(self, ev):
        return ev[0] == PRESS and (ev[1] == A or ev[1] == B)


class CurtainPanel(Panel):
    """Hands are private: "pass the device to NAME", A when they hold it."""

    def __init__(self, screen, seat):
        Panel.__init__(self, screen)
        self.seat = seat

    def draw(self, fb):
        T = lang.s
        gfx.center(fb, T.G_PASS_1, 8)
        name = self.screen.session.names[self.seat]
        gfx.big(fb, name, (128 - 16 * len(name)) // 2, 22, 2)
        gfx.center(fb, T.G_PASS_2, 44)
        gfx.footer(fb, T.G_K_READY)

    handle = Panel.a_goes_on


def place_word(T, k):
    """1st, 2nd... in the language's words."""
    places = T.G_PLACES
    return places[k] if k < len(places) else str(k + 1) + places[-1][-2:]


class GameOverPanel(Panel):
    """The ranking (ties share a place, S5) in the readable font, the person's place, a
    new high score; then Menu (preselected: a stray A leaves no new game) or rematch."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.choice = 1
        ses = screen.session
        scores = ses.result[1]
        self.order = sorted(range(len(scores)), key=lambda i: scores[i])
        store = ses.store
        self.high = bool(store is not None and getattr(store, "places", None))

    def place(self, i):
        """Seat i's place 0.. (a tie shares the better one)."""
        scores = self.screen.session.result[1]
        return sum(1 for j in range(len(scores)) if scores[j] < scores[i])

    def draw(self, fb):
        T = lang.s
        ses = self.screen.session
        scores = ses.result[1]
        gfx.header(fb, T.G_GAME_OVER)
        people = [i for i in range(len(scores)) if ses.bots[i] is None]
        if len(people) == 1:
            k = self.place(people[0])
            line = T.G_YOU_PLACED.replace("%p", place_word(T, k))
            line = line.replace("%n", str(len(scores)))
        else:
            win = ses.result[2]
            line = ses.names[win[0]] + " " + T.G_WINS if len(win) == 1 else T.G_SHARE
        gfx.mid_center(fb, fit(line, gfx.MID_COLS), 11)
        order = self.order
        for k in range(len(order)):
            i = order[k]
            x = 0 if k < 3 else 66
            y = 21 + 8 * (k % 3)
            c = 1
            if len(people) == 1 and i == people[0]:  # the person's own line
                fb.fill_rect(x, y - 1, 62, 8, 1)
                c = 0
            gfx.mid(fb, str(self.place(i) + 1) + "." + ses.names[i], x + 1, y, c)
            gfx.mid_right(fb, str(scores[i]), x + 60, y, c)
        if self.high:
            gfx.mid_center(fb, T.G_NEW_HIGH, 46)
        button_bar(fb, (T.G_REMATCH, T.G_TO_MENU), self.choice, BAR_Y)

    def handle(self, ev):
        kind, b = ev
        if kind != PRESS:
            return False
        if b == LEFT or b == RIGHT:
            self.choice = 1 - self.choice
        elif b == A:
            if self.choice == 0:
                self.screen.rematch()
            else:
                self.screen.app.home()
            return True
        else:
            self.screen.note(lang.s.G_NOTE_CHOOSE)
        return False


# --- the base of both game screens ---------------------------------------------------


class GameScreen(Screen):
    """Runs a Session on screen: turns, computer players' moves step by step, panels.

    A game screen provides the hooks below that raise NotImplementedError here:
    `draw_table(fb)`, `person_key(ev)` (a person's key while `mode` is theirs),
    `start_person_turn()` (set up the person's choice, `mode` past M_WAIT) and
    `show_events(seat, events)` (say what an applied action did, then call `after_step`).
    It may override `before_bot_move()` and `advance()` (calling this one) for steps of its
    own, such as an animation. `do(action)` applies an action and `after_step` takes the
    step after it, for both games.

    Timing: `wait(ms)` schedules `advance()`; A during a wait runs it at once (speed-up,
    skip). A long press of B opens the in-game menu; a short press of B shows the hint;
    UP or DOWN the table of every player (unless the choice uses them)."""

    wants_long = True

    def __init__(self, app, session):
        Screen.__init__(self, app)
        self.session = session
        self.panels = []
        self.due = None  # ms when advance() runs, or None
        self.msg = ""  # the last move, in words: stays until the next one replaces it
        self.log = []  # the round's moves in words (LogPanel), the last LOG_MAX
        self.note_text = ""  # why an input did nothing (cleared by the next input)
        self.shown_seat = -1  # the person whose private hand was last shown
        self.actor = -1  # a computer player whose move is on screen (else: whose turn)
        self.thinking = False  # a computer player thinks on after its move's wait
        self.started = False
        self.mode = M_WAIT
        self.pending_end = False  # the round ended: show its page after the step on screen

    # -- panels ------------------------------------------------------------------------

    def push_panel(self, p):
        self.panels.append(p)
        self.dirty = True

    def replace_panel(self, p):
        if self.panels:
            self.panels.pop()
        self.push_panel(p)

    def panel_done(self):
        p = self.panels.pop()
        self.dirty = True
        if isinstance(p, RoundEndPanel):
            if self.session.result is not None:
                self.push_panel(GameOverPanel(self))
                sound(self.app, "win")
            else:
                self.session.next_round()
                self.msg = ""
                self.log = []
                self.shown_seat = -1  # a new deal: whoever holds the device, a curtain
                self.begin_turn()
        elif isinstance(p, CurtainPanel):
            self.shown_seat = p.seat

    # -- flow --------------------------------------------------------------------------

    def enter(self):
        if not self.started:
            self.started = True
            self.begin_turn()

    def now(self):
        return self.app.now

    def say(self, text):
        """A move in words: the last-move line, and the round's log."""
        self.msg = text
        log = self.log
        log.append(text)
        if len(log) > LOG_MAX:
            log.pop(0)

    def speed(self):
        """0..3 (slow .. instant): the setting; instant once no person is left in the round
        (the rest plays out at once, the round-end page sums it up)."""
        ses = self.session
        st = ses.state
        for i in range(ses.n()):
            if ses.bots[i] is None and not st.quit[i]:
                return self.app.settings.speed
        return 3

    def step_ms(self):
        """How long a computer player's step (or a shown result) stays on screen."""
        return STEP_TIMES[self.speed()]

    def held(self, i):
        """Cards seat i holds (its row in LAMA Dice, its hand in L.L.A.M.A.)."""
        c = self.session.cards_of(i)
        n = 0
        for k in range(7):
            n += c[k]
        return n

    def show_rules(self):
        """The rules of this game (the text screen of the main menu), over the game."""
        from ui.screens.message import TextScreen

        info = self.session.info
        self.app.push(TextScreen(self.app, lambda s: getattr(s, info.title),
                                 lambda s: getattr(s, info.rules)))

    def wait(self, ms):
        self.due = self.app.clock.ticks_add(self.now(), ms)

    def since(self, t):
        """Milliseconds from tick t to now (negative before it; ticks wrap on the Pico)."""
        return self.app.clock.ticks_diff(self.now(), t)

    def note(self, text):
        """Say on screen why an input did nothing (the state is unchanged)."""
        self.note_text = text
        self.dirty = True
        sound(self.app, "error")

    def active(self):
        """The seat the table shows as playing: the one to act, or the computer player
        whose move is still on screen."""
        return self.actor if self.actor >= 0 else self.session.state.turn

    def begin_turn(self):
        """Whatever comes next: the round-end page, a person's decision, or a bot's wait."""
        ses = self.session
        self.mode = M_WAIT
        self.actor = -1
        self.due = None
        self.dirty = True
        if not ses.in_play():
            self.push_panel(RoundEndPanel(self))
            return
        if ses.person_to_act():
            self.start_person_turn()
        else:
            self.wait(self.step_ms())

    def advance(self):
        """The wait after a step is over: the next turn (or the round-end page), or the
        next computer player's move; False while that player is still thinking (a slice
        a frame: Session.think), None the first time (its cue is to be drawn)."""
        ses = self.session
        if self.pending_end or not ses.in_play():
            self.pending_end = False
            self.begin_turn()
            return
        if ses.person_to_act():
            self.begin_turn()
            return
        action = self.think_for(ses.think)
        if action is None:  # still thinking: a frame's slices, so presses stay answered
            self.due = self.now()
            if self.thinking:
                return False
            self.thinking = True  # "NAME THINKS..." drawn once in place of the last move,
            self.actor = -1  # the thinker's seat shown as the active one
            return None
        self.thinking = False
        self.actor = -1
        self.before_bot_move()
        self.do(action)

    def think_for(self, step):
        """Call step() (a slice of a computer player's thinking) until it gives a result
        (an action, or False: nothing more to think) or THINK_MS of this frame are spent;
        that result, else None."""
        clock = self.app.clock
        t0 = clock.ticks_ms()
        while True:
            r = step()
            if r is not None and r is not True:
                return r
            if clock.ticks_diff(clock.ticks_ms(), t0) >= THINK_MS:
                return None

    def do(self, action):
        """Apply an action (a person's or a bot's) and show what it caused; an illegal
        one changes nothing and says so."""
        seat = self.session.state.turn
        events = self.session.try_act(action)
        if not isinstance(events, list):
            self.note(lang.s.G_NOTE_ILLEGAL)
            return
        self.show_events(seat, events)

    def after_step(self, seat, ended, by_bot):
        """The step after an action: a computer player's move (or the one that ended the
        round) stays on screen for a step; after a person's, play goes on at once (the
        next computer player waits a step first)."""
        self.mode = M_WAIT
        if ended or by_bot:
            self.actor = seat
        if ended:
            self.pending_end = True
            self.wait(self.step_ms())
        elif by_bot:
            self.wait(self.step_ms())
        else:
            self.begin_turn()

    # -- the hooks of a game screen ----------------------------------------------------

    def draw_table(self, fb):
        """Draw the game's table (no panel is up)."""
        raise NotImplementedError

    def person_key(self, ev):
        """A person's PRESS or REPEAT while no step is due."""
        raise NotImplementedError

    def start_person_turn(self):
        """The person to act gets their choice on screen."""
        raise NotImplementedError

    def show_events(self, seat, events):
        """Say what `seat`'s applied action caused (`events`), then call after_step (or
        start a step of the game's own, which ends in it)."""
        raise NotImplementedError

    def uses_up_down(self):
        """Whether UP/DOWN mean something in the current choice (else they show the table)."""
        return False

    def before_bot_move(self):
        """Called just before a computer player's move is applied."""

    def quit_to_menu(self):
        """Abandon the game (confirmed): its save is removed."""
        self.session.abandon()
        self.app.home()

    def rematch(self):
        """A new game with the same seats and rules, started by the same seat."""
        from ui.games.session import new_session

        ses = self.session
        s2 = new_session(self.app, ses.game, ses.names, ses.bots, ses.state.rules, ses.first)
        self.app.replace(type(self)(self.app, s2))

    # -- the frame loop's calls --------------------------------------------------------

    def after_frame(self):
        """The frame's answer is on the panel: now save the actions it showed."""
        self.session.flush()

    def leave(self):
        """Nothing applied is lost when the screen goes (menu, rematch, save and leave)."""
        self.session.flush()

    def tick(self, now_ms):
        ses = self.session
        if ses.save_error:
            self.note(ses.save_error)  # e.g. the flash is full: the game goes on
            ses.save_error = None
        if self.panels:
            if self.panels[-1].tick():
                self.dirty = True
            return
        if self.due is not None:
            if self.app.clock.ticks_diff(now_ms, self.due) >= 0:
                self.due = None
                if self.advance() is not False:  # False: nothing to show yet
                    self.dirty = True
            else:
                self.think_for(ses.think_ahead)  # the next player thinks while a move shows

    def handle(self, ev):
        kind, b = ev
        if kind == LONG and b == B:
            if self.panels and isinstance(self.panels[-1], CurtainPanel):
                self.note(lang.s.G_NOTE_A)  # no menu (nor hint) before the hand's owner has it
            elif not self.panels or not isinstance(self.panels[-1], MenuPanel):
                self.push_panel(MenuPanel(self))
            return
        if kind != PRESS and kind != REPEAT:
            return
        self.note_text = ""
        self.dirty = True
        if self.panels:
            if self.panels[-1].handle(ev):
                self.panel_done()
            return
        if kind == PRESS and (b == UP or b == DOWN) and not self.uses_up_down():
            self.push_panel(TablePanel(self))  # everyone's cards and score, at a press
            return
        if kind == PRESS and b == B:
            if not self.session.person_to_act():
                self.note(lang.s.G_NOTE_WAIT)
            elif self.due is None:
                self.push_panel(HintPanel(self))
            else:  # the person's own dice still rolling, or a move still on screen
                self.note(lang.s.G_NOTE_SPEED)
            return
        if self.due is not None:
            if kind == PRESS and b == A:
                self.due = None
                self.advance()
            else:
                self.note(lang.s.G_NOTE_SPEED)
            return
        if self.session.person_to_act():
            self.person_key(ev)

    def draw(self, fb):
        if self.panels:
            self.panels[-1].draw(fb)
            if self.note_text:  # why a key did nothing, over the page's bottom
                fb.fill_rect(0, BAR_Y, 128, 64 - BAR_Y, 0)
                gfx.mid(fb, fit(self.note_text, gfx.MID_COLS), 0, BAR_Y + 1)
        else:
            self.draw_table(fb)

    # -- drawing the players' list -----------------------------------------------------

    def draw_player(self, fb, i, x0, y, x1):
        """Seat i in the readable font from x0 to x1: name, cards held; the active seat
        inverted, a seat that has quit shows a dash instead of its cards."""
        ses = self.session
        c = 1
        if i == self.active() and (ses.in_play() or self.actor >= 0):
            fb.fill_rect(x0, y - 1, x1 - x0 + 1, 8, 1)
            c = 0
        gfx.mid(fb, ses.names[i], x0 + 1, y, c)
        gfx.mid_right(fb, lang.s.G_OUT if ses.state.quit[i] else str(self.held(i)), x1 - 1, y, c)

    def window(self, rows):
        """The first seat of a list that shows `rows` seats: the active one in view."""
        n = self.session.n()
        if n <= rows:
            return 0
        return min(max(0, self.active() - rows // 2), n - rows)

    def draw_bottom(self, fb):
        """The last move (or why an input did nothing) on a line of the readable font, and
        what A does while play goes on by itself."""
        line = self.note_text or self.msg
        if self.thinking and not self.note_text:
            ses = self.session
            line = ses.names[ses.state.turn] + " " + lang.s.G_THINKS
        gfx.mid(fb, fit(line, gfx.MID_COLS), 0, MSG_Y)
        if self.due is not None:  # play goes on by itself: A hurries it
            small_right(fb, lang.s.G_K_SPEED, 127, 59)
