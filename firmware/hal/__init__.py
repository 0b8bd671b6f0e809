"""Hardware drivers and policies behind small interfaces (display, buttons, sound, power, clock), and the Board that holds them (built by hal.assembly)."""


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
