# The two commands of the README.  Both set everything up on a fresh machine.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# JupyterLab refuses to run as root unless told; containers and CI often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
VOILA_ROOT := $(if $(filter 0,$(shell id -u)),--Voila.ip=127.0.0.1,)

.PHONY: lab test install bench data precomputed charts classroom browser clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebook,dev]'
	touch $(STAMP)

install: $(STAMP)

## make lab: install, then open JupyterLab on notebooks/ (headless-safe: prints the URL)
lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks --no-browser --ip=127.0.0.1 $(ROOT_FLAG)

## make browser: Debian's chromium for the real-browser smoke test (installed when missing)
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser smoke test"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium chromium-driver >/dev/null) || \
	  (sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	    chromium chromium-driver >/dev/null); }

## make test: install, then lint, type-check and run every test (doctests and notebooks too)
test: $(STAMP) browser
	$(BIN)/ruff check settemezzo tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest

## make bench: the benchmarks (ratios against a baseline in the same run)
bench: $(STAMP)
	$(BIN)/python -m bench

## make data: regenerate the precomputed tables in data/
data: $(STAMP)
	$(BIN)/settemezzo data --out data

## make precomputed: re-solve the presets and single variants shipped with the package
precomputed: $(STAMP)
	$(BIN)/python -m settemezzo.precomputed

## make charts: the presets' strategy charts and printable handouts, into charts/
charts: $(STAMP)
	$(BIN)/settemezzo charts --out charts

## make classroom: serve the trainer and the playable table with Voila on localhost
classroom: $(STAMP)
	$(BIN)/voila notebooks/06_classroom.ipynb --no-browser --port=8866 $(VOILA_ROOT)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
