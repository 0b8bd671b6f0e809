"""The headless simulator with 2 to 6 linked consoles in one process: each console the firmware on its own emulated board (virtual time, its own flash folder, its own key script), all on one emulated link line (tools/emu/line.py), run frame by frame in time order.

    python3 tools/sim.py --headless --out DIR --keys-file A.keys --keys-file B.keys [...]
        [--seed S] [--line-faults ERROR,DROP] [--unplug N@FROM-TO]

Console N (1 = the first keys file) writes every changed frame as DIR/N/NNNN.png and .bin,
its flash is DIR/N/.data; DIR/line.txt lists every frame the line carried (time, from, to,
kind, seq, ack, payload in hex), decoded as any console would. --line-faults gives the
chance per byte and console of a flipped bit and of a lost byte (e.g. 0.001,0.001);
--unplug 2@3000-5000 pulls console 2's cable from 3 s to 5 s (repeatable)."""

from simulator.folders import clear_dir, make_dirs

KIND_NAMES = {1: "POLL", 2: "DATA", 3: "ACK", 4: "DISCOVER", 5: "HELLO", 6: "WELCOME"}


class Console:
    """One console: its board, app, key script, frame recorder and link port."""

    def __init__(self, index, board, recorder, port):
        self.index = index
        self.board = board
        self.app = None
        self.rec = recorder
        self.port = port
        self.now = board.emu.time.ticks_ms
        clock = board.clock
        sleep = clock.sleep_ms

        def sleep_and_record(ms):  # as the one-console headless run records
            recorder.capture()
            sleep(ms)

        clock.sleep_ms = sleep_and_record

    def frame(self):
        self.app.run(1)


def parse_unplug(text):
    """(console number, from ms, to ms) of "2@3000-5000"."""
    try:
        who, span = text.split("@")
        a, b = span.split("-")
        out = (int(who), int(a), int(b))
    except ValueError:
        raise ValueError("--unplug is N@FROM-TO (ms), e.g. 2@3000-5000, not " + repr(text))
    if out[1] >= out[2]:
        raise ValueError("--unplug %s: FROM must come before TO" % text)
    return out


def parse_faults(text):
    try:
        e, d = text.split(",")
        out = (float(e), float(d))
    except ValueError:
        raise ValueError("--line-faults is ERROR,DROP (chances per byte), e.g. 0.001,0.001")
    if not (0 <= out[0] < 0.5 and 0 <= out[1] < 0.5):
        raise ValueError("--line-faults chances are from 0 to 0.5")
    return out


def run(opts, scripts, make_board, recorder_class):
    """Run the consoles of `scripts` (one key list each) to the end of the longest script;
    returns the consoles (tests read their boards)."""
    from emu.line import Line
    from simulator.keys import GAP_MS

    n = len(scripts)
    if not 2 <= n <= 6:
        raise ValueError("a link game has 2 to 6 consoles: give 2 to 6 --keys-file")
    out = opts["out"].rstrip("/") or "."
    make_dirs(out)
    clock = [0]
    errors, drops = opts.get("line-faults") or (0.0, 0.0)
    line = Line(lambda: clock[0] * 1000, error=errors, drop=drops,
                seed=opts["seed"] or 1, record=True, stamps=True)
    unplugs = opts.get("unplug") or []
    for who, _, _ in unplugs:
        if not 1 <= who <= n:
            raise ValueError("--unplug names console %d of %d" % (who, n))
    from ui import boot
    from ui.loop.app import FRAME_MS

    consoles = []
    end = 0
    for i, script in enumerate(scripts):
        folder = "%s/%d" % (out, i + 1)
        make_dirs(folder)
        for name in list_frames(folder):
            import os

            os.remove(folder + "/" + name)
        data = folder + "/.data"
        if not opts.get("keep-data"):
            clear_dir(data)
        make_dirs(data)
        port = line.plug("console %d" % (i + 1))
        own = dict(opts)
        own["seed"] = None if opts["seed"] is None else opts["seed"] * 10 + i
        board = make_board(own, clock="virtual", data_dir=data, link=port)
        if board is None:
            raise ValueError("console %d: the board could not be built" % (i + 1))
        board.link_uid = b"console %d" % (i + 1)  # its id on the link (link-game's net.uid)
        t = board.emu.time.now + 300
        for button, ms in script:
            if button >= 0:
                board.emu.buttons.press(button, ms, at_ms=t)
                t += GAP_MS
            t += ms
        end = max(end, t + 400)
        clock[0] = board.emu.time.now
        c = Console(i + 1, board, recorder_class(board, folder), port)
        c.app = boot.run(board, frames=1)  # the title, then the saves (as a one-console run)
        consoles.append(c)
    while True:
        c = min(consoles, key=lambda c: c.now())
        t = c.now()
        if t >= end:
            break
        for who, a, b in unplugs:
            p = consoles[who - 1].port
            if a <= t < b and p.plugged:
                p.unplug()
            elif (t < a or t >= b) and not p.plugged:
                p.replug()
        clock[0] = t
        c.frame()
        if c.now() == t:  # a frame that did not sleep: time must still move
            c.board.emu.time.advance(FRAME_MS)
    for c in consoles:
        c.rec.capture()
    write_line_log(out + "/line.txt", line)
    return consoles


def list_frames(folder):
    import os

    return [n for n in os.listdir(folder)
            if len(n) == 8 and n[:4].isdigit() and n[4:] in (".png", ".bin")]


def write_line_log(path, line):
    """Every frame the wire carried, decoded (garbled stretches are skipped)."""
    from link.frame import Decoder

    dec = Decoder()
    one = bytearray(1)
    with open(path, "w") as f:
        f.write("# ms from to kind seq ack payload (%d bytes on the line, %d collisions)\n"
                % (len(line.wire), line.collisions))
        for i in range(len(line.wire)):
            one[0] = line.wire[i]
            for fr in dec.feed(one):
                f.write("%d.%03d %d %d %s %d %d %s\n" % (
                    line.wire_t[i] // 1000, line.wire_t[i] % 1000, fr.src, fr.dst,
                    KIND_NAMES.get(fr.kind, "?"), fr.seq, fr.ack, fr.payload.hex()))
