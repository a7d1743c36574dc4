"""Run the tests that ``make mutation`` leaves out against each mutant it did not kill.

mutmut runs only the tests of ``pytest_add_cli_args_test_selection`` ([tool.mutmut] in
pyproject.toml): the games' own tests, the cross-game checks and the playthroughs. This runs
the rest of ``tests/`` (server, web, terminal table, CLI, records) against every survivor of
the modules named (mutmut's name patterns), so that narrowing the selection is seen to lose no
kill: a survivor that some left-out test kills is printed as ``KILLED OUTSIDE``. It runs in
``mutants/`` as mutmut left it, so run it right after ``make mutation``.

    python tools/mutation_recheck.py 'cardtable.piquet.exchange*'
"""

from __future__ import annotations

import fnmatch
import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
IGNORED = ["--ignore=tests/server/test_crash.py"]
"""Tests that cannot run inside mutants/: the crash test restarts a server in a new process."""


def _left_out_tests() -> list[str]:
    """The test files and folders under tests/ that the mutation selection does not name."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    selected = set(config["tool"]["mutmut"]["pytest_add_cli_args_test_selection"])
    found = []
    for path in sorted((ROOT / "tests").iterdir()):
        is_test_file = path.name.startswith("test_") and path.suffix == ".py"
        is_test_folder = path.is_dir() and any(path.glob("test_*.py"))
        if (is_test_file or is_test_folder) and f"tests/{path.name}" not in selected:
            found.append(f"tests/{path.name}")
    return found


def _survivors(patterns: list[str]) -> list[str]:
    results = subprocess.run(
        ["mutmut", "results"], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    rows = [line.strip().rpartition(": ") for line in results.splitlines() if ": " in line]
    return [
        name
        for name, _, status in rows
        if status not in ("killed", "not checked")
        and any(fnmatch.fnmatch(name, pattern) for pattern in patterns)
    ]


def main(patterns: list[str]) -> int:
    """Print, for each survivor matching ``patterns``, whether a left-out test kills it."""
    tests = _left_out_tests()
    print("left-out tests:", " ".join(tests))
    killed_outside = 0
    for name in _survivors(patterns or ["*"]):
        env = dict(
            os.environ, MUTANT_UNDER_TEST=name, PYTHONPATH="src", PY_IGNORE_IMPORTMISMATCH="1"
        )
        run = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-x",
                "-q",
                "-p",
                "no:cacheprovider",
                *IGNORED,
                *tests,
            ],
            cwd=ROOT / "mutants",
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        verdicts = {0: "survives", 1: "KILLED OUTSIDE"}
        verdict = verdicts.get(run.returncode, f"pytest could not run (exit {run.returncode})")
        killed_outside += run.returncode != 0
        print(f"{name}: {verdict}", flush=True)
    return 1 if killed_outside else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
