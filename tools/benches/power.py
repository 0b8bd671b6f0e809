"""The console's current and battery life, on the real MicroPython firmware in the emulated Pico (make bench BENCH=power PICO_FIRMWARE=...): for each state the share of time in each power mode and clock, turned into mA by the table CURRENTS, then hours of play and days of standby on a 500 mAh cell.

The project is flashed with a LiPo cell fitted (BATTERY = True in /board.py) and the tour
runs twice: on battery (USB unplugged: the frames rest in light sleep, the panel off is
DORMANT) and on USB power (the console as it was before the battery work: sleep_ms's
WFE at 125 MHz, no deep sleep). The states, each measured over MEASURE_MS of emulated
time with no input: the title; the main menu; a LAMA Dice game waiting for a person (P1's
turn); computer players moving (six hard ones, not hurried); the same waiting game dimmed
(30 s after the last press); the panel off (2 minutes after it). The chip's modes come from
the emulator (tools/pico/chip.mjs: busy and waiting by clk_sys, light sleep, DORMANT), the
panel's share from its lit pixels and contrast.

Play is a mix (PLAY_MIX): half a game waiting for a person, a third computer players
moving, a tenth the menus, the rest dimmed. Standby is the panel off. The wake time is
from a press in DORMANT to the panel's display-on command; what the naps cost a press, from
eight presses on the main menu to the end of the frames that answer them."""

import json
import os
import statistics
import sys
import tempfile
import time

import paths  # noqa: F401  (firmware/ and tools/ on sys.path)
from pico import device, firmware, provision
from pico.tour import SIX_HARD, Probe, Tour

MEASURE_MS = 10_000
CELL_MAH = 500
# mA on VSYS, each with its source (the README, "Battery life", repeats them)
CURRENTS = {
    "run_125": (21.0, "Pico running MicroPython at 125 MHz, about 21 mA: issue 51's figure, "
                      "from MicroPython's rp2 low-power work (micropython/micropython#8770: "
                      "~21 mA measured on VSYS before lightsleep saved power)"),
    "wait_125": (15.3, "Pico at the REPL (WFE at 125 MHz), 15.3 mA: issue 51's figure, same work"),
    "light": (0.99, "machine.lightsleep(ms) on VSYS, 0.99 mA (1.35-1.5 mA with USB): issue 51's "
                    "figure, same work"),
    "dormant": (0.9, "DORMANT (machine.lightsleep()), about 0.9 mA: issue 51's figure (the Pico "
                     "datasheet's DORMANT figure is 0.8 mA; meshtastic/firmware#4510 measured "
                     "~1.3 mA on a whole board)"),
    "oled_off": (0.02, "SSD1306 module, display off: 7-33 uA (issue 51's figure)"),
    "oled_base": (1.2, "SSD1306 module on, few pixels lit: about 1.5 mA (issue 51's figure): "
                       "1.2 mA here plus the lit share"),
    "oled_full": (23.0, "SSD1306 module on, half lit: 9-17 mA (issue 51's figure): 23 mA for a "
                        "whole panel lit at contrast 0x7F, in proportion to the lit share and the "
                        "contrast (the SSD1306's segment current follows its contrast setting)"),
}
PLAY_MIX = {"game, a person's turn": 0.5, "computer players moving": 0.3, "main menu": 0.1,
            "dimmed": 0.1}
DEFAULT_CONTRAST = 0x7F


def chip_ma(mode, hz):
    """The chip's current in `mode` at clk_sys `hz`: the 125 MHz figures, and between light
    sleep's and them in proportion to the clock at other clocks (an estimate: the
    dynamic current goes with the clock)."""
    light = CURRENTS["light"][0]
    if mode == "light":
        return light
    if mode == "dormant":
        return CURRENTS["dormant"][0]
    top = CURRENTS["run_125" if mode == "busy" else "wait_125"][0]
    return light + (top - light) * min(1.0, hz / 125e6)


def panel_ma(lit_share, contrast, on):
    if not on:
        return CURRENTS["oled_off"][0]
    return CURRENTS["oled_base"][0] + CURRENTS["oled_full"][0] * lit_share * contrast / DEFAULT_CONTRAST


def shares(a, b):
    """{mode label: share of the time} between two power() snapshots, and the chip's mA."""
    out = {}
    total = 0.0
    ma = 0.0
    for mode in ("busy", "wait"):
        for hz, ns in b[mode].items():
            d = ns - a[mode].get(hz, 0)
            if d > 0:
                label = "%s %d MHz" % ("running" if mode == "busy" else "waiting (WFE)",
                                       round(float(hz) / 1e6))
                out[label] = out.get(label, 0) + d
                ma += d * chip_ma(mode, float(hz))
                total += d
    for mode, label in (("light", "light sleep (12 MHz, gated)"), ("dormant", "DORMANT")):
        d = b[mode] - a[mode]
        if d > 0:
            out[label] = d
            ma += d * chip_ma(mode, 0)
            total += d
    total = total or 1
    return {k: round(v / total, 4) for k, v in sorted(out.items())}, ma / total


def lit_share(pico):
    return sum(bin(b).count("1") for b in pico.image()) / (128 * 64)


def panel_is_on(pico):
    for _, addr, data in reversed(pico.i2c):
        if addr == device.PANEL_ADDR and data in (b"\x00\xaf", b"\x00\xae"):
            return data == b"\x00\xaf"
    return True


def measure(pico, name, contrast=DEFAULT_CONTRAST):
    a = pico.stats()["power"]
    pico.run(MEASURE_MS)
    b = pico.stats()["power"]
    on = panel_is_on(pico)
    lit = lit_share(pico)
    share, chip = shares(a, b)
    panel = panel_ma(lit, contrast, on)
    return {"state": name, "modes": share, "chip_ma": round(chip, 2),
            "panel_on": on, "lit_pct": round(100 * lit, 1), "panel_ma": round(panel, 2),
            "ma": round(chip + panel, 2)}


def tour(flash, usb, log):
    """The states, in order, on battery (usb False) or USB power."""
    out = []
    with device.Pico(flash) as pico:
        pico.battery(charge=1.0, usb=usb)
        probe = Probe(pico)
        t = Tour(pico, probe)
        t.wait_screen(lambda s: s == "TitleScreen", 5000)
        pico.run(1000)
        out.append(measure(pico, "title"))
        t.press("A")
        pico.run(1000)
        out.append(measure(pico, "main menu"))
        presses = []  # what the naps cost a press: to the end of the frame that answers it
        for k in ["DOWN"] * 4 + ["UP"] * 4:
            pico.run(137)  # at odd moments of the frames
            presses.append(t.press(k, settle_ms=300))
        # computer players moving: six hard ones, not hurried
        t.press("A")
        t.keys(SIX_HARD)
        t.press("A", settle_ms=0)
        pico.run(3000)
        out.append(measure(pico, "computer players moving"))
        t.leave_game()
        pico.run(1000)
        # a game with a person: the default table (you and two computer players)
        t.press("A")
        t.press("UP")
        t.press("A", settle_ms=0)
        pico.run(1500)
        if t.wait_screen(lambda s: s == "HowToScreen", 500):
            t.press("B", settle_ms=1500)
        t.wait_screen(lambda s: s == "DiceScreen", 3000)
        pico.run(2000)
        out.append(measure(pico, "game, a person's turn"))
        pico.run(32_000 - MEASURE_MS - 2000)  # dimmed 30 s after the last press
        out.append(measure(pico, "dimmed", DEFAULT_CONTRAST // 8))
        pico.run(123_000 - 32_000 - MEASURE_MS)  # off 2 minutes after it
        out.append(measure(pico, "panel off"))
        t0 = pico.t_ns
        pico.button("A", True)
        pico.run(80)
        pico.button("A", False)
        pico.run(300)
        lit = [tt for tt, addr, d in pico.i2c if tt >= t0 and addr == device.PANEL_ADDR
               and d == b"\x00\xaf"]
        wake = round((lit[0] - t0) / 1e6, 1) if lit else None
        log("  %s: the press that wakes the panel: lit after %s ms" % ("USB" if usb else "battery", wake))
        log("  %s: a press on the main menu to the end of its frame: median %.1f ms, max %.1f"
            % ("USB" if usb else "battery", statistics.median(presses), max(presses)))
        return out, wake, presses


def summary(states):
    by = {s["state"]: s["ma"] for s in states}
    play = sum(by[k] * w for k, w in PLAY_MIX.items())
    return {"play_ma": round(play, 2), "play_h": round(CELL_MAH / play, 1),
            "standby_ma": by["panel off"],
            "standby_days": round(CELL_MAH / by["panel off"] / 24, 1)}


def main():
    image = firmware.from_env()
    if image is None:
        print("power: PICO_FIRMWARE is not set (%s)" % firmware.WHERE)
        return 1
    lines = []
    log = lines.append
    host0 = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        src = provision.with_battery(provision.flashed(image, probe=True))
        result = {}
        for usb in (False, True):
            flash = provision.copy_of(src, os.path.join(tmp, "f%d.bin" % usb))
            states, wake, presses = tour(flash, usb, log)
            key = "usb (as before)" if usb else "battery"
            result[key] = {"states": states, "wake_ms": wake,
                           "press_ms_median": round(statistics.median(presses), 1),
                           "press_ms_max": round(max(presses), 1)}
            result[key].update(summary(states))
    result["currents_ma"] = {k: v[0] for k, v in CURRENTS.items()}
    result["play_mix"] = PLAY_MIX
    result["host_s"] = round(time.time() - host0)
    print(json.dumps(result))
    for key in ("battery", "usb (as before)"):
        r = result[key]
        print("%s: play %.1f mA -> %.1f h on %d mAh; panel off %.2f mA -> %.1f days; wake %s ms"
              % (key, r["play_ma"], r["play_h"], CELL_MAH, r["standby_ma"], r["standby_days"],
                 r["wake_ms"]))
        for s in r["states"]:
            modes = ", ".join("%s %.1f%%" % (k, 100 * v) for k, v in s["modes"].items())
            print("  %-24s %6.2f mA (chip %.2f, panel %.2f, %s%% lit)  %s"
                  % (s["state"], s["ma"], s["chip_ma"], s["panel_ma"], s["lit_pct"], modes))
    for line in lines:
        print(line)
    print("currents (mA): " + "; ".join("%s %.2f: %s" % (k, v[0], v[1]) for k, v in CURRENTS.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
