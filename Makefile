# Pocket LAMA console: every command a developer or CI needs. The venv bootstraps itself.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
MICROPYTHON ?= $(BIN)/micropython
export MICROPYTHON

.PHONY: test play bench lint pytest venv clean

venv: $(STAMP)

$(STAMP): requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --disable-pip-version-check -q -r requirements.txt
	touch $(STAMP)

## make test: everything CI checks (lint, type check, host tests on CPython and MicroPython)
test: lint pytest

lint: $(STAMP)
	$(BIN)/ruff check firmware board tools host_tests
	$(PY) tools/typecheck.py

pytest: $(STAMP)
	$(BIN)/pytest -q host_tests

## make play: play on the board if one is attached, else in the simulator
play: $(STAMP)
	$(MICROPYTHON) tools/sim.py $(SIM)

## make bench: rerunnable figures (speed, memory, bot strength); BENCH="dice cards" picks some
bench: $(STAMP)
	$(PY) tools/bench.py $(BENCH)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build
