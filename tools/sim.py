"""The simulator's command line (the code is tools/simulator/): `make play`, or
`micropython tools/sim.py [--panel sh1106] [--seed S]`, or
`python3 tools/sim.py --headless --keys A,DOWN,B:800 --out DIR` (runs itself under micropython;
`--keys-file FILE` for long key lists, `--keep-data` to boot with the last run's saves);
`python3 tools/sim.py --link-game 3 --out DIR`: a link game of three consoles played to its
end, headless (simulator.link_sim)."""

import sys

import paths  # (firmware/ and tools/ on sys.path)

from simulator.play import main, run_under_micropython

if __name__ == "__main__":
    if sys.implementation.name != "micropython":
        if "--link-game" in sys.argv:  # (six boards in one process: a larger heap)
            import os

            argv, env = paths.micropython_command(__file__, sys.argv[1:])
            os.execve(argv[0], argv[:1] + ["-X", "heapsize=8M"] + argv[1:], env)
        run_under_micropython(__file__)
    if "--link-game" in sys.argv:
        from simulator.link_sim import main as link_main

        sys.exit(link_main(sys.argv[1:]))
    sys.exit(main(sys.argv[1:]))
