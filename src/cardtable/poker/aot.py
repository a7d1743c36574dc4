"""The exact hold'em counter compiled ahead of time, so that ``poker equity`` needs no numba.

Importing numba and loading a cached kernel costs about half a second, ten times the count
itself. :func:`build` (run by ``make``'s set-up, :mod:`cardtable.warm`) compiles the kernel
:func:`~cardtable.poker._kernels.boards.exact_equity_by_ranks` with numba's ahead-of-time
compiler into an extension module beside this file, which loads with numpy alone.
:func:`counter` hands it out while it is newer than every kernel file it was compiled from;
otherwise (never built, or the kernels changed since) it is ``None`` and the numba kernel,
the same code, counts.
"""

from __future__ import annotations

import importlib
import importlib.util
import warnings
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

MODULE = "_aot_boards"
"""The extension module's name, in this package."""

ENTRY = "exact_equity_by_ranks"

SIGNATURE = (
    "Tuple((i8[::1], i8[::1], f8[::1]))(i8[::1], i8, i8[::1], i8, u1[::1], u2[:, ::1], u1[::1])"
)
"""Hand masks, board mask, deck bits, cards to come, then :func:`rank_tables.tables`."""

KERNELS = Path(__file__).with_name("_kernels")
"""The kernels' sources: the module is stale once one of them is newer."""


def _origin() -> Path | None:
    spec = importlib.util.find_spec(f"{__package__}.{MODULE}")
    return None if spec is None or spec.origin is None else Path(spec.origin)


def is_current(built: Path) -> bool:
    """Whether the module at ``built`` is newer than every kernel source file."""
    newest = max(path.stat().st_mtime for path in KERNELS.glob("*.py"))
    return built.stat().st_mtime >= newest


@cache
def counter() -> Callable[..., Any] | None:
    """The ahead-of-time ``exact_equity_by_ranks``, or ``None`` when not built or stale."""
    built = _origin()
    if built is None or not is_current(built):
        return None
    module = importlib.import_module(f"{__package__}.{MODULE}")
    entry: Callable[..., Any] = getattr(module, ENTRY)
    return entry


def build() -> Path:
    """Compile the counter into this package's folder; the path of the module written."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # numba marks its ahead-of-time compiler deprecated
        pycc: Any = importlib.import_module("numba.pycc")  # numba only to build

    from cardtable.poker._kernels.boards import exact_equity_by_ranks  # noqa: PLC0415

    compiler = pycc.CC(MODULE)
    compiler.output_dir = str(Path(__file__).parent)
    compiler.verbose = False
    compiler.export(ENTRY, SIGNATURE)(exact_equity_by_ranks.py_func)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        compiler.compile()
    importlib.invalidate_caches()
    counter.cache_clear()
    built = _origin()
    assert built is not None
    return built
