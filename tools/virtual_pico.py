"""A virtual Raspberry Pi Pico for mpremote (the code is tools/vpico/):
`python3 tools/virtual_pico.py --image FILE [--board emulated] [--panel FILE]` prints its
serial device (/dev/pts/N) and serves until stopped."""

import sys

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from vpico.pico import main

if __name__ == "__main__":
    sys.exit(main())
