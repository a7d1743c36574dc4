"""The server sends a table's help as its rules in force write it (issue 16, the web table)."""

from __future__ import annotations

import pytest

from server.harness import Server

pytestmark = pytest.mark.timeout(120)


def _exchange(help: dict[str, object]) -> str:
    sections = help["sections"]
    assert isinstance(sections, list)
    section = next(s for s in sections if s["phase"] == "exchange")
    return str(section["sentences"][0]["text"])


def test_a_table_s_help_tells_its_own_rules_in_english_and_russian(server: Server) -> None:
    """A table agreeing another minimum discard is told its own rule, in either language.

    001_776ed664a35a376f.txt, piquet rule 9 (option ``elder_min_exchange``); docs/server.md,
    "HTTP": ``GET /api/tables/{id}/help``.
    """
    seed = server.new_table("piquet", ["open", "bot default"])
    house = server.new_table("piquet", ["open", "bot default"], rules={"elder_min_exchange": 1})
    assert _exchange(server.get(f"/api/tables/{seed['id']}/help")).startswith(
        "The elder hand exchanges 3 to 5 cards"
    )
    told = server.get(f"/api/tables/{house['id']}/help")
    assert _exchange(told).startswith("The elder hand exchanges 1 to 5 cards")
    russian = server.get(f"/api/tables/{house['id']}/help?language=ru")
    assert _exchange(russian).startswith("Старший сносит от 1 до 5 карт")
    status, answer = server.request("GET", f"/api/tables/{house['id']}/help?language=fr")
    assert status == 400
    assert "not 'fr'" in answer["detail"]
