"""Builds the Board every profile returns (hal.Board) from its parts, the same way everywhere; needed at boot only (ui/start.py lets it go once the board is made: issue 26)."""

from hal import Board
from hal.buttons import Buttons
from hal.clock import Clock
from hal.entropy import Entropy
from hal.power import Power
from hal.sound import Silent


def assemble(name, display, pins, clock=None, irq_trigger=None, entropy=None, sound=None,
             data_dir="/data", wdt_factory=None, contrast=0x7F, link=None, cell=None):
    """A Board from a display driver and six button pins (UP, DOWN, LEFT, RIGHT, A, B);
    the button, power, clock, entropy and sound objects are built here so that every
    profile, real or emulated, runs the same hal code. `cell`, when a battery is fitted:
    (read_mv, usb, sleeper, restart, drop_mv) for hal.battery.Gauge and
    hal.power_cell.CellPower (sleeper or restart None: no deep sleep, no restart)."""
    clock = clock or Clock()
    buttons = Buttons(pins, clock, irq_trigger)
    display.contrast(contrast)
    if cell is None:
        power = Power(display, clock, contrast)
    else:
        from hal.battery import Gauge
        from hal.power_cell import CellPower

        read_mv, usb, sleeper, restart, drop_mv = cell
        power = CellPower(display, clock, contrast, Gauge(read_mv, usb, clock, drop_mv),
                          sleeper, restart)
    return Board(name, display, buttons, clock, entropy or Entropy(), sound or Silent(),
                 power, data_dir, wdt_factory, link)


def i2c_timeout_us(freq):
    """machine.I2C's timeout (rp2: for a whole transaction, 50 ms by default) with room
    for the longest one, a full SSD1306 frame (1,038 bytes, 9,342 clocks) twice over: at
    100 kHz that frame alone takes 93 ms."""
    return max(50_000, 19_000_000 // max(1, freq // 1000))


def pico_board(name, driver, sda, scl, buttons, buzzer=None, i2c_id=0, freq=400_000,
               addr=0x3C, flip=False, link=None, battery=False, drop_mv=0):
    """A Board for a Pico wiring: `driver` (SSD1306 or SH1106 class) on hardware I2C
    `i2c_id` at GPIO `sda`/`scl`, buttons on the six GPIOs `buttons` (to ground, internal
    pull-ups, falling-edge interrupts latch presses), a piezo on GPIO `buzzer` or None;
    `battery`: a LiPo cell feeds VSYS (pico_cell: the gauge, deep sleep on battery).
    A display that does not answer at `addr` (three tries, 100 ms apart: a module may
    still be in its power-on reset) raises OSError naming the addresses the bus found.
    `link`: (uart id, TX GPIO, RX GPIO, baud, TX inverted) of the link port, or None: a
    hal.link_port.UartLine made when board.link is first read."""
    import time

    from machine import I2C, PWM, Pin, Timer

    from hal.sound import Sound
    from hal.watchdog import machine_wdt

    i2c = I2C(i2c_id, sda=Pin(sda), scl=Pin(scl), freq=freq, timeout=i2c_timeout_us(freq))
    display = None
    for _ in range(3):
        try:
            display = driver(i2c, addr, flip)
            break
        except OSError as e:
            err = e
            time.sleep_ms(100)
    if display is None:
        found = ", ".join("0x%02x" % a for a in i2c.scan()) or "none"
        raise OSError("the display at I2C address 0x%02x does not answer (%r); addresses "
                      "found on SDA GP%d / SCL GP%d: %s" % (addr, err, sda, scl, found))
    pins = [Pin(g, Pin.IN, Pin.PULL_UP) for g in buttons]
    sound = None
    if buzzer is not None:
        sound = Sound(PWM(Pin(buzzer)), Timer(-1))
    cell = pico_cell(buttons, drop_mv) if battery else None
    clock = None
    if cell is not None:  # on battery the frames rest in light sleep (hal.sleep.Naps)
        from hal.sleep import Naps

        clock = Clock(Naps(cell[1], sound))
    return assemble(name, display, pins, clock, Pin.IRQ_FALLING, sound=sound,
                    wdt_factory=machine_wdt, link=link, cell=cell)  # (link: made at its first use)


def pico_cell(buttons, drop_mv=0):
    """The `cell` of assemble() on a Pico board: VSYS/3 on ADC3 (GPIO29) and VBUS sense on
    GP24, on a Pico (RP2040: tested on the emulated Pico) or a Pico 2 (RP2350: the same
    pins, DORMANT through its own registers; not tested). On a Pico W or Pico 2 W, GPIO29
    is the wireless chip's clock and VBUS sense is the chip's WL_GPIO2: None (no gauge, no
    deep sleep: no gauge is better than a wrong one), said on the console."""
    import sys

    from machine import ADC, Pin, reset

    from hal.battery import vsys_reader
    from hal.sleep import DeepSleep

    board = getattr(sys.implementation, "_machine", "")
    if " W" in board:
        print("LAMA console: BATTERY: a Pico W reads VSYS and VBUS through its wireless chip;"
              " no battery gauge, no deep sleep")
        return None
    vbus = Pin(24, Pin.IN)
    return (vsys_reader(ADC(3)), vbus.value, DeepSleep(buttons, board), reset, drop_mv)
