"""Tiny Thumb programs for the emulated Pico's harness tests: run from 0x10000000 in place of a firmware, they poke registers, call the bootrom's flash functions and copy the button pins to RAM, so the harness is tested without any fetched firmware."""

import struct

FLASH = 0x10000000
ROM_TABLE = 0x14


def rom_function(bootrom, code):
    """The address of the bootrom function with the two-letter `code` (e.g. "RE")."""
    table = struct.unpack_from("<H", bootrom, ROM_TABLE)[0]
    want = ord(code[0]) | ord(code[1]) << 8
    while True:
        c, addr = struct.unpack_from("<HH", bootrom, table)
        if c == 0:
            raise KeyError(code)
        if c == want:
            return addr
        table += 4


class Program:
    """Thumb code assembled in order; each constant sits right after its load, jumped over."""

    def __init__(self):
        self.code = []  # 16-bit opcodes, or ("ldr", reg, const) to patch
        self.labels = {}

    def _op(self, op):
        self.code.append(op)

    def const(self, reg, value):
        """reg = value: ldr reg, [pc]; b over; (pad); the word."""
        value &= 0xFFFFFFFF
        p = len(self.code)
        pad = (2 * (p + 2)) % 4 != 0
        word_at = 2 * (p + 2 + pad)
        off = word_at - ((2 * p + 4) & ~3)
        self._op(0x4800 | reg << 8 | off // 4)  # ldr reg, [pc, #off]
        self._op(("b", p + 2 + pad + 2))
        if pad:
            self._op(0xBF00)  # nop
        self._op(value & 0xFFFF)
        self._op(value >> 16)

    def store(self, addr, value):
        """*(u32 *)addr = value (r0, r1)."""
        self.const(0, value)
        self.const(1, addr)
        self._op(0x6000 | 1 << 3 | 0)  # str r0, [r1]

    def call(self, fn, *args):
        """fn(args...) with up to four arguments (r0..r3), through r4."""
        for i, a in enumerate(args):
            self.const(i, a)
        self.const(4, fn | 1)
        self._op(0x4780 | 4 << 3)  # blx r4

    def wait_bits(self, addr, mask):
        """Spin until *(u32 *)addr & mask (r1, r2, r3)."""
        self.const(1, addr)
        self.const(3, mask)
        top = len(self.code)
        self._op(0x6800 | 1 << 3 | 2)  # ldr r2, [r1]
        self._op(0x4200 | 3 << 3 | 2)  # tst r2, r3
        self._op(("beq", top))

    def label(self, name):
        self.labels[name] = len(self.code)

    def branch_if_word(self, addr, value, target):
        """If *(u32 *)addr == value (< 256), branch to label `target` (r1, r2)."""
        self.const(1, addr)
        self._op(0x6800 | 1 << 3 | 2)  # ldr r2, [r1]
        self._op(0x2800 | 2 << 8 | value)  # cmp r2, #value
        self._op(("beq-label", target))

    def copy(self, src, dst):
        """*(u32 *)dst = *(u32 *)src, once (r1, r2, r5)."""
        self.const(1, src)
        self.const(5, dst)
        self._op(0x6800 | 1 << 3 | 2)  # ldr r2, [r1]
        self._op(0x6000 | 5 << 3 | 2)  # str r2, [r5]

    def copy_forever(self, src, dst):
        """Loop: *(u32 *)dst = *(u32 *)src, with a WFI-free spin (r1, r2, r5)."""
        self.const(1, src)
        self.const(5, dst)
        top = len(self.code)
        self._op(0x6800 | 1 << 3 | 2)  # ldr r2, [r1]
        self._op(0x6000 | 5 << 3 | 2)  # str r2, [r5]
        self._op(("b", top))

    def sleep_forever(self):
        top = len(self.code)
        self._op(0xBF30)  # wfi
        self._op(("b", top))

    def assemble(self):
        """The program's bytes."""
        out = bytearray()
        for i, op in enumerate(self.code):
            pc = i * 2
            if isinstance(op, int):
                word = op
            else:
                target = op[1] if op[0] != "beq-label" else self.labels[op[1]]
                off = (target * 2 - (pc + 4)) // 2
                if op[0] == "b":
                    word = 0xE000 | (off & 0x7FF)
                else:
                    word = 0xD000 | (off & 0xFF)
            out += struct.pack("<H", word)
        return bytes(out)
