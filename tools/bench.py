"""Runs every benchmark script tools/bench_*.py in turn and prints its figures (`make bench`)."""

import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main(argv):
    """`bench.py [NAME ...]`: run bench_NAME.py for each NAME, or all of them."""
    names = argv[1:]
    scripts = sorted(glob.glob(os.path.join(HERE, "bench_*.py")))
    if names:
        scripts = [s for s in scripts if os.path.basename(s)[6:-3] in names]
    if not scripts:
        print("no benchmark found", file=sys.stderr)
        return 1
    failed = 0
    for script in scripts:
        print("== " + os.path.basename(script)[:-3], flush=True)
        rc = subprocess.call([sys.executable, script])
        if rc:
            print("   (exited with %d)" % rc, flush=True)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
