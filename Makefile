# Pocket LAMA console: every command a developer or CI needs. The venv bootstraps itself.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
MICROPYTHON ?= $(BIN)/micropython
export MICROPYTHON

.PHONY: test play bench lint pytest venv clean flash repl run wipe-saves screenshots

venv: $(STAMP)

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r requirements.txt
	touch $(STAMP)

## make test: everything CI checks (lint, type check, host tests on CPython and MicroPython)
test: lint pytest

lint: $(STAMP)
	$(BIN)/ruff check firmware board tools host_tests
	$(PY) tools/build/typecheck.py

pytest: $(STAMP)
	$(BIN)/pytest -q host_tests

## make play: play on the board if one is attached, else in the simulator
play: $(STAMP)
	@if [ "$(PLAY)" != sim ] && port=$$($(PY) tools/flash/deploy.py detect --port="$(PORT)"); then \
	  echo "board attached on $$port: flashing it, then play on it (PLAY=sim: the simulator)"; \
	  $(PY) tools/flash/deploy.py flash --port="$$port" --board="$(BOARD)"; \
	else $(MICROPYTHON) tools/sim.py $(SIM); fi

## make bench: rerunnable figures (speed, memory, bot strength); BENCH="dice cards" picks some
bench: $(STAMP)
	$(PY) tools/bench.py $(BENCH)

## make screenshots: the README's pictures of the panel (docs/screenshots/, from keys/*.keys)
screenshots: $(STAMP)
	$(PY) tools/screenshots.py

## make flash: compile and copy the firmware to the Pico on USB (PORT=/dev/ttyACM0, BOARD=pico_sh1106)
flash: $(STAMP)
	$(PY) tools/flash/deploy.py flash --port="$(PORT)" --board="$(BOARD)"

## make repl: a REPL on the board; make run: run firmware/ from this computer, nothing copied
repl: $(STAMP)
	$(PY) tools/flash/deploy.py repl --port="$(PORT)"

run: $(STAMP)
	$(PY) tools/flash/deploy.py run --port="$(PORT)" --board="$(BOARD)"

## make wipe-saves: delete the saves (/data/) on the board, after asking (YES=1 does not ask)
wipe-saves: $(STAMP)
	$(PY) tools/flash/deploy.py wipe-saves --port="$(PORT)" $(if $(YES),--yes)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
