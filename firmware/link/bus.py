"""The link's polling machines over one shared line, their common part (pure: the line and a ticks_ms function are passed in): the figures, the wire's time, the line's reading and writing; the host's machine is link.host_bus, a console's link.console_bus."""

from link import frame as F

try:
    from micropython import const
except ImportError:  # CPython
    def const(x):
        return x

# the line's speed: 460800 baud (board/README.md, "Link port": the pull-up's rising edge on
# the documented line fits its bit; a move's frames to five consoles ~14 ms of wire, not 57)
BAUD = const(460800)
MAX_PAYLOAD = const(200)  # what send() takes
WINDOW = const(8)  # host -> one console: frames in flight before an ack (four moves: a
# console is polled, and acks, every ~300 ms with five while a person acts; at 4, a move
# reached one console 170 ms after the others on six emulated Picos, its window full)
REPLY_MS = const(40)  # a console answers at its next tick (25 ms frames) plus its work
MISSES = const(5)  # missed polls in a row (a garbled answer counts half) ...
LOST_MS = const(1500)  # ... over at least this long: the console is lost
HOST_LOST_MS = const(2500)  # a console not polled this long: "host lost"
DISCOVER_MS = const(600)  # how often the host opens a discovery slot while a seat is free
BURST_BYTES = const(1024)  # at most this much queued data written in one tick
# a line silent longer than this: no more of a frame is coming. Bytes may come in clumps a
# few ms apart (an RX FIFO's, an emulator's slices: 2 ms on the emulated Picos); at 1 ms,
# a reply heard in two clumps was given up between them and sent again after the poll's
# deadline (63 resends of 31 frames in a 2-Pico game, 4 at 8 ms)
QUIET_MS = const(8)
REPOLL = const(3)  # a console that sent data is polled again at once, this many times

RESUME = const(1)  # a WELCOME's ack: the same session goes on (else 0xFF: a new one)

FREE = const(0)
PENDING = const(1)  # welcomed, its first answer not heard yet
LINKED = const(2)


def wire_ms(nbytes, baud):
    """How long `nbytes` take on the line (10 bits a byte), rounded up."""
    return (nbytes * 10000 + baud - 1) // baud


def ticks_diff(a, b):
    """time.ticks_diff for ticks_ms values (wrap at 2**30 on MicroPython)."""
    d = (a - b) & 0x3FFFFFFF
    return d - 0x40000000 if d & 0x20000000 else d


def seq_le(a, b):
    """Whether sequence number a is at or before b (mod 256)."""
    return ((b - a) & 0xFF) < 128


class Line:
    """What both machines share: the line, its decoder and encoder, the clock."""

    def __init__(self, line, ticks_ms, me, baud):
        self.line = line
        self.ticks_ms = ticks_ms
        self.baud = baud
        self.enc = F.Encoder()
        self.dec = F.Decoder(me)
        self.frame_ms = wire_ms(F.MAX_FRAME, baud) + 5
        self.held_at = -1
        self.held_since = 0
        self.data_at = 0  # when bytes were last heard
        self.written = 0  # bytes written this tick
        self.bytes_out = 0
        self.frames_out = 0

    def _heard(self, now):
        """The frames heard since the last tick, and whether bytes came (or a frame is still
        coming). A partial frame held for longer than the longest frame takes (a garbled
        header's length still waiting for its bytes) is given up, so the frames inside it
        are seen."""
        dec = self.dec
        data = self.line.read()
        if data:
            self.data_at = now
            frames = dec.feed(data)
        elif dec.n:
            # a partial frame is given up only once the line has said nothing for a while:
            # a tick soon after another (the frame's after its rest's last) may come
            # before the frame's next byte
            if ticks_diff(now, self.data_at) > QUIET_MS:
                return dec.quiet(), False
            return (), True
        else:
            return (), False
        if dec.n:
            if dec.base != self.held_at:
                self.held_at = dec.base
                self.held_since = now
            elif ticks_diff(now, self.held_since) > self.frame_ms:
                frames.extend(dec.quiet())
        return frames, True

    def _write(self, dst, src, kind, seq, ack, payload=b""):
        buf = self.enc.build(dst, src, kind, seq, ack, payload)
        self.line.write(buf)
        self.written += len(buf)
        self.bytes_out += len(buf)
        self.frames_out += 1


def rest(bus, sleep_ms, ms, stop, step=4, whole=None):
    """A link game's rest between frames (ui.loop.app): sleep `ms` in slices of `step` ms
    with `sleep_ms`, ticking `bus` after each, so that an exchange waits milliseconds for
    the other end, not whole 25 ms frames (make bench BENCH=link_bus gives the figures);
    it ends early once `stop()` (a press) or once the bus has a payload for the game (the
    next frame shows it), with `whole(bus)`: once that payload is whole for the game."""
    while ms > 0 and not stop():
        s = step if ms > step else ms
        sleep_ms(s)
        ms -= s
        bus.tick()
        if bus.inbox and (whole is None or whole(bus)):
            return
