"""Numba's on-disk cache kept true for a package of kernels spread over several files.

Numba checks a cached kernel only against the file that defines it (the cache index holds
that file's time stamp and size), so a kernel that calls a kernel of another file would load
its old machine code after that other file changed. A package of kernels calls
:func:`drop_stale` once its modules are imported: each kernel's cache index older than a
file the kernel may reach (its own module and every module of the package that module takes
kernels from, at any depth) is removed, and numba compiles that kernel again when first
called.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any


def kernels_of(module: ModuleType) -> list[Any]:
    """The cached numba dispatchers that ``module`` defines."""
    return [
        value
        for value in vars(module).values()
        if getattr(value, "_cache", None) is not None
        and getattr(value, "__module__", None) == module.__name__
    ]


def reached_files(module: ModuleType, package: str) -> set[Path]:
    """The files of ``module`` and of every module of ``package`` it takes kernels from."""
    files: set[Path] = set()
    todo = [module]
    while todo:
        current = todo.pop()
        if current.__file__ is None or Path(current.__file__) in files:
            continue
        files.add(Path(current.__file__))
        for value in vars(current).values():
            home = getattr(value, "__module__", None)
            if isinstance(home, str) and home.startswith(package + ".") and home in sys.modules:
                todo.append(sys.modules[home])
    return files


def drop_stale(modules: Iterable[ModuleType], package: str) -> int:
    """Remove the cache index of each kernel older than a file it reaches; how many went."""
    dropped = 0
    for module in modules:
        newest = max(path.stat().st_mtime for path in reached_files(module, package))
        for kernel in kernels_of(module):
            index = Path(kernel._cache._cache_file._index_path)  # no public name in numba
            try:
                if index.stat().st_mtime < newest:
                    index.unlink()
                    dropped += 1
            except OSError:  # no cache yet, or one this process may not change
                continue
    return dropped
