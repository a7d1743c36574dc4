"""The page in Firefox: a whole preferans deal played by clicking on a Russian page.

Debian's ``firefox-esr`` is driven over WebDriver BiDi by puppeteer-core's public API (Node,
``tests/web/firefox/play.mjs``; Playwright's own BiDi driver asks this Firefox for a command
it does not have yet, docs/web.md "Tests"). Every reading of the page is checked against what
the engine showed the seat, and the log must be in Russian. Without Node, the script's
packages (``npm ci --prefix tests/web/firefox``) or ``firefox-esr`` the test is skipped,
saying which is missing, except under ``CI=true`` (``.ci/run`` installs them).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from server.harness import Server

from .test_browser import READ_DOM, check_against_the_engine
from .test_events_page import english_left
from .test_webkit import PICK, _Url

pytestmark = pytest.mark.timeout(420)

FIREFOX = "/usr/bin/firefox-esr"
SCRIPT = Path(__file__).parent / "firefox" / "play.mjs"
PACKAGES = Path(__file__).parent / "firefox" / "node_modules" / "puppeteer-core"


def _missing() -> str | None:
    if not Path(FIREFOX).exists():
        return f"no Firefox: {FIREFOX} is missing (apt-get install firefox-esr; .ci/run does)"
    if shutil.which("node") is None:
        return "no Node: node is missing (apt-get install nodejs npm; .ci/run does)"
    if not PACKAGES.exists():
        return "no puppeteer-core: npm ci --prefix tests/web/firefox (.ci/run does)"
    return None


def test_a_whole_preferans_deal_is_played_by_clicking_in_firefox_on_a_russian_page(
    server: Server, output: Path
) -> None:
    """The form, the bids, the discard card by card and the play, all by clicking, in Firefox.

    docs/web.md, "Playing" and "Tests" (current Chromium, Firefox and Safari), "Events in the
    page's language"; docs/server.md, "What a seat is shown".
    """
    reason = _missing()
    if reason is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    shot = output / "firefox-preferans-end-ru-1280.png"
    command = ["node", str(SCRIPT), server.http + "/", "preferans", str(shot), READ_DOM, PICK]
    done = subprocess.run(command, capture_output=True, text=True, timeout=360, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    played = json.loads(done.stdout.strip().splitlines()[-1])
    assert played["ended"], "the deal did not finish in 300 steps"
    assert played["errors"] == []
    check_against_the_engine(server, _Url(played["url"]), played["readings"], "preferans")
    table = server.get(f"/api/tables/{played['url'].rstrip('/').split('/')[-1]}")
    names = [seat["name"] for seat in table["seats"] if seat["name"]]
    assert english_left(played["log"], names) == []
