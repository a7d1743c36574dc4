"""Players: guests and accounts, their passwords, their cookies, and the limit on attempts."""

from __future__ import annotations

import json

import pytest
from sqlalchemy import text

from cardtable.store.database import make_engine
from server.browser import Browser, one_line_error
from server.harness import Server

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def server(shared_server: Server) -> Server:
    """The module's server: each test makes its own tables and players on it."""
    return shared_server


def test_an_account_registers_logs_out_logs_in_and_changes_its_password(server: Server) -> None:
    """docs/server.md, "Players": register, log out, log in, change the password.

    A browser signed in before the change is signed out by it; the old password stops working.
    """
    anna, other = Browser(server), Browser(server)
    made = anna.ok("POST", "/api/accounts", {"name": "Anna", "password": "correct horse"})
    assert made["name"] == "Anna"
    assert made["account"] is True
    assert anna.ok("GET", "/api/me") == made
    other.ok("POST", "/api/login", {"name": "anna", "password": "correct horse"})
    assert other.ok("GET", "/api/me")["id"] == made["id"]
    anna.ok("POST", "/api/logout")
    assert one_line_error(*anna.call("GET", "/api/me")).startswith("nobody is signed in")
    refused = anna.call("POST", "/api/login", {"name": "Anna", "password": "wrong horse"})
    assert one_line_error(*refused) == "wrong account name or password"
    assert refused[0] == 401
    anna.ok("POST", "/api/login", {"name": "Anna", "password": "correct horse"})
    wrong_old = anna.call("POST", "/api/password", {"old": "nope", "new": "battery staple"})
    assert one_line_error(*wrong_old) == "old: that is not the account's password"
    anna.ok("POST", "/api/password", {"old": "correct horse", "new": "battery staple"})
    assert anna.ok("GET", "/api/me")["id"] == made["id"]
    assert other.call("GET", "/api/me")[0] == 401
    assert other.call("POST", "/api/login", {"name": "Anna", "password": "correct horse"})[0] == 401
    other.ok("POST", "/api/login", {"name": "Anna", "password": "battery staple"})


def test_passwords_are_stored_as_argon2id_hashes(server: Server) -> None:
    """docs/server.md, "Players": the database holds an argon2id hash, never the password."""
    Browser(server).ok("POST", "/api/accounts", {"name": "Boris", "password": "s3cret-words"})
    engine = make_engine(server.database)
    with engine.connect() as connection:
        stored = connection.execute(
            text("SELECT password_hash FROM players WHERE login = 'boris'")
        ).scalar_one()
    engine.dispose()
    assert stored.startswith("$argon2id$")
    assert "s3cret-words" not in stored


def test_an_account_name_is_taken_once_whatever_its_case(server: Server) -> None:
    """docs/server.md, "Players": account names are unique, letter case aside."""
    Browser(server).ok("POST", "/api/accounts", {"name": "Vera", "password": "long enough"})
    status, answer = Browser(server).call(
        "POST", "/api/accounts", {"name": "VERA", "password": "long enough"}
    )
    assert status == 409
    assert one_line_error(status, answer) == "the account name 'vera' is taken"


def test_a_guest_claims_his_seats_into_a_new_account(server: Server) -> None:
    """docs/server.md, "Players": a guest who makes an account with ``claim`` keeps his id.

    The seat he held is the account's, so his history goes with him.
    """
    guest = Browser(server)
    me = guest.ok("POST", "/api/guest", {"name": "Gleb"})
    table = server.new_table("piquet", ["open", "bot random"], deals=1)
    guest.ok("POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"]})
    claimed = guest.ok(
        "POST", "/api/accounts", {"name": "Gleb", "password": "my own pass", "claim": True}
    )
    assert claimed == {"id": me["id"], "name": "Gleb", "account": True}
    history = Browser(server).ok("GET", f"/api/players/{me['id']}/history")
    assert [match["table"] for match in history["matches"]] == [table["id"]]
    assert history["player"]["account"] is True
    nobody = Browser(server).call(
        "POST", "/api/accounts", {"name": "Ida", "password": "long enough", "claim": True}
    )
    assert one_line_error(*nobody) == "claim: this browser holds no guest to claim"


def test_an_account_takes_a_seat_under_its_own_name(server: Server) -> None:
    """docs/server.md, "Players": an account sits under its name, whatever the join names."""
    anna = Browser(server)
    account = anna.ok("POST", "/api/accounts", {"name": "Anya", "password": "long enough"})
    table = server.new_table("piquet", ["open", "bot random"], deals=1)
    anna.ok("POST", f"/api/tables/{table['id']}/join", {"invite": table["invite"], "name": "X"})
    seats = server.get(f"/api/tables/{table['id']}")["seats"]
    assert seats[0]["name"] == "Anya"
    history = anna.ok("GET", f"/api/players/{account['id']}/history")
    assert history["matches"][0]["seats"][0] == "Anya"


def test_login_attempts_are_limited_per_address(server: Server) -> None:
    """docs/server.md, "Players": ten attempts a minute from one address, then 429.

    The right password is refused too once the limit is reached; another address may log in.
    """
    Browser(server).ok("POST", "/api/accounts", {"name": "Pyotr", "password": "right one!"})
    attacker = Browser(server)
    statuses = [
        attacker.call("POST", "/api/login", {"name": "Pyotr", "password": f"guess {n}"})[0]
        for n in range(10)
    ]
    assert statuses == [401] * 10
    status, answer = attacker.call(
        "POST", "/api/login", {"name": "Pyotr", "password": "right one!"}
    )
    assert status == 429
    assert one_line_error(status, answer).startswith(f"too many attempts from {attacker.address}")
    assert (
        Browser(server).call("POST", "/api/login", {"name": "Pyotr", "password": "right one!"})[0]
        == 200
    )


BAD_BODIES = [
    ("/api/accounts", b'{"name": "A", "password":', "JSON decode error"),
    ("/api/accounts", b'{"name": "' + b"N" * 500 + b'", "password": "long enough"}', "name:"),
    ("/api/accounts", b'{"name": "Short", "password": "abc"}', "password:"),
    ("/api/login", b'{"name": "Anna"}', "password: Field required"),
    ("/api/accounts", ('{"name": "' + "ß" * 30 + '", "password": "long enough"}').encode(), "40"),
    ("/api/login", b'{"name": "Anna", "password": "' + b"p" * 5000 + b'"}', "password:"),
    ("/api/guest", b"[1, 2]", "body:"),
    ("/api/guest", b'{"name": "   "}', "name: a name needs a letter"),
    ("/api/guest", b'{"name": "Ann\\u0000a"}', "name: a name holds no control"),
    ("/api/accounts", b'{"name": "Ann\\u200ba", "password": "long enough"}', "no control"),
    ("/api/tables", b'{"game": "preferans", "seats": "open"}', "seats:"),
]


def test_bad_input_gets_a_one_line_error(server: Server) -> None:
    """docs/server.md, "HTTP": a malformed body, a huge name, a short password: 400, one line."""
    for path, raw, expected in BAD_BODIES:
        status, data, _kind = Browser(server).send("POST", path, raw=raw)
        answer = json.loads(data)
        assert status == 400, (path, raw[:40], answer)
        assert expected in one_line_error(status, answer), (path, answer)


def test_the_openapi_description_lists_the_players_history_and_downloads(server: Server) -> None:
    """docs/server.md, "HTTP": the OpenAPI description at ``/openapi.json`` (``/docs``)."""
    paths = server.get("/openapi.json")["paths"]
    for path in (
        "/api/accounts",
        "/api/login",
        "/api/logout",
        "/api/password",
        "/api/me",
        "/api/players/{player_id}/history",
        "/api/players/{player_id}/statistics",
        "/api/tables/{table_id}/deals/{number}/record",
        "/api/tables/{table_id}/deals/{number}/export/{form}",
        "/api/tables/{table_id}/deals/{number}/seen",
        "/api/tables/{table_id}/export/{form}",
    ):
        assert path in paths, path
