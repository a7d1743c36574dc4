"""Writing a file so that a crash, a kill or a power cut leaves the old version or the new one.

The text goes to a temporary file beside the target, is flushed to the disk (``fsync``), moved
over the target (``os.replace``, atomic on one file system) and the folder is flushed too, so
the rename itself survives a power cut. A process killed mid-write (``SIGKILL`` cannot be
caught) leaves its temporary file behind; :func:`remove_stale_temporaries` clears them when the
file is next opened for writing.
"""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
from pathlib import Path

TEMPORARY_SUFFIX = ".cardtable-tmp"
"""How the temporary files beside a target end: ``.<target name>.<random>.cardtable-tmp``."""


def write_durably(path: Path, text: str, mode: int) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8, permissions ``mode``), durably."""
    folder = path.parent
    try:
        handle, temporary = tempfile.mkstemp(
            dir=folder, prefix=f".{path.name}.", suffix=TEMPORARY_SUFFIX
        )
    except OSError as error:
        # Name the file the caller gave, not the temporary one beside it.
        raise OSError(error.errno, error.strerror, str(path)) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        # mkstemp makes the file private; the caller says what mode the file gets.
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        # A full disk, Ctrl-C or SIGTERM mid-write leaves the old file whole and no stray file.
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise
    fsync_folder(folder)


def fsync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries (a rename, a new link) to the disk."""
    descriptor = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def remove_stale_temporaries(path: Path) -> list[Path]:
    """Delete the temporary files a killed writer of ``path`` left beside it; return them."""
    pattern = f".{glob.escape(path.name)}.*{TEMPORARY_SUFFIX}"
    stale = sorted(path.parent.glob(pattern))
    for leftover in stale:
        with contextlib.suppress(FileNotFoundError):
            leftover.unlink()
    return stale
