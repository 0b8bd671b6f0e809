"""Board profile of the browser page: the firmware's hal on the page's parts (README: In a browser).

Installed as /board.py in the page's file system, next to firmware/'s files, so that
ui.start.load_board() builds it the way the device builds its own profile. The display is the
real SSD1306 driver talking I2C to the emulated panel (tools/emu), whose glass the page
draws; the buttons are pins the page's keys and on-screen buttons drive; saves go to /data,
which the page mirrors into localStorage; the link port is the page's BroadcastChannel line
(tools/web/link.js), shared by the page's tabs."""

from emu.i2c import I2CBus
from emu.oled_panels import make_panel
from emu.pins import IRQ_FALLING, ScriptedPin
from hal.assembly import assemble
from hal.clock import Clock
from hal.entropy import Entropy
from hal.sound import Sound
from hal.ssd1306 import SSD1306
from page_parts import PageLine, PagePwm, PageTime, PageTimer, page_random

NAME = "browser"
OLED_ADDR = 0x3C
DATA_DIR = "/data"


class Page:
    """The emulated parts behind the Board, for the page's loop (tools/web/page_loop.py)."""

    def __init__(self, bus, panel, time, pins, pwm):
        self.bus = bus
        self.panel = panel
        self.time = time
        self.pins = pins
        self.pwm = pwm


def make_board():
    """The Board for the browser page."""
    import lama_page  # the page's JS module (console.js)

    panel = make_panel("ssd1306")
    bus = I2CBus()
    bus.attach(OLED_ADDR, panel)
    time = PageTime()
    display = SSD1306(bus, OLED_ADDR, False)
    pins = [ScriptedPin() for _ in range(6)]
    pwm = PagePwm(lama_page)
    board = assemble(NAME, display, pins, Clock(time), IRQ_FALLING, Entropy(page_random),
                     Sound(pwm, PageTimer(pwm)), DATA_DIR, link=PageLine(lama_page))
    board.page = Page(bus, panel, time, pins, pwm)
    board.link_uid = bytes.fromhex(str(lama_page.link_uid()))  # this tab's, kept per tab slot
    return board
