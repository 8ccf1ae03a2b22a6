VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: install test test-slow demo bench lint clean clean-cache playthroughs

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

# the default heuristic policy and half the default games: about 9 minutes on 2 cores with a
# cold numba cache (compiling the game kernel and the exact duel solver takes 7 of them), 2.5
# with a warm one. A second run resumes the saved games.
# games saved by another version of the engine are never mixed with new ones: the demo starts
# again when the engine changed (reports/.demo-engine holds the version that wrote it)
ENGINE = $(PY) -c 'from wardsim.simulation import engine_fingerprint; print(engine_fingerprint())'

demo: install
	$(VENV)/bin/wardsim deck check decks/*.txt
	$(VENV)/bin/wardsim cards --coverage
	@if [ -d reports/demo ] && [ "$$(cat reports/.demo-engine 2>/dev/null)" != "$$($(ENGINE))" ]; then \
	  echo "reports/demo was made by another version of the engine: starting it again"; rm -rf reports/demo; fi
	$(VENV)/bin/wardsim report --decks decks --policy heuristic --games 500 --ablation-games 50 --seed 1 --jobs 2 \
	  --out reports/demo
	@$(ENGINE) > reports/.demo-engine
	@echo "demo report: reports/demo/index.html (open it in a browser; report.md, CSV and Parquet beside it)"

# rewrite the golden games in tests/playthroughs/ (and the docs examples cut from them);
# read the diff before committing it
playthroughs: install
	$(PY) -m pytest -q tests/test_playthroughs.py --regen-playthroughs

bench: install
	$(PY) bench/run.py

lint: install
	$(VENV)/bin/ruff check wardsim tests bench
	$(VENV)/bin/ruff format --check wardsim tests bench
	$(VENV)/bin/mypy wardsim

# the compiled kernels of every version (wardsim/kernel/cache.py), and any kept beside the sources
clean-cache: install
	$(PY) -c 'from wardsim.kernel.cache import clear; clear()'
	find wardsim bench tests -name '*.nbi' -delete -o -name '*.nbc' -delete

clean: clean-cache
	rm -rf $(VENV) build *.egg-info .pytest_cache
