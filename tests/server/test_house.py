"""The server stands above the games: it imports no game's package, only the engine and bots."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SOURCE = Path(__file__).parents[2] / "src" / "cardtable"
GAMES = ("cardtable.preferans", "cardtable.piquet", "cardtable.poker", "cardtable.toy")


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


@pytest.mark.parametrize("room", ["server", "store"])
def test_the_server_and_store_import_no_game(room: str) -> None:
    """They know games only through the engine protocol and the registry.

    docs/architecture.md, "The server (`cardtable.server`) and its storage".
    """
    files = sorted((SOURCE / room).rglob("*.py"))
    assert files
    for path in files:
        games = {name for name in _imports(path) if name.startswith(GAMES)}
        assert not games, f"{path.name} imports {sorted(games)}"


def test_the_store_does_not_import_the_server() -> None:
    """Storage is its own module below the server.

    docs/architecture.md, "The server (`cardtable.server`) and its storage".
    """
    for path in sorted((SOURCE / "store").rglob("*.py")):
        assert not {n for n in _imports(path) if n.startswith("cardtable.server")}, path.name
