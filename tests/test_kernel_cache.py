"""A kernel split from the kernels it calls is compiled again when their file changes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

INIT = """
from cardtable.kernel_cache import drop_stale
from kernels import callee, caller

drop_stale((callee, caller), __name__)
"""
CALLEE = """
from numba import njit


@njit(cache=True)
def base(x):
    return x + {step}
"""
CALLER = """
from numba import njit

from kernels.callee import base


@njit(cache=True)
def twice(x):
    return 2 * base(x)
"""


def _twice_of_one(root: Path, cache: Path) -> str:
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(root)}
    code = "from kernels import caller; print(caller.twice(1))"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_a_kernel_calling_a_changed_file_is_compiled_again(tmp_path: Path) -> None:
    """docs/architecture.md, "Compiled kernels": numba checks a cache only against its own file.

    The package drops the cache of ``twice`` once ``base``'s file is newer, so the second run
    sees the changed ``base`` instead of the machine code cached before the change.
    """
    package = tmp_path / "kernels"
    package.mkdir()
    (package / "__init__.py").write_text(INIT)
    (package / "caller.py").write_text(CALLER)
    callee = package / "callee.py"
    callee.write_text(CALLEE.format(step=1))
    cache = tmp_path / "cache"
    assert _twice_of_one(tmp_path, cache) == "4"
    callee.write_text(CALLEE.format(step=10))
    later = callee.stat().st_mtime + 5
    os.utime(callee, (later, later))
    assert _twice_of_one(tmp_path, cache) == "22"
