"""The server sends a table's help as its rules in force write it (issue 16, the web table)."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable

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


def _hint(server: Server, table: str, token: str) -> tuple[int, dict[str, object]]:
    request = urllib.request.Request(
        f"{server.http}/api/tables/{table}/hint", headers={"seat-token": token}
    )
    try:
        with urllib.request.urlopen(request, timeout=20) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_the_seat_to_move_is_told_how_to_type_its_move_and_no_one_else(server: Server) -> None:
    """The hint comes from the seat's own legal moves, to its token only.

    001_776ed664a35a376f.txt, piquet rules 9–10 (the exchange, or refusing the talon);
    docs/server.md, "HTTP": ``GET /api/tables/{id}/hint``.
    """
    table = server.new_table("piquet", ["open", "bot default"])
    token = server.join(table, "Ann")
    deadline = time.monotonic() + 60
    told: dict[str, object] = {"hint": None}
    while told["hint"] is None and time.monotonic() < deadline:
        status, told = _hint(server, table["id"], token)
        assert status == 200, told
        time.sleep(0.2)
    hint = str(told["hint"])
    assert "discard " in hint
    assert "cards: `discard " in hint
    parts = told["parts"]
    assert isinstance(parts, list)
    discard = next(part for part in parts if part["verb"] == "discard")
    least, most = discard["cards"]
    assert 1 <= least <= most <= 5
    assert discard["moves"][0].startswith("discard ")
    status, refused = _hint(server, table["id"], "not-a-token")
    assert status == 403
    assert "holds no seat" in str(refused["detail"])


def test_a_preset_s_rules_are_told_before_any_table_has_them(server: Server) -> None:
    """Every option of a preset, with its value, kind, clause and the help it makes.

    001_776ed664a35a376f.txt, piquet rule 9 (option ``elder_min_exchange``); docs/server.md,
    "HTTP": ``GET /api/games/{game}/presets/{preset}/rules``.
    """
    told = server.get("/api/games/piquet/presets/seed/rules")
    assert told["game"] == "piquet"
    options = {option["name"]: option for option in told["options"]}
    exchange = options["elder_min_exchange"]
    assert exchange["value"] == 3
    assert exchange["kind"] == "int"
    assert "rule 9" in exchange["source"]
    assert exchange["doc"]
    assert any(option["kind"] == "choice" and option["choices"] for option in options.values())
    phases = [section["phase"] for section in told["sections"]]
    assert "exchange" in phases
    russian = server.get("/api/games/piquet/presets/seed/rules?language=ru")
    assert _exchange(russian).startswith("Старший сносит от 3 до 5 карт")
    status, answer = server.request("GET", "/api/games/piquet/presets/no-such/rules")
    assert status == 404
    assert "no-such" in answer["detail"]


def test_a_table_is_made_with_the_options_changed_and_a_bad_option_is_named(
    server: Server,
) -> None:
    """The create form's changed options make the table's rules; a bad one is refused by name.

    001_776ed664a35a376f.txt, piquet rule 9 (option ``elder_min_exchange``, 1 to 5 cards);
    docs/server.md, "HTTP": ``POST /api/tables``.
    """
    made = server.new_table("piquet", ["open", "bot default"], rules={"elder_min_exchange": 2})
    assert _exchange(server.get(f"/api/tables/{made['id']}/help")).startswith(
        "The elder hand exchanges 2 to 5 cards"
    )
    body = {"game": "piquet", "seats": ["open", "bot default"]}
    for rules, named in (
        ({"elder_min_exchange": 9}, "elder_min_exchange"),
        ({"bogus": 1}, "bogus"),
    ):
        status, answer = server.request("POST", "/api/tables", {**body, "rules": rules})
        assert status == 400, answer
        assert named in answer["detail"]
        assert "\n" not in answer["detail"]


KINDS: dict[str, Callable[[object], bool]] = {
    "bool": lambda value: isinstance(value, bool),
    "int": lambda value: isinstance(value, int) and not isinstance(value, bool),
    "number": lambda value: isinstance(value, int | float) and not isinstance(value, bool),
    "text": lambda value: isinstance(value, str),
    "list": lambda value: isinstance(value, list),
    "json": lambda _value: True,
}
"""What a value of each kind the server tells is, in JSON."""


def test_every_option_of_every_preset_is_told_with_a_kind_its_value_has(server: Server) -> None:
    """A form's field made from an option's kind holds its value unchanged (none sent by mistake).

    docs/server.md, "HTTP": ``GET /api/games/{game}/presets/{preset}/rules`` (an option of a
    list whose elements have choices, poker's ``house.bonus_hands``, is a list, not a choice).
    """
    for game in server.get("/api/games"):
        for preset in game["presets"]:
            told = server.get(f"/api/games/{game['name']}/presets/{preset}/rules")
            for option in told["options"]:
                where = (game["name"], preset, option["name"])
                if option["kind"] == "choice":
                    assert option["value"] in option["choices"], where
                else:
                    assert KINDS[option["kind"]](option["value"]), where
