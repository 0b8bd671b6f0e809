"""An in-memory stand-in for the link's bus (link.bus's HostBus and ConsoleBus contract),
for the link game's tests until the real bus and its emulated line are in: one hub, a
host and consoles that join, leave (unplugged) and come back; every payload sent to a
console is logged (the tests decode them all)."""


class FakeHub:
    """The shared line: `host_bus()` once, `console_bus(uid)` per console."""

    def __init__(self):
        self.host = None
        self.consoles = {}  # console id -> FakeConsoleBus
        self.log = []  # (console id, payload, the hands then) of every payload the host sent
        self.up_log = []  # (console id, payload) of every payload a console sent
        self.snap = None  # a function: the hands at the host when a payload is sent (or None)

    def host_bus(self, line=None, ticks_ms=None):
        self.host = FakeHostBus(self)
        for c in self.consoles.values():
            c.state = "searching"
        return self.host

    def console_bus(self, line=None, ticks_ms=None, uid=b"\x00"):
        c = FakeConsoleBus(self, uid)
        return c

    def free_id(self):
        for cid in range(1, 6):
            if cid not in self.consoles:
                return cid
        return None


class FakeHostBus:
    def __init__(self, hub):
        self.hub = hub
        self.inbox = []  # (console id, payload)
        self.pending = []  # events
        self.plugged = True

    def tick(self):
        hub = self.hub
        for c in list(hub.consoles.values()):
            if not c.plugged:
                del hub.consoles[c.console_id]
                c.state = "searching"
                self.pending.append(("lost", c.console_id))

    def send(self, cid, payload):
        assert len(payload) <= 200, len(payload)
        c = self.hub.consoles.get(cid)
        if c is not None and self.plugged:
            snap = self.hub.snap
            self.hub.log.append((cid, bytes(payload), snap() if snap is not None else None))
            c.inbox.append(bytes(payload))

    def recv(self):
        return self.inbox.pop(0) if self.inbox else None

    def events(self):
        out = self.pending
        self.pending = []
        return out

    def members(self):
        return sorted(self.hub.consoles)

    def unplug(self):
        """The host switched off: every console loses it."""
        self.plugged = False
        self.hub.host = None
        for c in self.hub.consoles.values():
            c.state = "host lost"
        self.hub.consoles = {}


class FakeConsoleBus:
    def __init__(self, hub, uid):
        self.hub = hub
        self.uid = uid
        self.state = "searching"
        self.console_id = None
        self.inbox = []
        self.plugged = True

    def tick(self):
        hub = self.hub
        if self.state != "linked" and self.plugged and hub.host is not None:
            cid = hub.free_id()
            if cid is not None:
                self.console_id = cid
                self.inbox = []
                hub.consoles[cid] = self
                self.state = "linked"
                hub.host.pending.append(("joined", cid, self.uid))

    def send(self, payload):
        assert len(payload) <= 200, len(payload)
        hub = self.hub
        if self.state == "linked" and hub.host is not None:
            hub.up_log.append((self.console_id, bytes(payload)))
            hub.host.inbox.append((self.console_id, bytes(payload)))

    def recv(self):
        return self.inbox.pop(0) if self.inbox else None

    def unplug(self):
        self.plugged = False
        self.state = "searching"

    def replug(self):
        self.plugged = True
