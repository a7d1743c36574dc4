# Two commands do everything: `make play` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint typecheck unit bench playthroughs mutation mutation-rest soak-server fuzz fuzz-million fuzz-atheris clean

# A second `make play` resumes the pulka kept in pulka.json (or `make play PULKA=file`) instead of
# starting over it.
PULKA ?= pulka.json
play: $(STAMP)
	@if [ -f '$(PULKA)' ]; then $(BIN)/cardtable play preferans --seats you,bot,bot --load '$(PULKA)'; \
	else $(BIN)/cardtable play preferans --seats you,bot,bot --save '$(PULKA)'; fi

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools fuzz examples
	$(BIN)/ruff format --check src tests benchmarks tools fuzz examples

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

# speed beside phevaluator, eval7, treys and pokerkit (the bench extra), measured in one run
bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python benchmarks/poker_hands.py
	$(BIN)/python benchmarks/poker_equity.py

# The server's crash and leak tests at soak size (docs/server.md, "Tests and soak runs"): the
# issue's benchmark figures by default, SOAK_DEALS=1000 for the size its suite asks for. Each
# database's crash test and each game's leak test on each database run side by side, each in its
# own pytest process and temp folder under SOAK_TEMP (eight parts, so that the two cores stay busy
# to the end rather than waiting on the longest game), and print their figures so far as they go
# (-s), so that a run stopped early still reports them. SOAK_DATABASES names the databases
# (postgresql needs CARDTABLE_TEST_POSTGRES_URL). At nice 19 beside other work a frame can take
# minutes, so the servers' keepalive pings wait as long (a starved client was closed 1011), and
# each part's pytest-timeout grows with its kills or deals, SOAK_SLACK times the suite's pace.
SOAK_DEALS ?= 10000
SOAK_KILLS ?= 100
SOAK_SLACK ?= 10
SOAK_TEMP ?= /tmp/cardtable-soak
SOAK_DATABASES ?= sqlite postgresql
SOAK_PYTEST = CARDTABLE_LEAK_DEALS=$(SOAK_DEALS) CARDTABLE_CRASH_KILLS=$(SOAK_KILLS) \
	CARDTABLE_TEST_SLACK=$(SOAK_SLACK) \
	CARDTABLE_LEAK_TABLE_DEALS=250 CARDTABLE_TEST_FRAME_SECONDS=600 CARDTABLE_TEST_PING_SECONDS=600 \
	nice -n 19 $(BIN)/pytest -q -s -p no:cacheprovider
soak-server: $(STAMP)
	nice -n 19 $(BIN)/python -m cardtable.warm  # a cold kernel cache compiles once, not per part
	mkdir -p $(SOAK_TEMP); pids=""; \
	for db in $(SOAK_DATABASES); do \
		$(SOAK_PYTEST) --basetemp=$(SOAK_TEMP)/crash-$$db -k $$db tests/server/test_crash.py \
			tests/server/test_leaks.py::test_a_frame_naming_a_hidden_card_is_caught & \
		pids="$$pids $$!"; \
		for game in preferans piquet poker; do \
			$(SOAK_PYTEST) --basetemp=$(SOAK_TEMP)/$$game-$$db \
				-k "$$db and $$game" tests/server/test_leaks.py & \
			pids="$$pids $$!"; \
		done; \
	done; \
	failed=0; for pid in $$pids; do wait $$pid || failed=1; done; exit $$failed

# The nightly-size fuzz run (docs/reliability.md): FUZZ_N cases per fuzz test, fresh random
# cases each run; the stateful machines run FUZZ_N/10 matches of 25 steps. Not part of `make test`.
FUZZ_N ?= 1000000
fuzz: $(STAMP)
	CARDTABLE_FUZZ_EXAMPLES=$(FUZZ_N) CARDTABLE_FUZZ_RANDOM=1 $(BIN)/pytest -q -p no:cacheprovider \
		--hypothesis-show-statistics tests/test_fuzz.py tests/test_stateful.py

# A million mutated inputs per parser (docs/reliability.md, "The million-case run"): each
# target in its own process at nice 19; FUZZ_UNTIL (Unix time) stops them with the figures so far;
# FUZZ_SEED picks other cases (to add to a run stopped before its million). Progress and
# findings as they come go to fuzz-findings/TARGET.err.
FUZZ_SEED ?= 1
FUZZ_TARGETS ?= cards moves-preferans moves-piquet moves-poker moves-between-poker rules-preferans \
	rules-piquet rules-poker variants scorer records phh
fuzz-million: $(STAMP)
	mkdir -p fuzz-findings
	for target in $(FUZZ_TARGETS); do \
		nice -n 19 $(BIN)/python fuzz/million.py $$target --cases $(FUZZ_N) --seed $(FUZZ_SEED) \
			$(if $(FUZZ_UNTIL),--until $(FUZZ_UNTIL)) > fuzz-findings/$$target.out \
			2> fuzz-findings/$$target.err & \
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
	# Mutants run two at a time: one --basetemp shared by both would have each pytest delete
	# the other's temporary folders, so pytest numbers its own under TMPDIR instead.
	PATH=$(BIN):$$PATH PYTHONPATH=src PYTEST_ADDOPTS= nice -n 5 $(BIN)/mutmut run $(MUTANTS)
	PATH=$(BIN):$$PATH $(BIN)/python tools/mutation_report.py

# The mutants `make mutation` left without a verdict (stopped once the cheap ones are done),
# run with the tests collected once (tools/mutation_run.py; docs/testing.md).
mutation-rest: $(STAMP)
	PATH=$(BIN):$$PATH PYTEST_ADDOPTS= nice -n 5 $(BIN)/python tools/mutation_run.py --survivors \
		'$(or $(MUTANTS),cardtable.*)'
	PATH=$(BIN):$$PATH $(BIN)/python tools/mutation_report.py

# After an intended change of play: rewrite tests/vectors/playthroughs (docs/architecture.md)
playthroughs: $(STAMP)
	$(BIN)/cardtable playthrough --write tests/vectors/playthroughs

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "cardtable needs Python 3.11 or newer"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,server,client,web,rl,openspiel,ray,plot]'
	$(BIN)/python -m cardtable.warm
	touch $(STAMP)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis
