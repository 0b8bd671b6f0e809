"""The emulated board profile: the firmware's own hal objects on emulated parts (host only).

Options (set by the simulator or a test BEFORE make_board(), or from the environment):

    configure(panel="ssd1306" | "sh1106",   # env EMU_PANEL
              seed=None | int,               # env EMU_SEED: seeded entropy, else host urandom
              data_dir=path,                 # env EMU_DATA_DIR, default ".emu-data"
              clock="virtual" | "real",      # env EMU_CLOCK; virtual time moves in sleep_ms
              sleep_hook=None | callable,    # real clock: does the sleeping (key polling)
              buzzer=True, flip=False, contrast=0x7F,
              watchdog=False,                # True: wdt_factory = emu.wdt (virtual time)
              link=None,                     # board.link: a line (emu.line port, socket...)
              battery=None)                  # an emu.battery.Cell: a cell is fitted

make_board() returns the hal Board with one more attribute, `emu`, holding the parts:
emu.bus (I2CBus: byte/transaction counters), emu.panel (what the glass shows),
emu.time (VirtualTime: advance(ms)), emu.buttons (ScriptedButtons: press/at/set),
emu.pwm (RecordingPwm: the notes played), emu.cell and emu.sleeper (with a battery)."""

from emu.config import config, configure, reset_config  # noqa: F401 (re-exported)
from emu.i2c import I2CBus
from emu.oled_panels import make_panel
from emu.pins import IRQ_FALLING, ScriptedButtons
from emu.pwm import RecordingPwm
from emu.vtime import RealTime, VirtualTime, VirtualTimer
from hal.assembly import assemble
from hal.clock import Clock
from hal.entropy import Entropy
from hal.sh1106 import SH1106
from hal.sound import Sound
from hal.ssd1306 import SSD1306

OLED_ADDR = 0x3C


def seeded_source(seed):
    """A deterministic os.urandom stand-in (the engine's seeded generator, byte by byte)."""
    from lama.rng import SeededRng

    rng = SeededRng(seed)

    def read(n):
        out = bytearray(n)
        for i in range(n):
            out[i] = rng.randbelow(256)
        return bytes(out)

    return read


class Emu:
    """The emulated parts behind a Board (for tests, the simulator and benchmarks)."""

    def __init__(self, bus, panel, time, buttons, pwm, cell=None, sleeper=None):
        self.bus = bus
        self.panel = panel
        self.time = time
        self.buttons = buttons
        self.pwm = pwm
        self.cell = cell
        self.sleeper = sleeper


def make_board():
    """The Board of docs/platform.md on emulated parts, from the current configure() options."""
    cfg = config
    kind = cfg["panel"]
    panel = make_panel(kind)
    bus = I2CBus()
    bus.attach(OLED_ADDR, panel)
    if cfg["clock"] == "real":
        time = RealTime(cfg["sleep_hook"])
    elif cfg["clock"] == "virtual":
        time = VirtualTime()
    else:
        raise ValueError("EMU_CLOCK must be virtual or real, not %r" % (cfg["clock"],))
    clock = Clock(time)
    driver = SH1106 if kind == "sh1106" else SSD1306
    display = driver(bus, OLED_ADDR, cfg["flip"])
    pins = ScriptedButtons(time)
    pwm = RecordingPwm(time)
    sound = Sound(pwm, VirtualTimer(time)) if cfg["buzzer"] else None
    seed = cfg["seed"]
    entropy = Entropy(seeded_source(seed) if seed is not None else None)
    data_dir = cfg["data_dir"]
    wdt_factory = None
    if cfg["watchdog"]:
        from emu.wdt import factory

        wdt_factory = factory(time)
    cell = cfg["battery"]
    sleeper = None
    parts = None
    if cell is not None:
        from emu.battery import LOAD_MA, Sleeper, restart

        cell.time = time
        sleeper = Sleeper(time, pins, cell)
        parts = (cell.read_mv, cell.plugged, sleeper, restart, cell.drop_mv)
    board = assemble("emulated-" + kind, display, pins.pins, clock, IRQ_FALLING, entropy,
                     sound, data_dir, wdt_factory, cfg["contrast"], cfg["link"], parts)
    if cell is not None:
        power = board.power
        modes = ("on", "dim", "off")
        cell.load = lambda: LOAD_MA[modes[power.state]]
    board.emu = Emu(bus, panel, time, pins, pwm, cell, sleeper)
    return board
