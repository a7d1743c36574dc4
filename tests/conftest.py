"""Shared fixtures: the toy game is registered for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from toygame.game import TOY, ToyGame


@pytest.fixture
def toy() -> ToyGame:
    """The registered toy trick-taking game."""
    assert isinstance(TOY, ToyGame)
    return TOY


@pytest.fixture(autouse=True, scope="session")
def _keys_in_a_test_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Keys a test makes (docs/records.md) go to a folder of the test run, not the user's."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("CARDTABLE_HOME", str(tmp_path_factory.mktemp("cardtable-home")))
        yield
