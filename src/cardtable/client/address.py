"""Where a server's table is: read from the link a player is given, and the seat taken there.

A player is handed the table page's address — the invite link ``http://HOST/tables/ID?invite=
CODE`` the web page shows, or the page's address without the invite — or, for a program, the
socket's ``ws://HOST/ws/tables/ID``. :meth:`TableAddress.join` takes a seat there through the
server's HTTP API, as the web page's join form does, and gives back the seat's token.
"""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from typing import Any

from cardtable.errors import CardtableError

HTTP_SECONDS = 30.0
"""How long a request to the server may take before it counts as gone."""


class BadAddress(CardtableError):
    """A table's address that is not one: no table in its path, or a scheme not the web's."""


class SeatRefused(CardtableError):
    """The server would not seat us: a token holding no seat, a private table, a seat taken."""


class ServerGone(CardtableError):
    """No server answers at the address, or it stopped answering and did not come back."""


_SOCKET_SCHEMES = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}
_PAGE_SCHEMES = {"ws": "http", "wss": "https", "http": "http", "https": "https"}


@dataclass(frozen=True)
class TableAddress:
    """A table of a server: the server's HTTP ``base``, the ``table`` id and its ``invite``."""

    base: str
    table: str
    invite: str | None = None

    @classmethod
    def parse(cls, url: str) -> TableAddress:
        """Read a table page's address, an invite link, or a table socket's address.

        >>> TableAddress.parse("http://127.0.0.1:8000/tables/y2Ae?invite=Qm3")
        TableAddress(base='http://127.0.0.1:8000', table='y2Ae', invite='Qm3')
        >>> TableAddress.parse("wss://cards.example.org/ws/tables/y2Ae").socket_url
        'wss://cards.example.org/ws/tables/y2Ae'
        >>> TableAddress.parse("cards.example.org")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cardtable.client.address.BadAddress: 'cards.example.org' is not a table's address: ...
        """
        parts = urllib.parse.urlsplit(url.strip())
        scheme = parts.scheme.lower()
        path = [word for word in parts.path.split("/") if word]
        if scheme not in _PAGE_SCHEMES or not parts.hostname:
            raise BadAddress(f"{url!r} is not a table's address: {_FORM}")
        if path[-2:-1] != ["tables"] or (len(path) == 3 and path[0] != "ws") or len(path) > 3:
            raise BadAddress(f"{url!r} names no table: {_FORM}")
        invite = urllib.parse.parse_qs(parts.query).get("invite", [None])[-1]
        return cls(f"{_PAGE_SCHEMES[scheme]}://{parts.netloc}", path[-1], invite)

    @property
    def socket_url(self) -> str:
        """The table socket's address, with the invite a private table's spectator needs."""
        scheme, rest = self.base.split("://", 1)
        query = f"?invite={urllib.parse.quote(self.invite)}" if self.invite else ""
        return (
            f"{_SOCKET_SCHEMES[scheme]}://{rest}/ws/tables/{urllib.parse.quote(self.table)}{query}"
        )

    def join(self, name: str, seat: int | None = None) -> str:
        """Take ``seat`` (the first open one if ``None``) as ``name``; the seat's token.

        Raises :class:`SeatRefused` with the server's sentence when it will not seat us, and
        :class:`ServerGone` when nothing answers.
        """
        body: dict[str, Any] = {"name": name, "invite": self.invite}
        if seat is not None:
            body["seat"] = seat
        answer = self.request("POST", f"/api/tables/{urllib.parse.quote(self.table)}/join", body)
        return str(answer["token"])

    def status(self, token: str | None = None) -> dict[str, Any]:
        """The table's status (``GET /api/tables/{id}``): its seats, ``seq`` and score."""
        query = f"?invite={urllib.parse.quote(self.invite)}" if self.invite else ""
        path = f"/api/tables/{urllib.parse.quote(self.table)}{query}"
        return dict(self.request("GET", path, None, token))

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        """The JSON answer of one request to the server; refusals and silence as errors."""
        headers = {"content-type": "application/json"}
        if token is not None:
            headers["seat-token"] = token
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data, headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=HTTP_SECONDS) as answer:
                return json.loads(answer.read())
        except urllib.error.HTTPError as error:
            raise SeatRefused(f"the server refused: {_detail(error)}") from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            raise ServerGone(f"no server answers at {self.base}: {reason}") from None


_FORM = "give http(s)://HOST/tables/ID (the invite link)"


def _detail(error: urllib.error.HTTPError) -> str:
    try:
        detail = json.loads(error.read()).get("detail")
    except (ValueError, AttributeError):
        detail = None
    return str(detail) if isinstance(detail, str) else f"HTTP {error.code} {error.reason}"
