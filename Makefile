# The two commands of the README.  Both set everything up on a fresh machine.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# JupyterLab refuses to run as root unless told; containers and CI often are root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
VOILA_ROOT := $(if $(filter 0,$(shell id -u)),--Voila.ip=127.0.0.1,)

.PHONY: lab test install bench data deckdown precomputed charts classroom browser strip clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The packages are installed by uv, an installer from PyPI that pip puts into the venv: the
# same packages as pip's, faster (measured on a fresh clone, one core busy elsewhere: pip
# 85 s; uv 12 s, plus about 35 s compiling the bytecode, which pip does too and uv only when
# asked: every test worker, kernel and command then starts from .pyc files). Compiling all
# 9,300 files takes 58 s of CPU, on both cores; without it the first import compiles a file:
# the 1,500 files a test worker imports take 10 s of CPU, paid by both workers at once, then
# by the controller, the kernels, the servers and the commands, and again by every process
# where PYTHONDONTWRITEBYTECODE is set (mypy, the warm-up): not less in all. If uv cannot be
# installed or cannot reach the index (it does not read pip's configuration), pip installs
# everything as before.
$(STAMP): pyproject.toml | $(BIN)/python
	{ $(BIN)/python -m pip install --quiet uv && \
	  $(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python \
	    -e '.[notebook,dev]'; } || \
	{ $(BIN)/python -m pip install --quiet --upgrade pip && \
	  $(BIN)/python -m pip install --quiet -e '.[notebook,dev]'; }
	touch $(STAMP)

install: $(STAMP)

## make lab: install, then open JupyterLab on notebooks/ (headless-safe: prints the URL)
lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks --no-browser --ip=127.0.0.1 $(ROOT_FLAG)

## make browser: Debian's chromium for the real-browser smoke test, installed when missing
## and possible (root or password-less sudo, with apt-get). Never fails: without chromium
## `make test` runs every other test and pytest reports the browser test as skipped.
browser:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && { \
	    { [ "$$(id -u 2>/dev/null)" = 0 ] && apt-get update -qq && \
	      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; } || \
	    { command -v sudo >/dev/null 2>&1 && sudo -n apt-get update -qq && \
	      sudo -n env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium \
	        chromium-driver; }; } >/dev/null 2>&1; then \
	  echo "installed Debian's chromium for the browser smoke test"; \
	else \
	  echo "chromium is missing and cannot be installed here (no apt-get, or neither root nor"; \
	  echo "password-less sudo): the browser smoke test (tests/widgets/test_browser.py) will be skipped."; \
	  echo "To enable it, install Debian's chromium (apt-get install chromium) and run make test."; \
	fi

## make strip: remove the outputs a notebook saved in `make lab` (tests check the committed
## notebooks, so a saved notebook never breaks `make test`; strip before committing)
strip:
	$(BIN)/python .ci/strip_notebooks.py notebooks/*.ipynb

## make test: install, then lint, type-check and run every test (doctests and notebooks too);
## the 20 slowest are listed at the end (where to look when the suite gets slow).
## While mypy runs (on one core, half a minute on a fresh clone) the solver's kernels, then the
## simulator start compiling on the other (tests/numba_warm.py); the tests start when mypy is
## over, each worker waiting for the compiled kernels or simulator only where it needs them, then
## loading numba's cache. The tests may write Python's
## bytecode caches (PYTHONDONTWRITEBYTECODE, set on some machines, makes every test worker,
## kernel and command compile the package and the test modules again).
test: $(STAMP) browser
	$(BIN)/ruff check settemezzo tests bench
	$(BIN)/python -m tests.numba_warm --start .numba-warm.done -- $(BIN)/mypy
	SETTEMEZZO_TEST_NUMBA_WARM=$(CURDIR)/.numba-warm.done PYTHONDONTWRITEBYTECODE= \
	  $(BIN)/python -m pytest -n 2 --dist loadfile --durations=20

## make bench: the benchmarks (ratios against a baseline in the same run)
bench: $(STAMP)
	$(BIN)/python -m bench

## make data: regenerate the precomputed tables in data/
data: $(STAMP)
	$(BIN)/settemezzo data --out data

## make deckdown: the deck played down (issue 17): replay the Italian report's seeded deck
## cycles and the count study, and rewrite data/deckdown_italian.csv, deckdown_count.csv and
## deckdown_count_flips.csv (about 22 minutes of one core; notebook 08 and `make charts` read them)
deckdown: $(STAMP)
	$(BIN)/settemezzo deckdown --report --data data

## make precomputed: re-solve the presets and single variants shipped with the package
precomputed: $(STAMP)
	$(BIN)/python -m settemezzo.precomputed

## make charts: the presets' strategy charts and printable handouts, into charts/
charts: $(STAMP)
	$(BIN)/settemezzo charts --out charts

## make classroom: the whole class at once; students join from their own devices on this
## network (prints the address, the class code and the teacher code; Ctrl+C stops it)
CLASS_PORT ?= 8867
CLASS_DB   ?= classroom.db
classroom: $(STAMP)
	$(BIN)/settemezzo classroom --host 0.0.0.0 --port $(CLASS_PORT) --db $(CLASS_DB)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
