"""The browser board's parts (MicroPython WebAssembly port): the page's clock, speaker, dice and link line.

The page (tools/web/console.js) registers a JS module `lama_page` with the functions these
parts call: `audio(freq, duty, at_ms)`, `show(image, contrast)`, `link_write(bytes)` and
`link_read()` (tools/web/link.js). The panel and the
buttons are the emulated board's own parts (emu.i2c, emu.oled_panels, emu.pins)."""

import time

from emu.pwm import Pwm


class PageTime:
    """The clock source for hal.clock.Clock: the port's ticks, and a sleep_ms that does not
    sleep but tells the page how long to wait before the next frame (a timer, never a busy
    loop: the browser's thread must stay free)."""

    def __init__(self):
        self.ticks_ms = time.ticks_ms
        self.ticks_add = time.ticks_add
        self.ticks_diff = time.ticks_diff
        self.wait_ms = 0

    def sleep_ms(self, ms):
        if ms > self.wait_ms:
            self.wait_ms = ms

    def take_wait(self):
        """The wait asked for since the last call (0: none), and forget it."""
        ms = self.wait_ms
        self.wait_ms = 0
        return ms


class PageTimer:
    """machine.Timer's one-shot API for hal.sound.Sound, on the speaker's own time line: a
    tune is handed to Web Audio whole, each note at its offset, so notes of 6 ms keep their
    length (a frame is 25 ms). init() moves the offset on by the period and runs the
    callback at once; deinit() starts the time line again at now (a new tune, or stop)."""

    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, pwm):
        self.pwm = pwm
        self._depth = 0

    def init(self, mode=0, period=0, callback=None, freq=None):
        if freq:
            period = 1000 // freq
        self.pwm.at_ms += max(1, period)
        if callback is not None and self._depth < 16:  # a tune has a few notes
            self._depth += 1
            try:
                callback(self)
            finally:
                self._depth -= 1

    def deinit(self):
        self.pwm.at_ms = 0


class PagePwm(Pwm):
    """machine.PWM for the buzzer: each duty set goes to the page's Web Audio square wave at
    `at_ms` after now (see PageTimer)."""

    every = True

    def __init__(self, page):
        Pwm.__init__(self)
        self.page = page
        self.at_ms = 0

    def changed(self, freq, duty):
        self.page.audio(freq, duty, self.at_ms)


class PageLine:
    """board.link in the browser: the page's BroadcastChannel line (tools/web/link.js),
    which every tab of the page shares; the same bytes as the device's UART."""

    def __init__(self, page):
        self.page = page

    def write(self, buf):
        return self.page.link_write(bytes(buf))

    def read(self):
        data = self.page.link_read()
        if data is None or not len(data):
            return b""
        return bytes(data)


def page_random(n):
    """n random bytes from the browser's crypto.getRandomValues (the port has no
    os.urandom)."""
    import js

    return bytes(js.crypto.getRandomValues(js.Uint8Array.new(n)))


def _reversed_bits():
    t = bytearray(256)
    for b in range(256):
        r = 0
        for i in range(8):
            if b & (1 << i):
                r |= 0x80 >> i
        t[b] = r
    return bytes(t)


_REV = _reversed_bits()


def glass(panel):
    """What the emulated panel's glass shows, as panel.image() gives it (1,024 MONO_VLSB
    bytes), computed from display RAM at once in the two set-ups the driver uses: upright
    (segment remap and COM scan reversed) and turned 180 degrees (neither), with no start
    line, offset or partial mux. Anything else goes through panel.image(), which takes
    ~60 ms a frame in the WebAssembly port."""
    if not panel.lit():
        return bytes(1024)
    if (panel.start_line or panel.offset or panel.mux != 64 or panel.entire_on
            or panel.seg_remap != panel.com_reversed):
        return panel.image()
    ram = panel.ram_view()
    if panel.seg_remap:
        out = bytearray(ram)
    else:
        out = bytearray(1024)
        rev = _REV
        for i in range(1024):
            out[1023 - i] = rev[ram[i]]
    if panel.inverted:
        for i in range(1024):
            out[i] ^= 0xFF
    return bytes(out)
