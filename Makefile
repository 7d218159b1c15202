# Brehon: `make serve` and `make test` on a machine with only Python 3.11+ and make.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
# Touched after each install: pyproject.toml newer than it means install again.
STAMP  := $(VENV)/.installed
# The phone's referee runs on Pyodide, fetched and checked by brehon/pyodide.py
# (the pinned release names this file's content; a new pin installs again).
PYODIDE := frontend/vendor/pyodide/VERSION

.PHONY: serve test check openapi wheel clean

# Tests that need none of these run in `make check`; the markers are set in tests/conftest.py.
QUICK := not browser and not cluster and not kill and not install
REDIS_CHECK := $(BIN)/python -c 'import sys; from brehon.redis_server import redis_server_binary, INSTALL_HINT; sys.exit(0) if redis_server_binary() else sys.exit(INSTALL_HINT)'

serve: $(STAMP) $(PYODIDE)
	$(BIN)/brehon serve

test: $(STAMP) $(PYODIDE)
	@tools/test-deps
	$(BIN)/ruff check .
	node --test tests/js/*.test.mjs
	$(BIN)/mypy
	$(BIN)/mypy --strict scoring
	@$(REDIS_CHECK)
	$(BIN)/pytest --cov=api --cov=brehon --cov=exports --cov=scoring --cov=store --cov=tables --cov=worker --cov-report=term; \
		status=$$?; \
		if [ $$status -eq 5 ]; then echo "pytest collected no tests: that is a failure"; exit 1; fi; \
		exit $$status
	$(BIN)/coverage report --include='scoring/*' --fail-under=90

# Everything but the browser, a Redis Cluster, kill -9 and the wheel's install, no coverage; the
# app's Node tests too. Two or more pytest processes (one per core), each with its own Redis:
# the longest tests mostly wait (schemathesis, servers stopping). A file stays in one process,
# as its module fixtures expect.
check: $(STAMP) $(PYODIDE)
	$(BIN)/ruff check .
	node --test tests/js/*.test.mjs
	$(BIN)/mypy
	$(BIN)/mypy --strict scoring
	@$(REDIS_CHECK)
	$(BIN)/pytest -n auto --dist loadfile -m "$(QUICK)"; \
		status=$$?; \
		if [ $$status -eq 5 ]; then echo "pytest collected no tests: that is a failure"; exit 1; fi; \
		exit $$status

# The app's pure modules, in Node without a browser.
.PHONY: js-test
js-test:
	node --test tests/js/*.test.mjs

# A wheel that carries the app and the phone's referee whole (dist/): pipx install dist/brehon-*.whl
wheel: $(STAMP) $(PYODIDE)
	$(BIN)/pip wheel --no-deps --quiet -w dist .

openapi: $(STAMP)
	$(BIN)/brehon openapi > openapi.yaml

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "Brehon needs Python 3.11 or newer (set PYTHON=python3.11)"; exit 1; }
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

$(PYODIDE): brehon/pyodide.py | $(STAMP)
	$(BIN)/python -m brehon.pyodide

clean:
	rm -rf .coverage htmlcov .pytest_cache
