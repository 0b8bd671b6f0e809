"""Display traffic figures: I2C bytes per show() for typical changes vs a full-frame refresh.

`make bench BENCH=display`. Runs the drivers on the emulated bus under the MicroPython
unix port (it starts micropython itself when run by CPython) and prints, for each kind of
change and each panel, the transactions and bytes one show() puts on the wire, the ratio
to a naive full-frame refresh (micropython-lib's ssd1306.show(): 6 command transactions +
1 + 1,024 data bytes), and the frames per second those bytes allow at 400 kHz and 1 MHz
(9 clocks per byte plus start and stop; real buses add gaps between transactions)."""

import sys

NAIVE_TRANSACTIONS = 7  # micropython-lib: 6 x (addr, 0x80, cmd) then (addr, 0x40, 1,024 bytes)
NAIVE_BYTES = 6 * 3 + 1 + 1 + 1024
NAIVE_BITS = 6 * (9 * 3 + 2) + 9 * (1 + 1 + 1024) + 2


def scenarios(d):
    """(name, draw function) pairs; each draws on the previous picture."""

    def menu(selected):
        def draw():
            d.fill(0)
            d.text("MAIN MENU", 28, 0, 1)
            for i, item in enumerate(("LAMA Dice", "L.L.A.M.A.", "Statistics", "Settings", "Rules")):
                y = 12 + i * 10
                if i == selected:
                    d.fill_rect(0, y - 1, 128, 10, 1)
                d.text(item, 8, y, 0 if i == selected else 1)

        return draw

    def score(n):
        def draw():
            d.fill_rect(100, 56, 24, 8, 0)
            d.text("%3d" % n, 100, 56, 1)

        return draw

    def dice(faces):
        def draw():
            d.fill_rect(0, 20, 128, 18, 0)
            for i, f in enumerate(faces):
                x = 2 + i * 21
                d.rect(x, 21, 16, 16, 1)
                d.text(str(f), x + 4, 25, 1)

        return draw

    def pixel():
        d.pixel(64, 40, 1 - d.pixel(64, 40))

    return (
        ("menu drawn on a blank panel", menu(0)),
        ("menu cursor moves one row", menu(1)),
        ("menu cursor moves again", menu(2)),
        ("score digits change", score(17)),
        ("six dice rolled", dice((1, 4, 6, 2, 2, 5))),
        ("one pixel", pixel),
        ("nothing changed", lambda: None),
        ("every page changes (fill)", lambda: d.fill(1)),
    )


def measure(kind):
    """[(name, transactions, bytes, bits)] for one panel kind."""
    from emu.i2c import I2CBus
    from emu.oled_panels import make_panel
    from hal.sh1106 import SH1106
    from hal.ssd1306 import SSD1306

    bus = I2CBus()
    panel = make_panel(kind)
    bus.attach(0x3C, panel)
    d = (SH1106 if kind == "sh1106" else SSD1306)(bus)
    rows = []
    for name, draw in scenarios(d):
        draw()
        bus.reset_counters()
        d.show()
        if panel.ram_view() != bytes(d.buffer):
            raise SystemExit("panel RAM differs from the frame buffer after: " + name)
        rows.append((name, bus.transactions, bus.bytes, bus.bits))
    return rows


class NullBus:
    """An I2C bus that drops every transaction (to time the driver's own work)."""

    def writeto(self, addr, buf, stop=True):
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        return 0


def driver_us(kind, reps=50):
    """Microseconds of driver CPU per show() for each scenario, on this host, null bus."""
    import time

    from hal.sh1106 import SH1106
    from hal.ssd1306 import SSD1306

    d = (SH1106 if kind == "sh1106" else SSD1306)(NullBus())
    out = []
    for _, draw in scenarios(d):
        before = bytes(d.buffer)
        draw()
        after = bytes(d.buffer)
        total = 0
        for _ in range(reps):
            d.buffer[:] = before
            d.show()
            d.buffer[:] = after
            t = time.ticks_us()
            d.show()
            total += time.ticks_diff(time.ticks_us(), t)
        out.append(total / reps)
    return out


def fps(bits, hz):
    return "%6.0f" % (hz / bits) if bits else "     -"


def report():
    print("I2C traffic per show() (bytes include the address byte of each transaction)")
    print("naive full-frame refresh: %d transactions, %d bytes, %s fps @400kHz, %s fps @1MHz"
          % (NAIVE_TRANSACTIONS, NAIVE_BYTES, fps(NAIVE_BITS, 400_000).strip(),
             fps(NAIVE_BITS, 1_000_000).strip()))
    for kind in ("ssd1306", "sh1106"):
        print()
        print("%-28s %5s %6s %7s %8s %8s %9s" % (kind, "trans", "bytes", "naive%", "fps@400k",
              "fps@1M", "host us"))
        cpu = driver_us(kind)
        for i, (name, trans, nbytes, bits) in enumerate(measure(kind)):
            print("%-28s %5d %6d %6.1f%% %8s %8s %9.1f" % (name, trans, nbytes,
                  100.0 * nbytes / NAIVE_BYTES, fps(bits, 400_000), fps(bits, 1_000_000), cpu[i]))
    print()
    print("host us: the driver's own time per show() (diff + transfer set-up) on this")
    print("machine under the unix port, with a bus that drops the bytes; a Pico is slower.")


def main():
    if sys.implementation.name == "micropython":
        report()
        return 0
    import subprocess

    import paths

    argv, env = paths.micropython_command("benches.display")
    proc = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=120)
    print(proc.stdout, end="")
    print(proc.stderr, end="", file=sys.stderr)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
