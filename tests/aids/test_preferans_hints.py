"""The preferans hint and the judgement of claims (cardtable.preferans.hints)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cardtable.bots.preferans import PreferansBot
from cardtable.cards import Card
from cardtable.engine import get_game, seeded_rng
from cardtable.engine.aids import HintUnavailable, hint, judge_claim
from cardtable.preferans.actions import Play, action_text, parse_action
from cardtable.preferans.deal import PreferansDeal, deal_cards
from cardtable.preferans.game import PreferansMatch
from cardtable.preferans.hints import SeatKnowledge, card_hint
from cardtable.preferans.solver import Position, analyse, position_of_deal

GAME = get_game("preferans")


def to_the_play(seed: int) -> tuple[PreferansMatch, PreferansDeal, list[str]]:
    """A three-player deal played to its first card; the first whister whists, the other passes.

    A lone whister plays open, so that the declarer sees both defenders' hands once the hands
    open; the moves made are returned as texts.
    """
    match = GAME.new_match(GAME.rules(), ["a", "b", "c"], None)
    assert isinstance(match, PreferansMatch)
    rng = seeded_rng(seed)
    deal = match.start_deal(rng)
    assert isinstance(deal, PreferansDeal)
    texts: list[str] = []
    whisted = False
    while deal.to_move is not None and deal.phase != "play":
        seat = deal.to_move
        legal = deal.legal_actions()
        words = [action_text(action) for action in legal]
        if "whist" in words:
            action = parse_action("pass" if whisted else "whist")
            whisted = True
        elif "open" in words:
            action = parse_action("open")
        else:
            action = PreferansBot().choose(deal.view(seat), legal, rng)
        texts.append(action_text(action))
        match.apply(action)
    return match, deal, texts


def a_game(seeds: range) -> tuple[PreferansMatch, PreferansDeal, list[str]]:
    """The first of ``seeds`` whose deal is a game played with one whister, at its first card."""
    for seed in seeds:
        match, deal, texts = to_the_play(seed)
        if deal.phase == "play" and deal.contract is not None and not deal.contract.is_misere:
            return match, deal, texts
    raise AssertionError("no game among the seeds")


def play_first(match: PreferansMatch, deal: PreferansDeal, texts: list[str]) -> None:
    """Play the lowest legal card until the declarer is to play."""
    while deal.to_move != deal.declarer:
        action = deal.legal_actions()[0]
        texts.append(action_text(action))
        match.apply(action)


def test_a_hint_uses_no_card_the_seat_has_not_seen() -> None:
    """The hint is the same when the cards the seat cannot see lie otherwise (same seed).

    docs/solver.md, "The hint": layouts are drawn from what the seat knows, never from the deal.
    """
    match, deal, texts = a_game(range(4, 40))
    play_first(match, deal, texts)
    seat = deal.declarer
    assert seat is not None
    assert deal.view(seat).open_hands == (), "the defenders' hands are still closed"
    others = [other for other in deal.active if other != seat]
    dealt, _ = deal_cards(deal.setup.deck, deal.active, deal.rules.talon_after_round)
    played = {card for other in others for card in dealt[other] if card not in deal.hands[other]}
    hidden = [card for other in others for card in dealt[other] if card not in played]
    moved = hidden[:]
    random.Random(3).shuffle(moved)
    swap: dict[Card, Card] = dict(zip(hidden, moved, strict=True))
    deck = tuple(swap.get(card, card) for card in deal.setup.deck)
    twin_match = GAME.new_match(GAME.rules(), ["a", "b", "c"], None)
    twin = twin_match.start_deal_from(replace(deal.setup, deck=deck))
    assert isinstance(twin, PreferansDeal)
    for text in texts:
        twin_match.apply(parse_action(text))
    assert twin.view(seat) == deal.view(seat)
    assert {other: set(twin.hands[other]) for other in others} != {
        other: set(deal.hands[other]) for other in others
    }
    first = card_hint(deal, seat, seeded_rng(9), samples=6)
    second = card_hint(twin, seat, seeded_rng(9), samples=6)
    assert first == second
    assert not first.exact
    assert first.samples == 6


def test_with_every_hand_open_the_hint_is_the_exact_double_dummy_value() -> None:
    """An open whist shows the declarer every hand: one layout, the solver's own values.

    001_776ed664a35a376f.txt, preferans rule 27 (the lone whister plays open); docs/solver.md.
    """
    match, deal, _ = a_game(range(4, 40))
    seat = deal.declarer
    assert seat is not None
    while not (deal.to_move == seat and len(deal.view(seat).open_hands) == 2):
        match.apply(deal.legal_actions()[0])
    answer = card_hint(deal, seat, seeded_rng(1))
    assert answer.exact
    assert answer.samples == 1
    position, _ = position_of_deal(deal)
    assert dict(answer.values) == {card: float(v) for card, v in analyse(position).cards.items()}
    best = max(answer.values.values())
    assert answer.best == tuple(card for card, v in answer.values.items() if v == best)


def test_the_hint_is_for_the_seat_to_play_in_the_play() -> None:
    """No hint in the auction, nor for a seat whose card is not due (docs/tui.md, "Aids")."""
    match = GAME.new_match(GAME.rules(), ["a", "b", "c"], None)
    dealt = match.start_deal(seeded_rng(1))
    with pytest.raises(HintUnavailable, match="this is the auction"):
        hint("preferans", dealt, 0, seeded_rng(1))
    _, deal, _ = a_game(range(4, 40))
    idle = next(seat for seat in deal.active if seat != deal.to_move)
    with pytest.raises(HintUnavailable, match=f"seat {idle} is not to play"):
        hint("preferans", deal, idle, seeded_rng(1))


def takes_all(position: Position, claimer: int) -> bool:
    """Exhaustively: whether solver seat ``claimer`` takes every trick left, whatever others do."""
    if not position.tricks_left:
        return True
    before = position.taken[claimer]
    outcomes = []
    for card in position.legal():
        after = position.play(card)
        lost = not after.trick and after.taken[claimer] == before
        outcomes.append(not lost and takes_all(after, claimer))
    return any(outcomes) if position.to_move == claimer else all(outcomes)


def test_a_claim_is_proved_when_the_claimer_takes_every_trick_whatever_the_others_play() -> None:
    """The claimer's partner plays against him too: the claim is his alone.

    docs/rules/preferans.md, "Claims of the remaining tricks" (he takes every trick not yet
    taken); checked against an exhaustive search of the last three tricks.
    """
    verdicts = []
    for seed in range(4, 30):
        match, deal, _ = to_the_play(seed)
        if deal.phase != "play" or deal.contract is None or deal.contract.is_misere:
            continue
        while deal.phase == "play" and 10 - sum(deal.tricks) > 3:
            match.apply(deal.legal_actions()[0])
        if deal.phase != "play":
            continue
        position, seats = position_of_deal(deal)
        for place, seat in enumerate(seats):
            verdict = judge_claim("preferans", deal, seat)
            assert verdict.tricks == position.tricks_left
            assert verdict.proved == takes_all(position, place)
            verdicts.append(verdict.proved)
    assert True in verdicts
    assert False in verdicts


def test_a_hand_that_did_not_follow_holds_that_suit_in_no_layout() -> None:
    """Not following shows a void, and not trumping shows no trumps (rules 31–32).

    001_776ed664a35a376f.txt, preferans rules 31–32; docs/solver.md, "The hint".
    """
    checked = 0
    for seed in range(4, 40):
        match, deal, _ = to_the_play(seed)
        if deal.contract is None:
            continue
        trump = deal.contract.trump
        while deal.phase == "play" and deal.to_move is not None:
            view = deal.view(deal.to_move)
            player = deal.to_move if view.playing_for is None else view.playing_for
            action = deal.legal_actions()[-1]
            match.apply(action)
            assert isinstance(action, Play)
            asker = deal.to_move
            if not view.trick or action.card.suit == view.trick[0][1].suit or asker is None:
                continue
            known = SeatKnowledge(deal, asker, deal.view(asker))
            if player not in known.hidden:
                continue
            void = {view.trick[0][1].suit}
            if trump is not None and action.card.suit != trump:
                void.add(trump)
            assert known.voids[player] >= void
            rng = seeded_rng(seed)
            for _ in range(20):
                assert not {card.suit for card in known.layout(rng)[player]} & void
            checked += 1
    assert checked
