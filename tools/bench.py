"""Runs the benchmarks of tools/benches/ in turn and prints their figures (`make bench`):
`bench.py [NAME ...]` runs `python3 -m benches.NAME` for each NAME, or all of them but the
LONG ones, which run only when named."""

import os
import subprocess
import sys

import paths

BENCHES = ("cards", "dice", "dice_engine", "display", "flash", "game", "heap", "heap_spread",
           "ladder", "link", "link_bus", "link_table", "memory", "menu", "pico", "pico_heap",
           "power", "store")
LONG = ("link", "pico_heap", "power")  # pico_heap: about 50 minutes of host time; power, link: the emulated Pico


def main(argv):
    names = argv[1:] or [n for n in BENCHES if n not in LONG]
    unknown = [n for n in names if n not in BENCHES]
    if unknown:
        print("no benchmark named %s (known: %s)" % (", ".join(unknown), " ".join(BENCHES)), file=sys.stderr)
        return 1
    env = dict(os.environ, PYTHONPATH=paths.TOOLS)  # for -m: the wings are packages in tools/
    failed = 0
    for name in names:
        print("== " + name, flush=True)
        rc = subprocess.call([sys.executable, "-m", "benches." + name], env=env, cwd=paths.ROOT)
        if rc:
            print("   (exited with %d)" % rc, flush=True)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
