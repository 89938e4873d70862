# Everything a fresh machine needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test install browser postgres bench clean

$(STAMP): pyproject.toml requirements.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP)

# The store: RECOUNT_DATABASE_URL=postgresql://user@host:port/dbname if set, else data/recount.sqlite.
# Another address: make run PORT=8001. Phones on the same network: make run-lan (the same
# as make run HOST=0.0.0.0), which prints every address a phone can open, with a QR code.
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(STAMP)
	$(BIN)/recount serve --host $(HOST) --port $(PORT)

.PHONY: run-lan
run-lan: HOST = 0.0.0.0
run-lan: run

# Headless Chromium for the browser tests: Debian's package (Playwright's own
# browser download does not work here).
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null; fi; }

# Debian's PostgreSQL server binaries: the tests start a private cluster of their own.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then (apt-get update -qq && apt-get install -y -qq postgresql) >/dev/null; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq postgresql >/dev/null; fi; }

# Two pytest workers (pytest-xdist): the suite takes about 0.65 of its time on one
# worker on this 2-core machine. Each worker starts its own PostgreSQL cluster and
# Chromium. TEST_WORKERS=0 runs it in one process.
TEST_WORKERS ?= 2
test: $(STAMP) browser postgres
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist load

# Every bench/*.py with a main (serve.py and common.py are helpers), one after another;
# the first to fail stops the run. BENCH_ARGS=--quick for a run of seconds.
bench: $(STAMP) browser postgres
	@command -v wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; } 2>/dev/null \
	  || echo "wrk could not be installed: record_path and two_processes use a Python client instead"
	@for file in bench/*.py; do \
	  grep -q '^def main(' $$file || continue; \
	  name=$$(basename $$file .py); echo "== bench.$$name"; \
	  $(BIN)/python -m bench.$$name $(BENCH_ARGS) || exit 1; \
	done

clean:
	rm -rf $(VENV) data .pytest_cache .hypothesis
