"""The in-game panels: full-screen pages a game screen shows over its table (round end,
the table, the move log, the menu with save-and-leave and abandon, the hint, the
pass-the-device curtain, game over with rematch); each says what follows it in `done()`."""

from hal.buttons import A, B, DOWN, LEFT, PRESS, REPEAT, RIGHT, UP
from ui.draw import gfx
from ui.text import lang
from ui.games.hint import action_words, think_hint
from ui.games.pieces import BAR_Y, button_bar, cards_text

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


class Panel:
    """A page the game screen shows over its table; `handle` returns True when it is done."""

    def __init__(self, screen):
        self.screen = screen

    def handle(self, ev):
        return False

    def tick(self):
        """Called each frame while the page is on top: True when it needs drawing again."""
        return False

    def done(self):
        """The page was left (`handle` returned True): what follows it."""

    def long_b(self):
        """A long press of B over the page: the in-game menu."""
        self.screen.push_panel(MenuPanel(self.screen))

    def a_goes_on(self, ev):
        """A handle for pages that only A leaves: another key says to press A."""
        if ev[0] == PRESS and ev[1] == A:
            return True
        if ev[0] == PRESS:
            self.screen.note(lang.s.G_NOTE_A)
        return False

    def draw(self, fb):
        pass

    def note_y(self):
        """Where a note (why a key did nothing) goes over the page: its bottom rows."""
        return BAR_Y


# the round-end page's columns: the cards from _END_CARDS_X, the round's points, the token
# given back and the total right-aligned at _END_ROUND_X, _END_BACK_X and the right edge
_END_CARDS_X = const(21)
_END_ROUND_X = const(81)
_END_BACK_X = const(101)


class RoundEndPanel(Panel):
    """End of round, under column heads: each player's cards, points, the token value
    returned (S2, S4), new total; the reason in words. A goes on (next round, game over)."""

    def draw(self, fb):
        T = lang.s
        scr = self.screen
        ses = scr.session
        ev = ses.last_round
        n = ses.n()
        why = reason_words(T, ses.game.ui, ev).replace("%n", ses.name(ses.state.turn))
        gfx.mid(fb, gfx.fit(T.G_ROUND_SHORT + str(ev[1]) + ": " + why, gfx.MID_COLS), 0, 0)
        fb.hline(0, 7, 128, 1)
        heads = T.G_END_HEADS
        gfx.mid(fb, heads[0], _END_CARDS_X, 8)
        gfx.mid_right(fb, heads[1], _END_ROUND_X, 8)
        gfx.mid_right(fb, heads[2], _END_BACK_X, 8)
        gfx.mid_right(fb, heads[3], 127, 8)
        for i in range(n):
            y = 16 + 8 * i
            gfx.mid(fb, ses.name(i), 0, y)
            gfx.mid(fb, cards_text(ses.cards_of(i), 7), _END_CARDS_X, y)
            gfx.mid_right(fb, "+" + str(ev[3][i]), _END_ROUND_X, y)
            if ev[4][i]:
                gfx.mid_right(fb, "-" + str(ev[4][i]), _END_BACK_X, y)
            gfx.mid_right(fb, str(ev[5][i]), 127, y)
        keys = T.G_K_NEXT if ses.result is None else T.G_K_RESULT
        if n < 6:
            gfx.mid_right(fb, keys, 127, 56)
        else:  # six rows fill the page: the A key's cap in the heads' empty corner
            key_cap(fb, "A", 0, 8)

    handle = Panel.a_goes_on

    def note_y(self):
        return six_rows_note_y(self)

    def done(self):
        self.screen.round_read()


def key_cap(fb, key, x, y):
    """A button's letter on a small inverted square (x..x+8, y..y+7): the key that goes on,
    where a footer has no room."""
    fb.fill_rect(x, y, 9, 8, 1)
    gfx.mid(fb, key, x + 2, y, 0)


_TABLE_KIND_X = const(27)  # the table page's column of kinds (person, or a computer player's level)


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
            gfx.mid(fb, ses.name(i), 0, y)
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


def six_rows_note_y(panel):
    """A page of a row a seat (round end, table): a note goes over its title once six rows
    fill the bottom."""
    return BAR_Y if panel.screen.session.n() < 6 else 0


def kind_word(T, bot):
    """A seat's kind in words: a person, or the computer player's level (its bot name,
    in the language's word when the table has one)."""
    if bot is None:
        return T.G_PERSON
    return T.G_BOT_WORDS.get(bot, bot)


class LogPanel(Panel):
    """The round's moves in words (the last LOG_MAX), the latest at the bottom; UP/DOWN
    scroll, A or B goes back."""

    ROWS = 5

    def __init__(self, screen, first=None):
        """`first`: the log line to show at the top (as far as the page fills), else the
        last lines."""
        Panel.__init__(self, screen)
        last = max(0, len(screen.log) - self.ROWS)
        self.top = last if first is None else min(first, last)

    def draw(self, fb):
        T = lang.s
        log = self.screen.log
        gfx.header(fb, T.G_LOG + " " + self.screen.session.round_label(T))
        if not log:
            gfx.mid(fb, T.G_LOG_NONE, 0, 12)
        for k in range(min(self.ROWS, len(log) - self.top)):
            gfx.mid(fb, log[self.top + k], 0, 10 + 8 * k)
        gfx.scroll_marks(fb, self.top, len(log), self.ROWS)
        gfx.footer(fb, T.G_K_LOG)

    def handle(self, ev):
        kind, b = ev
        if b == UP or b == DOWN:
            last = max(0, len(self.screen.log) - self.ROWS)
            self.top = min(last, max(0, self.top + (1 if b == DOWN else -1)))
            return False
        return kind == PRESS and (b == A or b == B)


# the game menu's entries, in order
_I_RESUME = const(0)
_I_TABLE = const(1)
_I_HINT = const(2)
_I_LOG = const(3)
_I_RULES = const(4)
_I_CONTROLS = const(5)
_I_SAVE = const(6)  # then abandon (asks)
_I_COUNT = const(8)


class MenuPanel(Panel):
    """The in-game menu (long press of B): resume, the table, hint, move log, rules,
    the controls card, save and leave (the game is offered again at start-up), abandon (asks)."""

    def __init__(self, screen):
        Panel.__init__(self, screen)
        self.cursor = 0
        self.confirm = False

    def long_b(self):
        pass  # the menu is up already

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
            self.cursor = (self.cursor + (1 if b == DOWN else -1)) % _I_COUNT
        elif kind == PRESS and b == B:
            return True
        elif kind == PRESS and b == A:
            c = self.cursor
            if c == _I_RESUME:
                return True
            if c == _I_TABLE:
                scr.replace_panel(TablePanel(scr))
            elif c == _I_HINT:
                scr.replace_panel(HintPanel(scr))
            elif c == _I_LOG:
                scr.replace_panel(LogPanel(scr))
            elif c == _I_RULES:
                scr.app.pages(scr.app, "rules", scr.session.game.ui)
            elif c == _I_CONTROLS:
                scr.app.pages(scr.app, "controls", None)
            elif c == _I_SAVE:
                scr.to_menu()  # the save stays: "Continue the game?" offers it again
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
        self.lines = None  # its move and its reason, in words, once thought (for table)
        self.table = None
        self.tick()

    def tick(self):
        """Think on (up to THINK_MS of the frame); True once the hint is ready (its words
        then made: thought while B is held, it shows at the release at once)."""
        if self.h is None:
            self.h = self.screen.think_for(self.steps.__next__)
            if self.h is not None:
                self.worded()
            return self.h is not None
        return False

    def worded(self):
        """The hint's lines in the current language: the move, then up to four of its
        reason (None while it is thought; () when there is nobody to hint)."""
        T = lang.s
        if self.table is T or self.h is None:
            return self.lines
        self.table = T
        h = self.h
        if h is False:
            self.lines = ()
            return self.lines
        act = action_words(T, self.screen.session, h[0])
        line = T.G_HINT_EXPERT + " " + act
        if len(line) > gfx.MID_COLS:  # the whole move, without "Expert:", rather than cut
            line = act
        words = T.G_WHY[h[1]].replace("%s", "" if h[2] == 1 else "s")
        words = words.replace("%u", "" if h[3] == 1 else "s")
        words = words.replace("%a", str(h[2])).replace("%b", str(h[3]))
        self.lines = [gfx.fit(line, gfx.MID_COLS)] + gfx.wrap(words, gfx.MID_COLS)[:4]
        return self.lines

    def draw(self, fb):
        T = lang.s
        gfx.header(fb, T.G_HINT)
        lines = self.worded()
        if lines is None:
            gfx.mid(fb, T.G_HINT_THINKING, 0, 16)
        elif not lines:
            gfx.text(fb, T.G_HINT_NONE, 0, 16)
        else:
            gfx.mid(fb, lines[0], 0, 11)
            fb.hline(0, 20, 128, 1)
            for i in range(1, len(lines)):
                gfx.mid(fb, lines[i], 0, 15 + 8 * i)
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
        name = self.screen.session.name(self.seat)
        gfx.big(fb, name, (128 - 16 * len(name)) // 2, 22, 2)
        gfx.center(fb, T.G_PASS_2, 44)
        gfx.footer(fb, T.G_K_READY)

    handle = Panel.a_goes_on

    def done(self):
        self.screen.shown_seat = self.seat

    def long_b(self):
        self.screen.note(lang.s.G_NOTE_A)  # no menu (nor hint) before the hand's owner has it


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
        people = [i for i in range(len(scores)) if ses.bot(i) is None]
        if len(people) == 1:
            k = self.place(people[0])
            line = T.G_YOU_PLACED.replace("%p", place_word(T, k))
            line = line.replace("%n", str(len(scores)))
        else:
            win = ses.result[2]
            line = ses.name(win[0]) + " " + T.G_WINS if len(win) == 1 else T.G_SHARE
        gfx.mid_center(fb, gfx.fit(line, gfx.MID_COLS), 11)
        order = self.order
        for k in range(len(order)):  # two a line, in reading order: 1st 2nd / 3rd 4th ...
            i = order[k]
            x = 66 * (k % 2)
            y = 21 + 8 * (k // 2)
            c = 1
            if len(people) == 1 and i == people[0]:  # the person's own line
                fb.fill_rect(x, y - 1, 62, 8, 1)
                c = 0
            gfx.mid(fb, str(self.place(i) + 1) + "." + ses.name(i), x + 1, y, c)
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
                self.screen.to_menu()
            return True
        else:
            self.screen.note(lang.s.G_NOTE_CHOOSE)
        return False
