"""Hardware drivers and policies behind small interfaces (display, buttons, sound, power, clock), and the Board that holds them (built by hal.assembly)."""


class Board:
    """What the firmware gets from `board.make_board()` (see docs/platform.md); here, not in
    hal.assembly, so that the builders leave RAM once it is made."""

    def __init__(self, name, display, buttons, clock, entropy, sound, power, data_dir,
                 wdt_factory=None, link=None):
        self.name = name
        self.display = display
        self.buttons = buttons
        self.clock = clock
        self.entropy = entropy
        self.sound = sound
        self.power = power
        self.data_dir = data_dir
        self.wdt_factory = wdt_factory
        # the link port: None, or a line with write(buf) (non-blocking; every console,
        # the sender too, hears every byte) and read() (the bytes heard since the last
        # call, b"" when none): see link.bus
        self.link = link

    def free_memory(self):
        """Free heap in bytes (after a collection)."""
        import gc

        gc.collect()
        return gc.mem_free()
