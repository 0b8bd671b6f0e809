"""The emulated Pico's USB serial port as a pseudo-terminal: bytes relayed between a pty and the CDC socket, so that mpremote and `make flash PORT=/dev/pts/N` work unchanged."""

import os
import select
import socket
import threading
import tty


class PtyBridge:
    """Opens a pty (raw, like a board's USB serial port) and relays it to the CDC socket at
    127.0.0.1:`port`; `path` is the device to name as PORT=. close() ends it."""

    def __init__(self, port):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        tty.setraw(self.master)
        self.path = os.ttyname(self.slave)
        self.sock = socket.create_connection(("127.0.0.1", port))
        self._stop_r, self._stop_w = os.pipe()
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()

    def _relay(self):
        sock = self.sock.fileno()
        while True:
            ready, _, _ = select.select([self.master, sock, self._stop_r], [], [])
            if self._stop_r in ready:
                return
            if self.master in ready:
                try:
                    data = os.read(self.master, 4096)
                except OSError:  # nobody has the pty open: wait for the next program
                    data = b""
                if data:
                    self.sock.sendall(data)
                else:
                    select.select([self._stop_r], [], [], 0.05)
            if sock in ready:
                data = self.sock.recv(4096)
                if not data:
                    return
                try:
                    os.write(self.master, data)
                except OSError:
                    pass

    def close(self):
        os.write(self._stop_w, b"x")
        self._thread.join(2)
        for fd in (self.master, self.slave, self._stop_r, self._stop_w):
            os.close(fd)
        self.sock.close()
