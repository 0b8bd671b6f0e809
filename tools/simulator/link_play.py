"""Linked consoles in one process (MicroPython side): a host and consoles, each the firmware's
app on its own emulated board, on one link line, set up and played through their buttons
as people would (a bot picks each person's choice, turned into presses), for the link
game's tests and the headless simulator. The boards take turns of SLICE_MS of virtual time;
the line (emu.line) reads the time of the board that runs. Every byte on the wire is kept,
and every message the host sends is logged with the hands as they were then, so that a
test can check no console got another's hand.

    t = LinkTable(3, "/tmp/link", seed=4)      a host and two consoles at their menus
    t.host_sets_table(game=2, bots=1)          Host / Join, names, the setup, Start
    t.play_to_end()                            every console on its game-over page
"""

from emu.line import Line
from simulator.driver import Driver
from simulator.folders import clear_dir, make_dirs
from simulator.game_play import keys_for_cards, keys_for_dice, person_choice
from simulator.keys import GAP_MS, TAP_MS, button

SLICE_MS = 25  # the boards run in turns of this much virtual time


class Node:
    """One console of the table (the host is one too): its Driver and its person's pace."""

    def __init__(self, table, k, data_dir, seed, boot=False):
        if not boot:
            clear_dir(data_dir)
        make_dirs(data_dir)
        self.k = k
        if boot:  # switched on again: the device's boot, with "Continue game?"
            from ui.boot import run

            self.d = Driver(seed=seed + k, data_dir=data_dir, fresh=False, start=False)
            self.d.board.link = table.nodes[0].port  # (the same plug)
            self.d.app = run(self.d.board, frames=1, fault=False)
        else:
            self.d = Driver(seed=seed + k, data_dir=data_dir)
        self.board = self.d.board
        self.app = self.d.app
        self.app.settings.set("speed", 3)  # instant: computer players' steps at once
        if table.uids:  # (else link.net.uid: drawn once, kept in its data folder)
            self.board.link_uid = bytes([0xC0, k])
        self.port = table.line.plug("c" + str(k))
        self.board.link = self.port
        self.free_at = 0  # virtual ms from which this console's person may press again
        self.presses = 0
        self.pressed_at = 0  # virtual ms of the last press
        self.lock = None  # a fine table's: this board's turn (Baton)
        self.error = None
        if table.baton is not None:
            table.baton.add(self)

    def bus(self):
        link = self.app.link
        return None if link is None else link.bus

    @property
    def now(self):
        return self.board.emu.time.now

    def run_to(self, table, t):
        if table.baton is not None:
            while self.now < t:
                table.baton.turn(self)
            return
        table.current = self
        while self.now < t:
            self.app.step()

    def press(self, name, hold=TAP_MS):
        self.pressed_at = self.now
        end = self.board.emu.buttons.press(button(name), hold)
        self.free_at = end + GAP_MS
        self.presses += 1

    def idle(self):
        return self.now >= self.free_at

    def top(self):
        return self.app.top()

    def top_name(self):
        return type(self.app.top()).__name__


class LinkTable:
    """`n` consoles on one line: node 0 hosts, the others join."""

    def __init__(self, n, root, seed=1, policy="cautious", error=0.0, drop=0.0, record=True,
                 fine=False, uids=True):
        self.uids = uids  # each board its link_uid (as machine.unique_id); False: link.net's
        self.current = None  # the node whose board runs (the line reads its time)
        self.baton = Baton(self) if fine else None  # fine: the boards interleave at their sleeps
        self.on_rest = None  # fine: on_rest(node) before each of a board's sleeps
        self.after_slice = None  # called after each turn of the boards (the frames' recorders)
        self.line = Line(self.now_us, error=error, drop=drop, seed=seed, record=record)
        self.policy = policy
        self.root = root
        self.seed = seed
        self.sent = []  # (console id, kind, value, the host's hands then) of every message
        self.nodes = []
        for k in range(n):
            self.nodes.append(Node(self, k, root + "/c" + str(k), seed))
        self.host = self.nodes[0]
        self.t = max(nd.now for nd in self.nodes)
        watch_host(self)

    def now_us(self):
        nd = self.current
        return 0 if nd is None else nd.now * 1000

    def hands_now(self):
        ses = getattr(self.host.top(), "session", None)
        st = getattr(ses, "state", None)
        if st is None or not hasattr(st, "hands"):
            return None
        return [bytes(h) for h in st.hands]

    def run(self, ms):
        """Every board runs `ms` more of virtual time, in turns of SLICE_MS."""
        end = self.t + ms
        while self.t < end:
            self.t += SLICE_MS
            if self.baton is not None:
                self.baton.run_to(self.t)
            else:
                for nd in self.nodes:
                    nd.run_to(self, self.t)
            if self.after_slice is not None:
                self.after_slice()

    def keys(self, node, names):
        """`node` presses `names` (a list) one after the other, the others running too."""
        for name in names:
            while not node.idle():
                self.run(SLICE_MS)
            node.press(name)
        while not node.idle():
            self.run(SLICE_MS)

    def until(self, cond, ms=20000):
        end = self.t + ms
        while not cond():
            if self.t >= end:
                raise RuntimeError("timed out waiting")
            self.run(SLICE_MS)

    # -- faults --------------------------------------------------------------------------

    def unplug(self, k):
        """Console `k`'s cable pulled (it goes on running, alone)."""
        self.nodes[k].port.unplug()

    def replug(self, k):
        self.nodes[k].port.replug()

    def restart(self, k):
        """Console `k` switched off and on: its boot (its data folder kept), at the title."""
        old = self.nodes[k]
        old.port.unplug()
        nd = Node(self, k, self.root + "/c" + str(k), self.seed + 100, boot=True)
        self.nodes[k] = nd
        nd.run_to(self, self.t)
        return nd

    def power_cut_host(self):
        """The host switched off (its board stops where it is: its saves are what it
        wrote) and on again: its boot, at the title with "Continue game?" on top."""
        old = self.host
        old.port.unplug()
        self.nodes = self.nodes[1:]
        self.run(3000)  # the consoles alone (they say "host lost" after 2.5 s)
        old.port.replug()
        self.host = Node(self, 0, self.root + "/c0", self.seed + 100, boot=True)
        self.host.port = old.port
        self.nodes.insert(0, self.host)
        self.host.run_to(self, self.t)

    # -- setting the table, as people do ------------------------------------------------

    def to_link_menu(self, node):
        self.keys(node, ["A"])  # the title
        self.until(lambda: node.top_name() == "MainMenu")
        self.keys(node, ["UP", "A"])  # the last row: Link game
        self.until(lambda: node.top_name() == "LinkMenu")

    def join(self, node):
        self.to_link_menu(node)
        self.keys(node, ["DOWN", "A"])
        self.until(lambda: node.top_name() == "NameScreen")
        self.keys(node, ["UP"] * node.k + ["A", "A", "A"])  # P1 -> Q1, R1 ...
        self.until(lambda: node.top_name() == "JoinScreen")

    def host_sets_table(self, game=2, bots=1, level_keys=()):
        """The host's Host; every other node Join; then the host's setup: itself a person,
        each linked console a seat, `bots` computer players; Start."""
        host = self.host
        self.to_link_menu(host)
        self.keys(host, ["A"])
        self.until(lambda: host.top_name() == "HostScreen")
        for nd in self.nodes[1:]:
            self.join(nd)
        self.until(lambda: len(host.app.link.consoles()) == len(self.nodes) - 1, 30000)
        self.keys(host, ["DOWN"] if game == 2 else [])
        self.keys(host, ["A"])
        self.until(lambda: host.top_name() == "LinkSetupScreen")
        scr = host.top()
        want = len(self.nodes) + bots
        while scr.n != want:
            self.keys(host, ["RIGHT"])
        self.keys(host, ["UP", "A"])  # the last row: Start
        self.until(lambda: all(self.in_game(nd) for nd in self.nodes))

    @staticmethod
    def in_game(nd):
        return any(hasattr(s, "session") and hasattr(s, "panels") for s in nd.app.stack)

    # -- playing ------------------------------------------------------------------------

    def person_step(self, nd):
        """What `nd`'s person does now, if anything: True when it pressed."""
        scr = nd.top()
        if nd.top_name() == "HowToScreen":  # (a first game: how to play, read and left)
            nd.press("B")
            return True
        if not (hasattr(scr, "session") and hasattr(scr, "panels")):
            return False
        if scr.panels:
            name = type(scr.panels[-1]).__name__
            if name in ("GameOverPanel", "LinkLostPanel"):
                return False
            nd.press("A" if name in ("RoundEndPanel", "CurtainPanel") else "B")
            return True
        ses = scr.session
        if scr.mode == 2:  # M_ACK
            nd.press("A")
            return True
        if scr.due is None and ses.person_to_act():
            action = person_choice(ses, self.policy)
            keys = (keys_for_dice(scr, action) if ses.game.info.key == "dice"
                    else keys_for_cards(scr, action))
            self.keys(nd, keys)
            return True
        return False

    def over(self, nd):
        scr = nd.top()
        return (hasattr(scr, "panels") and bool(scr.panels)
                and type(scr.panels[-1]).__name__ == "GameOverPanel")

    def play_to_end(self, max_ms=3600000, each=None):
        """Every person plays until every console shows its game-over page. `each(table)`
        is called between turns (faults are made there)."""
        end = self.t + max_ms
        while not all(self.over(nd) for nd in self.nodes):
            if self.t >= end:
                raise RuntimeError("the linked game did not end")
            for nd in self.nodes:
                if nd.idle():
                    self.person_step(nd)
            if each is not None:
                each(self)
            self.run(SLICE_MS)

    def final_scores(self):
        return [list(nd.top().session.result[1]) for nd in self.nodes]


class Baton:
    """A fine table's turns: each board runs its app in a thread of its own, and only one
    runs at a time. A board hands the turn back at each of its sleeps (its clock's sleep_ms
    and awake_ms, the only things that move its time), and the table gives it to the board
    furthest behind, so the boards interleave at their sleeps' few milliseconds (what a
    board does between two sleeps takes no virtual time), not in turns of SLICE_MS: what
    one sends is heard by the others at the time it is on the wire."""

    def __init__(self, table):
        import _thread

        _thread.stack_size(256 * 1024)
        self.table = table
        self.main = _thread.allocate_lock()
        self.main.acquire()

    def add(self, node):
        import _thread

        node.lock = _thread.allocate_lock()
        node.lock.acquire()
        clock = node.board.clock
        for name in ("sleep_ms", "awake_ms"):
            setattr(clock, name, self._yielding(node, getattr(clock, name)))
        _thread.start_new_thread(self._body, (node,))

    def _yielding(self, node, real):
        table = self.table

        def sleep_ms(ms):
            if table.on_rest is not None:
                table.on_rest(node)
            real(ms)
            self.main.release()
            node.lock.acquire()

        return sleep_ms

    def _body(self, node):
        node.lock.acquire()
        try:
            while True:
                node.app.step()
        except BaseException as e:  # noqa: BLE001 - handed to the table's thread
            node.error = e
            self.main.release()

    def turn(self, node):
        """`node` runs to its next sleep."""
        self.table.current = node
        node.lock.release()
        self.main.acquire()
        if node.error is not None:
            raise node.error

    def run_to(self, t):
        """Every board on until its time reaches `t`, the one furthest behind first."""
        while True:
            nd = None
            for x in self.table.nodes:
                if x.now < t and (nd is None or x.now < nd.now):
                    nd = x
            if nd is None:
                return
            self.turn(nd)


def watch_host(table):
    """Log every message a link.host.LinkHost sends (`table.sent`), with the host's hands
    at that moment (the game's own, to compare with what each console got)."""
    from link import host, msg

    send = host.LinkHost.send

    def logged(self, cid, kind, value=None, payload=None):
        table.sent.append((cid, kind, msg.decode(payload if payload is not None
                                                 else msg.encode(kind, value))[1],
                           table.hands_now()))
        send(self, cid, kind, value, payload)

    host.LinkHost.send = logged
