"""How long a linked console's move takes to show on every console (MicroPython side): on a
fine LinkTable (the boards interleave at their sleeps), from the press that makes a move on
a console to the frame in which each console, the host included, first draws it (virtual
ms); for host_tests/link_cases.py and `make bench BENCH=link_table`.

    moves, t = press_to_screens(4, game=2)     [[press ms, {node: shown ms}], ...]
"""

from simulator.link_play import SLICE_MS, LinkTable

ROOT = "/tmp/link-latency"


class Watch:
    """Stamps a table's moves: `moves[i]` = [the press on the console that made the host's
    i-th action (None: not a linked console's move), {node index: when it first drew it}]."""

    def __init__(self, table):
        from link.console import LinkConsole
        from link.host import LinkHost
        from ui.games.remote import UPDATE, RemoteSession

        self.table = table
        self.moves = []
        self.sent = {}  # node index -> the press of its person's move, sent to the host
        self.count = {}  # node index -> the host's actions it took (a console's updates)
        self.pending = {}  # node index -> [(move, its app's draws when it took it)]
        self.saved = []
        watch = self

        def console_act(link, action, act=LinkConsole.act):
            nd = table.current
            watch.sent[nd.k] = nd.pressed_at
            return act(link, action)

        def acted(host, seat, events, acted=LinkHost.acted):
            press = None
            cid = host.console_of(seat)
            for nd in table.nodes[1:]:
                bus = nd.bus()
                if cid is not None and bus is not None and bus.console_id == cid:
                    press = watch.sent.pop(nd.k, None)
            watch.moves.append([press, {}])
            watch.took(table.current, len(watch.moves) - 1)
            return acted(host, seat, events)

        def remote_act(ses, action, act=RemoteSession.act):
            q = ses.console.queue
            if action == UPDATE and q and isinstance(q[0][0], int):  # an action's update
                nd = table.current
                i = watch.count.get(nd.k, 0)
                watch.count[nd.k] = i + 1
                watch.took(nd, i)
            return act(ses, action)

        for cls, name, fn in ((LinkConsole, "act", console_act), (LinkHost, "acted", acted),
                              (RemoteSession, "act", remote_act)):
            self.saved.append((cls, name, getattr(cls, name)))
            setattr(cls, name, fn)
        table.on_rest = self.on_rest

    def close(self):
        for cls, name, fn in self.saved:
            setattr(cls, name, fn)
        self.table.on_rest = None

    def took(self, nd, i):
        self.pending.setdefault(nd.k, []).append((i, nd.app.draws))

    def on_rest(self, nd):
        """Before each sleep of a board: the moves it took and has drawn since."""
        got = self.pending.get(nd.k)
        if not got:
            return
        keep = []
        for i, draws in got:
            if i < len(self.moves) and nd.app.draws > draws:
                self.moves[i][1].setdefault(nd.k, nd.now)
            else:
                keep.append((i, draws))
        self.pending[nd.k] = keep

    def delays(self, n):
        """press -> the last of the `n` consoles' screens (ms) of each console's move seen
        on all of them."""
        out = []
        for press, shown in self.moves:
            if press is not None and len(shown) == n:
                out.append(max(shown.values()) - press)
        return out


def once_a_frame(table):
    """The bus ticked only at each frame's start (as before link.bus.rest): for figures."""
    for nd in table.nodes:
        app = nd.app

        def rest(ms, app=app):
            clock = app.clock
            while ms > 0 and not app.board.buttons.pressed_since_poll():
                n = 6 if ms > 6 else ms
                clock.sleep_ms(n)
                ms -= n

        app._link_rest = rest


def press_to_screens(n, game=2, bots=0, moves=12, seed=5, ticked=True, max_ms=600000):
    """A fine table of `n` consoles plays until `moves` moves of consoles' people were
    shown on every console (or the game ends): the delays (ms), and the table."""
    t = LinkTable(n, ROOT, seed=seed, fine=True)
    if not ticked:
        once_a_frame(t)
    w = Watch(t)
    try:
        t.host_sets_table(game=game, bots=bots)
        end = t.t + max_ms
        while len(w.delays(n)) < moves and not all(t.over(nd) for nd in t.nodes):
            if t.t >= end:
                raise RuntimeError("the moves did not come")
            for nd in t.nodes:
                if nd.idle():
                    t.person_step(nd)
            t.run(SLICE_MS)
    finally:
        w.close()
    return w.delays(n), t


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(len(v) * p))] if v else -1
