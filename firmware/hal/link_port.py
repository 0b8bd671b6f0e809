"""The link port on a Pico: a UART on the shared link line (TX GP0 and RX GP1 by default), opened at first use so that its buffers cost heap only in a link game."""


class UartLine:
    """board.link on a Pico: write(buf) queues bytes for the UART (never waits: what does
    not fit in the transmit buffer is dropped, and the bus sends it again), read() gives
    the bytes heard since the last call, its own echo included (the RX is on the line).
    `invert_tx`: the TX drives a transistor that pulls the line low (board/README.md)."""

    def __init__(self, uart_id=0, tx=0, rx=1, baud=115200, invert_tx=False,
                 txbuf=1280, rxbuf=2048):
        self.uart_id = uart_id
        self.tx = tx
        self.rx = rx
        self.baud = baud
        self.invert_tx = invert_tx
        self.txbuf = txbuf
        self.rxbuf = rxbuf
        self.uart = None  # until the port is used, its pins are inputs (off the line)

    def open(self):
        from machine import UART, Pin

        self.uart = UART(self.uart_id, baudrate=self.baud, tx=Pin(self.tx), rx=Pin(self.rx),
                         txbuf=self.txbuf, rxbuf=self.rxbuf, timeout=0,
                         invert=UART.INV_TX if self.invert_tx else 0)
        # an unplugged cable leaves RX floating: hold it at the idle level (the UART
        # keeps the pin; a Pin without a mode changes the pull only)
        Pin(self.rx, pull=Pin.PULL_UP)
        return self.uart

    def close(self):
        """Off the line (the buffers stay with the UART object until the next open)."""
        if self.uart is not None:
            self.uart.deinit()
            self.uart = None

    def write(self, buf):
        uart = self.uart or self.open()
        return uart.write(buf) or 0

    def read(self):
        uart = self.uart or self.open()
        n = uart.any()
        if not n:
            return b""
        return uart.read(n) or b""
