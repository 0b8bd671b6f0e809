"""Hardware drivers and policies behind small interfaces (display, buttons, sound, power, clock), and the Board that holds them (built by hal.assembly)."""


class Board:
    """What the firmware gets from `board.make_board()` (see docs/platform.md); here, not in
    hal.assembly, so that the builders leave RAM once it is made."""

    def __init__(self, name, display, buttons, clock, entropy, sound, power, data_dir,
                 wdt_factory=None):
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

    def free_memory(self):
        """Free heap in bytes (after a collection)."""
        import gc

        gc.collect()
        return gc.mem_free()
