"""The observation tensor holds every fact of a seat's view and nothing the view hides.

docs/rl.md, "Observations": as OpenSpiel's skat test does, the observation is rebuilt as text
from the tensor alone and compared with the text of the view itself.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from cardtable.cards import Card
from cardtable.engine.deal import DealSetup
from cardtable.rl.layouts import PICKED, markdown
from cardtable.rl.table import Table
from rl.cases import CASES, IDS, decisions


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_the_tensor_rebuilds_the_view_of_every_seat_at_every_decision(
    game: str, preset: str, players: int
) -> None:
    """docs/rl.md, "Observations": the text read from the tensor is the view's own text."""
    table = Table(game, preset, players, deals=2)
    checked = 0
    for state in decisions(table, seed=5):
        for seat in range(players):
            data = state.data(seat)
            rebuilt = state.layout.read(state.observe(seat))
            assert state.layout.text(rebuilt) == state.layout.text(state.layout.canonical(data))
            checked += 1
    assert checked > 0


@pytest.mark.parametrize("game", ["preferans", "piquet", "poker"])
def test_the_layout_names_every_field_of_the_view(game: str) -> None:
    """docs/rl.md, "Observations": no field of the view is left out of the tensor."""
    table = Table(game)
    table.reset(1)
    view = table.deal.view(0)
    names = [field.name for field in dataclasses.fields(view)]  # type: ignore[arg-type]
    assert [field.name for field in table.layout.fields] == [*names, PICKED]


def _swap_hidden(setup: DealSetup, mine: set[Card], theirs: set[Card]) -> DealSetup:
    """The deck with a card of seat 1 and a card nobody holds yet (or seat 2's) exchanged."""
    deck = list(setup.deck)
    first = next(n for n, card in enumerate(deck) if card in theirs - mine)
    second = next(n for n, card in enumerate(deck) if card not in mine | theirs)
    deck[first], deck[second] = deck[second], deck[first]
    return dataclasses.replace(setup, deck=tuple(deck))


@pytest.mark.parametrize(("game", "preset"), [("preferans", "sochi"), ("poker", "holdem")])
def test_the_tensor_does_not_change_with_cards_the_seat_was_not_shown(
    game: str, preset: str
) -> None:
    """docs/rl.md, "Observations": made from view(seat) alone, it cannot see hidden cards."""
    table = Table(game, preset)
    table.reset(3)
    setup = table.deal.setup
    mine, theirs = set(table.deal.cards_known_to(0)), set(table.deal.cards_known_to(1))
    other = Table(game, preset)
    other.reset(3)
    other.match = other._new_match()
    other.match.start_deal_from(_swap_hidden(setup, mine, theirs))
    assert other.deal.setup.deck != setup.deck
    assert np.array_equal(table.observe(0), other.observe(0))


@pytest.mark.parametrize(("game", "players"), [("preferans", 3), ("piquet", 2), ("poker", 2)])
def test_docs_rl_md_shows_each_layout_as_it_is(game: str, players: int) -> None:
    """docs/rl.md, "Observations": its tables are what python -m cardtable.rl.layouts prints."""
    text = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    assert markdown(game, players) in text
