"""The mutation score of each rule module, from mutmut's results (``make mutation``).

A mutant is one small change to the code (``<`` for ``<=``, ``1`` for ``0``, a dropped
argument); it is *killed* when some test fails with it in place, and *caught* when
``mypy --strict`` refuses it (``type_check_command`` in ``[tool.mutmut]``: ``make test`` would
reject it before any test ran). A mutant that no test can tell from the original (it changes
nothing observable) is *equivalent*: those are listed, each with why, in
``tools/equivalent_mutants.txt`` and left out of the score. A package (preferans ``sheet``,
poker ``hands`` and ``betting``) is scored over all its files. docs/testing.md explains the rest.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path

EQUIVALENT = Path(__file__).with_name("equivalent_mutants.txt")
FAST_ONLY = Path(__file__).resolve().parent.parent / "mutants" / "fast-pass-survivors.txt"
"""Survivors that have run only the fast tests so far (``tools/mutation_run.py --fast``)."""

RULE_MODULES = {
    "cardtable.preferans.bidding": "preferans bidding",
    "cardtable.preferans.tricks": "preferans tricks",
    "cardtable.preferans.sheet": "preferans sheet",
    "cardtable.preferans.deal_score": "preferans sheet",
    "cardtable.preferans.ledger": "preferans sheet",
    "cardtable.preferans._writer": "preferans sheet",
    "cardtable.preferans._contract_writer": "preferans sheet",
    "cardtable.preferans._allpass_writer": "preferans sheet",
    "cardtable.preferans.settlement": "preferans settlement",
    "cardtable.preferans.scoring": "preferans scoring",
    "cardtable.piquet.declarations": "piquet declarations",
    "cardtable.piquet.scoring": "piquet scoring",
    "cardtable.piquet.exchange": "piquet exchange",
    "cardtable.poker.hands": "poker hands",
    "cardtable.poker.pots": "poker pots",
    "cardtable.poker.betting": "poker betting",
    "cardtable.poker.limits": "poker limits",
}
"""The twelve rule modules of docs/testing.md, by the module (or package) a mutant is in."""

KILLED = ("killed", "caught by type check", "timeout")
"""The verdicts that count as a kill: a test failed, mypy refused it, or it never ended."""


def module_of(mutant: str) -> str:
    """``cardtable.poker.limits`` of ``cardtable.poker.limits.xǁLimitsǁwhy__mutmut_3``."""
    parts = mutant.split(".")
    return ".".join(part for part in parts if not part.startswith("x"))


def rule_module(mutant: str) -> str:
    """The rule module a mutant belongs to: its own module's name, or its package's."""
    module = module_of(mutant)
    while module and module not in RULE_MODULES:
        module = module.rpartition(".")[0]
    return RULE_MODULES.get(module, module_of(mutant))


def equivalent() -> set[str]:
    """The names listed in ``tools/equivalent_mutants.txt``."""
    if not EQUIVALENT.exists():
        return set()
    lines = EQUIVALENT.read_text(encoding="utf-8").splitlines()
    return {line.split()[0] for line in lines if line.strip() and not line.startswith("#")}


def verdicts() -> list[tuple[str, str]]:
    """Every mutant with mutmut's verdict (``not checked`` for one not yet run)."""
    results = subprocess.run(
        ["mutmut", "results", "--all", "true"], capture_output=True, text=True, check=True
    ).stdout
    rows = [line.strip().rpartition(": ") for line in results.splitlines()]
    return [(name, status) for name, _, status in rows if name]


def main() -> int:
    """Print the verdicts and the score per rule module; list the mutants not killed.

    With ``--markdown`` the scores are printed as the table of docs/testing.md.
    """
    known_equivalent = equivalent()
    fast_only = set(FAST_ONLY.read_text(encoding="utf-8").split()) if FAST_ONLY.exists() else set()
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    survivors: list[str] = []
    contradicted: list[str] = []
    for name, status in verdicts():
        tally = counts[rule_module(name)]
        tally["total"] += 1
        if status == "not checked":
            continue
        if name in known_equivalent and status == "timeout":
            tally["equivalent"] += 1  # it cannot loop, so the machine was only slow
        elif status in KILLED:
            tally[status] += 1
            if name in known_equivalent:
                contradicted.append(f"{name}: {status}")
        elif name in known_equivalent:
            tally["equivalent"] += 1
        else:
            tally["not killed"] += 1
            tally["fast only"] += name in fast_only
            note = " (fast tests only)" if name in fast_only else ""
            survivors.append(f"{name}: {status}{note}")
    header = (
        "mutants",
        "killed",
        "timeout",
        "mypy",
        "survived",
        "fast-only",
        "equivalent",
        "not-run",
        "score",
    )
    rows = []
    for module in sorted(counts):
        tally = counts[module]
        killed = sum(tally[status] for status in KILLED)
        scored = killed + tally["not killed"]
        run = scored + tally["equivalent"]
        score = f"{killed / scored:.1%}" if scored else "-"
        cells = (
            tally["total"],
            tally["killed"],
            tally["timeout"],
            tally["caught by type check"],
            tally["not killed"],
            tally["fast only"],
            tally["equivalent"],
            tally["total"] - run,
            score,
        )
        rows.append((module, *map(str, cells)))
    if "--markdown" in sys.argv:
        print("| module | " + " | ".join(header) + " |")
        print("| --- |" + " ---: |" * len(header))
        for row in rows:
            print("| " + " | ".join(row) + " |")
    else:
        print(f"{'module':22}" + "".join(f"{title:>11}" for title in header))
        for row in rows:
            print(f"{row[0]:22}" + "".join(f"{cell:>11}" for cell in row[1:]))
    print(f"\n{len(survivors)} mutants not killed:")
    print("\n".join(survivors))
    if contradicted:
        print(f"\n{len(contradicted)} listed as equivalent but killed (strike them from the list):")
        print("\n".join(contradicted))
    return 0


if __name__ == "__main__":
    sys.exit(main())
