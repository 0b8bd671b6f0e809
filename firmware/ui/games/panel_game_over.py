"""The game-over page: the ranking, the person's place, a new high score, then rematch or the menu."""

from hal.buttons import A, LEFT, PRESS, RIGHT
from ui.draw import gfx
from ui.games.panel import Panel
from ui.games.pieces import BAR_Y, button_bar
from ui.text import lang


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
        if b == LEFT or b == RIGHT:  # Rematch on the left, Menu on the right: no wrapping
            self.choice = 0 if b == LEFT else 1  # (RIGHT from Menu went round to Rematch)
        elif b == A:
            if self.choice == 0:
                self.screen.rematch()
            else:
                self.screen.to_menu()
            return True
        else:
            self.screen.note(lang.s.G_NOTE_CHOOSE)
        return False

    def note_y(self):
        """A note goes over the title: Rematch and Menu stay in sight (issue 50)."""
        return 0
