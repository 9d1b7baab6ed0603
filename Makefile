# Two commands matter: `make run` and `make test`. Everything else is a step of those.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test setup index check lint bench browser-deps clean mutation

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

check: setup
	$(BIN)/refapp ingest --check

index: check
	$(BIN)/refapp build-index

run: index
	$(BIN)/refapp serve --host 127.0.0.1 --port 8000

# Browser tests need Debian's Chromium and a Chinese font; install them when missing.
browser-deps:
	@if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi 'wenquanyi\|wqy'; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && $$SUDO apt-get install -y -q chromium fonts-wqy-microhei; \
	fi

test: index browser-deps
	$(BIN)/ruff check .
	$(BIN)/pytest

bench: index
	$(BIN)/pip install -q -e '.[bench]'
	$(BIN)/python scripts/bench_search.py
	$(BIN)/python scripts/bench_engine.py

# Break the rule code one change at a time; every mutant must fail a scenario or an engine test
# (docs/quality.md). About 9 minutes on 2 cores; not part of `make test`.
mutation: setup
	$(BIN)/python scripts/mutation.py --workers 2 --json var/mutation.json

clean:
	rm -rf $(VENV) var
