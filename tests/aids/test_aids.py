"""The one door to every game's aids (cardtable.engine.aids)."""

from __future__ import annotations

import pytest

from cardtable.engine import get_game, seeded_rng
from cardtable.engine.aids import HintUnavailable, hint, hint_games, judge_claim


def test_every_game_offers_its_hint_marked_as_help() -> None:
    """Each game's hint comes as sentences that say they are help (docs/tui.md, "Aids")."""
    kinds = {}
    for name, seats, preset in (("piquet", 2, None), ("poker", 3, "holdem")):
        game = get_game(name)
        match = game.new_match(game.rules(preset), [f"p{n}" for n in range(seats)], preset)
        deal = match.start_deal(seeded_rng(1))
        assert deal.to_move is not None
        answer = hint(name, deal, deal.to_move, seeded_rng(2), samples=8)
        assert answer.lines[0].startswith("Help:")
        assert answer.samples == 8
        kinds[name] = answer.kind
    assert kinds == {"piquet": "discard", "poker": "equity"}
    assert hint_games() == ("piquet", "poker", "preferans")


def test_a_game_without_claims_or_hints_says_so_in_one_line() -> None:
    """Poker has no claims of the rest; an unknown game no hints (docs/tui.md, "Aids")."""
    game = get_game("poker")
    match = game.new_match(game.rules("holdem"), ["a", "b"], "holdem")
    deal = match.start_deal(seeded_rng(1))
    with pytest.raises(HintUnavailable, match="poker has no claims of the remaining tricks"):
        judge_claim("poker", deal, 0)
    with pytest.raises(HintUnavailable, match="toy offers no hints"):
        hint("toy", deal, 0, seeded_rng(1))
    with pytest.raises(HintUnavailable, match="not a preferans deal"):
        hint("preferans", deal, 0, seeded_rng(1))
