# Marble Studio: every target sets itself up on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check -q

.PHONY: run test bench fuzz system-deps lint clean native

$(PY):
	$(PYTHON) -m venv $(VENV)

# Game families outside src/, installed as any plug-in would be.
PLUGINS := examples/mancala

$(VENV)/.app-installed: $(PY) pyproject.toml setup.py $(PLUGINS:%=%/pyproject.toml)
	$(PIP) install -e '.[native]' $(PLUGINS:%=-e %)
	touch $@

$(VENV)/.test-installed: $(PY) pyproject.toml setup.py $(PLUGINS:%=%/pyproject.toml)
	$(PIP) install -e '.[test,native]' $(PLUGINS:%=-e %)
	touch $@ $(VENV)/.app-installed

# The engine's hot modules, compiled to native code by mypyc from their own source
# (scripts/build_native.py; docs/native.md). Rebuilt when the engine's sources change. `make run`
# goes on as pure Python if the build fails; `make test` and `make bench` need it built.
NATIVE_STAMP := src/marblestudio/engine/native-stamp.json
$(NATIVE_STAMP): $(VENV)/.app-installed scripts/build_native.py $(shell find src/marblestudio/engine -name '*.py')
	$(PY) scripts/build_native.py $(NATIVE_FLAGS)

native: NATIVE_FLAGS := --strict
native: $(NATIVE_STAMP)

system-deps:
	@bash scripts/system-deps.sh

run: $(VENV)/.app-installed $(NATIVE_STAMP)
	@bash scripts/run-app.sh $(PY)

# The suite runs in one worker process per core (pytest-xdist; each worker starts its own Xvfb);
# `make test PYTEST_WORKERS=0` runs it in this process alone.
PYTEST_WORKERS ?= auto

test: $(VENV)/.test-installed system-deps native
	$(PY) -m pytest -n $(PYTEST_WORKERS) $(PYTEST_ARGS)

bench: $(VENV)/.test-installed system-deps native
	@for b in benchmarks/[!_]*.py; do case $$b in */engine_*) continue;; */levels.py) args=--quick;; */server.py) args="--family all --seconds 10";; *) args=;; esac; echo "== $$b $$args"; $(PY) $$b $$args || exit 1; done  # engine.py runs engine_*.py; the full ladder of levels.py takes hours (run it alone)
	@for b in $(PLUGINS:%=%/benchmarks/*.py); do echo "== $$b"; $(PY) $$b || exit 1; done  # each plug-in's own figures

lint: $(VENV)/.test-installed  # the checks of the code itself (also in `make test`): types, layers, nothing unread
	$(PY) -m pytest -q -p no:cacheprovider tests/test_typing.py tests/test_layers.py tests/test_unused.py

fuzz: $(VENV)/.test-installed  # the fuzz properties over many more inputs, with figures (FUZZ_COUNT=3000)
	$(PY) scripts/fuzz.py --count $(or $(FUZZ_COUNT),3000)

clean:
	-$(PY) scripts/build_native.py --clean
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .hypothesis
