"""The emulated Pico's own parts, with no firmware: UF2/BIN reading, the NOR flash model (semantics, timing, power cuts), and the chip's I2C panel, buttons, PWM, flash hooks and watchdog driven by tiny Thumb programs (host_tests/pico_thumb.py)."""

import json
import os
import shutil
import struct
import subprocess

import pytest

from emu.oled_panels import make_panel
from paths import ROOT
from pico import bootrom, device, firmware
from pico_thumb import Program, rom_function
from uf2 import blocks

pytestmark = pytest.mark.skipif(
    not shutil.which("node") or not os.path.isdir(os.path.join(ROOT, "node_modules", "rp2040js")),
    reason="needs node and rp2040js (npm ci)")

I2C0 = 0x40044000
IC_CON, IC_TAR, IC_DATA_CMD, IC_FS_HCNT, IC_FS_LCNT = 0x00, 0x04, 0x10, 0x1C, 0x20
IC_RAW_INTR, IC_ENABLE, IC_TX_ABRT_SOURCE = 0x34, 0x6C, 0x80
TX_EMPTY, STOP_DET = 1 << 4, 1 << 9
SIO_GPIO_IN = 0xD0000004
PADS_BANK0 = 0x4001C000
IO_BANK0 = 0x40014000
PWM = 0x40050000
WATCHDOG = 0x40058000
RAM_OUT = 0x20001000
RAM_DATA = 0x20002000


def fake_image(size=4096):
    """An RP2040 image: boot2 with its CRC, a vector table, filler."""
    img = bytearray(b"\x00" * size)
    img[0x100:0x108] = struct.pack("<II", 0x20042000, 0x10000201)
    img[252:256] = struct.pack("<I", firmware._crc32_boot2(bytes(img[:252])))
    return bytes(img)


# --- reading a firmware -----------------------------------------------------------------
def test_uf2_and_bin_are_read_and_checked(tmp_path):
    img = fake_image()
    uf2 = tmp_path / "fw.uf2"
    uf2.write_bytes(blocks.write([(blocks.FLASH_BASE, img)]))
    assert firmware.load(str(uf2))[: len(img)] == img
    binf = tmp_path / "fw.bin"
    binf.write_bytes(img)
    assert firmware.load(str(binf)) == img


@pytest.mark.parametrize("case", ["other family", "not uf2", "truncated", "no boot2", "too big",
                                  "missing", "unset"])
def test_bad_firmware_is_refused_with_a_reason(tmp_path, case):
    img = fake_image()
    path = tmp_path / "fw.uf2"
    if case == "other family":
        path.write_bytes(blocks.write([(blocks.FLASH_BASE, img)], family=0xE48BFF59))
        want = "no block for family"
    elif case == "not uf2":
        path.write_bytes(b"hello" * 300)
        want = "not a UF2"
    elif case == "truncated":
        path.write_bytes(blocks.write([(blocks.FLASH_BASE, img)])[:700])
        want = "not a UF2"
    elif case == "no boot2":
        path = tmp_path / "fw.bin"
        path.write_bytes(b"\x01" * 4096)
        want = "not an RP2040 firmware"
    elif case == "too big":
        path = tmp_path / "fw.bin"
        path.write_bytes(img + bytes(firmware.FLASH_SIZE))
        want = "more than the Pico's 2 MB"
    elif case == "missing":
        path = tmp_path / "none.uf2"
        want = "cannot be read"
    else:
        path = ""
        want = "PICO_FIRMWARE is not set"
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.load(str(path))
    assert want in str(e.value)
    if case != "unset":
        assert "micropython.org/download/RPI_PICO" in str(e.value)


@pytest.mark.parametrize("case", ["far block", "dev zero", "fifo", "huge file", "missing block",
                                  "a gap"])
def test_a_bad_firmware_is_bounded_before_an_image_is_built(tmp_path, case):
    """A block addressed at 0xFFFFFF00 builds no 4 GB image; /dev/zero is not read until
    memory runs out; a FIFO is not waited on; an incomplete UF2 is refused, not padded."""
    img = fake_image()
    path = tmp_path / "fw.uf2"
    if case == "far block":
        path.write_bytes(blocks.write([(0xFFFFFF00, img[:256])]))
        want = "block at 0xffffff00 is outside the Pico's 2 MB flash"
    elif case == "dev zero":
        path = "/dev/zero"
        want = "not a regular file"
    elif case == "fifo":
        os.mkfifo(path)
        want = "not a regular file"
    elif case == "huge file":
        with open(path, "wb") as f:
            f.truncate(firmware.FILE_MAX + 1)
        want = "more than %d bytes" % firmware.FILE_MAX
    elif case == "missing block":
        raw = blocks.write([(blocks.FLASH_BASE, img)])
        path.write_bytes(raw[:512] + raw[1024:])
        want = "block number 1 is missing"
    else:
        path.write_bytes(blocks.write([(blocks.FLASH_BASE, img), (blocks.FLASH_BASE + 0x2000, img)]))
        want = "no page from 0x10001000 to 0x10002000"
    with pytest.raises(firmware.FirmwareError) as e:
        firmware.load(str(path))
    assert want in str(e.value) and "micropython.org/download/RPI_PICO" in str(e.value)


def test_make_emulate_says_why_a_firmware_is_refused(tmp_path):
    bad = tmp_path / "far.uf2"
    bad.write_bytes(blocks.write([(0xFFFFFF00, bytes(256))]))
    proc = subprocess.run(["python3", os.path.join(ROOT, "tools", "pico", "emulate.py")],
                          capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, PICO_FIRMWARE=str(bad)))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.startswith("make emulate: far.uf2 is not an RP2040 UF2: block at"
                                  " 0xffffff00 is outside"), proc.stderr
    assert "Traceback" not in proc.stderr


# --- the NOR flash model ------------------------------------------------------------------
NOR_SCRIPT = r"""
import { NorFlash } from './tools/pico/nor_flash.mjs';
const out = {};
const f = new NorFlash(new Uint8Array(64 * 1024).fill(0x5a), 64 * 1024);
let r = f.erase(4096, 100);  // one sector
out.erase = [r.ns, f.bytes[4095], f.bytes[4096], f.bytes[8191], f.bytes[8192]];
r = f.program(4096, Uint8Array.from([0xf0, 0x0f, 0x33]));
const again = f.program(4096, Uint8Array.from([0x3c, 0xff, 0x00]));
out.program = [r.ns, again.ns, f.bytes[4096], f.bytes[4097], f.bytes[4098]];
out.pages = f.program(4096 + 200, new Uint8Array(300).fill(0xff)).ns;  // spans 2 pages
out.counts = [f.erases, f.programs, f.ops];
f.setTiming('max');
out.max = [f.erase(0, 8192).ns, f.program(0, new Uint8Array(256)).ns];
f.bytes.fill(0);
f.planCut(2);
r = f.erase(0, 3 * 4096);
out.cut = [r.cut, f.bytes[0], f.bytes[4096], f.bytes[8192], f.ops];
f.bytes.fill(0);
f.planCut(1, true);
r = f.erase(0, 4096);
out.mid = [r.cut, f.bytes[0], f.bytes[4095]];
f.bytes.fill(0xff);
f.planCut(1, true);
r = f.program(0, new Uint8Array(256));
out.midprog = [r.cut, f.bytes[0], f.bytes[255]];
try { f.erase(60 * 1024, 8192); out.range = 'no error'; } catch (e) { out.range = e.constructor.name; }
console.log(JSON.stringify(out));
"""


def test_nor_flash_semantics_timing_and_power_cuts():
    res = subprocess.run(["node", "--input-type=module", "-e", NOR_SCRIPT], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    out = json.loads(res.stdout)
    assert out["erase"] == [45e6, 0x5A, 0xFF, 0xFF, 0x5A]  # a 4 KiB sector, 45 ms typical
    # program only clears bits: a second program ANDs into the first
    assert out["program"] == [0.4e6, 0.4e6, 0xF0 & 0x3C, 0x0F, 0x00]
    assert out["pages"] == 2 * 0.4e6
    assert out["counts"] == [1, 4, 5]
    assert out["max"] == [2 * 400e6, 3e6]
    # cut at the 2nd operation: the first sector erased, the second and third not
    assert out["cut"] == [True, 0xFF, 0x00, 0x00, 10]
    assert out["mid"] == [True, 0xFF, 0x00]  # halfway through an erase
    assert out["midprog"] == [True, 0x00, 0xFF]  # halfway through a page
    assert out["range"] == "RangeError"


# --- the chip, driven by small programs ---------------------------------------------------
def boot_program(tmp_path, prog, **kw):
    image = bytearray(b"\xff" * firmware.FLASH_SIZE)
    code = prog.assemble()
    image[: len(code)] = code
    path = tmp_path / "flash.bin"
    path.write_bytes(image)
    return device.Pico(str(path), **kw)


def rom():
    with open(bootrom.path(), "rb") as f:
        return f.read()


def i2c_write(prog, addr, payload):
    prog.store(I2C0 + IC_ENABLE, 0)
    prog.store(I2C0 + IC_TAR, addr)
    prog.store(I2C0 + IC_FS_HCNT, 126)  # 400 kHz at 125 MHz, as the SDK sets it
    prog.store(I2C0 + IC_FS_LCNT, 187)
    prog.store(I2C0 + IC_ENABLE, 1)
    for i, b in enumerate(payload):
        prog.store(I2C0 + IC_DATA_CMD, b | (0x200 if i == len(payload) - 1 else 0))
        prog.wait_bits(I2C0 + IC_RAW_INTR, TX_EMPTY)
    prog.wait_bits(I2C0 + IC_RAW_INTR, STOP_DET)
    prog.const(1, I2C0 + 0x60)  # IC_CLR_STOP_DET: read to clear
    prog._op(0x6800 | 1 << 3 | 2)


SSD1306_STREAM = [
    bytes([0x00, 0xAE, 0x20, 0x00, 0x8D, 0x14, 0xA1, 0xC8, 0x21, 10, 40, 0x22, 1, 3, 0xAF]),
    bytes([0x40] + [(i * 37) & 0xFF for i in range(93)]),
    bytes([0x80, 0xA7, 0x00, 0x81, 0x30]),
]
SH1106_STREAM = [
    bytes([0x00, 0xAE, 0xA1, 0xC8, 0xAD, 0x8B, 0xB2, 0x02, 0x10, 0xAF]),
    bytes([0x40] + [(i * 11) & 0xFF for i in range(130)]),
]


@pytest.mark.parametrize("kind,stream", [("ssd1306", SSD1306_STREAM), ("sh1106", SH1106_STREAM)])
def test_panel_pixels_equal_tools_emu_panels(tmp_path, kind, stream):
    prog = Program()
    for payload in stream:
        i2c_write(prog, 0x3C, payload)
    prog.sleep_forever()
    with boot_program(tmp_path, prog, panel=kind) as p:
        p.run(50)
        assert [d for _, a, d in p.i2c] == stream  # every byte, one STOP-ended transaction each
        want = make_panel(kind)
        for payload in stream:
            want.receive(payload)
        assert p.image() == want.image() and any(p.image())
        assert p.panel.ram == want.ram and not p.panel.errors
        # wire time: 9 SCL periods a byte at 400 kHz, about 22.5 us
        first = p.i2c[0][0]
        second = p.i2c[1][0]
        assert 0.9 * 22.5e3 * len(stream[1]) < second - first < 1.5 * 22.5e3 * len(stream[1]) + 2e5


def test_a_panel_at_another_address_gets_nothing(tmp_path):
    prog = Program()
    i2c_write(prog, 0x3D, SSD1306_STREAM[0])
    prog.sleep_forever()
    with boot_program(tmp_path, prog) as p:
        p.run(20)
        assert p.i2c == [] and not p.panel.on


def test_a_nacked_write_ends_like_the_real_block_and_the_next_one_arrives_whole(tmp_path):
    # as the SDK's i2c_write_blocking: wait TX_EMPTY, read the abort source, wait STOP_DET;
    # the block flushes its FIFO on the NACK, so TX_EMPTY comes (it never did: the SDK then
    # timed out, and the stale abort failed the first write to the panel plugged back in)
    prog = Program()
    i2c_write(prog, 0x3D, SSD1306_STREAM[2])
    prog.const(1, I2C0 + IC_TX_ABRT_SOURCE)  # read (and so cleared) as the SDK does
    prog._op(0x6800 | 1 << 3 | 2)
    prog.const(1, RAM_OUT)
    prog._op(0x6000 | 1 << 3 | 2)
    i2c_write(prog, 0x3C, SSD1306_STREAM[0])
    prog.sleep_forever()
    with boot_program(tmp_path, prog) as p:
        p.run(20)
        assert struct.unpack("<I", p.peek(RAM_OUT, 4))[0] & 0xFFFF == 1  # ABRT_7B_ADDR_NOACK
        assert [(a, d) for _, a, d in p.i2c] == [(0x3C, SSD1306_STREAM[0])]


def test_buttons_pull_up_and_press_low_at_given_times(tmp_path):
    prog = Program()
    for g in range(10, 16):
        prog.store(PADS_BANK0 + 4 + 4 * g, 0x4A)  # input enable, pull-up
        prog.store(IO_BANK0 + 8 * g + 4, 5)  # SIO
    prog.copy_forever(SIO_GPIO_IN, RAM_OUT)
    with boot_program(tmp_path, prog) as p:
        p.run(5)

        def pins():
            v = struct.unpack("<I", p.peek(RAM_OUT, 4))[0]
            return [(v >> g) & 1 for g in range(10, 16)]
        assert pins() == [1] * 6
        p.button("A", True)
        p.button("UP", True, at_ms=p.ms + 10)
        p.run(5)
        assert pins() == [1, 1, 1, 1, 0, 1]
        p.run(10)
        assert pins() == [0, 1, 1, 1, 0, 1]
        p.button("A", False)
        p.button("UP", False)
        p.run(1)
        assert pins() == [1] * 6


def test_piezo_pwm_changes_are_recorded_with_their_time(tmp_path):
    prog = Program()
    prog.store(IO_BANK0 + 8 * 16 + 4, 4)  # GP16: PWM
    prog.store(PWM + 0x04, 10 << 4)  # slice 0 DIV = 10
    prog.store(PWM + 0x10, 6249)  # TOP: 125 MHz / 10 / 6250 = 2 kHz
    prog.store(PWM + 0x0C, 3125)  # CC A: half
    prog.store(PWM + 0x00, 1)  # CSR: enable
    prog.sleep_forever()
    with boot_program(tmp_path, prog) as p:
        p.run(5)
        last = p.pwm[-1]
        assert last[1] is True and last[2] == pytest.approx(2000, rel=1e-3)
        assert last[3] == pytest.approx(0.5, abs=1e-3)
        assert all(0 < t < 5e6 for t, *_ in p.pwm)


def flash_program():
    r = rom()
    prog = Program()
    for i in range(0, 512, 4):
        prog.store(RAM_DATA + i, 0x11223344 + i)
    prog.call(rom_function(r, "IF"))
    prog.call(rom_function(r, "EX"))
    prog.call(rom_function(r, "RE"), 0x100000, 8192, 65536, 0xD8)
    prog.call(rom_function(r, "RP"), 0x100000, RAM_DATA, 512)
    prog.call(rom_function(r, "FC"))
    prog.store(RAM_OUT, 0xD0AE)  # done
    prog.sleep_forever()
    return prog


def test_bootrom_flash_functions_work_on_the_nor_model_in_emulated_time(tmp_path):
    with boot_program(tmp_path, flash_program()) as p:
        p.run(200)
        assert p.peek(RAM_OUT, 4) == struct.pack("<I", 0xD0AE)
        ops = [(op, addr, n) for _, op, addr, n in p.flash_ops]
        assert ops == [("erase", 0x100000, 8192), ("program", 0x100000, 512)]
        t_erase, t_prog = p.flash_ops[0][0], p.flash_ops[1][0]
        assert 2 * 45e6 <= t_prog - t_erase < 2 * 45e6 + 1e6  # two sectors, typical timing
        s = p.stats()
        assert (s["erases"], s["programs"]) == (2, 2)
        p.save_flash(str(tmp_path / "after.bin"))
    data = (tmp_path / "after.bin").read_bytes()
    assert data[0x100000:0x100004] == struct.pack("<I", 0x11223344)
    assert data[0x100000 + 512: 0x100000 + 8192] == b"\xff" * (8192 - 512)


def test_power_cut_at_a_flash_operation_then_power_on_keeps_the_flash(tmp_path):
    with boot_program(tmp_path, flash_program(), timing="max") as p:
        p.cut_power_at(2)  # the second sector's erase
        assert not p.run(2000)
        assert [e["ev"] for e in p.events if e["ev"] in ("cut", "power")] == ["cut"]
        assert p.stats()["powered"] is False
        assert p.peek(RAM_OUT, 4) == b""  # no chip to read
        p.power(True)
        p.run(5)
        assert p.stats()["powered"] is True
        # RAM is lost: the program starts again (and this time runs to its end)
        p.run(3000)
        assert p.peek(RAM_OUT, 4) == struct.pack("<I", 0xD0AE)


def test_watchdog_reset_restarts_the_chip_keeping_scratch_and_flash(tmp_path):
    prog = Program()
    prog.branch_if_word(WATCHDOG + 0x0C, 1, "second")  # SCRATCH0 survives the reset
    prog.store(WATCHDOG + 0x0C, 1)
    prog.store(RAM_OUT, 0x1111)
    prog.store(WATCHDOG + 0x04, 2000)  # LOAD: 1 ms (the counter runs at 2 MHz, E1)
    prog.store(WATCHDOG + 0x00, 1 << 30)  # CTRL: enable
    prog.sleep_forever()
    prog.label("second")
    prog.const(1, WATCHDOG + 0x08)  # REASON -> RAM
    prog._op(0x6800 | 1 << 3 | 2)
    prog.const(1, RAM_OUT + 4)
    prog._op(0x6000 | 1 << 3 | 2)
    prog.sleep_forever()
    with boot_program(tmp_path, prog) as p:
        p.run(20)
        resets = [e for e in p.events if e["ev"] == "reset"]
        assert len(resets) == 1 and resets[0]["reason"] == "watchdog"
        assert 0.9e6 < resets[0]["t"] < 2e6
        assert p.peek(RAM_OUT, 8) == struct.pack("<II", 0, 1)  # RAM lost; REASON = TIMER
