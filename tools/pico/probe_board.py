# --- the bench probe (tools/pico/probe_board.py), appended to the board profile by
# tools/pico/provision.py for make bench BENCH=pico and the device tests: it wraps the
# profile's make_board() and records into preallocated buffers that the emulator reads
# (their addresses printed once at boot as "PICO-PROBE <ints> <name>"): frames, the
# largest allocation and work of one frame, the free heap after a collect asked by the
# host, the largest free block when it asks for that, and the top screen's name (and
# its last panel's), the name it had in the longest frame of work and in the first frames
# of work over 120 ms. Nothing allocates a frame but the name, when it changes. The heap is looked at only when the host asks (a collect) or
# while it has the collector off (the allocation of each frame): gc.mem_alloc() walks the
# whole heap's table (about 6 ms on a Pico), which would slow every frame it times.
import array as _array
import gc as _gc
import time as _time

import uctypes as _uctypes

# 0 frames, 1 ask (host: 1 = collect and record the free heap), 2 free after that collect,
# 3 least free after a collect, 4 most allocated in one frame (frames with no collection),
# 5 allocated in the last frame, 6 most work of one frame (us), 7 work of the last frame,
# 8 gc off during frames and each frame's allocation measured (host: 1), 9 name changes,
# 10 free now (no collect; while 8 is set), 11 presses answered by the busy mark (App.mark),
# 12 the largest free block after that collect (host: ask 2), 13 frames of work over
# _SLOW_US, 14.. the work (us) of the first _SLOW of them, then the most work of one frame
# after its picture was shown (the saves: us), and the most of a whole frame (us), then
# whether a person here may choose a move now (1: a game screen waits for this console's
# person, no page open, nothing due; 2: a result to read; 8 + the choice under the cursor
# (a card game): a card's value,
# or -1 Draw, -2 Quit), then the game's final scores once it has them (six
# seats at most) and how many seats (0 before) (the link game's device test and bench)
# A frame's work (6, 7, 13..) runs from its input to the end of its show() (issue 26's
# measure); in a frame that shows nothing, to the start of the work after the picture
# (App._after: saves, counted as after-show work as in a frame that drew), else to its
# sleep (its end, for a frame that loads a module).
_SLOW = 8
_SLOW_US = 120_000  # issue 26's mark for a frame's work
_AFTER = 14 + _SLOW
_WHOLE = _AFTER + 1
_ACT = _WHOLE + 1
_SCORES = _ACT + 1
_I = _array.array("i", [0] * (_SCORES + 7))
# the top screen's name; at 40, its name in the longest frame; at 80 + 40 k, in slow frame k
_N = bytearray(40 * (2 + _SLOW))
# app, last top, last panel, frame start us, alloc, slept, its show's end us (or -1)
_S = [None, None, None, 0, 0, False, -1]
_make_profile = make_board  # noqa: F821 - the profile's own, defined above


def _name(top):
    panels = getattr(top, "panels", None)
    panel = panels[-1] if panels else None
    if top is _S[1] and panel is _S[2]:
        return
    _S[1] = top
    _S[2] = panel
    s = type(top).__name__ + ("/" + type(panel).__name__ if panel is not None else "")
    b = s.encode()[:39]
    _N[:40] = bytes(40)
    _N[: len(b)] = b
    _I[9] += 1


def _end():
    """Note the work of the frame ending now."""
    t = _time.ticks_us()
    whole = _time.ticks_diff(t, _S[3])
    if whole > _I[_WHOLE]:
        _I[_WHOLE] = whole
    shown = _S[6]
    if shown == -1:
        _work(whole)
        return
    _S[6] = -1
    _work(_time.ticks_diff(shown, _S[3]))
    after = _time.ticks_diff(t, shown)
    if after > _I[_AFTER]:
        _I[_AFTER] = after


def _work(w):
    """Note a frame's work to its show, `w` us."""
    _I[7] = w
    if w > _I[6]:
        _I[6] = w
        _N[40:80] = _N[:40]
    if w > _SLOW_US:
        k = _I[13]
        if k < _SLOW:
            _I[14 + k] = w
            _N[80 + 40 * k : 120 + 40 * k] = _N[:40]
        _I[13] = k + 1


def _largest(free):
    """The largest block a bytearray can get now, by bisection (to 16 bytes)."""
    lo = 0
    hi = free
    while hi - lo > 16:
        mid = (lo + hi) // 2
        try:
            bytearray(mid)  # dropped at once: the collect below takes it back
            lo = mid
        except MemoryError:
            hi = mid
    _gc.collect()
    return lo


def make_board():  # noqa: F811
    """The profile's Board, its poll and sleep wrapped by the probe."""
    board = _make_profile()
    import ui.boot as _boot

    make_app = _boot.make_app

    def probe_make_app(*args, **kwargs):
        app = make_app(*args, **kwargs)
        _S[0] = app
        mark = app.mark

        def probe_mark():
            mark()
            _I[11] += 1

        app.mark = probe_mark
        step = app.step

        def probe_step():
            # a frame's work ends at its sleep (probe_sleep) or, for a frame that does not
            # sleep (one module imported while the busy mark is up), at its end
            _S[3] = _time.ticks_us()
            _S[5] = False
            _S[6] = -1
            step()
            if not _S[5]:
                _end()

        app.step = probe_step
        after = app._after

        def probe_after(top):
            # the work after the picture (App._after: a save, what App.later put off) is
            # after-show work in every frame: in one that drew nothing its frame's work
            # ends here, as it ends at show() in one that drew
            if _S[6] == -1:
                _S[6] = _time.ticks_us()
            after(top)

        app._after = probe_after
        return app

    _boot.make_app = probe_make_app
    poll = board.buttons.poll
    sleep = board.clock.sleep_ms
    ints = _I

    def probe_poll(now):
        t = _time.ticks_us()
        measure = ints[8]
        if ints[0] and measure and _S[4] >= 0:
            d = _gc.mem_alloc() - _S[4]
            ints[5] = d
            if d > ints[4]:
                ints[4] = d
        if ints[1]:
            _gc.collect()
            f = _gc.mem_free()
            ints[2] = f
            if not ints[3] or f < ints[3]:
                ints[3] = f
            if ints[1] == 2:
                ints[12] = _largest(f)
            ints[1] = 0
        if measure:
            _gc.disable()
            ints[10] = _gc.mem_free()
        else:
            _gc.enable()
        app = _S[0]
        if app is not None:
            top = app.top()
            if top is not None:
                _name(top)
                ses = getattr(top, "session", None)
                act = 0
                mode = getattr(top, "mode", 0)
                if ses is None or getattr(top, "panels", 1) or getattr(top, "due", 1) is not None:
                    pass
                elif mode == 2:  # a shown result a person reads (A goes on)
                    act = 2
                elif mode == 1 and ses.person_to_act():
                    items = getattr(top, "items", None)
                    act = 1 if not items else 8 + items[top.cursor]
                ints[_ACT] = act
                res = getattr(ses, "result", None)
                if res is not None and not ints[_SCORES + 6]:
                    for i in range(min(6, len(res[1]))):
                        ints[_SCORES + i] = res[1][i]
                    ints[_SCORES + 6] = len(res[1])
        ints[0] += 1
        _S[4] = _gc.mem_alloc() if measure else -1
        _S[3] = _time.ticks_add(_S[3], _time.ticks_diff(_time.ticks_us(), t))  # less the probe's own time
        return poll(now)

    def probe_sleep(ms):
        if not _S[5]:
            _end()
        _S[5] = True
        sleep(ms)

    show = board.display.show

    def probe_show():
        show()
        _S[6] = _time.ticks_us()

    board.buttons.poll = probe_poll
    board.clock.sleep_ms = probe_sleep
    board.display.show = probe_show
    print("PICO-PROBE 0x%x 0x%x" % (_uctypes.addressof(_I), _uctypes.addressof(_N)))
    return board
