"""The headless simulator of a link game (issue 49): N consoles linked on one emulated line in
one process, each the firmware on its own emulated board, every changed frame of each
written to DIR/cK/ (NNNN.png and the display RAM, NNNN.bin; K = 0 is the host), and
DIR/side_by_side.png: the host and console 1 at console 1's person's first turn.

    python3 tools/sim.py --link-game 3 --out DIR [--game cards|dice] [--bots B] [--seed S]
        [--until end|shot]

--until shot stops once DIR/side_by_side.png is written (make screenshots' link_two.png).

The host's person sets the table (Host; the others Join: P1, Q1, R1...), then every person
plays to game over, their choices picked as a careful player would (the link tests' way).
It prints each console's final scores (the same on all of them) and the frames written."""

import sys

from simulator.folders import clear_dir, make_dirs
from simulator.link_play import LinkTable
from simulator.play import Recorder, options

USAGE = ("usage: python3 tools/sim.py --link-game N --out DIR [--game cards|dice] [--bots B] "
         "[--seed S] [--until end|shot]")


def parse(argv):
    opts = {"link-game": None, "out": None, "game": "cards", "bots": 1, "seed": 1,
            "until": "end"}
    i = 0
    while i < len(argv):
        a = argv[i]
        if not a.startswith("--") or a[2:] not in opts or i + 1 >= len(argv):
            raise ValueError("unknown or incomplete option: " + a)
        opts[a[2:]] = argv[i + 1]
        i += 2
    try:
        opts["link-game"] = int(opts["link-game"])
        opts["bots"] = int(opts["bots"])
        opts["seed"] = int(opts["seed"])
    except (TypeError, ValueError):
        raise ValueError("--link-game, --bots and --seed take numbers")
    if not 2 <= opts["link-game"] <= 6:
        raise ValueError("--link-game takes 2 to 6 consoles")
    if not 0 <= opts["bots"] <= 6 - opts["link-game"]:
        raise ValueError("--bots: 0 to %d computer players" % (6 - opts["link-game"]))
    if opts["game"] not in ("cards", "dice"):
        raise ValueError("--game is cards or dice")
    if opts["until"] not in ("end", "shot"):
        raise ValueError("--until is end or shot")
    if not opts["out"]:
        raise ValueError("--link-game needs --out DIR")
    return opts


def person_turn(nd):
    """Whether `nd`'s person has a choice on the table (no page over it, nothing timed)."""
    scr = nd.top()
    return (hasattr(scr, "panels") and not scr.panels and scr.due is None
            and scr.session.person_to_act())


def side_by_side(path, left, right, scale=3):
    """Two panels' images (MONO_VLSB) side by side in one PNG, a rule between them."""
    from simulator import png

    gap = 8
    width = 128 * 2 + gap
    image = bytearray()
    for page in range(8):
        image += left[page * 128:(page + 1) * 128]
        image += bytes(3) + b"\xff\xff" + bytes(3)
        image += right[page * 128:(page + 1) * 128]
    png.write(path, bytes(image), width, 64, scale)
    return path


class ShotTaken(Exception):
    """--until shot: the picture is written, the game left there."""


def shot_taken(shot):
    def each(table):
        if shot:
            raise ShotTaken()

    return each


def run(opts):
    out = opts["out"].rstrip("/") or "."
    make_dirs(out)
    n = opts["link-game"]
    table = LinkTable(n, out + "/.data", seed=opts["seed"], record=False)
    recorders = []
    for nd in table.nodes:
        folder = out + "/c" + str(nd.k)
        clear_dir(folder)
        make_dirs(folder)
        recorders.append(Recorder(nd.board, folder))
    pair = out + "/side_by_side.png"
    shot = []

    def after_slice():
        for r in recorders:
            r.capture()
        if not shot and person_turn(table.nodes[1]) and not table.host.top().panels:
            shot.append(side_by_side(pair, table.host.d.image(), table.nodes[1].d.image()))

    table.after_slice = after_slice
    table.host_sets_table(game=2 if opts["game"] == "cards" else 1, bots=opts["bots"])
    if opts["until"] == "shot":
        try:
            table.play_to_end(each=shot_taken(shot))
        except ShotTaken:
            print("the host and console 1 side by side: " + shot[0])
            return 0
    table.play_to_end()
    scores = table.final_scores()
    if shot:
        print("the host and console 1 side by side: " + shot[0])
    for nd, rec in zip(table.nodes, recorders):
        print("console %d: %d frames in %s/c%d, final scores %s"
              % (nd.k, rec.count, out, nd.k, scores[nd.k]))
    return 0


def main(argv):
    opts = options(parse, argv, USAGE)
    return 2 if opts is None else run(opts)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
