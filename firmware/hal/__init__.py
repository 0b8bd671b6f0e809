"""Hardware drivers and policies behind small interfaces (display, buttons, sound, power, clock), the Board that holds them (built by hal.assembly), and the heap's priming after a collection."""

PRIME = 300  # short-lived lists made by prime() (two heap blocks each)


def prime():
    """Take up the heap's first free blocks with short-lived garbage, right after a
    gc.collect() made in the work after a picture. A collection sends MicroPython's
    allocator back to the heap's start to look for free blocks, and on a crowded heap the
    allocations after it scan far: on five emulated Picos (official firmware) the first
    table a console drew after its collect took 20 to 50 ms, not 15, and the same calls
    ran 1.8 times slower. Made here, in idle time, that scan costs ~4 ms and the next
    picture is drawn at its usual speed (16 ms; 100 lists: 17-21 ms); the garbage (~10 KB)
    goes at the next collection."""
    g = None
    for i in range(PRIME):
        g = [i]
    return g


class Board:
    """What the firmware gets from `board.make_board()` (see docs/platform.md); here, not in
    hal.assembly, so that the builders leave RAM once it is made."""

    def __init__(self, name, display, buttons, clock, entropy, sound, power, data_dir,
                 wdt_factory=None, link=None):
        # the battery gauge (hal.battery.Gauge) is power.battery: None when no cell is fitted
        self.name = name
        self.display = display
        self.buttons = buttons
        self.clock = clock
        self.entropy = entropy
        self.sound = sound
        self.power = power
        self.data_dir = data_dir
        self.wdt_factory = wdt_factory
        self._link = link

    @property
    def link(self):
        """The link port: None, or a line with write(buf) (non-blocking; every console,
        the sender too, hears every byte) and read() (the bytes heard since the last
        call, b"" when none): see link.bus. A Pico's (a tuple of its UART's settings
        until then) is made at the first look, so that hal.link_port takes no heap on a
        console that never links."""
        got = self._link
        if type(got) is tuple:
            from hal.link_port import UartLine

            got = self._link = UartLine(got)
        return got

    @link.setter
    def link(self, line):
        self._link = line

    def has_link(self):
        """Whether the board has a link port (without making it)."""
        return self._link is not None

    def free_memory(self):
        """Free heap in bytes (after a collection)."""
        import gc

        gc.collect()
        return gc.mem_free()
