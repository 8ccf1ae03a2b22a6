VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: install test test-slow demo bench lint clean clean-cache

install: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

test: install
	$(PY) -m pytest -q -m "not slow"

test-slow: install
	$(PY) -m pytest -q -m slow; rc=$$?; [ $$rc -eq 5 ] && rc=0; exit $$rc

demo: install
	$(VENV)/bin/wardsim deck check decks/*.txt
	$(VENV)/bin/wardsim cards --coverage
	$(VENV)/bin/wardsim duels --generation 1 --exact --out reports/gen1_duels.parquet
	for pair in "dragons bleeders" "giants control" "undead sustain" "equipment first_strike"; do \
	  set -- $$pair; \
	  $(VENV)/bin/wardsim simulate decks/$$1.txt decks/$$2.txt --games 4000 --seed 1 --jobs 2 || exit 1; \
	done
	@echo "demo outputs: reports/gen1_duels.parquet and reports/gen1_duels.png"

bench: install
	$(PY) bench/run.py

lint: install
	$(VENV)/bin/ruff check wardsim tests bench
	$(VENV)/bin/mypy wardsim

# numba's on-disk cache does not notice edits to a kernel that another file's kernel calls
clean-cache:
	find wardsim bench -name '*.nbi' -delete -o -name '*.nbc' -delete

clean: clean-cache
	rm -rf $(VENV) build *.egg-info .pytest_cache
