"""The statistics screen: players, high scores and totals of each game; reset (confirmed).

Pages, changed with LEFT/RIGHT: for LAMA Dice then L.L.A.M.A., the players (name, games,
wins - a shared win counts a fraction -, best and average final score), the high scores
(the ten lowest winning scores of people, with initials and number of players), and
the totals (games, rounds, rounds emptied). UP/DOWN scroll a long page; A asks whether
to reset every statistic; B goes back. The statistics come from app.game_store
(ui/model/saves.py)."""

from hal.buttons import A, B, DOWN, LEFT, PRESS, REPEAT, RIGHT, UP
from lama import records
from ui.draw import gfx
from ui.text import lang
from ui.loop.screen import Screen

PLAYERS = 0
HIGH = 1
TOTALS = 2
KINDS = 3
ROW_H = 7  # small-font table rows
TABLE_Y = 18
TABLE_ROWS = 5
COL_X = (0, 40, 62, 88, 108)  # name, games, wins, best, average
HIGH_X = (0, 12, 44, 84)  # place, initials, score, players


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


def player_cells(p):
    """The table cells of a PlayerStats."""
    best = "-" if p.best == records.NO_SCORE else str(p.best)
    avg = tenths_text(p.average10()) if p.games else "-"
    return (p.name, str(p.games), wins_text(p.wins60), best, avg)


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
        if kind == PLAYERS:
            return len(gs.players)
        if kind == HIGH:
            return len(gs.high)
        return 0

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
        elif button == DOWN and self.top + TABLE_ROWS < self._rows():
            self.top += 1
            self.dirty = True
        elif kind == PRESS and button == A:
            self.app.push(ConfirmReset(self.app))
        elif kind == PRESS and button == B:
            self.app.pop()

    def draw(self, fb):
        s = lang.s
        game = self._game()
        gfx.header(fb, lang.game_title(game))
        kind = self._kind()
        title = (s.STATS_PLAYERS, s.STATS_HIGH, s.STATS_TOTALS)[kind]
        page = "%d/%d" % (self.page + 1, KINDS * len(records.GAMES))
        gfx.small(fb, title, 0, 10)
        gfx.small(fb, page, gfx.W - gfx.small_width(page), 10)
        gs = self.stats().game(game)
        if kind == TOTALS:
            self._draw_totals(fb, gs)
        elif kind == PLAYERS:
            self._draw_table(fb, s.STATS_COLS, COL_X, [player_cells(p) for p in gs.players])
        else:
            rows = []
            for i in range(len(gs.high)):
                points, ini, n = gs.high[i]
                rows.append((str(i + 1), ini, str(points), str(n)))
            self._draw_table(fb, s.STATS_HIGH_COLS, HIGH_X, rows)
        gfx.footer(fb, s.K_STATS)

    def _draw_totals(self, fb, gs):
        s = lang.s
        lines = (
            (s.STATS_GAMES, gs.games),
            (s.STATS_ROUNDS, gs.rounds),
            (s.STATS_EMPTIED, gs.emptied),
        )
        for i in range(len(lines)):
            y = TABLE_Y + 2 + 10 * i
            gfx.text(fb, lines[i][0], 0, y)
            gfx.right(fb, str(lines[i][1]), y)

    def _draw_table(self, fb, cols, xs, rows):
        if not rows:
            gfx.center(fb, lang.s.STATS_NONE, TABLE_Y + 12)
            return
        for j in range(len(cols)):
            gfx.small(fb, cols[j], xs[j], TABLE_Y - 1)
        fb.hline(0, TABLE_Y + 5, gfx.W, 1)
        for i in range(TABLE_ROWS):
            k = self.top + i
            if k >= len(rows):
                break
            y = TABLE_Y + 7 + ROW_H * i
            for j in range(len(cols)):
                gfx.small(fb, rows[k][j], xs[j], y)
        gfx.scroll_marks(fb, self.top, len(rows), TABLE_ROWS)


class ConfirmReset(Screen):
    """'Reset all statistics?' A resets (and says so, or why it could not), B keeps them."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.done = False
        self.error = []

    def handle(self, ev):
        if ev[0] != PRESS:
            return
        if self.done or ev[1] == B:
            self.app.pop()
        elif ev[1] == A:
            store = getattr(self.app, "game_store", None)
            if store is not None and not store.reset_stats():
                msg = store.take_message()
                self.error = gfx.wrap(msg, 32)[:2] if msg else []
            self.done = True
            self.dirty = True

    def draw(self, fb):
        s = lang.s
        gfx.header(fb, s.M_STATS)
        lines = gfx.wrap(s.RESET_DONE if self.done else s.RESET_Q)
        for i in range(len(lines)):
            gfx.center(fb, lines[i], gfx.line_y(1 + i))
        for i in range(len(self.error)):
            gfx.small(fb, self.error[i], 0, gfx.line_y(4) + 7 * i)
        gfx.footer(fb, s.K_BACK if self.done else s.K_YES_NO)
