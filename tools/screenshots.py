"""The README's screenshots (the code is tools/simulator/screenshots.py): `make screenshots`,
or `python3 tools/screenshots.py [--out DIR]`."""

import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)

from simulator.screenshots import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
