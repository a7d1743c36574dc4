"""Run chosen mutants the way ``mutmut run`` does, beside a run that has not reached them.

mutmut runs the cheapest mutants of all modules first, so a module whose functions every test
reaches may get no verdict before a long run is stopped. This takes mutant names (one a line,
in a file) and, in ``mutants/`` as ``make mutation`` left it, runs each against the tests
mutmut's stats give its function (or the test files named), fastest first, stopping at the
first failure, in a process forked from one that has collected them, with
``MUTANT_UNDER_TEST`` set: mutmut's own way. A mutant that mypy refused (a name in the file
given by ``--caught``) is not run. One line a mutant is appended to the output file:
``killed``, ``survived``, ``caught`` or ``no-tests``, then the name. It writes nothing in
``mutants/``, so it may run while mutmut does (docs/testing.md).

    python tools/mutation_side_run.py NAMES OUT [--caught CAUGHT.json] [TEST_FILE ...]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PYTEST_ARGS = [
    "--rootdir=.",
    "-p",
    "no:cacheprovider",
    "-k",
    "not __mutmut_",
    "-o",
    "disable_test_id_escaping_and_forfeit_all_rights_to_community_support=true",
]
"""The arguments ``[tool.mutmut]`` gives pytest (``pytest_add_cli_args``)."""

VERDICTS = {0: "survived", 1: "killed", 3: "killed"}
"""pytest's exit codes as mutmut reads them (3, an internal error, counts as a kill)."""


def _function(mutant: str) -> str:
    return mutant.rsplit("__mutmut_", 1)[0]


def _verdict(mutant: str, tests: list[str]) -> str:
    """Fork, set the mutant, run ``tests`` with ``-x``; the child's exit code is the verdict."""
    pid = os.fork()
    if pid == 0:
        os.environ["MUTANT_UNDER_TEST"] = mutant
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        os._exit(int(pytest.main(["-x", "-q", "-p", "no:randomly", *PYTEST_ARGS, *tests])))
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return VERDICTS.get(code, f"exit-{code}")


def main() -> int:
    """Run every mutant named and append its verdict to the output file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--caught", type=Path)
    parser.add_argument("tests", nargs="*")
    args = parser.parse_args()
    mutants = [line.strip() for line in args.names.read_text().splitlines() if line.strip()]
    caught = set(json.loads(args.caught.read_text())) if args.caught else set()
    out = args.out.resolve()
    os.chdir(ROOT / "mutants")
    sys.path.insert(0, str(ROOT / "mutants" / "src"))
    stats = json.loads(Path("mutmut-stats.json").read_text())
    durations: dict[str, float] = stats["duration_by_test"]
    by_function: dict[str, list[str]] = stats["tests_by_mangled_function_name"]

    def tests_of(mutant: str) -> list[str]:
        found = by_function.get(_function(mutant), [])
        return list(args.tests) or sorted(found, key=lambda test: durations.get(test, 0.0))

    files = sorted({test.split("::")[0] for name in mutants for test in tests_of(name)})
    pytest.main(["--collect-only", "-qqq", *PYTEST_ARGS, *files])
    with out.open("a", encoding="utf-8") as log:
        for mutant in mutants:
            tests = tests_of(mutant)
            if mutant in caught:
                verdict = "caught"
            elif not tests:
                verdict = "no-tests"
            else:
                verdict = _verdict(mutant, tests)
            print(verdict, mutant, file=log, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
