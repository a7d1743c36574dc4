"""Run the mutants that ``mutmut run`` left without a verdict, collecting the tests only once.

``mutmut run`` starts one pytest per mutant, which collects again every test file the
mutant's tests live in: for a function that every deal calls (the hand evaluator, the betting
round, the auction) that is a few seconds of collection before the first test runs, and such a
function has hundreds of mutants. This runs them the way mutmut does, in ``mutants/`` as
``make mutation`` left it, but collects the tests of all the mutants chosen in one session,
then, for each mutant, forks that session, sets the mutant (``MUTANT_UNDER_TEST``) and runs the
already collected tests that mutmut's stats say reach the mutant's function, stopping at the
first failure. The game's own tests come first (``tests/<game>/``), fastest first, then the
cross-game checks and the doctests, fastest first, so that a kill is usually found among the
first few tests; a survivor has run every test that reaches its function, as under mutmut.
At the end every test that killed a mutant runs once more with no mutant in place: a kill by a
test that fails on the code as it is proves nothing, and such a mutant is left *suspicious*.

A verdict is what mutmut would write: *killed* when a test fails or errors, *survived* when
every test passes, *timeout* when the mutant's tests use more CPU seconds than mutmut allows
them (``(their traced time + timeout_constant) × timeout_multiplier × 2``). A mutant that
``mypy --strict`` refuses (``type_check_command`` of ``[tool.mutmut]``) is *caught by type
check* and runs no test. Each verdict goes into the mutant's file's ``.meta`` in ``mutants/``,
where ``mutmut results`` and ``tools/mutation_report.py`` read it; so never run this while
``mutmut run`` runs.

    python tools/mutation_run.py [--jobs N] [--survivors | --rerun] [--tests FILE ...] PATTERN ...

PATTERN is a mutant name or an ``fnmatch`` pattern (``'cardtable.poker.limits.*'``). Only
mutants with no verdict are run; with ``--survivors`` (after new tests) also the survivors,
the mutants no test reached and the suspicious ones; every one with ``--rerun``. ``--fast S``
is a first pass over the tests traced under ``S`` seconds: its kills are kills, and its
survivors are listed in ``mutants/fast-pass-survivors.txt`` (counted as survivors, so the
score is a lower bound) until ``--survivors`` runs them against every test. ``--tests`` runs
the named test files or ids (copied into ``mutants/tests`` first) instead of those mutmut's
stats give: a kill by them is recorded, a survival is not (the verdict before stands).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import math
import os
import resource
import signal
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from mutmut.configuration import config
from mutmut.mutation.file_mutation import filter_mutants_with_type_checker

ROOT = Path(__file__).resolve().parent.parent
MUTANTS = ROOT / "mutants"

PYTEST_ARGS = [
    "--rootdir=.",
    "-q",
    "-p",
    "no:cacheprovider",
    "-p",
    "no:randomly",
    "-k",
    "not __mutmut_",
    "-o",
    "disable_test_id_escaping_and_forfeit_all_rights_to_community_support=true",
]
"""The arguments ``[tool.mutmut]`` gives pytest (``pytest_add_cli_args``), and mutmut's own."""

KILLED, SURVIVED, CAUGHT = 1, 0, 37
TIMEOUT, SUSPICIOUS, NO_TESTS = 24, 35, 33
"""mutmut's exit codes for the verdicts (``mutmut.stats.status_by_exit_code``)."""


@dataclass
class Mutant:
    """One mutant to run: its name, the source file it is in, and the tests that reach it."""

    name: str
    source: str
    tests: list[str]
    seconds: float
    partial: bool = False
    """Whether slow tests that reach the function were left for later (``--fast``)."""
    named: bool = False
    """Whether it runs only the tests named (``--tests``): then a survival proves nothing."""


def function_of(mutant: str) -> str:
    """The mangled function name mutmut's stats use for a mutant's function."""
    return mutant.rsplit("__mutmut_", 1)[0]


def game_of(mutant: str) -> str:
    """``poker`` of ``cardtable.poker.hands.lows.x_halves__mutmut_3``."""
    return mutant.split(".")[1]


def test_order(game: str, durations: dict[str, float]) -> Any:
    """The key that puts the game's own tests first, then the rest, fastest first in each."""

    def key(test: str) -> tuple[int, float]:
        own = test.startswith(f"tests/{game}/")
        return (0 if own else 1, durations.get(test, 0.0))

    return key


def meta_files() -> Iterator[Path]:
    """The ``.meta`` files mutmut keeps beside each mutated source file."""
    yield from sorted((MUTANTS / "src").rglob("*.py.meta"))


def load_meta(path: Path) -> dict[str, Any]:
    """A ``.meta`` file's content."""
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded


def record(source: str, name: str, code: int, seconds: float) -> None:
    """Write one verdict into its source file's ``.meta``, as mutmut's ``save`` does."""
    path = MUTANTS / (source + ".meta")
    meta = load_meta(path)
    meta["exit_code_by_key"][name] = code
    meta["durations_by_key"][name] = seconds
    partial = path.with_suffix(".meta.partial")
    partial.write_text(json.dumps(meta, indent=4), encoding="utf-8")
    partial.replace(path)


FAST_ONLY = MUTANTS / "fast-pass-survivors.txt"
"""The survivors that ran only the fast tests (``--fast``); the slow ones are still to run."""


def mark_fast_only(name: str, fast_only: bool) -> None:
    """Keep ``name`` in :data:`FAST_ONLY` while its survival is of the fast tests only."""
    names = set(FAST_ONLY.read_text(encoding="utf-8").split()) if FAST_ONLY.exists() else set()
    if fast_only == (name in names):
        return
    names = names | {name} if fast_only else names - {name}
    FAST_ONLY.write_text("".join(f"{n}\n" for n in sorted(names)), encoding="utf-8")


def caught_by_mypy() -> set[str]:
    """The mutants ``type_check_command`` refuses, found as mutmut finds them."""
    return set(filter_mutants_with_type_checker())


def listed_equivalent() -> set[str]:
    """The names listed in ``tools/equivalent_mutants.txt``.

    ``mutation_report.equivalent`` reads them too; the tools are scripts, not a package.
    """
    lines = (ROOT / "tools" / "equivalent_mutants.txt").read_text(encoding="utf-8").splitlines()
    return {line.split()[0] for line in lines if line.strip() and not line.startswith("#")}


def choose(
    patterns: list[str],
    again: set[int | None],
    tests: list[str],
    rerun: bool,
    fast: float | None = None,
) -> list[Mutant]:
    """The mutants matching the patterns whose recorded verdict (exit code) is in ``again``.

    A survivor listed as equivalent is run again only with ``rerun``.
    """
    listed = listed_equivalent()
    stats = json.loads((MUTANTS / "mutmut-stats.json").read_text(encoding="utf-8"))
    durations: dict[str, float] = stats["duration_by_test"]
    by_function: dict[str, list[str]] = stats["tests_by_mangled_function_name"]
    chosen = []
    for path in meta_files():
        source = str(path.relative_to(MUTANTS))[: -len(".meta")]
        for name, code in load_meta(path)["exit_code_by_key"].items():
            if not any(fnmatch.fnmatchcase(name, pattern) for pattern in patterns):
                continue
            if again and code not in again:
                continue
            if code is not None and name in listed and not rerun:
                continue
            reach = list(tests) or by_function.get(function_of(name), [])
            quick = [test for test in reach if fast is None or durations.get(test, 0.0) < fast]
            ordered = sorted(quick, key=test_order(game_of(name), durations))
            seconds = sum(durations.get(test, 0.0) for test in quick)
            partial = len(quick) < len(reach)
            chosen.append(Mutant(name, source, ordered, seconds, partial, bool(tests)))
    return sorted(chosen, key=lambda mutant: mutant.seconds)


class Driver:
    """A pytest plugin that replaces the test loop with one forked run per mutant."""

    def __init__(self, mutants: list[Mutant], jobs: int, multiplier: float, constant: float):
        self.mutants = mutants
        self.jobs = jobs
        self.multiplier = multiplier
        self.constant = constant
        self.failed: list[str] = []
        """The tests that failed in this process (a child's: the one that killed its mutant)."""
        self.notes = Path(tempfile.mkdtemp(prefix="mutation-run-"))
        """Where each child writes the test that killed its mutant, under its pid."""
        self.killers: dict[str, str] = {}
        self.out = os.dup(1)
        """Standard output as it was before pytest captured it, for the verdicts."""
        self.tally: dict[str, int] = {}

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        """A failure or error in any phase of a test kills the mutant (mutmut's ``-x``)."""
        if report.failed:
            self.failed.append(report.nodeid)

    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        """Run each mutant in a child of this collected session; record its verdict."""
        items = {item.nodeid: item for item in session.items}
        # Made before forking, so that the children share one base and number their own
        # folders in it, and none prunes another's.
        session.config._tmp_path_factory.getbasetemp()  # type: ignore[attr-defined]
        running: dict[int, tuple[Mutant, float]] = {}
        queue = list(self.mutants)
        while queue or running:
            while queue and len(running) < self.jobs:
                mutant = queue.pop(0)
                tests = self._items(mutant, items)
                if not tests:
                    self._done(mutant, NO_TESTS, 0.0)
                    continue
                running[self._fork(mutant, tests)] = (mutant, time.monotonic())
            if not running:
                break
            pid, status = os.wait()
            mutant, started = running.pop(pid)
            killer = self.notes / str(pid)
            if killer.exists():
                self.killers[mutant.name] = killer.read_text(encoding="utf-8")
            self._done(mutant, self._code(status), time.monotonic() - started)
        self._check_killers(items)
        return True

    def _check_killers(self, items: dict[str, pytest.Item]) -> None:
        """Run every test that killed a mutant once more with no mutant: each must pass.

        A kill by a test that fails on the code as it is would prove nothing; such a mutant
        is marked *suspicious* (no verdict) instead.
        """
        killers = sorted(set(self.killers.values()))
        if not killers:
            return
        pid = os.fork()
        if pid == 0:
            os.environ["MUTANT_UNDER_TEST"] = ""
            self._quiet(items[killers[0]])
            tests = [items[test] for test in killers]
            for index, item in enumerate(tests):
                following = tests[index + 1] if index + 1 < len(tests) else None
                item.ihook.pytest_runtest_protocol(item=item, nextitem=following)
            (self.notes / "clean").write_text("\n".join(self.failed), encoding="utf-8")
            os._exit(0)
        os.waitpid(pid, 0)
        failing = set((self.notes / "clean").read_text(encoding="utf-8").split())
        mutants = {mutant.name: mutant for mutant in self.mutants}
        for name, test in self.killers.items():
            if test in failing:
                self.tally["killed"] -= 1
                self._done(mutants[name], SUSPICIOUS, 0.0, f"killer fails clean: {test}")
        line = f"{len(killers)} killing tests run again without a mutant, {len(failing)} failed\n"
        os.write(self.out, line.encode())

    @staticmethod
    def _quiet(item: pytest.Item) -> None:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        item.config.pluginmanager.unregister(name="terminalreporter")

    @staticmethod
    def _items(mutant: Mutant, items: dict[str, pytest.Item]) -> list[pytest.Item]:
        """The collected tests a mutant runs: its ids, or every test of the files named."""
        if not mutant.named:
            return [items[test] for test in mutant.tests if test in items]
        return [
            item
            for name in mutant.tests
            for nodeid, item in items.items()
            if nodeid == name or nodeid.startswith(f"{name}::")
        ]

    def _fork(self, mutant: Mutant, tests: list[pytest.Item]) -> int:
        limit = math.ceil((mutant.seconds + self.constant) * self.multiplier * 2)
        pid = os.fork()
        if pid:
            return pid
        try:
            os.environ["MUTANT_UNDER_TEST"] = mutant.name
            resource.setrlimit(resource.RLIMIT_CPU, (limit, limit + 1))
            self._quiet(tests[0])
            os._exit(self._run(tests))
        except BaseException:
            os._exit(SUSPICIOUS)  # this tool failed, not a test: no verdict

    def _run(self, tests: list[pytest.Item]) -> int:
        for index, item in enumerate(tests):
            following = tests[index + 1] if index + 1 < len(tests) else None
            item.ihook.pytest_runtest_protocol(item=item, nextitem=following)
            if self.failed:
                (self.notes / str(os.getpid())).write_text(self.failed[0], encoding="utf-8")
                return KILLED
        return SURVIVED

    @staticmethod
    def _code(status: int) -> int:
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) in (signal.SIGXCPU, signal.SIGKILL):
            return TIMEOUT
        code = os.waitstatus_to_exitcode(status)
        return code if code in (KILLED, SURVIVED) else SUSPICIOUS

    def _done(self, mutant: Mutant, code: int, seconds: float, note: str = "") -> None:
        if code in (SURVIVED, NO_TESTS) and mutant.named:
            note = "(not killed by the tests named: its verdict stands)"
        else:
            record(mutant.source, mutant.name, code, seconds)
            mark_fast_only(mutant.name, code == SURVIVED and mutant.partial)
        verdict = {
            KILLED: "killed",
            SURVIVED: "survived",
            TIMEOUT: "timeout",
            SUSPICIOUS: "suspicious",
            NO_TESTS: "no-tests",
        }
        word = verdict.get(code, f"exit {code}")
        self.tally[word] = self.tally.get(word, 0) + 1
        done = sum(self.tally.values())
        note = note or self.killers.get(mutant.name, "")
        line = (
            f"{time.strftime('%H:%M:%S')} {done}/{len(self.mutants)} {word} {mutant.name} {note}\n"
        )
        os.write(self.out, line.encode())


def main() -> int:
    """Choose the mutants, mark those mypy refuses, run the rest; print each verdict."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("patterns", nargs="+")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--rerun", action="store_true", help="every verdict again")
    parser.add_argument(
        "--survivors", action="store_true", help="survivors, untested and suspicious again too"
    )
    parser.add_argument("--tests", nargs="*", default=[])
    parser.add_argument("--limit", type=int, help="run only the first N (the cheapest)")
    parser.add_argument(
        "--fast", type=float, help="run only tests traced under this many seconds (a first pass)"
    )
    parser.add_argument("--no-mypy", action="store_true", help="trust the verdicts recorded")
    args = parser.parse_args()
    os.chdir(ROOT)
    again: set[int | None] = {None}
    if args.survivors:
        again |= {SURVIVED, NO_TESTS, SUSPICIOUS}
    if args.rerun:
        again = set()
    chosen = choose(args.patterns, again, args.tests, args.rerun, args.fast)
    if not args.no_mypy:
        caught = caught_by_mypy()
        for mutant in chosen:
            if mutant.name in caught:
                record(mutant.source, mutant.name, CAUGHT, 0.0)
        chosen = [mutant for mutant in chosen if mutant.name not in caught]
    chosen = chosen[: args.limit]
    print(f"{len(chosen)} mutants to run", flush=True)
    if not chosen:
        return 0
    files = sorted({test.split("::")[0] for mutant in chosen for test in mutant.tests})
    driver = Driver(chosen, args.jobs, config().timeout_multiplier, config().timeout_constant)
    os.chdir(MUTANTS)
    sys.path.insert(0, str(MUTANTS / "src"))
    pytest.main([*PYTEST_ARGS, *files], plugins=[driver])
    os.write(driver.out, f"{driver.tally}\n".encode())
    return 0


if __name__ == "__main__":
    sys.exit(main())
