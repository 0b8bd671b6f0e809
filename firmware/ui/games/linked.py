"""A link game on the game screens: on a console, the game as the host tells it
(RemoteSession: the same screens drawn from the view it receives, its person's choices
sent to the host); on the host, a frame's work for the link (a console gone: its page;
back: play on)."""

from lama.errors import RuleError
from lama.seats import bot, person
from link.view import rebuild
from ui.games.session import Session
from ui.text import lang

UPDATE = ("link",)  # RemoteSession.think's action: the host's next update, to be shown
REMOTE = "@"  # on a console, every other seat: played elsewhere (its moves come as updates)


class RemoteSession(Session):
    """The game on a console: `link` a link.console.LinkConsole, `start` its START (game id,
    own seat, names, kinds: 0 a computer, 1 a linked console's person, 2 a person at the
    host), `fields` the view the state is rebuilt from. Every
    other seat is played elsewhere (a "bot" here: its moves come as updates); nothing is
    saved here (the host saves)."""

    def __init__(self, game, link, start, fields):
        seat = start[1]
        names = start[2]
        seats = [person(str(names[i])) if i == seat else bot(str(names[i]), REMOTE)
                 for i in range(len(names))]
        st = rebuild(game.mod, fields)
        Session.__init__(self, game, seats, st.rules, st.first, None, None, None, st)
        self.link = link  # (not the host's: this session's act, think... are its own)
        self.console = link
        self.own = seat
        self.persons = start[3]  # each seat: 0 a computer player, else a person (host.start_for)
        self.awaiting = False  # the person's choice sent, the host's answer not in yet
        self.wants_deal = False  # the round-end page read: the next deal comes from the host

    def in_play(self):
        return self.wants_deal or Session.in_play(self)

    def is_person(self, seat):
        got = self.persons
        return seat == self.own or (0 <= seat < len(got) and bool(got[seat]))

    def person_to_act(self):
        return (Session.in_play(self) and not self.wants_deal and self.state.turn == self.own
                and not self.awaiting and not self.console.has_update())

    def link_wait(self):
        return self.in_play() and not self.person_to_act()

    def think(self):
        return UPDATE if self.console.has_update() else None

    def think_ahead(self):
        return False

    def actor(self, action):
        if action == UPDATE:
            seat = self.console.queue[0][0]
            return seat if isinstance(seat, int) and 0 <= seat < self.n() else self.state.turn
        return self.state.turn

    def act(self, action):
        """The host's next update shown (UPDATE), or the person's choice sent to the host
        (no events until its answer comes)."""
        if action != UPDATE:
            self.console.act(action)
            self.awaiting = True
            return []
        u = self.console.next_update()
        self.awaiting = False
        if u[0] == "refused":
            raise RuleError(u[1], "refused by the host")
        try:
            st = rebuild(self.mod, u[2])
        except Exception:  # noqa: BLE001 - a garbled view: the last good one stays
            return []
        if st.phase != self.mod.ROUND_OVER:
            self.wants_deal = False  # (the deal came)
        self.state = st
        events = u[1]
        for ev in events:
            if ev[0] == "round_end":
                self.last_round = ev
            elif ev[0] == "game_end":
                self.result = ev
        if not Session.in_play(self) and self.last_round is None:
            self.last_round = self.rebuilt_round_end()
        return events

    def next_round(self):
        """The round-end page is read: the next deal is the host's (it comes as an update)."""
        if self.state.phase == self.mod.ROUND_OVER:
            self.wants_deal = True
        return []

    def flush(self):
        self.unsaved = False

    def abandon(self, later=None):
        self.unsaved = False


def frame(screen):
    """A frame of a link game under game screen `screen`: the line's traffic; on the host,
    a console gone opens its page (wait, a computer player, end); on a console, a new game
    (the host's rematch, or the seat again after a relink) takes the screen's place, and
    the host's end of the game leaves for the menu."""
    ses = screen.session
    if getattr(ses, "console", None) is not None:
        link = ses.console
        if link.state() != "linked":  # the host gone (or this cable): said till it is back
            line = lang.s.LINK_HOST_LOST
            if screen.note_text != line:
                screen.note_text = line
                screen.dirty = True
            # (a note goes at its note_end, NOTE_MS at most: this one is renewed every frame
            # till the line is back, then it goes at the next frame)
            screen.note_end = screen.app.clock.ticks_add(screen.now(), 1)
        if link.started and link.fields is not None:
            screen.leaving = True  # (this screen's tick stops here: the new one plays on)
            screen.app.pages(screen.app, "linked", link)  # (ui.screens.link: its new game)
        elif link.ended:
            screen.to_menu()
        elif screen.choosing() and link.has_update() and not screen.panels:
            # the host's word at this person's choice (its START again after a relink, then
            # the answer to the choice sent before it): shown first, as at any other wait
            screen.begin_turn()
        return
    host = ses.link
    seat = host.take_gone()
    if seat >= 0 and ses.result is None:  # (after the game over, a console may go)
        from ui.games.panel_link_lost import LinkLostPanel

        screen.push_panel(LinkLostPanel(screen, seat))
    seat = host.take_back()
    if seat >= 0:  # the same console back: its page goes (the seat is its person's again)
        for p in screen.panels:
            if getattr(p, "seat", -1) == seat and type(p).__name__ == "LinkLostPanel":
                screen.panels.remove(p)
                screen.dirty = True
                break
