"""Board profile: Pico / Pico 2, 1.3" SH1106 on I2C0, six buttons, optional buzzer."""

from hal.sh1106 import SH1106

NAME = "pico-sh1106"
I2C_ID = 0
SDA = 4  # GP4, physical pin 6
SCL = 5  # GP5, physical pin 7
I2C_FREQ = 400_000  # SH1106 is specified for 400 kHz
OLED_ADDR = 0x3C  # 0x3D on some modules
FLIP = False  # True when the panel is mounted upside down
# buttons to GND, in hal.buttons order: UP, DOWN, LEFT, RIGHT, A, B
BUTTONS = (10, 11, 12, 13, 14, 15)  # GP10..GP15, physical pins 14, 15, 16, 17, 19, 20
BUZZER = 16  # GP16, physical pin 21; None when no piezo is fitted
# the link port (board/README.md, "Link port"): UART0 on the shared line; None: no port
LINK = (0, 0, 1, 460800, False)  # UART id, TX GP0 (pin 1), RX GP1 (pin 2), baud, TX inverted
# True when a LiPo cell feeds VSYS through a charger (board/README.md, "Battery"): the
# gauge (VSYS/3 on GPIO29, USB on GP24) and deep sleep on battery while the panel is off
BATTERY = False
BATTERY_DROP_MV = 0  # what the path from the cell to VSYS drops (a Schottky diode: ~300)


def make_board():
    """The Board for this wiring (the builder imported here: it leaves RAM once the board
    is made)."""
    from hal.assembly import pico_board

    return pico_board(NAME, SH1106, SDA, SCL, BUTTONS, BUZZER, I2C_ID, I2C_FREQ,
                      OLED_ADDR, FLIP, LINK, BATTERY, BATTERY_DROP_MV)
