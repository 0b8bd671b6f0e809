"""What both game screens share: the turn pace, the in-game panels (round end, scoreboard,
menu with quit-to-menu, game over with rematch, pass-the-device curtain, hint) and the
GameScreen base that runs computer players' turns step by step."""

from hal.buttons import A, B, DOWN, LEFT, LONG, PRESS, REPEAT, RIGHT, UP
from ui.draw import gfx
from ui.text import lang
from ui.games.hint import action_words, hint
from ui.games.pieces import button_bar, cards_text, fit, small_right, token, tokens
from ui.loop.screen import Screen

try:
    from micropython import const
except ImportError:

    def const(x):
        return x


STEP_MS = const(600)  # a computer player's step, or a shown result
M_WAIT = const(0)  # a computer player's turn or a shown result: advance() when due
M_TURN = const(1)  # a person decides (each game screen adds its own modes after these)
ANIM_MS = const(420)  # the dice roll (skippable)
ANIM_FRAME_MS = const(70)


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

    def a_goes_on(self, ev):
        """A handle for pages that only A leaves: another key says to press A."""
        if ev[0] == PRESS and ev[1] == A:
            return True
        if ev[0] == PRESS:
            self.screen.note(lang.s.G_NOTE_A)
        return False

    def draw(self, fb):
        pass


def card_chips(fb, text, x, y):
    """Cards as small inverted chips (white, the value in black), so that a row of cards
    never reads as a number beside the points; a count after a space ("(15)") stays plain."""
    for i in range(len(text)):
        if text[i] == " ":
            gfx.small(fb, text[i + 1 :], x, y + 1)
            return
        fb.fill_rect(x, y, 5, 7, 1)
        gfx.small(fb, text[i], x + 1, y + 1, 0)
        x += 6


class RoundEndPanel(Panel):
    """End of round: each player's cards, points, token returned (S2 icons), new total,
    and the reason in words. A goes on (next round, or the game-over page)."""

    def draw(self, fb):
        T = lang.s
        scr = self.screen
        ses = scr.session
        ev = ses.last_round
        names = ses.names
        why = reason_words(T, ses.info, ev).replace("%n", names[ses.state.turn])
        title = T.G_ROUND + " " + str(ev[1]) + ": " + why
        gfx.small(fb, fit(title, 32), 0, 0)
        fb.hline(0, 7, 128, 1)
        n = len(names)
        step = 8 if n <= 6 else 7
        for i in range(n):
            y = 9 + step * i
            gfx.small(fb, names[i], 0, y + 1)
            card_chips(fb, cards_text(ses.cards_of(i), 9), 15, y)
            small_right(fb, "+" + str(ev[3][i]), 88, y + 1)
            if ev[4][i]:
                small_right(fb, "-", 94, y + 1)
                token(fb, ev[4][i], 94, y - 1)
            small_right(fb, "=" + str(ev[5][i]), 127, y + 1)
        gfx.footer(fb, T.G_K_NEXT if ses.result is None else T.G_K_RESULT)

    handle = Panel.a_goes_on


class ScoresPanel(Panel):
    """The scoreboard: each player's score as a number and as tokens (S2)."""

    def draw(self, fb):
        T = lang.s
        ses = self.screen.session
        gfx.header(fb, T.G_SCORES + " " + ses.round_label(T))
        for i in range(ses.n()):
            y = 10 + 8 * i
            gfx.small(fb, ses.names[i], 0, y + 1)
            gfx.small(fb, ses.bots[i] and T.G_BOT_MARK or "", 14, y + 1)
            sc = ses.state.scores[i]
            small_right(fb, str(sc), 38, y + 1)
            tokens(fb, sc, 42, y - 1, 86)
            if sc == 0:
                gfx.small(fb, "-", 44, y + 1)
        gfx.footer(fb, T.G_K_BACK)

    def handle(self, ev):
        return ev[0] == PRESS and (ev[1] == A or ev[1] == B)


class MenuPanel(Panel):
    """The in-game menu (long press of B): resume, scoreboard, hint, quit to menu."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.cursor = 0
        self.confirm = False

    def items(self):
        T = lang.s
        return (T.G_RESUME, T.G_SCORES, T.G_HINT, T.G_QUIT_MENU)

    def draw(self, fb):
        T = lang.s
        if self.confirm:
            gfx.header(fb, T.G_QUIT_MENU)
            gfx.text(fb, T.G_CONFIRM_1, 0, 16)
            gfx.text(fb, T.G_CONFIRM_2, 0, 26)
            gfx.footer(fb, T.G_K_CONFIRM)
            return
        gfx.header(fb, T.G_MENU)
        items = self.items()
        for i in range(len(items)):
            gfx.list_row(fb, i, items[i], None, i == self.cursor)
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
            self.cursor = (self.cursor + (1 if b == DOWN else -1)) % 4
        elif kind == PRESS and b == B:
            return True
        elif kind == PRESS and b == A:
            c = self.cursor
            if c == 0:
                return True
            if c == 1:
                scr.replace_panel(ScoresPanel(scr))
            elif c == 2:
                scr.replace_panel(HintPanel(scr))
            else:
                self.confirm = True
        return False


class HintPanel(Panel):
    """What `expert` would do for the person to act, and why in a few words."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.h = hint(screen.session)

    def draw(self, fb):
        T = lang.s
        gfx.header(fb, T.G_HINT)
        h = self.h
        if h is None:
            gfx.text(fb, T.G_HINT_NONE, 0, 16)
        else:
            gfx.text(fb, T.G_HINT_EXPERT, 0, 14)
            gfx.text(fb, fit(action_words(T, self.screen.session.game, h[0]), 16), 0, 26)
            words = T.G_WHY[h[1]].replace("%s", "" if h[2] == 1 else "S")
            words = words.replace("%u", "" if h[3] == 1 else "S")
            words = words.replace("%a", str(h[2])).replace("%b", str(h[3]))
            lines = gfx.wrap(words, 32)
            for i in range(min(3, len(lines))):
                gfx.small(fb, lines[i], 0, 38 + 7 * i)
        gfx.footer(fb, T.G_K_HINT_BACK)

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


class GameOverPanel(Panel):
    """Winners (ties shared, S5), final scores, then rematch with the same seats or menu."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.choice = 0

    def draw(self, fb):
        T = lang.s
        ses = self.screen.session
        res = ses.result
        scores = res[1]
        win = res[2]
        gfx.header(fb, T.G_GAME_OVER)
        if len(win) == 1:
            line = ses.names[win[0]] + " " + T.G_WINS
        else:
            line = "+".join([ses.names[i] for i in win]) + " " + T.G_SHARE
        gfx.small(fb, fit(line, 32), (128 - gfx.small_width(fit(line, 32))) // 2, 11)
        order = sorted(range(len(scores)), key=lambda i: scores[i])
        for k in range(len(order)):
            i = order[k]
            x = 0 if k < 3 else 64
            y = 19 + 8 * (k % 3)
            mark = "*" if i in win else " "
            gfx.text(fb, mark + ses.names[i], x, y)
            gfx.right(fb, str(scores[i]), y, 1, x + 62)
        button_bar(fb, (T.G_REMATCH, T.G_TO_MENU), self.choice, 45)
        gfx.footer(fb, T.G_K_CHOOSE)

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
    skip). A long press of B opens the in-game menu; a short press of B shows the hint."""

    wants_long = True

    def __init__(self, app, session):
        Screen.__init__(self, app)
        self.session = session
        self.panels = []
        self.due = None  # ms when advance() runs, or None
        self.msg = ""  # the last thing that happened, in words
        self.note_text = ""  # why an input did nothing (cleared by the next input)
        self.shown_seat = -1  # the person whose private hand was last shown
        self.actor = -1  # a computer player whose move is on screen (else: whose turn)
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
            self.wait(STEP_MS)

    def advance(self):
        """The wait after a step is over: the next turn (or the round-end page), or the
        next computer player's move."""
        ses = self.session
        if self.pending_end or not ses.in_play():
            self.pending_end = False
            self.begin_turn()
            return
        if ses.person_to_act():
            self.begin_turn()
            return
        self.actor = -1
        self.before_bot_move()
        self.do(ses.bot_choice())

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
            self.wait(STEP_MS)
        elif by_bot:
            self.wait(STEP_MS)
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

    def before_bot_move(self):
        """Called just before a computer player's move is applied."""

    def quit_to_menu(self):
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
            return
        if self.due is not None and self.app.clock.ticks_diff(now_ms, self.due) >= 0:
            self.due = None
            self.advance()
            self.dirty = True

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
            if self.note_text:  # why a key did nothing, over the page's footer
                fb.fill_rect(0, 58, 128, 6, 0)
                gfx.small(fb, fit(self.note_text, 32), 0, 59)
        else:
            self.draw_table(fb)

    # -- drawing the players' list -----------------------------------------------------

    def draw_player(self, fb, i, x0, y, x1, size):
        """Seat i on a line of small text from x0 to x1: name, cards held, score; the
        active seat inverted, a seat that has quit struck through."""
        ses = self.session
        st = ses.state
        c = 1
        if i == self.active() and (ses.in_play() or self.actor >= 0):
            fb.fill_rect(x0, y - 1, x1 - x0 + 1, 6, 1)
            c = 0
        gfx.small(fb, ses.names[i], x0 + 1, y, c)
        small_right(fb, str(size), x0 + 23, y, c)
        small_right(fb, str(st.scores[i]), x1 - 1, y, c)
        if st.quit[i]:
            fb.hline(x0, y + 2, x1 - x0 + 1, c)

    def draw_players(self, fb, x0, y0, dy, x1, sizes):
        """Every seat, one a line (draw_player)."""
        for i in range(self.session.n()):
            self.draw_player(fb, i, x0, y0 + dy * i, x1, sizes[i])

    def draw_bottom(self, fb):
        """What just happened (8x8 when it fits, else two lines of small capitals), and
        the note saying why an input did nothing."""
        msg = self.msg
        free = True  # the bottom line is free for the key hint
        if len(msg) <= 16:
            gfx.text(fb, msg, 0, 51)
        else:
            lines = gfx.wrap(msg, 32)
            for i in range(min(2, len(lines))):
                gfx.small(fb, lines[i], 0, 50 + 6 * i)
            free = len(lines) < 2
        if self.note_text:
            gfx.small(fb, fit(self.note_text, 32), 0, 59)
        elif free and self.due is not None:  # play goes on by itself: A hurries it
            small_right(fb, lang.s.G_K_SPEED, 127, 59)
