# Two commands do everything: `make play` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit bench playthroughs mutation soak-server fuzz fuzz-million fuzz-atheris clean

# A second `make play` resumes the pulka kept in pulka.json instead of starting over it.
play: $(STAMP)
	@if [ -f pulka.json ]; then $(BIN)/cardtable play preferans --seats you,bot,bot --load pulka.json; \
	else $(BIN)/cardtable play preferans --seats you,bot,bot --save pulka.json; fi

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools fuzz
	$(BIN)/ruff format --check src tests benchmarks tools fuzz

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

# speed beside phevaluator, eval7, treys and pokerkit (the bench extra), measured in one run
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python benchmarks/poker_hands.py
	$(BIN)/python benchmarks/poker_equity.py

# The server's leak and crash tests at soak size (docs/server.md, "Tests and soak runs"): the
# issue's benchmark figures by default, SOAK_DEALS=1000 for the size its suite asks for.
SOAK_DEALS ?= 10000
SOAK_KILLS ?= 100
soak-server: $(STAMP)
	CARDTABLE_LEAK_DEALS=$(SOAK_DEALS) CARDTABLE_CRASH_KILLS=$(SOAK_KILLS) nice -n 19 $(BIN)/pytest -q \
		-o timeout=36000 -p no:cacheprovider \
		tests/server/test_leaks.py tests/server/test_crash.py

# The nightly-size fuzz run (docs/reliability.md): FUZZ_N cases per fuzz test, fresh random
# cases each run; the stateful machines run FUZZ_N/10 matches of 25 steps. Not part of `make test`.
FUZZ_N ?= 1000000
fuzz: $(STAMP)
	CARDTABLE_FUZZ_EXAMPLES=$(FUZZ_N) CARDTABLE_FUZZ_RANDOM=1 $(BIN)/pytest -q -p no:cacheprovider \
		--hypothesis-show-statistics tests/test_fuzz.py tests/test_stateful.py

# A million mutated inputs per parser (docs/reliability.md, "The million-case run"): each
# target in its own process at nice 19; FUZZ_UNTIL (Unix time) stops them with the figures so far.
FUZZ_TARGETS ?= cards moves-preferans moves-piquet moves-poker moves-between-poker rules-preferans \
	rules-piquet rules-poker variants scorer records phh
fuzz-million: $(STAMP)
	mkdir -p fuzz-findings
	for target in $(FUZZ_TARGETS); do \
		nice -n 19 $(BIN)/python fuzz/million.py $$target --cases $(FUZZ_N) \
			$(if $(FUZZ_UNTIL),--until $(FUZZ_UNTIL)) > fuzz-findings/$$target.out & \
	done; wait; cat fuzz-findings/*.out

# Coverage-guided fuzzing of one parser with atheris (the fuzz extra): TARGET, SECONDS
TARGET ?= cards
SECONDS ?= 60
fuzz-atheris: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,fuzz]'
	mkdir -p .fuzz-corpus/$(TARGET)
	$(BIN)/python fuzz/atheris_parsers.py $(TARGET) -max_total_time=$(SECONDS) -rss_limit_mb=2048 \
		-max_len=4096 .fuzz-corpus/$(TARGET) fuzz/corpus/$(TARGET)

# Mutation testing of the rule modules ([tool.mutmut] in pyproject.toml; docs/testing.md). Hours
# on two cores, so not in CI; `make mutation MUTANTS='cardtable.poker.limits*'` runs one module.
# mutants/ keeps which tests reach which function between runs; `rm -rf mutants` starts afresh.
mutation: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,mutation]'
	PATH=$(BIN):$$PATH PYTHONPATH=src nice -n 19 $(BIN)/mutmut run $(MUTANTS)
	PATH=$(BIN):$$PATH $(BIN)/python tools/mutation_report.py

# After an intended change of play: rewrite tests/vectors/playthroughs (docs/architecture.md)
playthroughs: $(STAMP)
	$(BIN)/cardtable playthrough --write tests/vectors/playthroughs

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "cardtable needs Python 3.11 or newer"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,server,web,ray,plot]'
	$(BIN)/python -m cardtable.warm
	touch $(STAMP)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
