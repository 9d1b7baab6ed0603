# Two commands matter: `make run` and `make test`. Everything else is a step of those.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test setup index check lint bench bench-deps bench-lookup bench-lookup-browser lookup-ocr-js lookup-fonts browser-deps nginx-deps deploy-test clean mutation conformance

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

# The photo-lookup benchmark draws cards in Debian's CJK fonts (Noto CJK, AR PL); installed when missing.
lookup-fonts:
	@if ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK' || ! fc-list 2>/dev/null | grep -qi 'AR PL UMing'; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && $$SUDO apt-get install -y -q fonts-noto-cjk fonts-arphic-uming fonts-arphic-ukai; \
	fi

bench-lookup: setup lookup-fonts
	$(BIN)/python scripts/bench_lookup.py

# In-browser OCR measured, not shipped (docs/perf.md, Lookup): tesseract.js and its language data
# from npm into var/npm for scripts/bench_lookup_browser.py.
TESSERACT_JS := tesseract.js@5.1.1 tesseract.js-core@5.1.1 @tesseract.js-data/chi_sim@1.0.0 @tesseract.js-data/chi_tra@1.0.0 @tesseract.js-data/eng@1.0.0
lookup-ocr-js:
	@test -d var/npm/node_modules/tesseract.js || (mkdir -p var/npm && npm install --prefix var/npm --no-audit --no-fund --ignore-scripts $(TESSERACT_JS))

bench-lookup-browser: setup lookup-fonts browser-deps lookup-ocr-js
	$(BIN)/python scripts/bench_lookup_browser.py

# Debian's nginx for the deploy test; installed when missing (skipped where apt cannot).
nginx-deps:
	@if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  ($$SUDO apt-get update -q && $$SUDO apt-get install -y -q nginx) \
	    || echo "nginx could not be installed; deploy-test will be skipped"; \
	fi

# nginx + 3 replicas on loopback: idle/slow clients, rate limit, then load with kill -9, an index roll,
# a heavy sandbox client, slow bodies and readers (also straight to a replica) and 8 phones behind one
# address. Reports failures, /healthz p99, replica memory and 429s; about 2 minutes (deploy/deploy_test.py).
deploy-test: index nginx-deps
	@if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then \
	  PATH="$$PATH:/usr/sbin" $(BIN)/python deploy/deploy_test.py; \
	else echo "deploy-test skipped: no nginx"; fi

# nginx before the suite too: its front's tests are skipped where nginx is missing.
test: index browser-deps nginx-deps
	$(BIN)/ruff check .
	$(BIN)/pytest
	$(MAKE) deploy-test

# wrk (HTTP load) and valgrind (instructions per search) for bench_search.py; installed when missing.
bench-deps:
	@if ! command -v wrk >/dev/null 2>&1 || ! command -v valgrind >/dev/null 2>&1; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  ($$SUDO apt-get update -q && $$SUDO apt-get install -y -q wrk valgrind) \
	    || echo "wrk or valgrind could not be installed; bench_search.py will say what it did not measure"; \
	fi

bench: index bench-deps
	$(BIN)/pip install -q -e '.[bench]'
	$(BIN)/python scripts/bench_search.py
	$(BIN)/python scripts/bench_engine.py

# Break the rule code one change at a time; every mutant must fail a scenario or an engine test
# (docs/quality.md). About 9 minutes on 2 cores; not part of `make test`.
mutation: setup
	$(BIN)/python scripts/mutation.py --workers 2 --json var/mutation.json

# Every 2nd-edition card both engines have, played from 500 random states each in ours and in
# pyminion 0.4.0 (the bench extra), zones and counters compared (docs/quality.md, Conformance).
# Then the interaction classes (Throne Room x every Action, every Attack x Moat), 200 states a pair.
# `make test` runs 30 states per card and 12 a pair when pyminion is installed. About 30 seconds.
conformance: setup
	$(BIN)/pip install -q -e '.[bench]'
	PYTHONPATH=. $(BIN)/python scripts/conformance.py --states 500 --pairs-states 200

clean:
	rm -rf $(VENV) var
