"""The fuzz loops' own checks: what they count as a hang (docs/reliability.md).

docs/reliability.md, "The million-case run": a hang is a case that takes more than
``CASE_SECONDS`` of the process's CPU time, or more than the wall-clock backstop; a case
that only waits (as a niced process waits for its share of a loaded core) is no hang.
"""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from fuzzing import Hang, time_limit

ROOT = Path(__file__).resolve().parent.parent


def _load_million() -> Any:
    spec = importlib.util.spec_from_file_location("million", ROOT / "fuzz" / "million.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["million"] = module  # dataclasses look their module up while building
    spec.loader.exec_module(module)
    return module


million = _load_million()


def _after_warm_up(case: Any) -> Any:
    """A check that returns at once for the warm-up's one input and runs ``case`` after."""
    calls: list[str] = []

    def check(text: str) -> object:
        calls.append(text)
        return None if len(calls) == 1 else case()

    return check


def _spin() -> None:
    end = time.process_time() + 30
    while time.process_time() < end:
        pass


def _one_case(check: Any, cpu: float, wall: float) -> Any:
    target = million.Target(check, ["x"])
    return million.run("t", target, 1, 1, None, alarm=million.Alarm(cpu=cpu, wall=wall))


def test_a_case_that_spins_past_its_cpu_time_is_a_hang() -> None:
    """docs/reliability.md, "The million-case run": more than CASE_SECONDS of CPU is a hang."""
    tally = _one_case(_after_warm_up(_spin), cpu=0.3, wall=60)
    assert (tally.cases, tally.hangs, tally.values) == (1, 1, 0)
    assert "CPU time" in tally.found[0]["error"]
    assert tally.cpu_seconds < 10


def test_a_case_that_waits_longer_than_its_cpu_time_is_no_hang() -> None:
    """docs/reliability.md, "The million-case run": wall time spent waiting is no hang.

    Sleeping stands for what a niced process does on loaded cores: it waits for its share.
    """
    tally = _one_case(_after_warm_up(lambda: time.sleep(1.0)), cpu=0.3, wall=60)
    assert (tally.cases, tally.hangs, tally.values) == (1, 0, 1)


def test_a_case_that_waits_past_the_wall_backstop_is_a_hang() -> None:
    """docs/reliability.md, "The million-case run": the wall-clock backstop catches a wait."""
    tally = _one_case(_after_warm_up(lambda: time.sleep(30)), cpu=5, wall=0.3)
    assert (tally.cases, tally.hangs) == (1, 1)
    assert "wall time" in tally.found[0]["error"]


def _counting(calls: list[str]) -> Any:
    def check(text: str) -> object:
        calls.append(text)
        if len(text) % 2:
            raise million.CardtableError("an odd length")
        return text

    return check


def test_an_input_tried_before_is_counted_with_its_outcome_and_not_rerun() -> None:
    """docs/reliability.md, "The million-case run": a repeated input keeps its first outcome."""
    calls: list[str] = []
    target = million.Target(_counting(calls), ["ab"])
    tally = million.run("t", target, 300, 1, None)
    rng = million.random.Random(1)  # the run's cases, drawn again
    cases = [target.case(rng) for _ in range(300)]
    assert calls[1:] == list(dict.fromkeys(cases))  # the first call is the warm-up's
    assert tally.repeats == 300 - len(set(cases)) > 0
    assert tally.refusals == sum(len(text) % 2 for text in cases)
    assert tally.values + tally.refusals == tally.cases == 300


def test_a_target_whose_outcome_depends_on_its_state_reruns_every_input() -> None:
    """docs/reliability.md, "The million-case run": ``moves-between-poker`` reruns repeats."""
    calls: list[str] = []
    target = million.Target(_counting(calls), ["ab"], pure=False)
    tally = million.run("t", target, 300, 1, None)
    assert (tally.repeats, len(calls) - 1, tally.cases) == (0, 300, 300)


def test_a_suite_fuzz_case_that_spins_past_its_cpu_time_is_a_hang() -> None:
    """docs/reliability.md, "Fuzzing": a case with more than its CPU time is failed as a hang."""
    with pytest.raises(Hang, match="CPU time"), time_limit(0.3):
        _spin()


def test_a_suite_fuzz_case_that_waits_longer_than_its_cpu_time_passes() -> None:
    """docs/reliability.md, "Fuzzing": a case that waits for its share of a core is no hang."""
    with time_limit(0.3):
        time.sleep(1.0)
