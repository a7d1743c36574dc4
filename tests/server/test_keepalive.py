"""The server's keepalive pings: ``cardtable serve --ping-interval`` and ``--ping-timeout``.

A client that never answers the server's pings is closed with 1011 once the timeout passes;
the options set how soon (docs/server.md, "Running it").
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from server.harness import FRAME_SECONDS, Server

pytestmark = pytest.mark.timeout(120)

PING, CLOSE, TEXT = 0x9, 0x8, 0x1


def _silent_client(server: Server, table: str) -> socket.socket:
    """A raw WebSocket that says hello as a spectator, then never answers a ping."""
    raw = socket.create_connection(("127.0.0.1", server.port), timeout=FRAME_SECONDS)
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /ws/tables/{table} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    raw.sendall(_masked_text(json.dumps({"type": "hello", "token": None}).encode()))
    return raw


def _masked_text(payload: bytes) -> bytes:
    """A client's text frame (clients mask what they send: RFC 6455, section 5.3)."""
    mask = os.urandom(4)
    assert len(payload) < 126
    body = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return bytes([0x80 | TEXT, 0x80 | len(payload)]) + mask + body


def _read_exactly(raw: socket.socket, count: int) -> bytes:
    data = b""
    while len(data) < count:
        chunk = raw.recv(count - len(data))
        if not chunk:
            raise ConnectionError("the server hung up without a close frame")
        data += chunk
    return data


def _frames(raw: socket.socket) -> list[tuple[int, bytes]]:
    """The server's frames (opcode, payload) up to and including its close frame."""
    frames: list[tuple[int, bytes]] = []
    while not frames or frames[-1][0] != CLOSE:
        first, second = _read_exactly(raw, 2)
        length = second & 0x7F
        if length == 126:
            (length,) = struct.unpack("!H", _read_exactly(raw, 2))
        elif length == 127:
            (length,) = struct.unpack("!Q", _read_exactly(raw, 8))
        frames.append((first & 0x0F, _read_exactly(raw, length)))
    return frames


def test_a_client_that_never_answers_the_keepalive_ping_is_closed_after_the_timeout_set(
    tmp_path: Path,
) -> None:
    """``--ping-interval 0.5 --ping-timeout 0.5``: a ping comes, then a 1011 close.

    docs/server.md, "Running it": the keepalive options. The default pings every 20 s and
    waits 20 s more, so the socket below, read for less than that, would see neither.
    """
    options = ("--grace", "3600", "--ping-interval", "0.5", "--ping-timeout", "0.5")
    with Server(f"sqlite:///{tmp_path / 'db'}", tmp_path / "log", options=options).running() as up:
        table = up.new_table("piquet", ["open", "open"], deals=1)
        raw = _silent_client(up, table["id"])
        raw.settimeout(15)  # under the default interval: a ping must come sooner
        with raw:
            frames = _frames(raw)
    kinds = [kind for kind, _payload in frames]
    assert PING in kinds
    code = struct.unpack("!H", frames[-1][1][:2])[0]
    assert code == 1011, frames[-1]


def test_a_keepalive_timeout_of_nothing_is_refused_in_one_line(tmp_path: Path) -> None:
    """``--ping-timeout 0`` is refused with one line naming the option, and nothing starts.

    docs/server.md, "Running it".
    """
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "serve", "--ping-timeout", "0"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
        check=False,
    )
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Invalid value for '--ping-timeout'" in lines[0], lines
