# dupbridge: the two commands a newcomer needs are `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
TSTAMP := $(VENV)/.installed-test

.PHONY: run test tools catalogs-check lint typecheck importlint pytest catalogs messages bench mutation clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip==25.3

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[server]'
	touch $@

$(TSTAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,server]'
	touch $@ $(STAMP)

catalogs: $(STAMP)
	$(BIN)/python -m dupbridge.i18n.compile

## make test refuses a catalog with a message untranslated, fuzzy or with changed placeholders.
catalogs-check: $(TSTAMP)
	$(BIN)/python -m dupbridge.i18n.compile --check

## make run: install, then run the main job on the embedded default (SQLite, nothing to set up).
run: $(STAMP) catalogs
	$(BIN)/dupbridge run

## make test: install with test extras, then lint, type-check, check the layering, run the suite.
test: $(TSTAMP) tools catalogs-check lint typecheck importlint pytest

lint: $(TSTAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(TSTAMP)
	$(BIN)/mypy

importlint: $(TSTAMP)
	$(BIN)/lint-imports

tools:
	@scripts/ensure-tools.sh

pytest: $(TSTAMP)
	$(BIN)/python -m pytest -q

## make messages: extract every translatable string and merge it into the catalogs.
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _ -k N_ -k ngettext:1,2 -k pgettext:1c,2 --no-location --sort-output \
		--project dupbridge -o src/dupbridge/i18n/locales/dupbridge.pot src
	for lang in pl sv lv et ru; do \
		if [ -f src/dupbridge/i18n/locales/$$lang/LC_MESSAGES/dupbridge.po ]; then \
			$(BIN)/pybabel update -D dupbridge -l $$lang -i src/dupbridge/i18n/locales/dupbridge.pot \
				-d src/dupbridge/i18n/locales --no-fuzzy-matching; \
		else \
			$(BIN)/pybabel init -D dupbridge -l $$lang -i src/dupbridge/i18n/locales/dupbridge.pot \
				-d src/dupbridge/i18n/locales; \
		fi; \
	done

## make mutation: mutation testing of the core packages (mutmut 3), outside make test. Bounded:
## MUTATE lists packages or modules under src/dupbridge, BUDGET the seconds for each, CHILDREN
## the test processes mutmut runs at once (default: one less than the cores).
MUTATE ?= core scoring laws rulings
BUDGET ?= 1200
CHILDREN ?= $(shell $(PYTHON) -c "import os; print(max(1, (os.cpu_count() or 2) - 1))")
$(VENV)/.installed-mutation: pyproject.toml $(TSTAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,server,mutation]'
	touch $@

mutation: $(VENV)/.installed-mutation
	$(BIN)/python scripts/mutation.py --only $(MUTATE) --budget $(BUDGET) --max-children $(CHILDREN)

bench: $(STAMP)
	@for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build dist .mypy_cache .pytest_cache .ruff_cache
