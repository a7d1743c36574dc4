"""The poker hint: equity against random hands consistent with the cards seen (poker.hints)."""

from __future__ import annotations

import random

import pytest

from cardtable.cards import Card, parse_cards
from cardtable.engine import DealSetup, SomeMatch, get_game, seeded_rng
from cardtable.engine.aids import HintUnavailable, hint
from cardtable.poker.deal import PokerDeal
from cardtable.poker.hints import equity_hint

GAME = get_game("poker")


def dealt(preset: str, deck: tuple[Card, ...], seats: int = 2) -> tuple[SomeMatch, PokerDeal]:
    """A deal of ``preset`` from the deck order ``deck``."""
    match = GAME.new_match(GAME.rules(preset), [f"p{n}" for n in range(seats)], None)
    deal = match.start_deal_from(DealSetup(match.next_dealer(), deck, 1))
    assert isinstance(deal, PokerDeal)
    return match, deal


def test_a_hint_uses_no_card_the_seat_has_not_seen() -> None:
    """The equity is the same when every card the seat has not seen lies otherwise (same seed).

    docs/tui.md, "Aids": the other hands are random hands consistent with the cards seen.
    """
    for preset, moves in (("holdem", 1), ("seven-card-stud", 2)):
        match, deal = dealt(
            preset,
            tuple(
                random.Random(5).sample(
                    GAME.new_match(GAME.rules(preset), ["a", "b", "c"], None).deck(), 52
                )
            ),
            seats=3,
        )
        texts = []
        for _ in range(moves):
            words = [GAME.action_text(action) for action in deal.legal_actions()]
            text = next(word for word in words if word in ("call", "check", "bring-in"))
            texts.append(text)
            match.apply(GAME.parse_action(text))
        seat = deal.to_move
        assert seat is not None
        seen = deal.cards_known_to(seat)
        hidden = [card for card in deal.setup.deck if card not in seen]
        moved = hidden[:]
        random.Random(8).shuffle(moved)
        swap = dict(zip(hidden, moved, strict=True))
        twin_match, twin = dealt(preset, tuple(swap.get(c, c) for c in deal.setup.deck), seats=3)
        for text in texts:
            twin_match.apply(GAME.parse_action(text))
        assert twin.view(seat) == deal.view(seat)
        others = [other for other in range(3) if other != seat]
        assert [twin.hands[o].down for o in others] != [deal.hands[o].down for o in others]
        first = equity_hint(deal, seat, seeded_rng(4), layouts=12, boards=10)
        second = equity_hint(twin, seat, seeded_rng(4), layouts=12, boards=10)
        assert first == second, preset


def test_a_pair_of_aces_takes_about_85_percent_against_one_random_hand() -> None:
    """Hold'em: two aces against any two cards win about 85 % of the pot (a known figure).

    002_053e85955f9a4108.txt, «Расклады одного достоинства» (the ranking of hands).
    """
    deck = list(GAME.new_match(GAME.rules("holdem"), ["a", "b"], None).deck())
    aces = parse_cards("A♠ A♥")
    for card in aces:
        deck.remove(card)
    deck[1:1] = aces  # the second and fourth cards go to seat 0, the first to act
    deck.insert(3, deck.pop(2))
    _, deal = dealt("holdem", tuple(deck))
    assert set(deal.hands[0].down) == set(aces)
    answer = equity_hint(deal, 0, seeded_rng(2), layouts=300, boards=20)
    assert 0.81 < answer.equity < 0.89
    assert answer.opponents == 1
    assert answer.samples == 300


def test_no_hint_for_a_seat_out_of_the_hand() -> None:
    """A seat that folded has no equity to ask about.

    002_053e85955f9a4108.txt, «Пас может означать либо» (leaving the game, cards thrown in).
    """
    match, deal = dealt(
        "holdem", tuple(GAME.new_match(GAME.rules("holdem"), ["a", "b", "c"], None).deck()), seats=3
    )
    folder = deal.to_move
    assert folder is not None
    match.apply(GAME.parse_action("fold"))
    with pytest.raises(HintUnavailable, match=f"seat {folder} is not in the hand"):
        hint("poker", deal, folder, seeded_rng(1))
    assert hint("poker", deal, deal.to_move or 0, seeded_rng(1), samples=5).kind == "equity"
