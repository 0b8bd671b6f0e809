"""A linked console's move to every console's screen, the whole firmware on each board (the MicroPython unix port): a fine LinkTable (simulator.link_latency: the boards interleave at their sleeps on one emulated line at link.bus.BAUD, 460800 baud) plays linked L.L.A.M.A. games of 2 to 6 consoles, and for each move a console's person makes, the emulated ms from the press to the frame in which the last console (the host included) draws it; with the bus ticked every 4 ms of each frame's rest (link.bus.rest), and once a frame (as before) for comparison.

    python3 -m benches.link_table [MOVES]        (make bench BENCH=link_table)"""

import sys

import paths

MOVES = 24  # consoles' moves measured a table


def run(moves):
    from simulator.link_latency import pct, press_to_screens

    print("press on a console -> the last console's screen, emulated ms (%d moves a row)"
          % moves)
    print("consoles   bus ticked every 4 ms of the rest    once a 25 ms frame")
    print("           median   p95    max                 median   p95    max")
    for n in (2, 3, 4, 5, 6):
        row = []
        for ticked in (True, False):
            d, _ = press_to_screens(n, game=2, moves=moves, seed=n, ticked=ticked)
            row += [pct(d, 0.5), pct(d, 0.95), max(d) if d else -1]
        print("%8d %8d %6d %6d %20d %6d %6d" % tuple([n] + row))


if __name__ == "__main__":
    if sys.implementation.name != "micropython":
        import subprocess

        argv, env = paths.micropython_command("benches.link_table", sys.argv[1:])
        argv = argv[:1] + ["-X", "heapsize=16M"] + argv[1:]
        sys.exit(subprocess.call(argv, env=env))
    run(int(sys.argv[1]) if len(sys.argv) > 1 else MOVES)
