# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test install lint bench console migrate sync clean

$(PY):
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,postgres]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@$(PY) -m bot run

test: $(STAMP)
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check bot cogs tests bench
	$(VENV)/bin/ruff format --check bot cogs tests bench

bench: $(STAMP)
	$(PY) -m bench.games
	$(PY) -m bench.games --games 40 --concurrency 10
	$(PY) -m bench.odds
	$(PY) -m bench.logbook
	$(PY) -m bench.load --rate 760 --commands 30

console: $(STAMP)
	@$(PY) -m bot migrate
	@$(PY) -m bot console

clean:
	rm -rf $(VENV) .pytest_cache
