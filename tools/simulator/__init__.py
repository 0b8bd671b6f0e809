"""The simulator wing: the firmware, unchanged, on the emulated board (tools/emu/) under the
MicroPython unix port. `play` is what `make play` and tools/sim.py run (the panel drawn in
the terminal, or headless screenshots as PNG and display RAM); `driver` is the one test
driver of scripted screens (press buttons on virtual time, read and find text on the
glass); `game_play` plays whole games through the game screens as a person would; `png`
writes panel images; `ui_golden` and `game_golden` (re)make the golden images of
host_tests/golden/ (`cd tools && python3 -m simulator.ui_golden`, `micropython -m
simulator.game_golden --write`)."""
