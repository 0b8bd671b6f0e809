"""machine.PWM stand-ins for the buzzer: the duty and frequency a PWM pin holds, with a hook
for each duty change (the emulated board records it, the browser page plays it)."""


class Pwm:
    """A PWM pin's freq()/duty_u16() as machine.PWM answers them; `changed(freq, duty)` is
    called for each duty set (every set when `every`, else only when the duty differs)."""

    every = False

    def __init__(self):
        self._freq = 0
        self._duty = 0

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        return None

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        if self.every or d != self._duty:
            self._duty = d
            self.changed(self._freq, d)
        return None

    def deinit(self):
        self.duty_u16(0)

    def changed(self, freq, duty):
        pass


class RecordingPwm(Pwm):
    """Records (time, freq, duty) at each duty change (the emulated board's buzzer)."""

    def __init__(self, time_source):
        Pwm.__init__(self)
        self.time = time_source
        self.log = []

    def changed(self, freq, duty):
        self.log.append((self.time.ticks_ms(), freq, duty))
