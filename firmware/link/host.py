"""The host's side of a link game: who is linked (their names), which seat each linked
console plays, the choices they send (checked by the engine before they are played), and
after every action each console's share of it: the public events and its own seat's view
only (link.view). A seat played on a console is a lama.seats LINKED seat whose detail is
the console's id on the bus, which gives the same console its id again when it comes back
(link.bus: by its uid, or the id it asks for after the host's restart)."""

from lama.seats import BOT, LINKED, PERSON, detail, kind, linked
from link import msg
from link.bus import WINDOW, rest, ticks_diff
from link.view import events_for, own_fields, public_fields, state_fields

CLOSE_FRAMES = 80  # frames a closed host still serves the line (its last words out)
OUT_MS = 60  # at most this long spent putting an action's frames on the line before a save
OUT_STEP_MS = 2  # ... ticking the bus this often meanwhile
SAVE_WAIT_MS = 2000  # a save put off while a linked console's person is to act: this long at most
SAVE_HOLD_MS = 8000  # ... and, with such persons' moves in a row, this long since the first


def unsent(bus):
    """Frames a host bus (link.host_bus.HostBus) queued for its linked consoles and has not put
    on the line yet (those of each console's window); 0 for a bus that does not say."""
    txq = getattr(bus, "txq", None)
    if txq is None:
        return 0
    n = 0
    for c in bus.members():
        k = len(txq[c])
        n += (k if k < WINDOW else WINDOW) - bus.tx_sent[c]
    return n


class LinkHost:
    """Runs the link for a table over `bus` (link.host_bus.HostBus: tick, send, recv, events)."""

    def __init__(self, bus):
        self.bus = bus
        self.names = {}  # console id -> the name it said (HELLO): the consoles linked
        self.session = None  # the game in play (ui.games.session.Session), once started
        self.taken = {}  # seat -> the action its console sent, not yet played
        self.gone = []  # seats whose console went and nobody was told yet (take_gone)
        self.back = []  # seats whose console came back (take_back)
        self.had = {}  # seat -> the console that played it when the game began
        self.sent = 0  # messages sent (figures)
        self.closing = 0  # frames left to deliver what is queued once closed (close)
        self.closed = False  # nothing more to do: the app lets it go
        # {console id: uid} of the seats' consoles, and keep(that), told when it grows (the
        # host's game saves it: ui.model.link_ids; after a restart, HostBus(known))
        self.ids = {}
        self.keep = None
        self.put_off = None  # when a save was put off (may_save) since the last action, else None
        self.held = None  # when it was first put off since the last save, else None

    # -- who is linked -------------------------------------------------------------------

    def consoles(self):
        """[(console id, name)] of the linked consoles that said their name, by id."""
        return [(cid, self.names[cid]) for cid in sorted(self.names)]

    def console_of(self, seat):
        """The console id of a LINKED seat, or None (another kind of seat)."""
        got = self.session.seats[seat]
        return detail(got) if kind(got) == LINKED else None

    def seat_of(self, cid):
        """The seat console `cid` plays in the game, or -1."""
        ses = self.session
        if ses is not None:
            for i in range(len(ses.seats)):
                if self.console_of(i) == cid:
                    return i
        return -1

    def present(self, seat):
        """Whether the console of a linked seat is on the line now (and said its name)."""
        return self.console_of(seat) in self.names

    # -- the line ------------------------------------------------------------------------

    def send(self, cid, kind, value=None, payload=None):
        """Message `kind` carrying `value` to console `cid` (`payload`: already encoded)."""
        self.bus.send(cid, payload if payload is not None else msg.encode(kind, value))
        self.sent += 1

    def rest(self, sleep_ms, ms, stop, step):
        """The frame's rest with the bus ticked through it (link.bus.rest; ui.loop.app)."""
        rest(self.bus, sleep_ms, ms, stop, step)

    def tick(self):
        """The line served between a frame's drawing and its panel's transfer (App._draw):
        the host's panel took 20-25 ms of I2C after 13 ms of drawing, the line silent, the
        consoles' answers and a console's choice waiting."""
        self.bus.tick()

    def pump(self):
        """A frame's work: the line's traffic, who came and went, what they sent."""
        bus = self.bus
        self.saved()  # (whatever the last frame's save did, the bus polls again)
        bus.tick()
        if self.closing:  # left: only what is queued (the game's end) still goes out
            self.closing -= 1
            pending = getattr(bus, "pending", None)
            if not self.closing or pending is None or not any(pending(c) for c in self.names):
                self.closed = True
            return
        for ev in bus.events():
            if ev[0] == "lost":
                seat = self.seat_of(ev[1])
                self.names.pop(ev[1], None)
                if seat >= 0 and seat not in self.gone:
                    self.gone.append(seat)
                    self.poll_first()  # (not its console: it is gone)
                self.roster()
        while True:
            got = bus.recv()
            if got is None:
                return
            cid, payload = got
            m = msg.decode(payload)
            if m is not None:
                self.heard(cid, m[0], m[1])

    def heard(self, cid, kind, value):
        if kind == msg.HELLO and isinstance(value, str) and value:
            self.names[cid] = value[:3]
            seat = self.seat_of(cid)
            if seat < 0:
                seat = self.reclaim(cid)
            if seat >= 0:  # the same console back: its seat, and its view of the game
                self.note_ids()
                self.start_for(cid, seat)
                if seat in self.gone:
                    self.gone.remove(seat)
                self.back.append(seat)
                self.poll_first()
            self.roster()
        elif kind == msg.ACT and isinstance(value, list) and value:
            seat = self.seat_of(cid)
            if seat >= 0:
                self.taken[seat] = msg.as_tuple(value)

    def reclaim(self, cid):
        """Console `cid` back after a computer player took its seat (its page's offer while
        it was gone): its person takes the seat again (else it would wait with no game
        till the end). The seat, or -1."""
        ses = self.session
        for seat, c in self.had.items():
            if c == cid and ses is not None and kind(ses.seats[seat]) == BOT:
                ses.seats[seat] = linked(ses.seats[seat][0], cid)
                ses.unsaved = True  # (the seats are saved with the game)
                return seat
        return -1

    def roster(self):
        """Every linked console hears who is linked (their join screens list them)."""
        names = [c[1] for c in self.consoles()]
        for c in self.consoles():
            if self.seat_of(c[0]) < 0:
                self.send(c[0], msg.ROSTER, names)

    # -- the game ------------------------------------------------------------------------

    def linked_seats(self):
        """[(seat, console id)] of the seats played on consoles that are on the line (asked
        at every action: one pass, no call a seat)."""
        out = []
        names = self.names
        i = 0
        for s in self.session.seats:
            if kind(s) == LINKED and detail(s) in names:
                out.append((i, detail(s)))
            i += 1
        return out

    def start(self, session):
        """The game `session` begins (or begins again: a rematch, a resumed save): every
        linked console gets its seat and its view."""
        self.session = session
        session.link = self
        self.taken = {}
        self.gone = []
        self.had = {}
        for i in range(len(session.seats)):
            if kind(session.seats[i]) == LINKED:
                self.had[i] = detail(session.seats[i])
        for seat, cid in self.linked_seats():
            self.start_for(cid, seat)
        self.note_ids()
        self.poll_first()

    def note_ids(self):
        """The uids of the seats' consoles on the line, kept (keep) when one is new."""
        uid_of = getattr(self.bus, "uid_of", None)
        if uid_of is None:
            return
        new = False
        for _seat, cid in self.linked_seats():
            uid = uid_of(cid)
            if uid is not None and self.ids.get(cid) != uid:
                self.ids[cid] = uid
                new = True
        if new and self.keep is not None:
            self.keep(self.ids)

    def resumed(self):
        """A saved game resumed: each linked seat whose console is not back yet is gone
        until it is (its page offers to wait for it, or a computer player)."""
        ses = self.session
        for i in range(len(ses.seats)):
            if self.console_of(i) is not None and not self.present(i):
                self.gone.append(i)

    def start_for(self, cid, seat):
        ses = self.session
        # each seat's kind: 0 a computer player, 1 a linked console's person, 2 the host's
        kinds = [1 if kind(s) == LINKED else 2 if kind(s) == PERSON else 0 for s in ses.seats]
        self.send(cid, msg.START, [ses.game.info.id, seat, [s[0] for s in ses.seats], kinds])
        self.send(cid, msg.STATE, state_fields(ses.state, seat))

    def acted(self, seat, events):
        """Session.act applied seat `seat`'s action: each console its share of it. What is
        alike for several consoles is packed once: the events differ only for a seat that
        drew (its card's value); the view by its last field only (link.view.own_fields: a
        card game's own hand), the rest packed once for all (six emulated Picos: 28 ms of
        the host's press went to packing five consoles' shares, one by one)."""
        st = self.session.state
        linked = self.linked_seats()
        if linked:
            drew = [ev[1] for ev in events if ev[0] == "draw"]
            seats = [i for i, _ in linked]
            own = hasattr(st, "hands")
            views = msg.encode_each(msg.STATE, public_fields(st),
                                    own_fields(st, seats if own else seats[:1]))
            said = {}
            for j in range(len(linked)):
                i, cid = linked[j]
                k = i if i in drew else -1
                if k not in said:
                    said[k] = msg.encode(msg.EVENTS, [seat, events_for(events, i)])
                self.send(cid, msg.EVENTS, payload=said[k])
                self.send(cid, msg.STATE, payload=views[j if own else 0])
        self.poll_first()
        self.put_off = None  # (a save put off: the next person's SAVE_WAIT_MS from now)
        # on the line now if it is free, not once the host's own frame is drawn (20-40 ms
        # on the Pico: its panel's transfer alone is 23 ms)
        self.bus.tick()

    def poll_first(self):
        """The bus polls the console whose person is to act every other poll (its choice
        waits behind no more than one other console's poll), none else."""
        ses = self.session
        cid = self.console_of(ses.state.turn) if ses.link_wait() else None
        self.bus.first = cid if cid is not None and cid in self.names else 0

    def out_now(self, sleep_ms):
        """Before the host saves (a flash erase stops its CPU and its UART's interrupts
        for tens of ms: nothing goes out then, and what comes in past the UART's 32-byte
        FIFO is lost): the frames the last action queued put on the line now and the poll
        after them answered, the bus ticked every OUT_STEP_MS for at most OUT_MS; then no
        new poll until saved() (the line quiet through the save), the UART's transmit
        buffer let drain."""
        bus = self.bus
        held = hasattr(bus, "hold")
        if held:
            bus.hold = True  # (no new poll: its frames go out, then the line stays quiet)
        bus.tick()
        waited = 0
        while (unsent(bus) > 0 or (held and bus.waiting >= 0)) and waited < OUT_MS:
            sleep_ms(OUT_STEP_MS)
            waited += OUT_STEP_MS
            bus.tick()
        flush = getattr(bus.line, "flush", None) if hasattr(bus, "line") else None
        if flush is not None:
            flush()

    def may_save(self, now):
        """Whether the host saves now (ui.games.base.GameScreen.after_frame; `now` ticks_ms):
        not while the person of a linked console on the line is to act, for at most
        SAVE_WAIT_MS since the last action (SAVE_HOLD_MS since the first put off). A save
        stops the host's CPU and so the line for ~200 ms (two files, flash erases): that
        person's move, made meanwhile, waited for it (the p95 of `make bench BENCH=link`);
        put off, it is saved with that move, once its frames are out (out_now). (The wait
        was once counted from the first put off alone: with consoles' persons playing in a
        row, a save fell every 2 s whatever they did, and one press in ten waited behind
        it, 70-150 ms, on six emulated Picos.)"""
        ses = self.session
        if ses is None or not ses.link_wait() or not self.present(ses.state.turn):
            self.put_off = self.held = None
            return True
        if self.put_off is None:
            self.put_off = now
        if self.held is None:
            self.held = now
        if (ticks_diff(now, self.put_off) >= SAVE_WAIT_MS
                or ticks_diff(now, self.held) >= SAVE_HOLD_MS):
            self.put_off = self.held = None
            return True
        return False

    def saved(self):
        """The host's save is over: the bus polls again."""
        if hasattr(self.bus, "hold"):
            self.bus.hold = False

    def take(self, seat):
        """The action the console of `seat` chose, once the engine allows it; a refused one
        is answered with the rule id (REFUSED) and forgotten; None while none came."""
        a = self.taken.pop(seat, None)
        if a is None:
            return None
        ses = self.session
        if a in ses.legal():
            return a
        rule = "?"
        try:
            ses.mod.apply(ses.state, a, None)  # (refused: RuleError, the state untouched)
        except Exception as e:  # noqa: BLE001 - a console's garbage is refused, not a crash
            rule = getattr(e, "rule", "?")
        if self.present(seat):
            self.send(self.console_of(seat), msg.REFUSED, rule)
        return None

    def take_gone(self):
        """A seat whose console went since the last call, or -1."""
        return self.gone.pop(0) if self.gone else -1

    def take_back(self):
        return self.back.pop(0) if self.back else -1

    def close(self):
        """The host left the link game (the menu): the line is served a few more frames,
        until what is queued is out (at most CLOSE_FRAMES), then the app lets it go."""
        self.closing = CLOSE_FRAMES

    def end(self):
        """The host ended the game: every console hears it."""
        for _seat, cid in self.linked_seats():
            self.send(cid, msg.END)
