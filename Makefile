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
# Another address: make run PORT=8001 (HOST=0.0.0.0 to let phones on the same network in).
HOST ?= 127.0.0.1
PORT ?= 8000
run: $(STAMP)
	$(BIN)/recount serve --host $(HOST) --port $(PORT)

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

bench: $(STAMP) browser postgres
	@command -v wrk >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq wrk >/dev/null; }
	$(BIN)/python -m bench.record_path
	$(BIN)/python -m bench.state_at_step
	$(BIN)/python -m bench.frames
	$(BIN)/python -m bench.replay_bytes
	$(BIN)/python -m bench.tap_to_ack
	$(BIN)/python -m bench.spectators
	$(BIN)/python -m bench.kill_restart
	$(BIN)/python -m bench.two_processes
	$(BIN)/python -m bench.app_latency
	$(BIN)/python -m bench.big_store

clean:
	rm -rf $(VENV) data .pytest_cache .hypothesis
