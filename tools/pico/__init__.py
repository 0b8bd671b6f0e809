"""The emulated Pico: the real MicroPython rp2 firmware on rp2040js (pico.mjs), driven from Python."""
