VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: install test test-all demo bench lint clean

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: install
	$(PY) -m pytest -q

demo: install
	$(VENV)/bin/wardsim demo

bench: install
	$(PY) bench/run.py

lint: install
	$(VENV)/bin/ruff check wardsim tests bench
	$(VENV)/bin/mypy wardsim

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
