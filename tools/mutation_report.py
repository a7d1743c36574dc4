"""The mutation score of each rule module, from mutmut's results (``make mutation``).

A mutant is one small change to the code (``<`` for ``<=``, ``1`` for ``0``, a dropped
argument); the suite kills it when some test fails. A mutant that no test can tell from the
original (it changes nothing observable) is *equivalent*: those are listed, each with why, in
``tools/equivalent_mutants.txt`` and left out of the score. docs/testing.md explains the rest.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

EQUIVALENT = Path(__file__).with_name("equivalent_mutants.txt")


def _module(mutant: str) -> str:
    """``cardtable.poker.limits`` of ``cardtable.poker.limits.xǁLimitsǁwhy__mutmut_3``."""
    parts = mutant.split(".")
    return ".".join(part for part in parts if not part.startswith("x"))


def _equivalent() -> set[str]:
    if not EQUIVALENT.exists():
        return set()
    lines = EQUIVALENT.read_text(encoding="utf-8").splitlines()
    return {line.split()[0] for line in lines if line.strip() and not line.startswith("#")}


def main() -> int:
    """Print killed, survived and the score per module; list the survivors."""
    results = subprocess.run(
        ["mutmut", "results", "--all", "true"], capture_output=True, text=True, check=True
    ).stdout
    equivalent = _equivalent()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: list[str] = []
    for line in results.splitlines():
        name, _, status = line.strip().rpartition(": ")
        if not name or status == "not checked":  # a module this run left out
            continue
        module = _module(name)
        if name in equivalent:
            counts[module]["equivalent"] += 1
            continue
        counts[module][status] += 1
        if status != "killed":
            survivors.append(f"{name}: {status}")
    print(f"{'module':40} {'killed':>7} {'other':>6} {'equiv':>6} {'score':>7}")
    for module in sorted(counts):
        tally = counts[module]
        killed = tally["killed"]
        other = sum(n for status, n in tally.items() if status not in ("killed", "equivalent"))
        score = killed / (killed + other) if killed + other else 1.0
        print(f"{module:40} {killed:7} {other:6} {tally['equivalent']:6} {score:7.1%}")
    print(f"\n{len(survivors)} mutants not killed:")
    print("\n".join(survivors))
    return 0


if __name__ == "__main__":
    sys.exit(main())
