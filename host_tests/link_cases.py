"""The link game's scenarios (MicroPython side): linked consoles on one emulated line
(simulator.link_play), set up and played through their buttons; each prints one JSON line
for host_tests/test_link_game.py."""

import json

from emu.link_audit import message_leaks, wire_messages
from simulator.link_play import SLICE_MS, LinkTable

ROOT = "/tmp/link-cases"  # the consoles' data folders: test_link_game gives each case its own

MSG_START = 3
MSG_EVENTS = 4
MSG_STATE = 5


def leaks(table):
    """What no console may have got, from every message the host sent (and every frame on
    the wire): a STATE whose hand is not its own seat's (or not the host's hand of that
    seat then), an event that tells another seat's drawn card, the deal's event."""
    from link.rebuild import own_hand  # (a console's reader: not in a host's modules)

    bad = []
    seat_of = {}
    for cid, kind, value, hands in table.sent:
        if kind == MSG_START:
            seat_of[cid] = value[1]
        elif kind == MSG_STATE:
            g = own_hand(value)
            if g is not None:  # cards: the seat and its hand
                if g[0] != seat_of.get(cid):
                    bad.append(("seat", cid, g[0]))
                elif hands is not None and g[1] != hands[g[0]]:
                    bad.append(("hand", cid, g[0]))
        elif kind == MSG_EVENTS:
            for ev in value[1]:
                if ev[0] == "round":
                    bad.append(("deal", cid))
                if ev[0] == "draw" and ev[1] != seat_of.get(cid) and ev[2] != -1:
                    bad.append(("draw", cid, ev[1]))
    wire = wire_messages(table.line.wire)
    bad += message_leaks(wire)  # the same, read off the wire as a console's decoder reads it
    return bad, len(wire)


def whole_game(n, game, bots, seed=5, error=0.0, drop=0.0, burst=(0.0, 0)):
    """A linked game to game over; `error`/`drop`: each byte's chance, at each receiver, of
    a flipped bit / of being lost; `burst`: emu.line's bursts of noise."""
    t = LinkTable(n, ROOT, seed=seed, error=error, drop=drop)
    t.line.burst = tuple(burst)
    t.host_sets_table(game=game, bots=bots)
    t.play_to_end()
    bad, frames = leaks(t)
    buses = [nd.bus() for nd in t.nodes]
    print(json.dumps({"scores": t.final_scores(), "bad": bad, "frames": frames,
                      "sent": len(t.sent), "seats": len(t.host.top().session.seats),
                      "own": [nd.top().session.here(nd.top().session.own)
                              for nd in t.nodes[1:]],
                      "faults": t.line.faults, "bursts": t.line.bursts,
                      "resent": buses[0].resent,
                      "garbled": sum(b.dec.bad for b in buses)}))


def play_until(t, done, what, limit_ms=120000):
    """Every idle person at table `t` plays a step, a slice at a time, till `done()`;
    AssertionError `what` past `limit_ms` of the table's time."""
    end = t.t + limit_ms
    while not done():
        assert t.t < end, what
        for nd in t.nodes:
            if nd.idle():
                t.person_step(nd)
        t.run(SLICE_MS)


def fault_game(game, seed, fault, ready=None):
    """A three-seat linked game (the host's person, two consoles' persons, a computer
    player): `fault(table, seen)` runs once, after 60 messages (and once `ready(table)`);
    the game to its end; prints what `seen` holds, every console's scores and any leak."""
    t = LinkTable(3, ROOT, seed=seed)
    t.host_sets_table(game=game, bots=1)
    seen = {}

    def each(tb):
        if seen or len(tb.sent) < 60 or (ready is not None and not ready(tb)):
            return
        fault(tb, seen)

    t.play_to_end(each=each)
    bad, _ = leaks(t)
    print(json.dumps({"seen": seen, "scores": t.final_scores(), "bad": bad}))


def unplugged(game, seed=7, computer=False, back=False):
    """Console 1's cable pulled after a few moves: the host's page, its text; then the
    cable back (or a computer player takes the seat, and with `back` the cable goes back
    after all); the game to its end."""
    def fault(tb, seen):
        tb.unplug(1)
        tb.run(2500)
        d = tb.host.d
        scr = tb.host.top()
        seen["page"] = [type(p).__name__ for p in scr.panels]
        seen["text"] = d.says("console is gone")
        seen["name"] = d.says(scr.session.name(1) + "'s console is gone")
        seen["console_note"] = tb.nodes[1].top().note_text
        d.shot(ROOT + "/gone.png")
        if computer:
            tb.keys(tb.host, ["DOWN", "DOWN", "A"])  # the second level
            seen["bot"] = scr.session.bot(1)
            if back:
                tb.run(3000)
                tb.replug(1)
                tb.run(4000)
                seen["kind"] = scr.session.kind(1)
                seen["own"] = tb.nodes[1].top().session.own
            else:
                tb.nodes.pop(1)  # (its cable stays out: the game goes on without it)
        else:
            tb.replug(1)
            tb.run(4000)
            seen["after"] = [type(p).__name__ for p in tb.host.top().panels]

    fault_game(game, seed, fault)


def put_off(tb):
    """Whether the host holds an action it has not saved, its save put off because a
    linked console's person is to act (link.host.LinkHost.may_save)."""
    scr = tb.host.top()
    ses = getattr(scr, "session", None)
    link = tb.host.app.link
    return (ses is not None and link is not None and getattr(link, "put_off", None) is not None
            and bool(ses.unsaved or getattr(scr, "said", False)))


def same_turn(host, node):
    """Whether a console's game is at the host's round, turn and scores."""
    a, b = host.top().session.state, node.top().session.state
    return [a.round_no, a.turn, list(a.scores)] == [b.round_no, b.turn, list(b.scores)]


def host_power_cut(game, seed=7, when="frames"):
    """The host switched off mid-game and on again: "Continue linked game?", A; the
    consoles rejoin to their seats; the game to its end. `when`: after 60 messages, or
    "put_off": in the window where the host holds an action whose save it put off."""
    def fault(tb, seen):
        seen["put_off"] = put_off(tb)
        tb.power_cut_host()
        d = tb.host.d
        seen["boot"] = tb.host.top_name()
        seen["asks"] = d.says("Continue linked game?")
        seen["console_note"] = tb.nodes[1].top().note_text
        d.shot(ROOT + "/continue.png")
        tb.keys(tb.host, ["A"])
        tb.until(lambda: tb.in_game(tb.host))
        tb.run(4000)
        seen["linked"] = len(tb.host.app.link.consoles())
        seen["agree"] = [same_turn(tb.host, nd) for nd in tb.nodes[1:]]

    fault_game(game, seed, fault, put_off if when == "put_off" else None)


def host_unplugged(game, seed=7):
    """The host's own cable pulled mid-game: the host says each console is gone, each
    console that the host is lost; the cable back, every page closes by itself, both
    consoles are back at the host's turn, and the game goes on to its end."""
    def fault(tb, seen):
        tb.unplug(0)
        tb.run(3000)
        seen["pages"] = [type(p).__name__ for p in tb.host.top().panels]
        seen["notes"] = [nd.top().note_text for nd in tb.nodes[1:]]
        tb.replug(0)
        tb.run(5000)
        seen["after"] = [type(p).__name__ for p in tb.host.top().panels]
        seen["linked"] = len(tb.host.app.link.consoles())
        seen["agree"] = [same_turn(tb.host, nd) for nd in tb.nodes[1:]]
        seen["notes_after"] = [nd.top().note_text for nd in tb.nodes[1:]]

    fault_game(game, seed, fault)


def bystander(seed=3):
    """A console at its menu on the same line as a host and a joined console: it reads
    nothing from the line, and the host never counts it."""
    t = LinkTable(3, ROOT, seed=seed)
    host, joined, idle = t.nodes
    t.to_link_menu(host)
    t.keys(host, ["A"])
    t.until(lambda: host.top_name() == "HostScreen")
    t.keys(idle, ["A"])  # the title, then its main menu
    t.join(joined)
    t.run(4000)
    print(json.dumps({"linked": len(host.app.link.consoles()), "idle_read": idle.port.heard,
                      "idle_link": idle.app.link is None, "idle_top": idle.top_name(),
                      "heard": joined.port.heard > 0}))


def host_ends(seed=7):
    """Console 1 gone, the host's person ends the game on its page: the other console hears
    it and goes to its menu; the host's save is gone."""
    t = LinkTable(3, ROOT, seed=seed)
    t.host_sets_table(game=2, bots=1)
    for _ in range(40):
        for nd in t.nodes:
            if nd.idle():
                t.person_step(nd)
        t.run(25)
    t.unplug(1)
    t.until(lambda: any(type(p).__name__ == "LinkLostPanel" for p in
                        getattr(t.host.top(), "panels", ())), 10000)
    t.keys(t.host, ["UP", "A"])  # the last row: End the game
    t.run(3000)
    print(json.dumps({"host": t.host.top_name(), "console": t.nodes[2].top_name(),
                      "saved": t.host.app.game_store.summary(2) is not None}))


def press_delays(n, moves=12, seed=4):
    """A fine table (the boards interleave at their sleeps): from the press of each move a
    console's person makes to the last console drawing it (emulated ms)."""
    from simulator.link_latency import press_to_screens

    delays, t = press_to_screens(n, game=2, moves=moves, seed=seed)
    bad, _ = leaks(t)
    print(json.dumps({"delays": delays, "bad": bad}))


def both_restarted(game, seed=7, uids=True):
    """The host switched off mid-game, and both consoles switched off and on meanwhile
    (their ids on the line forgotten; `uids` False: each console's uid is link.net's, kept
    in its data folder): "Continue linked game?", A; the second console joins first, then
    the first; each gets its own seat back (its name, its hand); the game to its end."""
    t = LinkTable(3, ROOT, seed=seed, uids=uids)
    t.host_sets_table(game=game, bots=1)
    seen = {}

    def each(tb):
        if seen or len(tb.sent) < 60:
            return
        seen["seats"] = [nd.top().session.own for nd in tb.nodes[1:]]
        seen["uids"] = [str(nd.bus().uid) for nd in tb.nodes[1:]]
        tb.power_cut_host()
        for k in (1, 2):
            tb.restart(k)
        tb.keys(tb.host, ["A"])
        tb.until(lambda: tb.in_game(tb.host))
        for k in (2, 1):  # Link game, Join, its name: its game comes (the host's START)
            nd = tb.nodes[k]
            tb.to_link_menu(nd)
            tb.keys(nd, ["DOWN", "A"])
            tb.until(lambda nd=nd: nd.top_name() == "NameScreen")
            tb.keys(nd, ["UP"] * k + ["A", "A", "A"])
            tb.until(lambda nd=nd: tb.in_game(nd))
        tb.until(lambda: all(tb.in_game(nd) for nd in tb.nodes), 30000)
        tb.run(2000)
        seen["after"] = [nd.top().session.own for nd in tb.nodes[1:]]
        seen["uids_after"] = [str(nd.bus().uid) for nd in tb.nodes[1:]]
        seen["linked"] = len(tb.host.app.link.consoles())
        seen["agree"] = [same_turn(tb.host, nd) for nd in tb.nodes[1:]]

    t.play_to_end(each=each)
    bad, _ = leaks(t)
    print(json.dumps({"seen": seen, "scores": t.final_scores(), "bad": bad}))


def turn_words(seed=7):
    """While a linked console's person is to play, what the host and another console say
    on the game's line: whose turn it is (as for a person), not that a computer thinks; and
    the host's thinking slices meanwhile (none: it waits for the console's word)."""
    from ui.games.base import GameScreen

    t = LinkTable(3, ROOT, seed=seed)
    t.host_sets_table(game=2, bots=1)
    seen = {}
    spun = [0, 0]  # the host's frames while a linked person is to play; its thinking slices
    think_for = GameScreen.think_for

    def counted(scr, step):
        hs = scr.session
        if t.current is t.host and hs.in_play() and hs.kind(hs.state.turn) == 2:
            spun[1] += 1
        return think_for(scr, step)

    GameScreen.think_for = counted
    for _ in range(6000):
        if t.in_game(t.host) and hasattr(t.host.top(), "panels"):
            hs = t.host.top().session
            spun[0] += hs.in_play() and hs.kind(hs.state.turn) == 2
        if all(t.in_game(nd) and hasattr(nd.top(), "panels") for nd in t.nodes):
            hs = t.host.top().session
            turn = hs.state.turn
            for nd in t.nodes[:2]:
                scr = nd.top()
                if (nd.k not in seen and hs.kind(turn) == 2 and turn != getattr(
                        scr.session, "own", -1) and scr.thinking and not scr.panels):
                    name = hs.name(turn)
                    seen[nd.k] = [name, nd.d.says(name + "'S TURN"), nd.d.says("THINKS"),
                                  nd.d.says("SPEED UP")]
        if len(seen) == 2 and spun[0] >= 80:
            break
        for nd in t.nodes:
            if nd.idle() and not (nd.k == 2 and (t.t // 1000) % 3):  # console 2 takes its time
                t.person_step(nd)
        t.run(25)
    print(json.dumps({"seen": [seen.get(0), seen.get(1)], "spun": spun}))


def saves_and_lobby(n=3, actions=12, seed=5):
    """A fine table (the boards interleave at their sleeps): at each save of an action on
    the host, how many of the frames that action queued for the consoles were not on the
    line yet (a save's flash erase stops the Pico's CPU and UART for tens of ms), plus 100
    when a poll was still waiting for its answer (which the save would lose); and,
    once the game runs, the host's screens and whether its lobby's code is loaded."""
    from link.bus import WINDOW
    from link.host import LinkHost
    from ui.games.session import Session

    def queued(bus):
        k = 0
        for c in bus.members():
            q = len(bus.txq[c])
            k += (q if q < WINDOW else WINDOW) - bus.tx_sent[c]
        return k

    moved = []
    at_saves = []
    acted, flush = LinkHost.acted, Session.flush

    def spied_acted(host, seat, events):
        acted(host, seat, events)
        moved.append(host.bus)

    def spied_flush(ses):
        if moved and ses.unsaved:
            bus = moved[-1]
            at_saves.append(queued(bus) + (100 if bus.waiting >= 0 else 0))
            del moved[:]
        flush(ses)

    LinkHost.acted, Session.flush = spied_acted, spied_flush
    try:
        t = LinkTable(n, ROOT, seed=seed, fine=True)
        t.host_sets_table(game=2, bots=1)
        stack = [type(s).__name__ for s in t.host.app.stack]
        play_until(t, lambda: len(at_saves) >= actions or all(t.over(nd) for nd in t.nodes),
                   "the actions did not come")
    finally:
        LinkHost.acted, Session.flush = acted, flush
    print(json.dumps({"at_saves": at_saves, "stack": stack}))


def relinked_at_a_choice(game, seed=9):
    """The host's START for a console again (as when it takes the console back after a
    relink) while that console's person's choice is on its way: the START comes first (a
    new game screen at the person's choice), then the answer to the choice sent before it;
    the console must show it and play on (it sat at a choice no key could make), to game
    over."""
    t = LinkTable(2, ROOT, seed=seed)
    t.host_sets_table(game=game, bots=0)
    con = t.nodes[1]
    seen = {}

    def raced():
        scr = con.top()
        return (t.in_game(con) and hasattr(scr, "panels") and not scr.panels
                and scr.due is None and scr.session.person_to_act() and con.idle())

    end = t.t + 120000
    while not (len(t.sent) > 20 and raced()):  # (a few moves first)
        if t.t > end:
            raise RuntimeError("the console's person never came to a choice")
        for nd in t.nodes:
            if nd.idle():
                t.person_step(nd)
        t.run(25)
    hs = t.host.top().session
    seat = con.top().session.own
    t.unplug(1)  # the choice stays on the console, the START on the host, till the cable is back
    hs.link.start_for(hs.link.console_of(seat), seat)
    t.person_step(con)
    seen["awaiting"] = con.top().session.awaiting
    t.replug(1)
    t.run(3000)
    scr = con.top()
    seen["replaced"] = scr.session.awaiting is False
    seen["stuck"] = scr.mode == 1 and scr.session.console.has_update()  # (1: M_TURN)
    t.play_to_end(600000)
    print(json.dumps({"seen": seen, "scores": t.final_scores(), "bad": leaks(t)[0]}))


def host_memory(seed=3):
    """A link game's host alone on the line (no console joined: this interpreter holds the
    host's modules only), its table with two computer players, in play: which of the
    link's modules it holds; then a console's ids kept as at its first seat (the save at
    the frame's end), and whether the ids' code is held after it."""
    import sys

    t = LinkTable(1, ROOT, seed=seed)
    t.host_sets_table(game=2, bots=2)
    t.run(2000)
    host = t.host.app

    def held():
        return sorted(n for n in sys.modules if n.startswith(("link", "ui.games.", "ui.model.link",
                                                              "ui.screens.link")))

    in_game = held()
    linked = sys.modules.get("ui.games.linked")
    view = sys.modules.get("link.view")
    host.link.keep({1: b"12345678"})
    t.run(500)
    print(json.dumps({"in_game": in_game, "after_keep": held(),
                      "linked_has_session": hasattr(linked, "RemoteSession"),
                      "view_has_rebuild": hasattr(view, "rebuild")}))


def console_collects(n=3, updates=16, seed=5):
    """A fine table: each console's updates taken (LinkConsole.next_update), its person's
    choices sent (act) and the heap collections its frame asks for once an update's moves
    are shown (LinkConsole.saved, from GameScreen.after_frame) or once its person's turn
    begins ("turn collect", RemoteSession.collect), each followed by "prime" when the
    allocator was primed after it (RemoteSession.prime), in order, per console."""
    import link.console as lc

    LinkConsole = lc.LinkConsole
    log = {}
    who = [None]
    taken, act, saved, real = LinkConsole.next_update, LinkConsole.act, getattr(
        LinkConsole, "saved", None), lc.gc

    class Spy:
        def collect(self):
            log.setdefault(who[0], []).append("collect")
            real.collect()

    def spied_next(con):
        u = taken(con)
        if u is not None:
            log.setdefault(id(con), []).append("update")
        return u

    def spied_act(con, action):
        log.setdefault(id(con), []).append("act")
        act(con, action)

    def spied_saved(con):
        who[0] = id(con)
        return saved(con)

    from ui.games.remote import RemoteSession

    primer, turn = RemoteSession.prime, RemoteSession.collect

    def spied_prime(ses):
        got = log.get(id(ses.console))
        if got and got[-1] in ("collect", "turn collect"):
            got.append("prime")
        return primer(ses)

    def spied_turn(ses):
        log.setdefault(id(ses.console), []).append("turn collect")
        turn(ses)

    LinkConsole.next_update, LinkConsole.act, lc.gc = spied_next, spied_act, Spy()
    RemoteSession.prime, RemoteSession.collect = spied_prime, spied_turn
    if saved is not None:
        LinkConsole.saved = spied_saved
    try:
        t = LinkTable(n, ROOT, seed=seed, fine=True)
        t.host_sets_table(game=2, bots=1)
        play_until(t, lambda: sum(x.count("update") for x in log.values()) >= updates * (n - 1),
                   "the updates did not come")
    finally:
        LinkConsole.next_update, LinkConsole.act, lc.gc = taken, act, real
        RemoteSession.prime, RemoteSession.collect = primer, turn
        if saved is not None:
            LinkConsole.saved = saved
    print(json.dumps({"logs": list(log.values())}))


def host_collects(n=3, acts=10, seed=5):
    """A fine table: the host's actions in order (Session.act; "act>console" when a linked
    console's person acts next) and the collections its game screen asks for
    (ui.games.base's gc.collect, on the host's board only)."""
    import ui.games.base as gb
    from ui.games.session import Session

    log = []
    table = [None]
    real, act = gb.gc, Session.act

    def on_host():
        return table[0] is not None and table[0].current is table[0].host

    class Spy:
        def collect(self):
            if on_host():
                log.append("collect")
            real.collect()

        def __getattr__(self, name):
            return getattr(real, name)

    def spied_act(ses, action):
        events = act(ses, action)
        if on_host():
            log.append("act>console" if ses.link_wait() else "act")
        return events

    gb.gc, Session.act = Spy(), spied_act
    try:
        table[0] = t = LinkTable(n, ROOT, seed=seed, fine=True)
        t.host_sets_table(game=2, bots=1)
        play_until(t, lambda: log.count("act>console") >= acts, "the consoles' turns did not come")
    finally:
        gb.gc, Session.act = real, act
    print(json.dumps({"log": log}))
