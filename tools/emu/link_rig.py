"""A host bus and N console buses on one emulated line, ticked at their frames on a shared virtual clock (the link tests and the link_bus bench, on CPython and MicroPython)."""

from emu.line import Line
from link.console_bus import ConsoleBus
from link.host_bus import HostBus


class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now


class Rig:
    """`n` consoles (uids b"uid1".."uidN"); each machine ticks every `frame` ms at its
    own phase. `error`/`drop`: the line's faults per byte and receiver."""

    def __init__(self, n, error=0.0, drop=0.0, seed=1, frame=25, record=False):
        self.clock = Clock()
        self.line = Line(lambda: self.clock.now * 1000, error=error, drop=drop, seed=seed,
                         record=record)
        self.host_port = self.line.plug("host")
        self.host = HostBus(self.host_port, self.clock.ticks_ms, epoch=seed)
        self.ports = []
        self.consoles = []
        for i in range(n):
            self.plug_console(b"uid%d" % (i + 1))
        self.frame = frame
        self.events = []
        self.host_got = []
        self.console_got = [[] for _ in range(n)]

    def plug_console(self, uid):
        port = self.line.plug("c" + str(len(self.ports) + 1))
        self.ports.append(port)
        self.consoles.append(ConsoleBus(port, self.clock.ticks_ms, uid))
        if hasattr(self, "console_got"):
            self.console_got.append([])

    def restart_console(self, i):
        """Console i switched off and on: a new machine, the same uid."""
        self.consoles[i] = ConsoleBus(self.ports[i], self.clock.ticks_ms, self.consoles[i].uid)

    def restart_host(self, epoch):
        self.host = HostBus(self.host_port, self.clock.ticks_ms, epoch=epoch)

    def step(self):
        """One millisecond: the machines whose frame starts now tick."""
        t = self.clock.now
        f = self.frame
        if t % f == 0 and self.host_port.plugged:
            self.host.tick()
            self.events.extend(self.host.events())
            m = self.host.recv()
            while m is not None:
                self.host_got.append(m)
                m = self.host.recv()
        for i, c in enumerate(self.consoles):
            if (t + 3 + 7 * i) % f == 0 and self.ports[i].plugged:
                c.tick()
                m = c.recv()
                while m is not None:
                    self.console_got[i].append(m)
                    m = c.recv()
        self.clock.now = t + 1

    def run(self, ms):
        for _ in range(ms):
            self.step()

    def until(self, cond, limit_ms):
        """Run until cond() holds; the ms it took (AssertionError after limit_ms)."""
        start = self.clock.now
        while not cond():
            assert self.clock.now - start < limit_ms, "not within %d ms" % limit_ms
            self.step()
        return self.clock.now - start

    def all_linked(self):
        return (len(self.host.members()) == len(self.consoles)
                and all(c.state == "linked" for c in self.consoles))
