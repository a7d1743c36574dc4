"""Fixtures of the browser tests: Debian's Chromium driven by Playwright, and a live server.

Playwright cannot download its browsers on this network, so the tests launch the system's
``/usr/bin/chromium`` (``.ci/run`` installs it). Without it (or without the ``playwright``
package) the tests are skipped outside CI, saying why; under ``CI=true`` they fail instead.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.harness import Server

CHROMIUM = "/usr/bin/chromium"
"""Debian's Chromium, the browser the tests drive."""

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
"""Chromium's flags on a closed network: no background connections, no sandbox as root."""

OUTPUT = Path(__file__).parents[2] / "test-output" / "web"
"""Where the screenshots are kept (git-ignored)."""


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return f"no browser: {CHROMIUM} is missing (apt-get install chromium; .ci/run does)"
    try:
        import playwright.sync_api  # noqa: F401, PLC0415
    except ImportError:
        return "no playwright: pip install -e '.[web]' (.ci/run does)"
    return None


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[Any]:
    """A fresh Chromium profile (a persistent context in a new user-data dir) at 1280x800."""
    reason = _missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright  # noqa: PLC0415

    profile = tmp_path / "profile"
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=CHROMIUM,
            args=FLAGS,
            headless=True,
            viewport={"width": 1280, "height": 800},
        )
        try:
            yield context
        finally:
            context.close()
    shutil.rmtree(profile, ignore_errors=True)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """``cardtable serve`` on a free loopback port over a fresh SQLite database."""
    database = f"sqlite:///{tmp_path / 'cardtable.db'}"
    with Server(database, tmp_path / "server.log").running() as running:
        yield running


@pytest.fixture
def output() -> Path:
    """The directory the screenshots go to."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
