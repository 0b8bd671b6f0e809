"""The statistics screen: players, best wins and totals of each game; reset (confirmed).

Pages, changed with LEFT/RIGHT: for each game of ui.model.games, the players' games and wins
(a shared win counts a fraction), their best and average final score, the best wins (the
ten lowest winning scores of people - computer players' wins are not kept -, with the
winner and the number of players), and the totals (games, rounds, rounds emptied). Each
page says what it counts in its 8x8 title; column heads are in the 5x7 font, the cells
8x8. UP/DOWN scroll a long table; A asks whether to reset every statistic; B goes back.
The statistics come from app.game_store (ui/model/saves.py)."""

from hal.buttons import A, B, DOWN, LEFT, PRESS, REPEAT, RIGHT, UP
from lama import records
from ui.draw import gfx
from ui.loop.screen import Screen
from ui.model import games
from ui.screens.menu import ListScreen
from ui.text import lang
from micropython import const

WINS = 0  # the page kinds of each game, in order (1: the best and average scores)
_HIGH = const(2)
_TOTALS = const(3)
KINDS = 4
_TITLE_Y = const(10)  # the page's title (8x8)
_HEAD_Y = const(18)  # the column heads (5x7), a rule under them
_TABLE_Y = const(28)  # the first table row (8x8)
_TABLE_ROWS = const(3)  # rows of 8 above the footer
_NAME_CHARS = const(5)
# the columns' right ends (a cell is drawn right-aligned there; the name is left-aligned)
PLAYER_ENDS = (0, 72, 128)  # name, games or best, wins or average
HIGH_ENDS = (16, 24, 80, 128)  # place, winner (left-aligned at 24), points, players


def wins_text(wins60):
    """Wins in 1/60ths as text: '3', '2.5', '1.33' (two decimals at most)."""
    whole = wins60 // records.WIN_UNIT
    rest = wins60 % records.WIN_UNIT
    if not rest:
        return str(whole)
    hundredths = (rest * 100 + records.WIN_UNIT // 2) // records.WIN_UNIT
    if hundredths >= 100:
        return str(whole + 1)
    frac = "%02d" % hundredths
    if frac[1] == "0":
        frac = frac[0]
    return str(whole) + "." + frac


def tenths_text(v10):
    return str(v10 // 10) + "." + str(v10 % 10)


def player_cells(p, kind):
    """The table cells of a PlayerStats: name, games, wins (WINS) or name, best, average."""
    if kind == WINS:
        return (p.name[:_NAME_CHARS], str(p.games), wins_text(p.wins60))
    best = "-" if p.best == records.NO_SCORE else str(p.best)
    avg = tenths_text(p.average10()) if p.games else "-"
    return (p.name[:_NAME_CHARS], best, avg)


def stats_of(app):
    store = getattr(app, "game_store", None)
    if store is None:
        return None
    return store.load_stats()


class StatsScreen(Screen):
    """Statistics pages of both games (see the module docstring)."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.page = 0
        self.top = 0

    def stats(self):
        st = stats_of(self.app)
        return st if st is not None else records.Stats()

    def _game(self):
        return records.GAMES[self.page // KINDS]

    def _kind(self):
        return self.page % KINDS

    def _rows(self):
        gs = self.stats().game(self._game())
        kind = self._kind()
        if kind == _HIGH:
            return len(gs.high)
        return 0 if kind == _TOTALS else len(gs.players)

    def handle(self, ev):
        kind, button = ev
        if kind != PRESS and kind != REPEAT:
            return
        if button == LEFT or button == RIGHT:
            n = KINDS * len(records.GAMES)
            self.page = (self.page + (1 if button == RIGHT else -1)) % n
            self.top = 0
            self.dirty = True
        elif button == UP and self.top > 0:
            self.top -= 1
            self.dirty = True
        elif button == DOWN and self.top + _TABLE_ROWS < self._rows():
            self.top += 1
            self.dirty = True
        elif kind == PRESS and button == A:
            self.app.push(ConfirmReset(self.app))
        elif kind == PRESS and button == B:
            self.app.pop()

    def draw(self, fb):
        s = lang.s
        game = self._game()
        gfx.header(fb, games.title(game))
        page = "%d/%d" % (self.page + 1, KINDS * len(records.GAMES))
        gfx.mid(fb, page, 0, 0)  # the header's left corner (its right one: the scroll marks)
        kind = self._kind()
        gfx.text(fb, s.STATS_TITLES[kind], 0, _TITLE_Y)
        gs = self.stats().game(game)
        if kind == _TOTALS:
            self._draw_totals(fb, gs)
        elif kind == _HIGH:
            rows = []
            for i in range(len(gs.high)):
                points, ini, n = gs.high[i]
                rows.append((str(i + 1), ini, str(points), str(n)))
            if rows:
                self._draw_table(fb, s.STATS_HIGH_COLS, HIGH_ENDS, rows)
            else:  # after games without a person's win too: say what is kept here
                none = s.STATS_NO_WINS if gs.games else s.STATS_NONE
                self._draw_lines(fb, gfx.wrap(none) + gfx.wrap(s.STATS_WINS_ONLY))
        elif gs.players:
            cols = s.STATS_WINS_COLS if kind == WINS else s.STATS_SCORES_COLS
            self._draw_table(fb, cols, PLAYER_ENDS, [player_cells(p, kind) for p in gs.players])
        else:
            self._draw_lines(fb, gfx.wrap(s.STATS_NONE))
        gfx.footer(fb, s.K_STATS)

    def _draw_lines(self, fb, lines):
        for i in range(min(len(lines), 4)):
            gfx.text(fb, lines[i], 0, _HEAD_Y + 1 + 8 * i)  # a pixel under the title

    def _draw_totals(self, fb, gs):
        s = lang.s
        lines = (
            (s.STATS_GAMES, gs.games),
            (s.STATS_ROUNDS, gs.rounds),
            (s.STATS_EMPTIED, gs.emptied),
        )
        for i in range(len(lines)):
            y = _HEAD_Y + 1 + 10 * i
            gfx.text(fb, lines[i][0], 0, y)
            gfx.right(fb, str(lines[i][1]), y)

    def _draw_table(self, fb, cols, ends, rows):
        """Column heads (5x7) and rows (8x8): column 0 right-aligned at ends[0] unless
        that is 0, column 1 of a 4-column table left-aligned at ends[1], the others
        right-aligned at their end."""
        n = len(cols)
        for j in range(n):
            w = gfx.mid_width(cols[j]) + 1  # as wide as 8x8 text, whose last column is blank
            gfx.mid(fb, cols[j], _x(ends, j, n, w), _HEAD_Y)
        fb.hline(0, _HEAD_Y + 8, gfx.W, 1)  # under the heads' descenders
        for i in range(_TABLE_ROWS):
            k = self.top + i
            if k >= len(rows):
                break
            y = _TABLE_Y + 8 * i
            for j in range(n):
                cell = rows[k][j]
                gfx.text(fb, cell, _x(ends, j, n, 8 * len(cell)), y)
        gfx.scroll_marks(fb, self.top, len(rows), _TABLE_ROWS)


def _x(ends, j, n, width):
    """Where a cell or head `width` wide of column j starts (see StatsScreen._draw_table)."""
    if (j == 0 and ends[0] == 0) or (j == 1 and n == 4):
        return ends[j]
    return ends[j] - width


class ConfirmReset(ListScreen):
    """"Reset statistics?" with "No, keep them" selected: A on it or B keeps them; A on
    "Yes, reset" resets (and says so, or why it could not), then any of A or B goes back."""

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.done = False
        self.error = []

    def title(self):
        return lang.s.RESET_Q

    def count(self):
        return 2

    def row(self, i):
        return (lang.s.RESET_NO if i == 0 else lang.s.RESET_YES, None)

    def choose(self, i):
        if i == 0:
            self.app.pop()
            return
        store = getattr(self.app, "game_store", None)
        from ui.model.saves_menu import reset_stats

        if store is not None and not reset_stats(store):
            msg = store.take_message()
            self.error = gfx.wrap(msg, gfx.MID_COLS)[:2] if msg else []
        self.done = True

    def handle(self, ev):
        if not self.done:
            ListScreen.handle(self, ev)
        elif ev[0] == PRESS and (ev[1] == A or ev[1] == B):
            self.app.pop()

    def draw(self, fb):
        if not self.done:
            ListScreen.draw(self, fb)
            return
        s = lang.s
        gfx.header(fb, s.M_STATS)
        lines = gfx.wrap(s.RESET_DONE)
        for i in range(len(lines)):
            gfx.center(fb, lines[i], gfx.line_y(1 + i))
        for i in range(len(self.error)):
            gfx.mid(fb, self.error[i], 0, gfx.line_y(3) + 8 * i)
        gfx.footer(fb, s.K_BACK)
