"""The link port on a Pico: a UART on the shared link line (TX GP0 and RX GP1 by default), opened at first use so that its buffers cost heap only in a link game."""

TXBUF = 1280  # a tick's burst of frames (link.bus.BURST_BYTES) and a poll
RXBUF = 2048  # what the host sends in a slow frame (a tick's burst and polls; 46 bytes a ms)


class UartLine:
    """board.link on a Pico: write(buf) queues bytes for the UART (never waits: what does
    not fit in the transmit buffer is dropped, and the bus sends it again), read() gives
    the bytes heard since the last call, its own echo included (the RX is on the line).
    `cfg`: (UART id, TX GPIO, RX GPIO, baud, TX inverted: the TX drives a transistor that
    pulls the line low, board/README.md). Until the first use its pins stay inputs."""

    def __init__(self, cfg):
        self.cfg = cfg
        self.uart = None

    def open(self):
        from machine import UART, Pin

        n, tx, rx, baud, inv = self.cfg
        self.uart = UART(n, baudrate=baud, tx=Pin(tx), rx=Pin(rx), txbuf=TXBUF, rxbuf=RXBUF,
                         timeout=0, invert=UART.INV_TX if inv else 0)
        # an unplugged cable leaves RX floating: hold it at the idle level (the UART
        # keeps the pin; a Pin without a mode changes the pull only)
        Pin(rx, pull=Pin.PULL_UP)
        return self.uart

    def close(self):
        """Off the line (the buffers stay with the UART object until the next open)."""
        if self.uart is not None:
            self.uart.deinit()
            self.uart = None

    def write(self, buf):
        return (self.uart or self.open()).write(buf) or 0

    def flush(self):
        """Wait until what was written is on the line (before the flash stops the UART's
        interrupts: a frame cut in two there is lost); a line that never drains is left."""
        if self.uart is not None:
            try:
                self.uart.flush()
            except (OSError, AttributeError):
                pass

    def read(self):
        uart = self.uart or self.open()
        n = uart.any()
        return uart.read(n) or b"" if n else b""
