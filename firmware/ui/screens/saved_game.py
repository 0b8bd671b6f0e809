"""The question before a new game of a kind that has a saved game: "Continue it" (chosen
first) or "Start over", with what is saved (round, names and scores)."""

from ui.draw import gfx
from ui.model import games
from ui.screens.menu import ListScreen
from ui.text import lang


def summary_lines(summary, width=gfx.MID_COLS):
    """A saved game's summary (Saves.summary) as lines of the readable font: the round,
    then the names and scores ("ANA 12  BOB 20 ...")."""
    _, round_no, seats = summary
    lines = [lang.s.CONTINUE_ROUND + " " + str(round_no)]
    line = ""
    for name, points in seats:
        cell = name[:3] + " " + str(points)
        if line and len(line) + 2 + len(cell) > width:
            lines.append(line)
            line = cell
        else:
            line = line + "  " + cell if line else cell
    if line:
        lines.append(line)
    return lines


class SavedGameQuestion(ListScreen):
    """A game of kind `game` is saved: "Continue it" goes on with it, "Start over" opens
    the new game's setup (its first save replaces the saved game); B goes back."""

    def __init__(self, app, game):
        ListScreen.__init__(self, app)
        self.game = game

    def store(self):
        return getattr(self.app, "game_store", None)

    def title(self):
        return lang.s.SAVED_Q

    def count(self):
        return 2

    def row(self, i):
        return (lang.s.SAVED_CONTINUE if i == 0 else lang.s.SAVED_OVER, None)

    def draw(self, fb):
        ListScreen.draw(self, fb)
        store = self.store()
        got = store.summary(self.game) if store is not None else None
        lines = [games.title(self.game)]
        if got is not None:
            lines.extend(summary_lines(got))
        for i in range(min(len(lines), 3)):
            gfx.mid(fb, lines[i], 4, gfx.row_y(2) + 2 + 8 * i)

    def choose(self, i):
        app = self.app
        if i == 1:
            app.open("ui.screens.setup", "SetupScreen", self.game, replace=True)
            return
        store = self.store()
        got = None
        if store is not None:
            from ui.model.saves_menu import SavedGames

            got = SavedGames(store).load(self.game)
        app.pop()  # back to the menu, under the game
        if got is None:  # gone since (damaged, or could not be read): say so
            from ui.screens.notices import notices

            notices(app)
            return
        from lama.games import get
        from lama.seats import unplayable
        from ui.games.launch import resume

        state, seats = got[0], got[1]
        if unplayable(seats, get(self.game).bot_names):  # a newer firmware's seat: ask
            from ui.screens.seat_question import SeatQuestion

            app.push(SeatQuestion(app, self.game, seats, lambda s: resume(app, state, s),
                                  lambda: None))
            return
        resume(app, state, seats)
