"""The virtual Pico wing: a board's USB serial port for `mpremote` and `make flash` without
a Pico. `pico` (tools/virtual_pico.py) holds a pty and supervises successive MicroPython
unix-port interpreters running `repl`, which speaks the board's REPL protocol (raw and
paste modes, soft and hard resets) over a littlefs image as its flash (`flash`), with the
emulated board as its hardware (`hardware`); `host` starts and stops virtual Picos for the
tests and benchmarks."""
