"""The headless simulator of a link game (issue 49): N consoles linked on one emulated line in
one process, each the firmware on its own emulated board, every changed frame of each
written to DIR/cK/ (NNNN.png and the display RAM, NNNN.bin; K = 0 is the host).

    python3 tools/sim.py --link 3 --out DIR [--game cards|dice] [--bots B] [--seed S]
        the host's person sets the table (Host; the others Join), then every person plays
        to game over, their choices picked as a careful player would (the link tests' way)
    python3 tools/sim.py --link 3 --out DIR --keys-files host.keys,c1.keys,c2.keys
        each console presses its own key file from power-on (the simulator's key syntax)

It prints each console's final scores (the same on all of them) and the frames written."""

import sys

from simulator.folders import clear_dir, make_dirs
from simulator.keys import GAP_MS, parse_keys, read_keys_file
from simulator.link_play import LinkTable
from simulator.play import Recorder

USAGE = ("usage: python3 tools/sim.py --link N --out DIR [--game cards|dice] [--bots B] "
         "[--seed S] [--keys-files F0,F1,...]")


def parse(argv):
    opts = {"link": None, "out": None, "game": "cards", "bots": 1, "seed": 1, "keys-files": None}
    i = 0
    while i < len(argv):
        a = argv[i]
        if not a.startswith("--") or a[2:] not in opts or i + 1 >= len(argv):
            raise ValueError("unknown or incomplete option: " + a)
        opts[a[2:]] = argv[i + 1]
        i += 2
    try:
        opts["link"] = int(opts["link"])
        opts["bots"] = int(opts["bots"])
        opts["seed"] = int(opts["seed"])
    except (TypeError, ValueError):
        raise ValueError("--link, --bots and --seed take numbers")
    if not 2 <= opts["link"] <= 6:
        raise ValueError("--link takes 2 to 6 consoles")
    if not 0 <= opts["bots"] <= 6 - opts["link"]:
        raise ValueError("--bots: 0 to %d computer players" % (6 - opts["link"]))
    if opts["game"] not in ("cards", "dice"):
        raise ValueError("--game is cards or dice")
    if not opts["out"]:
        raise ValueError("--link needs --out DIR")
    if opts["keys-files"] is not None:
        files = opts["keys-files"].split(",")
        if len(files) != opts["link"]:
            raise ValueError("--keys-files: one file a console (%d)" % opts["link"])
        opts["keys-files"] = files
    return opts


def run(opts):
    out = opts["out"].rstrip("/") or "."
    make_dirs(out)
    n = opts["link"]
    table = LinkTable(n, out + "/.data", seed=opts["seed"], record=False)
    recorders = []
    for nd in table.nodes:
        folder = out + "/c" + str(nd.k)
        clear_dir(folder)
        make_dirs(folder)
        recorders.append(Recorder(nd.board, folder))
    table.after_slice = lambda: [r.capture() for r in recorders]
    if opts["keys-files"] is None:
        table.host_sets_table(game=2 if opts["game"] == "cards" else 1, bots=opts["bots"])
        table.play_to_end()
        scores = table.final_scores()
    else:
        end = 0
        for nd, path in zip(table.nodes, opts["keys-files"]):
            t = nd.now + 300
            for button, ms in parse_keys(read_keys_file(path)):
                if button >= 0:
                    nd.board.emu.buttons.press(button, ms, at_ms=t)
                    t += GAP_MS
                t += ms
            end = max(end, t)
        table.run(end - table.t + 2000)
        scores = []
        for nd in table.nodes:
            ses = getattr(nd.top(), "session", None)
            scores.append(None if ses is None or ses.result is None else list(ses.result[1]))
    for nd, rec in zip(table.nodes, recorders):
        print("console %d: %d frames in %s/c%d, final scores %s"
              % (nd.k, rec.count, out, nd.k, scores[nd.k]))
    return 0


def main(argv):
    try:
        opts = parse(argv)
    except ValueError as e:
        print("sim.py: " + str(e))
        print(USAGE)
        return 2
    return run(opts)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
