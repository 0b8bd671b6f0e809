"""The simulator's command line (the code is tools/simulator/): `make play`, or
`micropython tools/sim.py [--panel sh1106] [--seed S]`, or
`python3 tools/sim.py --headless --keys A,DOWN,B:800 --out DIR` (runs itself under micropython)."""

import sys

import paths

from simulator.play import main

if __name__ == "__main__":
    if sys.implementation.name != "micropython":
        paths.reexec_under_micropython(__file__)
    sys.exit(main(sys.argv[1:]))
