"""The wheel a user installs ships every file the page, the presets and the database need.

docs/web.md, "Playing" (no build step: the page's static files are served from the package);
docs/server.md, "Running it" (migrations applied on start, from the package).
"""

from __future__ import annotations

import zipfile
from pathlib import Path

from hatchling.builders.wheel import WheelBuilder

ROOT = Path(__file__).parents[1]
PACKAGE = ROOT / "src"


def _shipped(folder: str, pattern: str) -> set[str]:
    """The files under ``src/cardtable/<folder>`` matching ``pattern``, as the wheel names them."""
    found = (PACKAGE / "cardtable" / folder).rglob(pattern)
    return {
        path.relative_to(PACKAGE).as_posix()
        for path in found
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_the_wheel_holds_the_web_page_every_preset_and_every_migration(tmp_path: Path) -> None:
    """Built as pip builds it, the wheel holds each static file, preset file and migration.

    Issue 18: "static files served by the app and shipped in the package (plain ES modules …)".
    """
    built = next(WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"]))
    with zipfile.ZipFile(built) as wheel:
        names = set(wheel.namelist())
    static = _shipped("web/static", "*")
    assert {"cardtable/web/static/index.html", "cardtable/web/static/choices.json"} <= static
    assert static <= names, sorted(static - names)
    presets = _shipped(".", "presets/*.toml")
    assert len(presets) >= 40
    assert presets <= names, sorted(presets - names)
    migrations = _shipped("store/migrations", "*")
    assert migrations <= names, sorted(migrations - names)
