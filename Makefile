# Pocket LAMA console: every command a developer or CI needs. The venv bootstraps itself.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-play
NODE_STAMP := node_modules/.installed
PIP := $(BIN)/pip install --disable-pip-version-check -q
MICROPYTHON ?= $(BIN)/micropython
WEB_PORT ?= 8000
export MICROPYTHON
# BOARD=, PORT= and FIRMWARE= exactly as typed: never expanded by make ($(value)) nor put on
# a shell line, but handed to the tools in the environment ("$$LAMA_BOARD"), which refuse a
# name that is not a profile in board/, a port or a file with a clear message (a newline, a
# $(...) in it)
export LAMA_BOARD := $(value BOARD)
export LAMA_PORT := $(value PORT)
export LAMA_FIRMWARE := $(value FIRMWARE)

.PHONY: test play bench lint pytest venv clean flash repl run wipe-saves screenshots web web-serve uf2 emulate

## make venv: .venv with everything (requirements.txt); make play installs only requirements-play.txt
venv: $(STAMP)

$(PLAY_STAMP): requirements-play.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) -r requirements-play.txt
	touch $(PLAY_STAMP)

$(STAMP): requirements.txt $(PLAY_STAMP)
	$(PIP) -r requirements.txt
	touch $(STAMP)

# the MicroPython WebAssembly port and the browser tests' driver, pinned in package-lock.json
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

## make test: everything CI checks (lint, type check, host tests on CPython and MicroPython)
test: lint pytest

lint: $(STAMP)
	$(BIN)/ruff check firmware board tools host_tests
	$(PY) tools/build/typecheck.py

pytest: $(STAMP) $(NODE_STAMP)
	$(BIN)/pytest -q host_tests

## make play: play on the board if one is attached, else in the simulator
## (LINK=NAME: this terminal is one console of a link game; start 2 to 6 with the same NAME)
play: $(PLAY_STAMP)
	@if [ "$(PLAY)" != sim ] && port=$$($(PY) tools/flash/deploy.py detect --port="$$LAMA_PORT"); then \
	  echo "board attached on $$port: flashing it, then play on it (PLAY=sim: the simulator)"; \
	  $(PY) tools/flash/deploy.py flash --port="$$port" --board="$$LAMA_BOARD"; \
	else $(MICROPYTHON) tools/sim.py $(SIM) $(if $(LINK),--link "$(LINK)"); fi

## make bench: rerunnable figures (speed, memory, bot strength); BENCH="dice cards" picks some
bench: $(STAMP) $(NODE_STAMP)
	$(PY) tools/bench.py $(BENCH)

## make emulate PICO_FIRMWARE=RPI_PICO-v1.28.0.uf2: the real firmware on an erased emulated Pico,
## the project put on it by make flash, then played here (BOARD=pico_sh1106, KEEP=1: last run's flash)
emulate: $(STAMP) $(NODE_STAMP)
	$(PY) tools/pico/emulate.py --board="$${LAMA_BOARD:-pico_ssd1306}"

## make screenshots: the README's pictures of the panel (docs/screenshots/, from keys/*.keys)
screenshots: $(STAMP)
	$(PY) tools/screenshots.py

## make flash: compile and copy the firmware to the Pico on USB (PORT=/dev/ttyACM0, BOARD=pico_sh1106)
flash: $(PLAY_STAMP)
	$(PY) tools/flash/deploy.py flash --port="$$LAMA_PORT" --board="$$LAMA_BOARD"

## make uf2: build/lama-fs.uf2, the game to drop on a Pico running MicroPython (BOARD=); with
## FIRMWARE=RPI_PICO-....uf2 also build/lama-pico.uf2, that firmware and the game in one file
uf2: $(PLAY_STAMP)
	$(PY) tools/uf2/make_uf2.py --board="$$LAMA_BOARD" --firmware="$$LAMA_FIRMWARE"

## make repl: a REPL on the board; make run: run firmware/ from this computer, nothing copied
repl: $(PLAY_STAMP)
	$(PY) tools/flash/deploy.py repl --port="$$LAMA_PORT"

run: $(PLAY_STAMP)
	$(PY) tools/flash/deploy.py run --port="$$LAMA_PORT" --board="$$LAMA_BOARD"

## make wipe-saves: delete the saves (/data/) on the board, after asking (YES=1 does not ask)
wipe-saves: $(PLAY_STAMP)
	$(PY) tools/flash/deploy.py wipe-saves --port="$$LAMA_PORT" $(if $(YES),--yes)

## make web: the browser version in build/web/; make web-serve: on http://127.0.0.1:8000/ (WEB_PORT=)
web: $(NODE_STAMP)
	$(PYTHON) tools/web/build_page.py

web-serve: web
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory build/web $(WEB_PORT)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build node_modules
