"""The simulator's command line (the code is tools/simulator/): `make play`, or
`micropython tools/sim.py [--panel sh1106] [--seed S]`, or
`python3 tools/sim.py --headless --keys A,DOWN,B:800 --out DIR` (runs itself under micropython;
`--keys-file FILE` for long key lists, `--keep-data` to boot with the last run's saves)."""

import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)

from simulator.play import main, run_under_micropython

if __name__ == "__main__":
    if sys.implementation.name != "micropython":
        run_under_micropython(__file__)
    sys.exit(main(sys.argv[1:]))
