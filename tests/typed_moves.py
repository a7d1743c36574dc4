"""What every game's move reader owes a person who typed something it cannot read."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardtable.errors import ActionParseError


def unreadable_by(parse: Callable[[str], object], text: str) -> str:
    """The one-line message with which ``parse`` refuses ``text``, checked for its form."""
    with pytest.raises(ActionParseError) as caught:
        parse(text)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"cannot read {text!r}: ")
    return message
