"""The app: the frame loop (poll -> power filter -> screen -> draw when dirty -> show -> sleep)
and the screen stack, on the Board a profile's make_board() returns (hal.Board)."""

import gc
import sys

from hal.buttons import B, EVENTS, LONG, PRESS, RELEASE

from micropython import const


FRAME_MS = const(25)  # 40 frames a second at most
WAKE_MS = const(6)  # the sleep to the frame's end looks for a press this often
REST_MS = const(100)  # a frame's length once the screen rests (Screen.resting) ...
QUIET_FRAMES = const(40)  # ... after this many frames with no event and nothing drawn
DEFER_FRAMES = const(2)  # a frame's after_frame waits at most this many frames for presses
LINK_TICK_MS = const(4)  # in a link game, the bus ticked this often through the frame's rest
TIDY_PRESSES = const(4)  # the heap is collected after every fourth press's picture (_tidy)
BUSY_W = const(11)  # the busy mark (App.soon): a boxed hourglass in the top right corner


def busy_mark(fb):
    """The busy mark over the frame in `fb` (its width in fb.width): a press's answer is
    loading."""
    x = fb.width - BUSY_W
    fb.fill_rect(x, 0, BUSY_W, BUSY_W, 0)
    fb.rect(x, 0, BUSY_W, BUSY_W, 1)
    fb.hline(x + 3, 2, 5, 1)
    fb.hline(x + 3, 8, 5, 1)
    fb.line(x + 3, 3, x + 7, 7, 1)
    fb.line(x + 7, 3, x + 3, 7, 1)


class App:
    """Runs screens on a board. `step()` runs one frame; `run()` runs frames until `quit()`.

    `settings` is a ui.model.settings.Settings, applied to the board at once;
    `save_settings(settings)` is called at the end of the frame in which the settings
    screen changed something, after its picture is shown (the storage layer provides it;
    ui.boot sets it once the saves are loaded); `watchdog` is an object with feed(), fed every frame;
    `game_store` is the storage API (ui.model.saves.Saves) the game and statistics screens use,
    or None (nothing is saved); `error_screen(app, exc)` makes the screen that shows a
    frame's exception (ui.boot gives the device's; without one the error is only printed);
    `pages(app, page, game)` puts up a menu page over a game ("controls": the controls
    card, "rules": the rules of `game`, "howto": how to play it, "rematch": the game again,
    ui.boot.open_page); `memory()` gives the RAM plan (ui/memory/, ui.boot.plan), which every
    screen asks what to load and let go: imported when asked, not kept during a game.
    The loop imports no screen nor model: `start(first)` is handed the first screen."""

    def __init__(self, board, settings, save_settings=None, watchdog=None,
                 frame_ms=FRAME_MS, game_store=None, error_screen=None, pages=None, memory=None):
        self.board = board
        self.fb = board.display
        self.clock = board.clock
        self.settings = settings
        self.save_settings_hook = save_settings
        self.settings_due = False  # changed settings wait for the end of the frame (later)
        self._later = []  # what waits for the frame's picture to be shown (later)
        self.watchdog = watchdog
        self.game_store = game_store
        self.error_screen = error_screen
        self.pages = pages
        self.memory = memory
        self.kept = None  # the modules kept from the main menu's first coming up on (ui.memory)
        # a link game's host or console side (link.host, link.console): pump() every frame,
        # until it says it is closed
        self.link = None
        self.frame_ms = frame_ms
        # the sleep between frames is cut short by a press (seen every wake_ms), so that it
        # is answered at once; 0: one sleep to the frame's end (a host whose sleep only
        # asks its timer for a wait, as the browser page's)
        self.wake_ms = WAKE_MS
        self.stack = []
        self.running = True
        self.frames = 0  # frames run
        self.draws = 0  # frames that were drawn and shown
        self.quiet = 0  # frames in a row with no event and nothing drawn
        self.deferred = 0  # frames in a row whose after_frame waited for a press
        self.marks = 0  # presses answered by the busy mark (soon)
        # (fn, the names still to import) while soon() loads
        self._soon = None  # type: tuple | None
        # soon() loaded modules and put a screen up: the heap is collected once that screen's
        # first picture is out (imports allocate 10-20 KB: the collector's turn, about 33 ms
        # on the Pico, would otherwise fall in the frame of one of the next presses)
        self._settle = False
        # a press was answered on the glass this frame: the heap looked at after it (_tidy)
        self._answered = False
        self._answers = 0  # presses answered on the glass since the last collect here
        self.now = self.clock.ticks_ms()
        self._b_down = False  # B pressed and not yet delivered (short or long?)
        if board.power is not None:  # no deep sleep in a link game (hal.power_cell)
            board.power.keep_awake = self.linked
        settings.apply(board)

    # --- the stack -------------------------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def _entered(self):
        t = self.stack[-1]
        t.dirty = True
        t.enter()

    def push(self, screen):
        self.stack.append(screen)
        self._entered()

    def pop(self):
        """Back one screen (the bottom screen stays)."""
        if len(self.stack) > 1:
            self.stack.pop().leave()
            self._entered()

    def replace(self, screen):
        if self.stack:
            self.stack.pop().leave()
        self.push(screen)

    def home(self):
        """Back to the bottom screen (the main menu)."""
        if len(self.stack) > 1:
            while len(self.stack) > 1:
                self.stack.pop().leave()
            self._entered()

    def quit(self):
        self.running = False

    # --- what is slower to load than a frame -----------------------------------------
    def soon(self, fn, names=(), busy=False):
        """Call fn() once the modules `names` are imported. When some are not loaded yet (or
        `busy`: fn itself takes longer than a frame), the press is answered at once with
        the busy mark on the glass (busy_mark); then each following frame imports
        one of them, the next calls fn(), and the one after draws what it put up, with no
        sleep between them and the presses that come meanwhile kept for that screen (issue
        26: no frame both does fn's work and draws)."""
        left = [n for n in names if n not in sys.modules]
        if not left and not busy:
            fn()
            return
        self._soon = (fn, left)
        # the collector's turn waits for the screen asked for: its threshold (set by ui.prime)
        # doubled till the collect after that screen's first picture (_settle: held already
        # when fn itself asks for more; issue 47: a turn brought on by the imports, 25-35 ms
        # on the Pico, put the setup 240-258 ms after the press); out of room, it collects
        if not self._settle and hasattr(gc, "threshold"):
            gc.threshold(2 * gc.threshold())
        self.mark()

    def _let_go(self):
        """The collector's threshold as it was before soon() held its turn off."""
        if hasattr(gc, "threshold"):
            gc.threshold(gc.threshold() // 2)

    def mark(self):
        """Answer the press being handled at once with the busy mark on the glass: the
        screen it asked for follows within a few frames (issue 26: within 250 ms)."""
        self.marks += 1
        busy_mark(self.fb)
        self.fb.show()

    def open(self, module, name, *args, replace=False, names=()):
        """Put up screen class `name` of `module` (made as name(app, *args)) over the top
        screen (`replace`: in its place), loading first what `names` and `module` import,
        a module a frame (soon)."""

        def put():
            screen = getattr(sys.modules[module], name)(self, *args)
            if replace:
                self.replace(screen)
            else:
                self.push(screen)

        self.soon(put, tuple(names) + (module,))

    def _load_step(self, pending):
        """A frame of soon() (`pending` its fn and the names left): import the next
        module, or call fn when all are in."""
        fn, left = pending
        while left:
            name = left.pop(0)
            if name not in sys.modules:
                try:
                    __import__(name)
                except BaseException:
                    self._soon = None  # the error screen, not the same import each frame
                    if not self._settle:  # (else its collect lets go)
                        self._let_go()
                    raise
                return
        self._soon = None
        self._settle = True
        fn()

    # --- settings --------------------------------------------------------------------
    def apply_settings(self):
        """Apply the settings to the board now, and redraw (the language may have changed)."""
        self.settings.apply(self.board)
        for s in self.stack:
            s.dirty = True

    def save_settings(self):
        """Save the settings at the end of this frame, once the answer to the press is on
        the glass (a flash write takes tens of ms)."""
        if not self.settings_due:
            self.settings_due = True
            self.later(self._write_settings)

    def _write_settings(self):
        self.settings_due = False
        hook = self.save_settings_hook
        if hook is not None:
            hook(self.settings)

    def later(self, fn):
        """Call fn() at the end of this frame, once its picture is shown (before the top
        screen's after_frame): work that must not delay the answer to a press, as a flash
        write (a sector erase is 45 ms). One that fn itself asks for waits for the next frame."""
        self._later.append(fn)

    # --- the frame loop --------------------------------------------------------------
    def press_waiting(self):
        """True when a press has come since this frame's poll (the next frame answers it):
        long work in a frame stops early for it."""
        return self.board.buttons.pressed_since_poll()

    def _dispatch(self, ev):
        kind = ev[0]
        if ev[1] == B:
            if kind == PRESS:
                top = self.top()
                # at once where a long press means no other thing (issue 26: back without
                # the hold's wait); else at the release, once it is known to be short
                self._b_down = top is not None and not top.b_at_press()
                if self._b_down:
                    top.b_pending()
                else:
                    self._deliver(ev)
                return
            if kind == LONG:
                self._b_down = False
                top = self.top()
                if top is not None and top.wants_long:
                    top.handle(ev)
                else:
                    self.home()
                return
            if kind == RELEASE:
                if not self._b_down:
                    return  # delivered at its press, the end of a long press, or eaten
                self._b_down = False
                self._deliver(EVENTS[PRESS][B])
        self._deliver(ev)

    def _deliver(self, ev):
        top = self.top()
        if top is not None:
            top.handle(ev)

    def step(self):
        """One frame: events, tick, draw if needed, feed the watchdog, sleep to the frame's end.

        Bytecode in parts (issue 26: its native code took 1.9 KB of the Pico's RAM), each
        with at most 11 words of state (locals and stack): the rp2 port takes a bytecode
        call's state from the heap past that, and idle frames must allocate nothing."""
        start = self.clock.ticks_ms()
        self.now = start
        link = self.link
        if link is not None:  # a link game: its line served every frame, whatever is up
            link.pump()
            if link.closed:  # (closed at the menu once what it had to say is out)
                self.link = None
        if self._soon is not None:  # loading what a press asked for: no input meanwhile
            self._load_step(self._soon)  # (a module, or the call that puts the screen up)
            self.frames += 1
            if self.watchdog is not None:
                self.watchdog.feed()
            return  # the next step at once, no sleep: it draws (no frame does both)
        frame_ms = self._frame(start, self._input(start))
        if self.watchdog is not None:
            self.watchdog.feed()
        self.frames += 1
        self._sleep(start, frame_ms)

    def _input(self, start):
        """The frame's events (the buttons', through the power filter) handed out; the
        frames in a row without one (0: one came)."""
        events = self.board.buttons.poll(start)
        if self.board.power is not None:
            events = self.board.power.filter(events, start)
        quiet = self.quiet + 1
        i = 0
        while i < len(events):
            self._dispatch(events[i])
            quiet = 0
            i += 1
        return quiet

    def _frame(self, start, quiet):
        """The top screen's tick, its picture when dirty, the work after it; the frame's
        length (longer at rest: nothing to do until a press, which ends the sleep)."""
        frame_ms = self.frame_ms
        top = self.top()
        if top is not None:
            top.tick(start)
            top = self.top()
            if top.dirty and self._soon is None:  # (the busy mark stays while it loads)
                self._answered = quiet == 0  # (an event came this frame)
                self._draw(top)
                quiet = 0
            self._after(top)
            if quiet >= QUIET_FRAMES and top.resting() and self.board.buttons.may_rest():
                frame_ms = REST_MS
        self.quiet = quiet
        return frame_ms

    def _draw(self, top):
        top.dirty = False
        fb = self.fb
        fb.fill(0)
        top.draw(fb)
        if self.link is not None:  # a link game: its line served before the panel's
            self.link.tick()  # transfer (10-25 ms on the Pico: a poll heard meanwhile waits)
        fb.show()
        self.draws += 1

    def _after(self, top):
        """The work after the picture (e.g. a save: the answer to a press is on the glass
        first); a press that came meanwhile is answered before it (at most DEFER_FRAMES
        frames in a row)."""
        if self.deferred < DEFER_FRAMES and self.board.buttons.pressed_since_poll():
            self.deferred += 1
            return
        self.deferred = 0
        later = self._later
        n = len(later)
        while n > 0:  # (what these add waits for the next frame)
            later.pop(0)()
            n -= 1
        top.after_frame()
        if self._settle and self._soon is None:
            self._settle = False
            self._let_go()
            gc.collect()
            self._answers = 0
        if self._answered:
            self._answered = False
            self._tidy()

    def _tidy(self):
        """After the picture of a frame that answered a press: every TIDY_PRESSES of them,
        the heap collected, so that the collector's own turn (after gc.threshold bytes, set
        by ui.prime: 20 to 40 ms on the Pico) falls there and not in the frame of a press
        to come (issue 47: setup and settings presses 50-68 ms; a menu's press allocates
        6 to 8 KB, much of it freed at once: gc.mem_alloc does not see it coming). A screen
        put up behind the busy mark starts the count again (its collect, _settle)."""
        self._answers += 1
        if self._answers >= TIDY_PRESSES:
            self._answers = 0
            gc.collect()

    def _sleep(self, start, frame_ms):
        """Sleep to the end of the frame begun at `start`, or to a held button's next event."""
        now = self.clock.ticks_ms()
        left = frame_ms - self.clock.ticks_diff(now, start)
        if left > 0 and self._soon is None:
            due = self.board.buttons.due_in(now)
            if due < left:
                left = due
            self._rest(left)

    def _rest(self, ms):
        """Sleep ms, or less when a button is pressed meanwhile (the next frame answers it)."""
        clock = self.clock
        wake = self.wake_ms
        if wake <= 0:
            clock.sleep_ms(ms)
            return
        if self.link is not None:
            self._link_rest(ms)
            return
        buttons = self.board.buttons  # (a method called, not held: a bound one is allocated)
        while ms > 0 and not buttons.pressed_since_poll():
            n = wake if ms > wake else ms
            clock.sleep_ms(n)
            ms -= n

    def _link_rest(self, ms):
        """A link game's rest: its bus ticked every LINK_TICK_MS (link.bus.rest), in sleeps
        that keep the clocks running (clock.awake_ms: a battery's light sleep would stop the
        UART and lose the line's bytes); over at a press, or once the line brought
        something for the game (the link side's rest: the frame loop imports no link code)."""
        clock = self.clock
        self.link.rest(getattr(clock, "awake_ms", clock.sleep_ms), ms,
                       self.board.buttons.pressed_since_poll, LINK_TICK_MS)

    def linked(self):
        """Whether a link game's side is up (the power policy keeps the console awake)."""
        return self.link is not None

    def run(self, frames=None):
        """Run frames until quit() (or `frames` of them). A screen that raises is replaced by
        an error screen, so one bug never leaves the device in a traceback loop."""
        n = 0
        while self.running and (frames is None or n < frames):
            try:
                self.step()
            except KeyboardInterrupt:
                raise
            except Exception as e:  # noqa: BLE001 - the device must keep going
                self.fail(e)
            n += 1

    def fail(self, e):
        """Show an error screen for exception e (and print it on the console)."""
        if hasattr(sys, "print_exception"):
            sys.print_exception(e)
        else:
            print(repr(e))
        self.home()
        if self.error_screen is not None:
            try:  # (its code is loaded now: with the heap short, once more after a collect)
                self.push(self.error_screen(self, e))
            except MemoryError:
                gc.collect()
                try:
                    self.push(self.error_screen(self, e))
                except MemoryError:
                    print("the error screen could not be shown: out of memory")
        # A screen that fails on every frame must not spin the CPU (nor flood the console):
        # wait one frame, as step() would have.
        self.clock.sleep_ms(self.frame_ms)

    def start(self, first):
        """Begin with screen `first` alone on the stack (ui.boot gives the title)."""
        self.stack = []
        self.push(first)
