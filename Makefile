# Two commands, on a machine with only Python 3.11+:
#   make build   - build everything from the bundled deck data into output/
#   make test    - lint, type-check and run the test suite (which includes
#                  tests/test_wheel_smoke.py: the wheel installed without extras in a
#                  fresh venv, every command run from outside the clone)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: build test bench clean docs goldens catalogue

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

build: $(STAMP)
	$(BIN)/deckpress build -o output

test: $(STAMP)
	$(BIN)/ruff check generator tests benchmarks
	$(BIN)/mypy
	$(BIN)/pytest -n 2 --dist loadfile

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[dev,bench]"
	$(BIN)/python benchmarks/run_all.py

# After a deliberate change to any output: re-pin tests/goldens/goldens.json (hashes of
# every bundled deck's sheets, booklets, images and seeded JSON; see docs/testing.md).
goldens: $(STAMP)
	$(BIN)/python tests/goldens/make_goldens.py

clean:
	rm -rf $(VENV) output/*/ output/index.html

docs: $(STAMP)
	$(BIN)/python -m typer generator.cli utils docs --name deckpress --output docs/cli.md
	$(BIN)/python -c "from generator.games.params_doc import params_markdown as m; print(m(), end='')" > docs/parameters.md

# After changing a sentence of a rule template (or a _()/N_() string of the booklet code):
# re-extract the English msgids and merge them into every booklet language (docs/languages.md).
LOCALE := templates/rules/locale
catalogue: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg --no-location --sort-output --project deckpress -o $(LOCALE)/messages.pot .
	for po in $(LOCALE)/*.po; do $(BIN)/pybabel update -i $(LOCALE)/messages.pot -o $$po -l $$(basename $$po .po) --no-fuzzy-matching; done
