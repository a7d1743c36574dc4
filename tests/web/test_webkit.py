"""The page in WebKit, Safari's engine: a whole preferans deal played by clicking, no hidden card.

Playwright's own WebKit build cannot be downloaded here, so the test drives Debian's WebKitGTK
(``webkit2gtk-driver``: the ``WebKitWebDriver`` server and its ``MiniBrowser``) through
Selenium's WebDriver client, in an Xvfb display of its own. Without any of them the test is
skipped, saying which is missing (``.ci/run`` installs them).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.harness import Server

from .test_browser import READ_DOM, check_against_the_engine

pytestmark = [
    pytest.mark.timeout(420),
    # Selenium's own WebKitGTK driver sets a deprecated option of its client.
    pytest.mark.filterwarnings("ignore:setting remote_server_addr:DeprecationWarning"),
]

DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"

PICK = """
const one = (selector) => document.querySelector(selector);
const confirm = one('button.confirm:not([disabled])');
if (confirm) return confirm;
const pick = one(".pos-me button.card[aria-pressed='false']:not([disabled])");
if (one('button.confirm') && pick) return pick;
for (const wanted of ['refuse', 'whist', 'mine']) {
  const button = one(`button.move[data-move='${wanted}']`);
  if (button) return button;
}
return one('table.bids button.move') || one('button.card[data-move]:not([disabled])')
  || one('.controls .plain button.move');
"""
"""The element a player would press now, in the order of ``test_browser.choose``."""

STATE = """
const table = document.querySelector('.table');
return [table ? Number(table.dataset.seq) : null, Boolean(document.querySelector('.ended')),
        document.querySelectorAll('[aria-pressed=true]').length];
"""


def _missing() -> str | None:
    for path, package in ((DRIVER, "webkit2gtk-driver"), (MINIBROWSER, "webkit2gtk-driver")):
        if not Path(path).exists():
            return f"no WebKit: {path} is missing (apt-get install {package}; .ci/run does)"
    if shutil.which("Xvfb") is None:
        return "no display: Xvfb is missing (apt-get install xvfb; .ci/run does)"
    try:
        import selenium.webdriver  # noqa: F401, PLC0415
    except ImportError:
        return "no selenium: pip install -e '.[web]' (.ci/run does)"
    return None


@pytest.fixture
def display() -> Iterator[str]:
    """An Xvfb display of the test's own (WebKitGTK draws into an X display)."""
    reason = _missing()
    if reason is not None:
        pytest.skip(reason)
    read, write = os.pipe()
    command = ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
    xvfb = subprocess.Popen(command, pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as told:
        number = told.readline().strip()
    try:
        yield f":{number}"
    finally:
        xvfb.terminate()
        xvfb.wait(10)


@pytest.fixture
def webkit(display: str) -> Iterator[Any]:
    """A WebKitGTK MiniBrowser driven through WebKitWebDriver."""
    from selenium import webdriver  # noqa: PLC0415
    from selenium.webdriver.webkitgtk.options import Options  # noqa: PLC0415
    from selenium.webdriver.webkitgtk.service import Service  # noqa: PLC0415

    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = Service(executable_path=DRIVER, env={**os.environ, "DISPLAY": display})
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_window_size(1280, 800)
    try:
        yield driver
    finally:
        driver.quit()


def _wait(check: Any, timeout: float = 30) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(Exception):
            found = check()
            if found:
                return found
        time.sleep(0.1)
    raise AssertionError("the page did not get there in time")


def test_a_whole_preferans_deal_is_played_by_clicking_in_webkit_and_no_page_shows_a_hidden_card(
    server: Server, webkit: Any, output: Path
) -> None:
    """The form, the bids, the discard card by card and the play, all by clicking, in WebKit.

    docs/web.md, "Playing" and "Tests" (current Chromium, Firefox and Safari); docs/server.md,
    "What a seat is shown".
    """
    from selenium.common.exceptions import StaleElementReferenceException  # noqa: PLC0415
    from selenium.webdriver.common.by import By  # noqa: PLC0415
    from selenium.webdriver.support.select import Select  # noqa: PLC0415

    webkit.get(server.http + "/")
    _wait(lambda: webkit.find_element(By.ID, "game"))
    Select(webkit.find_element(By.ID, "game")).select_by_value("preferans")
    for field, value in (("deals", "1"), ("name", "Anna")):
        box = webkit.find_element(By.ID, field)
        box.clear()
        box.send_keys(value)
    webkit.find_element(By.ID, "create").click()
    _wait(lambda: webkit.execute_script(STATE)[0])
    readings: list[dict[str, Any]] = []
    for _ in range(300):
        readings.append(webkit.execute_script(f"return ({READ_DOM})();"))
        seq, ended, chosen = webkit.execute_script(STATE)
        if ended:
            break
        try:
            target = webkit.execute_script(PICK)
            if target is None:
                time.sleep(0.2)
                continue
            target.click()
        except StaleElementReferenceException:
            continue  # the page was redrawn (a frame came) while the button was being pressed
        _wait(lambda s=seq, c=chosen: webkit.execute_script(STATE) != [s, False, c], 20)
    assert webkit.execute_script(STATE)[1], "the deal did not finish in 300 steps"
    webkit.save_screenshot(str(output / "webkit-preferans-end-1280.png"))
    readings.append(webkit.execute_script(f"return ({READ_DOM})();"))
    check_against_the_engine(server, _Url(webkit.current_url), readings, "preferans")
    assert webkit.find_elements(By.CSS_SELECTOR, ".settlement tbody tr")


class _Url:
    """What ``check_against_the_engine`` reads of a page: its address."""

    def __init__(self, url: str) -> None:
        self.url = url
