"""An emulated I2C bus with machine.I2C's write API, routing transactions by address."""

EIO = 5  # what the rp2 port raises when no device acknowledges


class I2CBus:
    """Stands in for machine.I2C: `writeto`/`writevto` deliver each transaction's payload
    to the device attached at that address (`device.receive(payload)`).

    Counters for benchmarks: `transactions`, `bytes` (address byte + payload, what goes
    over the wire), `bits` (9 clocks per byte plus start and stop)."""

    def __init__(self):
        self.devices = {}
        self._joined = bytearray(1040)  # writevto's buffers back to back (grown if need be)
        self.transactions = 0
        self.bytes = 0
        self.bits = 0

    def attach(self, addr, device):
        """Put `device` on the bus at 7-bit address `addr`."""
        self.devices[addr] = device

    def scan(self):
        """The addresses that acknowledge, like machine.I2C.scan()."""
        return sorted(self.devices)

    def reset_counters(self):
        """Zero the byte and transaction counters."""
        self.transactions = 0
        self.bytes = 0
        self.bits = 0

    def counters(self):
        """(transactions, bytes, bits) so far."""
        return self.transactions, self.bytes, self.bits

    def seconds(self, freq_hz):
        """Time the traffic so far takes on the wire at `freq_hz` SCL."""
        return self.bits / freq_hz

    def _deliver(self, addr, payload):
        dev = self.devices.get(addr)
        if dev is None:
            raise OSError(EIO)
        self.transactions += 1
        self.bytes += 1 + len(payload)
        self.bits += 9 * (1 + len(payload)) + 2
        dev.receive(payload)
        return len(payload)

    def writeto(self, addr, buf, stop=True):
        """One transaction: START, address, the bytes of `buf`, STOP."""
        return self._deliver(addr, buf)

    def writevto(self, addr, vector, stop=True):
        """One transaction carrying the buffers of `vector` back to back (joined in a
        buffer made once: the emulated bus allocates nothing a frame, as machine.I2C)."""
        n = 0
        for b in vector:
            n += len(b)
        if n > len(self._joined):
            self._joined = bytearray(n)
        joined = self._joined
        k = 0
        for b in vector:
            joined[k : k + len(b)] = b
            k += len(b)
        return self._deliver(addr, memoryview(joined)[:n])

    def readfrom(self, addr, nbytes, stop=True):
        """The panels are write-only over I2C: reads fail like a missing device."""
        raise OSError(EIO)
