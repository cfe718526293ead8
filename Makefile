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

test: install-test       ## install everything the tests need, then run the whole suite
	$(BIN)/python -m pytest

install:
	bash scripts/bootstrap.sh

install-test:
	bash scripts/bootstrap.sh --test

clean:
	rm -rf $(VENV) site build .pytest_cache .gpulist-mkdocs.yml
