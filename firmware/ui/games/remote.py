"""A link game on a console: RemoteSession, the game as the host tells it (the same
screens drawn from the view it receives, its person's choices sent to the host); the
host never loads it (ui.games.linked is the frame's work of both)."""

import gc

from lama.errors import RuleError
from lama.seats import bot, person
from link.rebuild import carry_clues, rebuild
from ui.games.session import Session

UPDATE = ("link",)  # RemoteSession.think's action: the host's next update, to be shown
REMOTE = "@"  # on a console, every other seat: played elsewhere (its moves come as updates)
PRIME = 300  # short-lived lists RemoteSession.prime makes (two heap blocks each)


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
        link.primer = self.prime  # after its collects
        self.own = seat
        self.persons = start[3]  # each seat: 0 a computer player, else a person (host.start_for)
        self.awaiting = False  # the person's choice sent, the host's answer not in yet
        self.wants_deal = False  # the round-end page read: the next deal comes from the host

    def collect(self):
        """The collect after the picture that begins its person's turn (ui.games.base), the
        allocator primed: the person's press is the next picture."""
        gc.collect()
        self.prime()

    def prime(self):
        """Right after the console's collect in the work after a picture (LinkConsole.saved):
        the heap's first free blocks taken by short-lived garbage. A collection sends
        MicroPython's allocator back to the heap's start to look for free blocks, and on a
        crowded heap the allocations after it scan far: on five emulated Picos (official
        firmware) the first table a console drew after its collect took 20 to 50 ms, not
        15, the same calls 1.8 times slower. Made here, in idle time, that costs ~4 ms and
        the next picture is drawn at its usual speed (16 ms; 100 lists: 17-21 ms); the
        garbage (~10 KB) goes at the next collection. (Done after every collect of the
        frame loop, unlinked games too, 60 games in a row left the largest free block at
        the menu at 24-26 KB, under issue 28's 32 KB mark; but test_memory's session of
        games in a row moved as much with ui.games.base's size alone, priming or not, so
        which of the two did it is not known.)"""
        g = None
        for i in range(PRIME):
            g = [i]
        return g

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

    def bots_here(self):
        return False  # (the host thinks for its computer players)

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
        events = u[1]
        if hasattr(st, "clues") and u[0] is not None:  # (a view alone, a resync: none)
            carry_clues(self.state, st, events)  # what the table saw, for the hint's expert
        self.state = st
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

