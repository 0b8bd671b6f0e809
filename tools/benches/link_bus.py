"""The link transport's figures on the emulated line (firmware/link/host_bus.py and console_bus.py over tools/emu/line.py, no game): how long a payload takes from one end to the other with 1 to 5 consoles, ticked once a 25 ms frame and every 4 ms (link.bus.rest, a link game's rest between frames), and what the line carries.

    python3 -m benches.link_bus        (make bench BENCH=link_bus)"""

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from emu.link_rig import Rig
from link.bus import BAUD


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(len(v) * p))]


def measure(n, frame, rounds=100, size=60, error=0.0):
    rig = Rig(n, frame=frame, error=error, drop=error, seed=n + frame, record=True)
    rig.until(rig.all_linked, 20000)
    up, down = [], []
    for r in range(rounds):
        rig.run(37 + (r * 13) % frame)  # a press at any moment of the frames
        # a console's choice to the host
        c = rig.consoles[r % n]
        t0 = rig.clock.now
        k = len(rig.host_got)
        c.send(b"c" * 8)
        rig.until(lambda k=k: len(rig.host_got) > k, 5000)
        up.append(rig.clock.now - t0)
        # the host's answer: a payload to every console, until the last one has it
        t0 = rig.clock.now
        counts = [len(g) for g in rig.console_got]
        for cons in rig.consoles:
            rig.host.send(cons.console_id, bytes(size))
        rig.until(lambda counts=counts: all(len(g) > counts[i]
                                            for i, g in enumerate(rig.console_got)), 5000)
        down.append(rig.clock.now - t0)
    t0, b0 = rig.clock.now, len(rig.line.wire)
    rig.run(2000)
    idle = (len(rig.line.wire) - b0) * 1000 // (rig.clock.now - t0)
    return up, down, idle, rig


def main():
    print("%d baud (link.bus.BAUD): %d µs a byte; a poll and its answer (12 bytes each)"
          " %.1f ms on the wire, a 60-byte payload's frame (72 bytes) %.1f ms"
          % (BAUD, 10_000_000 // BAUD, 24e4 / BAUD, 72e4 / BAUD))
    print()
    print("consoles  tick   console->host ms    host->every console ms   idle line")
    print("          (ms)   median   p95         median   p95              bytes/s")
    for frame in (25, 4):
        for n in (1, 2, 3, 5):
            up, down, idle, _ = measure(n, frame)
            print("%8d %5d %8d %6d %12d %6d %14d" % (n, frame, pct(up, 0.5), pct(up, 0.95),
                                                     pct(down, 0.5), pct(down, 0.95), idle))
    up, down, idle, rig = measure(5, 25, error=0.002)
    print("5 consoles, 25 ms ticks, 0.2%% of bytes garbled and 0.2%% lost at each receiver: "
          "up median %d p95 %d ms, down median %d p95 %d ms, %d frames sent again"
          % (pct(up, 0.5), pct(up, 0.95), pct(down, 0.5), pct(down, 0.95), rig.host.resent))


if __name__ == "__main__":
    main()
