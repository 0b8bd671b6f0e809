"""The emulated Pico's USB serial port as a pseudo-terminal: bytes relayed between a pty and the CDC socket, so that mpremote and `make flash PORT=/dev/pts/N` work unchanged."""

import os
import select
import socket
import threading
import tty


PENDING_MAX = 1 << 20  # bytes from the board kept while nobody reads the pty; older ones go


class PtyBridge:
    """Opens a pty (raw, like a board's USB serial port) and relays it to the CDC socket at
    127.0.0.1:`port`; `path` is the device to name as PORT=. The pty hangs up when the board
    drops the connection (a reset, a power cut). close() ends it."""

    def __init__(self, port):
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)
        tty.setraw(self.master)
        os.set_blocking(self.master, False)  # a full pty never stalls the relay (or close())
        self.path = os.ttyname(self.slave)
        self.sock = socket.create_connection(("127.0.0.1", port))
        self._stop_r, self._stop_w = os.pipe()
        self._thread = threading.Thread(target=self._relay, daemon=True)
        self._thread.start()

    def _relay(self):
        sock = self.sock.fileno()
        pending = b""  # what the board said that the pty could not take yet
        while True:
            ready, writable, _ = select.select([self.master, sock, self._stop_r],
                                               [self.master] if pending else [], [])
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
                if not data:  # the board reset or lost power: its port vanishes
                    self._hang_up()
                    return
                pending = (pending + data)[-PENDING_MAX:]
            if pending:
                try:
                    pending = pending[os.write(self.master, pending):]
                except OSError:  # full: nobody reads the port now; kept for whoever comes
                    pass

    def _hang_up(self):
        """Close the pty's master side: a program reading the port gets an error, as when a
        board's USB serial device disappears, instead of waiting for ever."""
        if self.master is not None:
            os.close(self.master)
            self.master = None

    def close(self):
        os.write(self._stop_w, b"x")
        self._thread.join(2)
        self._hang_up()
        for fd in (self.slave, self._stop_r, self._stop_w):
            os.close(fd)
        self.sock.close()
