"""A browser for the server's HTTP tests: it keeps the server's cookies, as a person's would."""

from __future__ import annotations

import http.cookiejar
import json
import random
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from typing import Any

from server.harness import Server


def _some_address() -> str:
    return f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"


@dataclass
class Browser:
    """One person's browser at ``server``: requests with its own cookie jar and address.

    The address reaches the server as a local reverse proxy passes it on (``X-Forwarded-For``,
    which uvicorn takes from the loopback address), so that browsers sharing a server do not
    share a login limit.
    """

    server: Server
    jar: http.cookiejar.CookieJar = field(default_factory=http.cookiejar.CookieJar)
    address: str = field(default_factory=_some_address)

    def send(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        raw: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, bytes, str]:
        """The status, body and content type of a request (``raw`` is sent as it is)."""
        data = raw if raw is not None else None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.server.http + path,
            data=data,
            method=method,
            headers={
                "content-type": "application/json",
                "x-forwarded-for": self.address,
                **(headers or {}),
            },
        )
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        try:
            with opener.open(request, timeout=30) as answer:
                return answer.status, answer.read(), answer.headers.get("content-type", "")
        except urllib.error.HTTPError as error:
            return error.code, error.read(), error.headers.get("content-type", "")

    def call(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        """The status and JSON answer of a request."""
        status, data, _kind = self.send(method, path, body, headers=headers)
        return status, json.loads(data)

    def ok(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> Any:
        """The JSON answer of a request that must succeed."""
        status, answer = self.call(method, path, body, headers)
        assert status in {200, 201}, (status, answer)
        return answer

    def text(self, path: str, headers: dict[str, str] | None = None) -> str:
        """The text of a GET that must succeed."""
        status, data, _kind = self.send("GET", path, headers=headers)
        assert status == 200, (status, data[:300])
        return data.decode()


def one_line_error(status: int, answer: Any) -> str:
    """The detail of a refusal, checked to be one line of text and not a server fault."""
    assert 400 <= status < 500, (status, answer)
    detail = answer["detail"]
    assert isinstance(detail, str), answer
    assert detail, answer
    assert "\n" not in detail, detail
    return detail
