"""The turn flow both game screens share: GameScreen runs a Session on screen (a person's
key to an action, computer players' moves step by step at the speed setting's pace, the
last move and the round's move log) and says when the heap is collected; the pages over the
table and the hint thought ahead are ui/games/page_stack.py's. A person's press reaches the
game's own code once (person_key) and comes back with the action this flow applies."""

from hal.buttons import A, B, DOWN, LONG, PRESS, REPEAT, UP
from lama.symbols import total
from ui.text import lang
from ui.games.move_log import MoveLog
from ui.games.page_stack import PageStack, pages
from ui.loop.screen import Screen

import gc
from micropython import const

M_WAIT = const(0)  # a computer player's turn or a shown result: advance() when due
M_TURN = const(1)  # a person decides
M_ACK = const(2)  # a person reads a shown result, then presses A (result_read())
M_ANIM = const(3)  # the game's own animation runs (A: skip_anim())
# (each game screen adds its own modes after these)
ANIM_FRAME_MS = const(70)
# by the "speed" setting (slow, normal, fast, instant): a computer player's step (or a
# shown result), and the dice roll (A skips both)
STEP_TIMES = (2000, 1200, 500, 0)  # normal (the default): 1.2 s a move, to follow it
ANIM_TIMES = (700, 420, 210, 0)
LOG_MAX = const(40)  # moves kept in the round's log
THINK_MS = const(12)  # a computer player's thinking in one frame: slices until this is spent
NOTE_MS = const(1000)  # a note (why a key did nothing) stays this long, at most (issue 50)
# when to collect: a game in play allocates 1.5-2.5 KB a frame on the Pico (words, move log,
# saves, the experts' thinking): the heap is collected after every _GC_FRAMES frames that
# drew or thought, once the picture is out, so that the collector's own turn (after
# ui.prime.GC_EVERY bytes, ~33 ms) does not push a busy frame past issue 26's 120 ms
_GC_FRAMES = const(12)


def sound(app, name):
    s = app.board.sound
    if s is not None:
        s.play(name)


class GameScreen(PageStack, Screen):
    """Runs a Session on screen: turns, computer players' moves step by step, pages.

    A game screen provides the hooks below that raise NotImplementedError here:
    `draw_table(fb)`, `person_key(ev)` (a person's key while `mode` is theirs: the action
    it chooses, which this class applies, or None), `start_person_turn()` (set up the
    person's choice, `mode` past M_WAIT) and `show_events(seat, events)` (say what an
    applied action did, then call `after_step`). It may override `before_bot_move()`,
    `result_read()`, `skip_anim()` and `advance()` (calling this one) for steps of its
    own, such as an animation, and set UP_DOWN_MODE. `do(action)` applies an action and
    `after_step` takes the step after it, for both games.

    Timing: `wait(ms)` schedules `advance()`; A during a wait runs it at once (speed-up,
    skip). A long press of B opens the in-game menu; a short press of B shows the hint;
    UP or DOWN the table of every player (unless the choice uses them)."""

    wants_long = True
    UP_DOWN_MODE = -1  # the mode whose choice uses UP/DOWN (else they open the pages)

    def __init__(self, app, session):
        Screen.__init__(self, app)
        self.session = session
        self.panels = []
        self.due = None  # ms when advance() runs, or None
        self.msg = ""  # the last move, in words: stays until the next one replaces it
        self.log = MoveLog(LOG_MAX)  # the round's moves in words (LogPanel)
        self.marks = bytearray(session.n())  # each seat's first log line after its last move
        self.note_text = ""  # why an input did nothing (gone after NOTE_MS, the next input or move)
        self.note_end = 0  # the tick when the note goes
        self.said = False  # a move said since the moves were last saved
        self.shown_seat = -1  # the person whose private hand was last shown
        self.actor = -1  # a computer player whose move is on screen (else: whose turn)
        self.thinking = False  # a computer player thinks on after its move's wait
        self.started = False
        self.mode = M_WAIT
        self.pending_end = False  # the round ended: show its page after the step on screen
        self.hint_ahead = None  # the hint, thought while B is held (b_pending) and not shown
        self.leaving = False  # to_menu: the game stands still until the menu replaces it
        self.busy_frames = 0  # frames that drew or thought since the last collect
        self.drawn = app.draws  # the app's count of frames drawn, at the last frame's end
        self.answer_first = False  # a press applied a person's move: its picture first (tick)

    def round_read(self):
        """The round-end page was read: the game-over page, or the next round's deal."""
        if self.session.result is not None:  # its moment (and sound), then the page
            if self.app.memory is not None:  # the computer players' code: not needed now
                self.app.memory().game_over(self.session)
            self.open_panel("event", "game_over", "", "game_over")
        else:
            self.session.next_round()
            self.msg = ""
            self.log.clear()
            self.marks = bytearray(self.session.n())
            self.shown_seat = -1  # a new deal: whoever holds the device, a curtain
            self.begin_turn()

    # -- flow --------------------------------------------------------------------------

    def enter(self):
        if not self.started:
            self.started = True
            self.begin_turn()

    def now(self):
        return self.app.now

    def say(self, text):
        """A move in words: the last-move line, and the round's log. A note goes: it never
        stands in a move's place."""
        self.msg = text
        self.note_text = ""
        self.said = True  # (saved with the game: ui/model/saved_log.py)
        if self.log.append(text):  # (the oldest line went)
            marks = self.marks
            for i in range(len(marks)):
                if marks[i]:
                    marks[i] -= 1

    def moves_since(self):
        """The move log from the first move after the seat to act last moved (UP at a
        person's turn: what the others did meanwhile)."""
        self.open_panel("log", self.marks[self.session.state.turn])

    def speed(self):
        """0..3 (slow .. instant): the setting, also once every person has quit the round
        (they still see the rest of it; A hurries it)."""
        return self.app.settings.speed

    def step_ms(self):
        """How long a computer player's step (or a shown result) stays on screen."""
        return STEP_TIMES[self.speed()]

    def held(self, i):
        """Cards seat i holds (its row in LAMA Dice, its hand in L.L.A.M.A.)."""
        return total(self.session.cards_of(i))

    def wait(self, ms):
        self.due = self.app.clock.ticks_add(self.now(), ms)

    def since(self, t):
        """Milliseconds from tick t to now (negative before it; ticks wrap on the Pico)."""
        return self.app.clock.ticks_diff(self.now(), t)

    def note(self, text):
        """Say on screen why an input did nothing (the state is unchanged), for NOTE_MS at
        most. While play goes on by itself, on the footer's line: the move stays on its own."""
        self.note_text = text
        self.note_end = self.app.clock.ticks_add(self.now(), NOTE_MS)
        self.dirty = True
        sound(self.app, "error")

    def choosing(self):
        """A person's choice is on screen (the mode is one of the game's choices)."""
        return self.mode != M_WAIT and self.mode != M_ACK and self.mode != M_ANIM

    def active(self):
        """The seat shown as playing: the one to act, or the computer player whose move is shown."""
        return self.actor if self.actor >= 0 else self.session.state.turn

    def begin_turn(self):
        """Whatever comes next: the round-end page, a person's decision, or a bot's wait."""
        ses = self.session
        self.mode = M_WAIT
        self.actor = -1
        self.due = None
        self.dirty = True
        if not ses.in_play():
            self.note_text = ""  # a key's note of the moves before: not over the page's title
            # its moment, then the page (at once in a game resumed between rounds)
            self.open_panel("event", "round_end") if self.msg else self.open_panel("round_end")
            return
        if ses.person_to_act():
            self.note_text = ""  # a note said while the others moved: not over the last move
            self.start_person_turn()
            self.app.later(getattr(ses, "collect", gc.collect))  # (its press's frame then free
            # of the collector's turn; a console's primes its allocator too: ui.games.remote)
        else:  # (a choice over the link: looked for every frame)
            self.wait(0 if ses.link_wait() else self.step_ms())

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
        if ses.link_wait():  # a linked console's word: looked for once a frame
            action = ses.think()
            if action is None:
                self.due = self.now()
                if self.thinking or ses.here(ses.state.turn):
                    return False
                self.thinking = True  # "NAME THINKS..." while another console's person does
                self.actor = -1
                if not hasattr(ses, "console"):  # a link host: collected once it is out (its
                    self.app.later(gc.collect)  # collector fell in a move's packing in three)
                return None
        else:
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
        (an action, or False: nothing more to think), THINK_MS of this frame are spent or
        a button is pressed (the next frame answers it first); that result, else None."""
        app = self.app
        clock = app.clock
        t0 = clock.ticks_ms()
        while True:
            r = step()
            if r is not None and r is not True:
                return r
            if clock.ticks_diff(clock.ticks_ms(), t0) >= THINK_MS or app.press_waiting():
                return None

    def do(self, action):
        """Apply an action (a person's or a bot's) and show what it caused; an illegal
        one changes nothing and says so."""
        seat = self.session.actor(action)
        events = self.session.try_act(action)
        if not isinstance(events, list):
            self.note(lang.s.G_NOTE_ILLEGAL)
            if self.mode == M_WAIT:  # a linked console's choice that the host refused
                self.begin_turn()
            return
        self.show_events(seat, events)

    def after_step(self, seat, ended, by_bot):
        """The step after an action: a computer player's move (or the one that ended the
        round) stays on screen for a step; after a person's, play goes on at once (the
        next computer player waits a step first)."""
        self.mode = M_WAIT
        if not by_bot:
            self.marks[seat] = len(self.log)  # the moves after this one are news to them
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
        """A person's PRESS or REPEAT while no step is due: the action it chooses, or None
        (the choice moved on screen, or a note says why nothing happens)."""
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

    def result_read(self):
        """A at a shown result (M_ACK): play goes on."""
        self.pending_end = False
        self.begin_turn()

    def skip_anim(self):
        """A during the game's own animation (M_ANIM): it ends now."""
        self.due = None
        self.advance()

    def quit_to_menu(self):
        """Abandon the game (confirmed): its save leaves the flash once the menu is shown."""
        gone = []
        self.session.abandon(gone.append)
        self.to_menu(gone)

    def to_menu(self, after=()):
        """Back to the main menu: the busy mark at once, the menu in the next frame (the game's
        code dropped, its room collected: ~30 ms on the Pico), then `after`'s calls once it is
        shown (App.later); till then the game stands still (no move, nothing more saved)."""
        self.leaving = True
        def home():
            for fn in after:
                self.app.later(fn)  # (the next frame draws the menu, then runs them)
            self.app.home()
        self.app.soon(home, busy=True)

    def rematch(self):
        """A new game with the same seats and rules, started by the same seat: the busy mark
        first when its computer players' code went at the game's end (ui.memory.game_over)."""
        app = self.app
        game = self.session.game
        names = ()
        if game.bots is None and getattr(self.session, "own", None) is None:  # (a console
            names = app.memory().bot_code(game.info)  # of a link game deals no rematch)
        app.soon(lambda: app.pages(app, "rematch", self.session), names)

    # -- the frame loop's calls --------------------------------------------------------

    def after_frame(self):
        """The frame's answer is on the panel: now save the actions it showed; the heap is
        collected once _GC_FRAMES frames drew or thought (in a frame that saved nothing)."""
        ses = self.session
        draws = self.app.draws
        if draws != self.drawn or ses.thought is not None:
            self.drawn = draws
            self.busy_frames += 1
        may = getattr(ses.link, "may_save", None)  # (a link host's: not while a console's acts)
        if (ses.unsaved or self.said) and (may is None or may(self.now())):
            if ses.unsaved:  # (an action, or a move said after it: a roll's result)
                out = getattr(ses.link, "out_now", None)
                if out is not None:  # a link game's host: the move to its consoles first
                    clock = self.app.clock
                    out(getattr(clock, "awake_ms", clock.sleep_ms))
                ses.flush()
            self.said = False
            from ui.model import saved_log  # the moves in words, for after "Continue game?"

            saved_log.save_of(self)
            if getattr(ses.link, "saved", None) is not None:
                ses.link.saved()  # (the host's bus polls again)
        elif self.busy_frames >= _GC_FRAMES:
            self.busy_frames = 0
            gc.collect()

    def leave(self):
        """Nothing applied is lost when the screen goes (menu, rematch, save and leave)."""
        self.session.flush()

    def resting(self):
        """A person to act, with no page open and nothing timed (a note goes in time): only
        a press moves on (not in a link game: the line is served every frame)."""
        ses = self.session
        return (self.due is None and not self.panels and not ses.save_error
                and not self.note_text and ses.link is None)

    def tick(self, now_ms):
        if self.leaving:
            return
        ses = self.session
        if ses.link is not None:  # a link game: the line's traffic, who came and went
            from ui.games.linked import frame

            frame(self)
            if self.leaving:
                return
        if self.hint_ahead is not None:
            self.hint_ahead.tick()
        if ses.save_error:
            self.note(ses.save_error)  # e.g. the flash is full: the game goes on
            ses.save_error = None
        if self.note_text and self.app.clock.ticks_diff(now_ms, self.note_end) >= 0:
            self.note_text = ""  # a note lasts a second at most: what it covered comes back
            self.dirty = True
        first, self.answer_first = self.answer_first, False
        if self.panels:
            if self.panels[-1].tick():
                self.dirty = True
            return
        if self.due is not None and not (first and self.mode == M_WAIT):  # (answer_first)
            if self.app.clock.ticks_diff(now_ms, self.due) >= 0:
                self.due = None
                if self.advance() is not False:  # False: nothing to show yet
                    self.dirty = True
            else:
                self.think_for(ses.think_ahead)  # the next player thinks while a move shows

    def handle(self, ev):
        """A press: over a page, the page's; A at a shown result or during the game's own
        animation, on; B the hint or the game menu; UP/DOWN the pages of the moves and of
        the table (unless the choice uses them); A during a wait, the next step at once;
        any other key, at a person's turn, the game's person_key, whose action is applied."""
        kind, b = ev
        if kind == PRESS and b == A and not self.panels:
            if self.mode == M_ACK:
                self.mode = M_WAIT
                self.note_text = ""
                self.dirty = True
                self.result_read()
                return
            if self.mode == M_ANIM:
                self.skip_anim()
                self.dirty = True
                return
        self.drop_hint(kind, b)
        if kind == LONG and b == B:
            if self.panels:
                self.panels[-1].long_b()  # the menu, unless the page says otherwise
            else:
                self.open_panel("menu")
            pages().tidy(self)  # (after: the menu's module, loaded at B's press, is kept)
            return
        if kind != PRESS and kind != REPEAT:
            return
        self.note_text = ""
        self.dirty = True
        if self.panels:
            if self.panels[-1].handle(ev):
                self.panel_done()
            return
        if kind == PRESS and (b == UP or b == DOWN) and self.mode != self.UP_DOWN_MODE:
            # at a press: UP the moves since the player to act last moved, DOWN everyone's
            # cards and score
            if b == UP:
                self.moves_since()
            else:
                self.open_panel("table")
            return
        if kind == PRESS and b == B:
            self.ask_hint()
            return
        if self.due is not None:
            if self.session.link_wait():  # a person at a linked console to play
                self.note(lang.s.G_NOTE_WAIT)
            elif kind == PRESS and b == A:
                self.due = None
                self.advance()
            else:
                self.note(lang.s.G_NOTE_SPEED)
            return
        if self.session.person_to_act():
            action = self.person_key(ev)
            if action is not None:
                self.do(action)
                self.answer_first = True
