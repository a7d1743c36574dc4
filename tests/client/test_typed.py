"""The server's JSON views read back into the games' view dataclasses.

docs/tui.md, "A seat at a server's table": the same screens draw a remote view.
"""

from __future__ import annotations

import pytest

from cardtable.client import typed_choice, typed_event, typed_view
from cardtable.engine import cards_in, get_game, seeded_rng, view_to_data


@pytest.mark.parametrize("name", ["preferans", "piquet", "poker"])
def test_every_view_of_a_deal_read_back_from_its_json_is_the_view_itself(name: str) -> None:
    """docs/server.md, "What a seat is shown": a seat is sent ``view_to_data(view(seat))``.

    Read back, it must be equal to the view, cards, tuples and integer keys as they were.
    """
    game = get_game(name)
    match = game.new_match(game.rules(), [f"p{seat}" for seat in range(game.players[0])], None)
    rng = seeded_rng(5)
    checked = with_cards = 0
    deal = match.start_deal(rng)
    while not deal.is_over:
        seat = match.to_move
        assert seat is not None
        view = match.view(seat)
        assert typed_view(game, view_to_data(view)) == view
        with_cards += bool(cards_in(view))
        for choice in deal.choices():
            assert typed_choice(view_to_data(choice)) == choice
        match.apply(rng.choice(list(match.legal_actions())))
        checked += 1
    for event in deal.events:
        data = {**view_to_data(event), "cards": [card.text() for card in event.cards]}
        back = typed_event({key: data[key] for key in ("kind", "seat", "text", "cards")})
        assert (back.kind, back.seat, back.text, back.cards) == (
            event.kind,
            event.seat,
            event.text,
            event.cards,
        )
    assert checked
    assert with_cards, "views with cards were read back"
