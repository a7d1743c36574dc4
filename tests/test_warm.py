"""The kernels are compiled once by the set-up, and a cold cache is announced, not silent."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from cardtable.warm import NOTICES, STEPS, is_cold, notice_if_cold, warm


def test_the_warm_up_reaches_every_kernel_group_and_reports_each_step() -> None:
    """README, "Two commands": the set-up compiles every numba kernel, a progress line a step.

    Afterwards no group of kernels is cold, so no command announces a compilation.
    """
    stream = io.StringIO()
    warm(stream)
    lines = stream.getvalue().splitlines()
    assert [line.split("]")[0] for line in lines[:-1]] == [
        f"[{number}/{len(STEPS)}" for number in range(1, len(STEPS) + 1)
    ]
    assert lines[-1].startswith("kernels ready in ")
    assert {group for group, *_ in STEPS} == {"poker", "preferans"}
    assert not is_cold("poker")
    assert not is_cold("preferans")
    quiet = io.StringIO()
    assert not notice_if_cold("preferans", quiet)
    assert quiet.getvalue() == ""


def test_a_cold_cache_is_announced_on_standard_error_before_compiling(tmp_path: Path) -> None:
    """README, "Two commands": a command that would compile says so first, in one line.

    An empty cache directory (``NUMBA_CACHE_DIR``) is a cold cache.
    """
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    code = "from cardtable.warm import notice_if_cold; print(notice_if_cold('poker'))"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "True"
    assert done.stderr.strip() == NOTICES["poker"]


def test_bad_input_on_a_cold_cache_is_still_one_line(tmp_path: Path) -> None:
    """README, "A tour": bad input is one ``error:`` line, even before the kernels compile.

    The notice of a cold cache comes only once the arguments are found good.
    """
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "poker", "equity", "A♠ K♦"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == ["error: equity needs two to ten hands, not 1"]


def test_the_server_start_loads_a_warm_cache_without_a_line() -> None:
    """docs/server.md, "Running it": `cardtable serve` loads every kernel before it listens.

    On a warm cache it prints nothing for them; only a cold group would print its notice.
    """
    stream = io.StringIO()
    warm(stream, quiet=True)
    assert stream.getvalue() == ""
    assert not is_cold("poker")
    assert not is_cold("preferans")
