"""Test double of the rp2 `machine` module: the parts the board profiles use, on the emulator.

It checks what the real Pico would refuse (GPIO numbers, I2C pin functions) and puts an
emulated panel (PANEL_KIND) on every I2C bus it makes, so a profile can be built and
drawn on under the unix port."""

from emu.i2c import I2CBus
from emu.oled_panels import make_panel
from emu.pins import ScriptedPin

PANEL_KIND = "ssd1306"
PANEL_ADDR = 0x3C
made = {"i2c": [], "pins": [], "pwm": [], "timers": [], "uarts": []}

I2C_PINS = {  # id: (SDA GPIOs, SCL GPIOs) on the RP2040
    0: ((0, 4, 8, 12, 16, 20), (1, 5, 9, 13, 17, 21)),
    1: ((2, 6, 10, 14, 18, 26), (3, 7, 11, 15, 19, 27)),
}
RESERVED = (23, 24, 25, 29)  # used by the Pico board itself


class Pin(ScriptedPin):
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, gpio, mode=-1, pull=-1):
        super().__init__()
        if not 0 <= gpio <= 29:
            raise ValueError("invalid pin")
        if gpio in RESERVED:
            raise AssertionError("GP%d is used by the Pico itself" % gpio)
        self.gpio = gpio
        self.mode = mode
        self.pull = pull
        made["pins"].append(self)


class I2C(I2CBus):
    def __init__(self, id, scl=None, sda=None, freq=400_000, timeout=50000):
        super().__init__()
        if id not in I2C_PINS:
            raise ValueError("I2C(%r) doesn't exist" % (id,))
        sdas, scls = I2C_PINS[id]
        if sda.gpio not in sdas or scl.gpio not in scls:
            raise ValueError("bad SCL/SDA pin for I2C%d" % id)
        self.freq = freq
        self.timeout = timeout
        self.attach(PANEL_ADDR, make_panel(PANEL_KIND))
        made["i2c"].append(self)


UART_PINS = {  # id: (TX GPIOs, RX GPIOs) on the RP2040
    0: ((0, 12, 16, 28), (1, 13, 17, 29)),
    1: ((4, 8, 20, 24), (5, 9, 21, 25)),
}
LINE = None  # an emu.line.Line to plug UARTs into; else each hears only its own bytes


class UART:
    INV_TX = 1
    INV_RX = 2

    def __init__(self, id, baudrate=115200, tx=None, rx=None, txbuf=256, rxbuf=256,
                 timeout=0, invert=0):
        if id not in UART_PINS:
            raise ValueError("UART(%r) doesn't exist" % (id,))
        txs, rxs = UART_PINS[id]
        if tx.gpio not in txs or rx.gpio not in rxs:
            raise ValueError("bad TX/RX pin for UART%d" % id)
        self.id = id
        self.baudrate = baudrate
        self.tx = tx
        self.rx = rx
        self.txbuf = txbuf
        self.rxbuf = rxbuf
        self.timeout = timeout
        self.invert = invert
        self.port = LINE.plug("uart") if LINE is not None else None
        self.heard = bytearray()
        self.open = True
        self.flushes = 0  # flush() calls (what was written waited for)
        self.stuck = False  # flush() times out (ETIMEDOUT), as a TX that never drains
        made["uarts"].append(self)

    def flush(self):
        self.flushes += 1
        if self.stuck:
            raise OSError(110)

    def write(self, buf):
        if self.port is not None:
            return self.port.write(buf)
        self.heard.extend(buf)
        return len(buf)

    def any(self):
        if self.port is not None:
            self.heard.extend(self.port.read())
        return len(self.heard)

    def read(self, n=-1):
        self.any()
        if not self.heard:
            return None
        n = len(self.heard) if n < 0 else n
        out = bytes(self.heard[:n])
        self.heard = self.heard[n:]
        return out

    def deinit(self):
        self.open = False


class PWM:
    def __init__(self, pin, freq=0, duty_u16=0):
        self.pin = pin
        self.log = []
        made["pwm"].append(self)

    def freq(self, f=None):
        return None

    def duty_u16(self, d=None):
        if d is not None:
            self.log.append(d)


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1):
        if id != -1:
            raise ValueError("rp2 has only virtual timers (-1)")
        made["timers"].append(self)

    def init(self, mode=0, period=0, callback=None):
        self.callback = callback

    def deinit(self):
        pass


class WDT:
    def __init__(self, id=0, timeout=5000):
        self.timeout = timeout

    def feed(self):
        pass
