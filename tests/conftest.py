"""Shared fixtures: the toy game is registered for every test."""

from __future__ import annotations

import pytest

from toygame.game import TOY, ToyGame


@pytest.fixture
def toy() -> ToyGame:
    """The registered toy trick-taking game."""
    assert isinstance(TOY, ToyGame)
    return TOY
