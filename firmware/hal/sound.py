"""Short piezo sounds on a PWM pin, sequenced by a one-shot timer; a global mute."""

from micropython import const


DUTY = const(32768)  # 50 %: loudest for a piezo

# name -> (frequency Hz, duration ms, frequency, duration, ...): a tune's notes in one flat
# tuple (a tuple a note took some 300 B more of the heap in all); every tune lasts well
# under half a second
TUNES = {
    "click": (2200, 6),
    "roll": (900, 14, 1200, 14, 1500, 14, 1800, 14),
    "bust": (440, 90, 330, 90, 220, 160),
    "win": (784, 80, 988, 80, 1175, 80, 1568, 200),
    "llamas": (660, 60, 880, 60, 660, 60, 880, 120),  # three llamas rolled
    "out": (988, 70, 1319, 70, 1760, 140),  # a player goes out
    "round": (523, 90, 659, 90, 523, 140),  # a round ends
    "error": (180, 120),
}


class Sound:
    """play(name) starts a tune and returns at once: `timer` (a machine.Timer) moves to
    the next note in its callback. Unknown names and every sound while muted are
    ignored."""

    def __init__(self, pwm, timer, muted=False):
        self._pwm = pwm
        self._timer = timer
        self._muted = bool(muted)
        self._tune = ()
        self._note = 0
        self._next_cb = self._next
        pwm.duty_u16(0)

    def mute(self, on):
        """Silence every sound (and stop the one playing) while `on`."""
        self._muted = bool(on)
        if on:
            self.stop()

    def is_muted(self):
        return self._muted

    def stop(self):
        """Stop the tune playing now."""
        self._timer.deinit()
        self._tune = ()
        self._pwm.duty_u16(0)

    def play(self, name):
        """Start tune `name` ("click", "roll", "bust", "win", "error")."""
        if self._muted:
            return
        tune = TUNES.get(name)
        if tune is None:
            return
        self._timer.deinit()
        self._tune = tune
        self._note = 0
        self._start_note()

    def _start_note(self):
        """Note `_note` of the tune: its frequency and duration at 2 * _note of TUNES'."""
        i = 2 * self._note
        freq = self._tune[i]
        ms = self._tune[i + 1]
        self._pwm.freq(freq)
        self._pwm.duty_u16(DUTY)
        self._timer.init(mode=self._timer.ONE_SHOT, period=ms, callback=self._next_cb)

    def _next(self, timer):
        self._note += 1
        if self._muted or 2 * self._note >= len(self._tune):
            self._pwm.duty_u16(0)
            self._tune = ()
            return
        self._start_note()


class Silent:
    """The sound object of a board without a buzzer: same API, no sound."""

    def __init__(self):
        self._muted = False

    def mute(self, on):
        self._muted = bool(on)

    def is_muted(self):
        return self._muted

    def stop(self):
        pass

    def play(self, name):
        pass
