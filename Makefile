# The two commands of the README's quick start. Each installs what it needs first,
# so a fresh clone needs nothing but Python 3.11+, make and (for the tests) apt-get.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: site serve test install install-test clean

site: install            ## install, validate data/ and build the site into site/
	$(BIN)/gpulist build

serve: install           ## build, serve on http://127.0.0.1:8000 and rebuild when data/ changes
	$(BIN)/gpulist serve

# The suite includes the browser tests; install-test installs Debian's chromium for them
# and fails loudly if it cannot. GPULIST_SKIP_BROWSER=1 opts out (developers only).
# It runs in TEST_WORKERS processes (pytest-xdist), four by default on any machine (the tests of
# the real list kept in one of them: tests/browser/conftest.py says why): the browser
# tests wait on Chromium (a page's load, 500 ms of network quiet) as much as they compute, so
# more processes than cores keep both cores busy. Measured on a fresh clone on this 2-core
# machine with the full chromium: 586 s with 2 processes, 486 s with 4; on test_accessibility
# alone, 98 s with 3, 96 s with 4, 113 s with 6; xdist's `worksteal` scheduling measured no
# better (501 and 571 s). With chromium-headless-shell (scripts/bootstrap.sh), 4 processes:
# 298 s against 477 s, side by side. Each process builds and serves its own fixture site
# (under a second per engine).
# `make test TEST_WORKERS=0` runs it in one process; a single test module runs in one process
# unless asked (`pytest -n 2 tests/browser/...`).
TEST_WORKERS ?= 4
test: install-test       ## install everything the tests need, then run the whole suite
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup

install:
	bash scripts/bootstrap.sh

install-test:
	bash scripts/bootstrap.sh --test

clean:
	rm -rf $(VENV) site build .pytest_cache .cache .gpulist-site .gpulist-mkdocs.yml .gpulist-zensical.yml
