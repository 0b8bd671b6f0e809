"""A link game's first screens: Host or Join; the host's lobby (who is linked, then a game
to set the table for: ui/screens/link_setup.py); a joining console's wait (who is linked,
until the host starts the game, which then takes the screen). The link's code and bus are
made here, only when a link game is chosen (app.link), and let go at the main menu."""

from hal.buttons import B, PRESS
from ui.draw import gfx
from ui.model import games
from ui.screens.menu import ListScreen
from ui.loop.screen import Screen
from ui.text import lang


class LinkMenu(ListScreen):
    """Host or Join."""

    def title(self):
        return lang.s.M_LINK

    def count(self):
        return 2

    def row(self, i):
        return (lang.s.LINK_HOST if i == 0 else lang.s.LINK_JOIN, None)

    def choose(self, i):
        from link.net import has_link

        app = self.app
        if not has_link(app.board):
            self.app.push(NoticeScreen(app, lang.s.LINK_NO_PORT))
        elif i == 0:
            from link.host import LinkHost
            from link.net import host_bus

            app.link = LinkHost(host_bus(app.board))
            app.push(HostScreen(app))
        else:
            from ui.screens.names import NameScreen

            def named(name):
                from link.console import LinkConsole
                from link.net import console_bus

                app.link = LinkConsole(console_bus(app.board), name)
                app.push(JoinScreen(app))

            app.push(NameScreen(app, lang.s.LINK_YOUR_NAME, lang.s.NAME_PERSON + "1", named))


class NoticeScreen(Screen):
    """One line to read; any key goes back."""

    def __init__(self, app, line):
        Screen.__init__(self, app)
        self.line = line

    def handle(self, ev):
        if ev[0] == PRESS:
            self.app.pop()

    def draw(self, fb):
        gfx.header(fb, lang.s.M_LINK)
        gfx.mid_center(fb, gfx.fit(self.line, gfx.MID_COLS), 28)
        gfx.footer(fb, lang.s.K_BACK)


class HostScreen(ListScreen):
    """The host's lobby: the games to set a table for, then the consoles linked (by name)."""

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.seen = None  # the names last drawn

    def title(self):
        return lang.s.LINK_LINKED + " " + str(len(self.app.link.consoles()))

    def count(self):
        return len(games.GAMES) + max(1, len(self.app.link.consoles()))

    def row(self, i):
        n = len(games.GAMES)
        if i < n:
            return (games.title(games.GAMES[i].id), None)
        got = self.app.link.consoles()
        if not got:
            return (lang.s.LINK_NONE, None)
        return (" " + got[i - n][1], lang.s.LINK_KIND)

    def choose(self, i):
        if i < len(games.GAMES):
            gid = games.GAMES[i].id
            self.app.open("ui.screens.link_setup", "LinkSetupScreen", gid,
                          names=("ui.screens.setup",))

    def tick(self, now_ms):
        link = self.app.link
        names = [c[1] for c in link.consoles()]
        if names != self.seen:
            self.seen = names
            self.dirty = True

    def resting(self):
        return False  # the line is served every frame

    def back(self):
        self.app.link = None  # (the bus goes with it)
        self.app.pop()


class JoinScreen(Screen):
    """A joining console: its state on the line, who is linked, until the host's game."""

    def __init__(self, app):
        Screen.__init__(self, app)
        self.seen = None

    def tick(self, now_ms):
        link = self.app.link
        seen = (link.state(), link.roster)
        if seen != self.seen:
            self.seen = seen
            self.dirty = True
        if link.started and link.fields is not None:
            start_console_game(self.app, link, replace=True)

    def resting(self):
        return False

    def handle(self, ev):
        if ev[0] == PRESS and ev[1] == B:
            self.app.link = None
            self.app.pop()

    def draw(self, fb):
        T = lang.s
        link = self.app.link
        gfx.header(fb, T.LINK_JOIN + ": " + link.name)
        state = link.state()
        if state == "linked":
            line = T.LINK_WAIT_HOST
        elif state == "host lost":
            line = T.LINK_HOST_LOST
        else:
            line = T.LINK_SEARCHING
        gfx.mid(fb, gfx.fit(line, gfx.MID_COLS), 0, 12)
        names = link.roster
        if names:
            gfx.mid(fb, T.LINK_LINKED + ":", 0, 22)
            for k in range(len(names)):  # three a line
                gfx.mid(fb, names[k], 6 + 40 * (k % 3), 31 + 9 * (k // 3))
        gfx.footer(fb, T.K_BACK)


def start_console_game(app, link, replace=False):
    """The game the host started (link.ready_start) on this console's screen."""
    from lama import games
    from ui.games.launch import load, screen_for
    from ui.games.remote import RemoteSession

    got = link.ready_start()
    if got is None:
        return False
    start, fields = got
    if games.get(start[0]) is None:
        return False
    ses = RemoteSession(load(start[0]), link, start, fields)
    screen = screen_for(app, ses)
    if replace:
        app.replace(screen)
    else:
        app.push(screen)
    return True
