"""A link line between simulator processes on one computer: UDP datagrams on the loopback address, one port per console in a block of ports named by the link's name (no hub process; CPython and MicroPython)."""

import socket

SLOTS = 8  # consoles on one link name (the bus takes 6; two spare for restarts)
FIRST_PORT = 41000
BLOCKS = 2000  # names map to FIRST_PORT + SLOTS * (0 .. BLOCKS-1)


def block_of(name):
    """The first UDP port of the link `name` (the same number on every interpreter)."""
    h = 5381
    for b in name.encode():
        h = (h * 33 + b) & 0xFFFFFF
    return FIRST_PORT + SLOTS * (h % BLOCKS)


def _addr(port):
    return socket.getaddrinfo("127.0.0.1", port)[0][-1]


class SocketLine:
    """board.link for the simulator: write() sends the bytes to every port of the link's
    block (this one's too: every console hears every byte, its own included), read()
    takes what arrived. A console that quits frees its port: that is a cable pulled."""

    def __init__(self, name):
        if not name or len(name) > 40:
            raise ValueError("a link name is 1 to 40 characters, e.g. --link table")
        self.name = name
        base = block_of(name)
        self.addrs = [_addr(base + i) for i in range(SLOTS)]
        self.sock = None
        for i in range(SLOTS):
            s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
            try:
                s.bind(self.addrs[i])
            except OSError:
                s.close()
                continue
            self.sock = s
            self.slot = i
            break
        if self.sock is None:
            raise ValueError("the link %r already has %d consoles on this computer"
                             % (name, SLOTS))
        self.sock.setblocking(False)

    def write(self, buf):
        data = bytes(buf)
        for a in self.addrs:
            try:
                self.sock.sendto(data, a)
            except OSError:
                pass  # no console there
        return len(data)

    def read(self):
        out = b""
        while True:
            try:
                data = self.sock.recvfrom(2048)[0]
            except OSError:
                return out
            out += data

    def close(self):
        self.sock.close()
