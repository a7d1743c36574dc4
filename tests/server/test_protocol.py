"""The protocol's JSON Schema is generated from its pydantic models and checked in current."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.server.protocol import CLIENT_FRAME, Act, schema_text

SCHEMA_FILE = Path(__file__).parents[2] / "docs" / "protocol.schema.json"


def test_the_checked_in_schema_is_the_models_schema() -> None:
    """docs/protocol.schema.json is what ``cardtable serve --schema`` prints today.

    docs/server.md, "The protocol".
    """
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text()


def test_the_schema_names_every_frame_type() -> None:
    """Both directions' frame types are in the schema, each by its ``type`` constant.

    docs/server.md, "The protocol".
    """
    schema = json.loads(schema_text())
    client = set(schema["client"]["discriminator"]["mapping"])
    server = set(schema["server"]["discriminator"]["mapping"])
    assert client == {"hello", "act", "ping", "chat", "offer", "reply"}
    assert server == {
        *("welcome", "snapshot", "ev", "ack", "end", "pong", "chat", "error"),
        *("clock", "presence", "offer"),
    }


def test_an_act_with_a_field_too_many_is_not_read() -> None:
    """A frame with a field the protocol does not know is refused, never ignored.

    docs/server.md, "Errors and close codes".
    """
    frame = CLIENT_FRAME.validate_json('{"type": "act", "id": "1", "seq": 0, "a": "pass"}')
    assert isinstance(frame, Act)
    with pytest.raises(ValueError, match="extra"):
        CLIENT_FRAME.validate_json('{"type": "act", "id": "1", "seq": 0, "a": "pass", "b": 1}')
