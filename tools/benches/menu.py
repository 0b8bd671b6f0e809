"""Menu figures: I2C bytes per button press over a scripted menu session, against a naive
full-frame refresh, the frame rates those bytes allow, and the heap in use on each screen.

`make bench BENCH=menu`. Runs the app on the emulated board under the MicroPython unix port
(it starts micropython itself when run by CPython). Bytes are what goes over the wire
(address byte + payload); time on the wire is 9 clocks a byte plus start and stop. The unix
port is a 64-bit build: its heap figures are about twice what the Pico's would be."""

import sys

import paths

# (label, keys) in order, each from where the previous one left off
SESSION = (
    ("title", ""),
    ("main menu", "A"),
    ("menu moves", "DOWN,DOWN,DOWN,DOWN,DOWN,UP,UP,UP,UP,UP"),
    ("dice setup", "A"),
    ("setup changes", "RIGHT,RIGHT,DOWN,RIGHT,DOWN,LEFT,DOWN,DOWN,DOWN,RIGHT"),
    ("name editor", "UP,UP,UP,A"),
    ("initials", "UP,UP,A,DOWN,A,UP,A"),
    ("back to menu", "B:900"),
    ("settings", "DOWN,DOWN,DOWN,A"),
    ("settings changes", "LEFT,RIGHT,DOWN,RIGHT,RIGHT,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,UP"),
    ("rules menu", "B,DOWN,DOWN,A"),
    ("rules text", "A,DOWN,DOWN,DOWN,DOWN,DOWN,DOWN,UP"),
    ("about", "B,B,DOWN,A"),
    ("statistics", "B,UP,UP,UP,UP,A"),
    ("cards setup", "B,UP,A"),
)
HEAP_AT = ("title", "main menu", "dice setup", "name editor", "settings", "rules menu",
           "rules text", "about", "statistics", "cards setup")


def median(xs):
    s = sorted(xs)
    n = len(s)
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def fps(bits, hz):
    return hz / bits if bits else float("inf")


def run():
    import gc

    from benches.display import NAIVE_BITS, NAIVE_BYTES
    from simulator.driver import Driver
    from simulator.keys import parse_keys

    gc.collect()
    base = gc.mem_alloc()
    d = Driver(seed=1, data_dir=".emu-data-bench")
    bus = d.emu.bus
    presses = []  # (bytes, bits) per press
    heap = []
    for label, keys in SESSION:
        for button, ms in parse_keys(keys):
            b0, t0 = bus.bytes, bus.bits
            if button < 0:
                d.run(ms)
            else:
                d.press(button, ms)
                presses.append((bus.bytes - b0, bus.bits - t0))
        if label in HEAP_AT:
            gc.collect()
            heap.append((label, d.top(), gc.mem_alloc()))
    nbytes = [p[0] for p in presses]
    nbits = [p[1] for p in presses]
    print("menu session: %d button presses" % len(presses))
    print("  I2C bytes per press: median %d, max %d, total %d" % (median(nbytes), max(nbytes), sum(nbytes)))
    print("  naive full-frame refresh: %d bytes a frame (median press sends %.1f%% of it)"
          % (NAIVE_BYTES, 100.0 * median(nbytes) / NAIVE_BYTES))
    for hz, name in ((400_000, "400 kHz"), (1_000_000, "1 MHz")):
        print("  frames/s at %s: median press %.0f, max press %.0f, naive full frame %.0f"
              % (name, fps(median(nbits), hz), fps(max(nbits), hz), fps(NAIVE_BITS, hz)))
    print("heap in use (unix port, after gc.collect; %d bytes were in use before the"
          " emulated board and the app were made):" % base)
    for label, screen, used in heap:
        print("  %-12s %-16s %7d bytes (%+d since before the board)" % (label, screen, used, used - base))


if __name__ == "__main__":
    if sys.implementation.name != "micropython":
        import subprocess

        argv, env = paths.micropython_command("benches.menu")
        sys.exit(subprocess.call(argv, env=env))
    run()
