# The two commands: `make run` (a full dream cycle on a demo agent) and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export DAGSTER_HOME := $(CURDIR)/.dagster_home
DEMO_ROOT := $(CURDIR)/.demo/agents
export DREAM_AGENTS_ROOT ?= $(DEMO_ROOT)

.PHONY: install demo run test ui bench bench-quick lint clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev,celery,stores]'
	$(BIN)/pip install -q -e '.[semantic]' torch==2.13.0
	# Bytecode, as a non-editable install has it (an environment with PYTHONDONTWRITEBYTECODE=1
	# would compile every module again per process); a module edited since is compiled in memory.
	$(BIN)/python -m compileall -q dream_assets
	touch $@

install: $(BIN)/.installed

demo: install
	@test -d $(DEMO_ROOT)/demo || $(BIN)/dream demo $(DEMO_ROOT)/demo

run: demo
	@mkdir -p $(DAGSTER_HOME)
	$(BIN)/dream run --agent $(DEMO_ROOT)/demo

# Chromium, a running PostgreSQL and RabbitMQ when missing (scripts/test-deps.sh, as .ci/run).
# A subset: make test PYTEST_ARGS="dream_assets_tests/e2e/test_ui_browser.py"
test: install
	scripts/test-deps.sh
	$(BIN)/pytest -q $(PYTEST_ARGS)

ui: run
	@mkdir -p $(DAGSTER_HOME)
	DREAM_AGENTS_ROOT=$(DEMO_ROOT) $(BIN)/dagster dev -w workspace.yaml -h 127.0.0.1 -p 3000

bench: install
	$(BIN)/python benchmarks/run_all.py

bench-quick: install
	$(BIN)/python benchmarks/run_all.py --quick

lint: install
	$(BIN)/ruff check dream_assets dream_assets_tests benchmarks
	$(BIN)/ruff format --check dream_assets dream_assets_tests benchmarks
	$(BIN)/mypy dream_assets

clean:
	rm -rf $(VENV) .dagster_home .demo
