# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3.11
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: run test fuzz install lint bench console migrate sync constraints clean web chromium

$(PY):
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

# constraints.txt pins the versions the suite was last run with (regenerate: make constraints).
$(STAMP): pyproject.toml setup.py constraints.txt | $(PY)
	$(PY) -m pip install --quiet --upgrade pip 'setuptools>=77' wheel
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test,postgres]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	@$(PY) -m bot run

# The suite in two workers per core (pytest-xdist: half of a test's time is spent waiting on
# PostgreSQL, a subprocess or a simulated clock); the fuzz tests in their quick profile.
# worksteal: a worker that runs out takes tests queued for another, so no long test is
# left alone at the end.
JOBS ?= $(shell n=$$(nproc 2>/dev/null || echo 2); echo $$((n * 2)))
# The web pages' browser tests drive Debian's Chromium (never a browser Playwright downloads),
# and require it (a missing browser fails them, not skips them). Root gets it from apt when
# /usr/bin/chromium is missing; anyone else installs it once as root, or names another one:
# make test CHROMIUM=/path/to/chromium (README: "What make test installs").
APT_CHROMIUM := /usr/bin/chromium
CHROMIUM ?= $(APT_CHROMIUM)
test: $(STAMP) chromium
	SOLOIST_CHROMIUM=$(CHROMIUM) SOLOIST_REQUIRE_BROWSER=1 \
		$(PY) -m pytest -n $(JOBS) --dist worksteal

chromium:
	@if [ -x "$(CHROMIUM)" ]; then :; \
	elif [ "$(CHROMIUM)" = "$(APT_CHROMIUM)" ] && [ "$$(id -u)" = 0 ]; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
		echo "make test needs Chromium, and there is none at $(CHROMIUM): install it once as root (apt-get install chromium), or run make test CHROMIUM=/path/to/chromium." >&2; \
		exit 2; \
	fi

# The fuzz tests in their deep profile (four times the quick one's draws).
fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=deep $(PY) -m pytest -n $(JOBS) tests/test_fuzz.py \
		tests/test_console_glasgow.py tests/games/waterdeep/test_fuzz_models.py

lint: $(STAMP)
	$(VENV)/bin/ruff check bot cogs tests bench
	$(VENV)/bin/ruff format --check bot cogs tests bench

bench: $(STAMP)
	$(PY) -m bench.games
	$(PY) -m bench.games --games 40 --concurrency 10
	$(PY) -m bench.odds
	$(PY) -m bench.logbook
	$(PY) -m bench.plays_import
	$(PY) -m bench.load --rate 760 --commands 30
	$(PY) -m bench.taps
	$(PY) -m bench.gateway
	$(PY) -m bench.web

# The web pages alone, reading the database the bot migrates (README: "Web pages").
web: $(STAMP)
	@$(PY) -m bot web

console: $(STAMP)
	@$(PY) -m bot migrate
	@$(PY) -m bot console

migrate: $(STAMP)
	@$(PY) -m bot migrate

# make sync (global, up to an hour to show) or make sync GUILD=1234 (one server, at once)
sync: $(STAMP)
	@$(PY) -m bot sync $(if $(GUILD),--guild $(GUILD))

constraints: $(STAMP)
	$(PY) -m pip freeze --exclude-editable | grep -v '^-e' > constraints.txt

clean:
	rm -rf $(VENV) .pytest_cache
