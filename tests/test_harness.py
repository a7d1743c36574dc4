"""The generic harness proven on the toy game, and shown to catch broken games.

See docs/architecture.md, harness.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any

import pytest

from cardtable.bots import RandomBot
from cardtable.cards import Card
from cardtable.engine import CardChoice, DealSetup, Event, public_event, seeded_rng
from cardtable.harness import CHECKS, sampled_deals, simulate
from toygame.game import Move, Play, ToyDeal, ToyGame, ToyMatch, ToyRules, ToyView


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("preset", ["standard", "marathon", "pairs"])
def test_every_check_holds_for_random_playouts_of_a_sound_game(
    toy: ToyGame, players: int, preset: str
) -> None:
    """Legal moves until the end, refusals, replays, seeds, hidden cards, zero-sum ledger."""
    report = simulate(toy, toy.rules(preset), players=players, deals=60, seed=3, preset=preset)
    assert report.failures == {name: [] for name in CHECKS}
    assert report.ok
    assert report.deals == 60
    assert report.matches == 60 // toy.rules(preset).deals


def test_the_tally_counts_the_games_deal_tags(toy: ToyGame) -> None:
    """A simulation reports how many deals bore each tag the game gives.

    See docs/architecture.md, harness.
    """
    report = simulate(toy, toy.rules(), players=2, deals=20, seed=1)
    assert sum(report.tally.values()) == 20
    assert set(report.tally) <= {"top 2", "top 3"}


class _Watching(RandomBot):
    """The random bot, keeping each view it is handed; ``reads`` says whether it asks for them."""

    def __init__(self, reads: bool) -> None:
        self.reads_view = reads
        self.views: list[object] = []

    def choose(self, view: object, legal: Any, rng: random.Random) -> Any:
        self.views.append(view)
        return super().choose(view, legal, rng)


def test_a_bot_that_reads_no_view_is_handed_none_and_the_deals_come_out_the_same(
    toy: ToyGame,
) -> None:
    """docs/architecture.md, harness: the view is made only for a bot that reads it.

    The random bot chooses from the legal actions alone; sparing its views changes no deal.
    """
    reports = {}
    for reads in (False, True):
        bots = [_Watching(reads), _Watching(reads)]
        report = simulate(toy, toy.rules(), players=2, deals=20, seed=5, bots=bots, checks=False)
        reports[reads] = report.tally
        seen = [view for bot in bots for view in bot.views]
        assert seen
        assert all((view is None) is not reads for view in seen)
    assert reports[False] == reports[True]


class LeakyDeal(ToyDeal):
    """A broken deal whose view shows every hand."""

    def view(self, seat: int) -> ToyView:
        everything = tuple(card for hand in self.hands for card in hand)
        return ToyView(seat, everything, None, (), tuple(self.tricks), self.turn)


class CarelessDeal(ToyDeal):
    """A broken deal that moves the turn before it refuses an illegal card."""

    def why_illegal(self, action: Move) -> str | None:
        reason = super().why_illegal(action)
        if reason is not None and self.turn is not None:
            self.turn = (self.turn + 1) % self.seats
        return reason


class UnbalancedMatch(ToyMatch):
    """A broken match whose ledger pays the winner from nobody."""

    def _book(self, deal: Any) -> list[Event]:
        events = super()._book(deal)
        self.balance[0] += 1
        return events


class OverpromisingDeal(ToyDeal):
    """A broken deal that lists, among its legal moves, a card of another seat's hand."""

    def legal_actions(self) -> list[Move]:
        legal = super().legal_actions()
        if self.turn is None:
            return legal
        other = self.hands[(self.turn + 1) % self.seats]
        return legal + [Play(card) for card in other[:1]]


class UnserializableDeal(ToyDeal):
    """A broken deal whose view holds an object that is not plain data."""

    def view(self, seat: int) -> ToyView:
        view = super().view(seat)
        return ToyView(view.seat, view.hand, view.discarded, view.trick, view.tricks, object())  # type: ignore[arg-type]


_RUMOURS = itertools.count()
"""A counter outside every deal: what a deal reads from it no record can hold."""


class ForgetfulDeal(ToyDeal):
    """A broken deal whose events depend on something the record does not keep."""

    def _do(self, action: Move) -> list[Event]:
        events = super()._do(action)
        return [*events, public_event("rumour", None, f"rumour {next(_RUMOURS)}")]


class GlobalRandomMatch(ToyMatch):
    """A broken match that shuffles with the global random state, not the injected RNG."""

    def start_deal(self, rng: random.Random, salt: bytes = b"") -> Any:
        deck = list(self.deck())
        random.shuffle(deck)  # the bug: not the injected rng
        setup = DealSetup(self.next_dealer(), tuple(deck), rng.getrandbits(32), salt)
        return self.start_deal_from(setup)


def _broken(
    deal_type: type[ToyDeal] | None = None,
    match_type: type[ToyMatch] = ToyMatch,
    game_type: type[ToyGame] = ToyGame,
) -> ToyGame:
    class BrokenMatch(match_type):  # type: ignore[valid-type, misc]
        def _new_deal(self, setup: Any) -> ToyDeal:
            return (deal_type or ToyDeal)(len(self.seats), setup, self.rules)

    class BrokenGame(game_type):  # type: ignore[valid-type, misc]
        def new_match(self, rules: ToyRules, seats: Any, preset: str | None = None) -> ToyMatch:
            return BrokenMatch(self, rules, seats, preset)

    return BrokenGame()


class MisspeakingGame(ToyGame):
    """A broken game whose canonical text of a move reads back as another move."""

    def action_text(self, action: Any) -> str:
        return "play A♠" if action.card.text() != "A♠" else "play K♠"


def _failing(game: ToyGame, players: int = 3, deals: int = 4) -> set[str]:
    report = simulate(game, game.rules(), players=players, deals=deals, seed=1)
    return {name for name, held in report.checks.items() if not held}


def test_a_view_that_shows_another_seats_hand_is_caught() -> None:
    """No view may name a card its seat was not shown (docs/architecture.md, hiding)."""
    game = _broken(LeakyDeal)
    report = simulate(game, game.rules(), players=3, deals=3, seed=1)
    assert not report.checks["views_hide_unseen_cards"]


def test_a_refusal_that_changes_the_state_is_caught() -> None:
    """An illegal action is refused and changes nothing (docs/architecture.md, protocol)."""
    game = _broken(CarelessDeal)
    report = simulate(game, game.rules(), players=3, deals=5, seed=1)
    assert not report.checks["illegal_actions_refused"]


def test_a_ledger_that_does_not_sum_to_zero_is_caught() -> None:
    """Scores sum to zero as the game demands (docs/architecture.md, harness)."""
    game = _broken(match_type=UnbalancedMatch)
    report = simulate(game, game.rules(), players=2, deals=2, seed=1)
    assert not report.checks["ledger_sums_to_zero"]


def test_a_listed_move_that_the_deal_refuses_is_caught() -> None:
    """Every listed legal action applies (docs/architecture.md, protocol)."""
    assert "legal_actions_until_over" in _failing(_broken(OverpromisingDeal))


def test_a_view_that_is_not_plain_data_is_caught() -> None:
    """Views serialize, so any interface can send them (docs/architecture.md, protocol)."""
    assert _failing(_broken(UnserializableDeal)) == {"views_serialize"}


def test_a_move_whose_text_reads_back_as_another_is_caught() -> None:
    """Each action has one canonical text that reads back (docs/architecture.md, protocol)."""
    assert "action_text_round_trips" in _failing(_broken(game_type=MisspeakingGame))


def test_a_deal_that_depends_on_what_no_record_keeps_is_caught() -> None:
    """A record replays to the same events (docs/architecture.md, Record)."""
    assert "records_replay" in _failing(_broken(ForgetfulDeal))


def test_a_match_that_ignores_the_injected_rng_is_caught() -> None:
    """The RNG is injected: the same seed gives the same match (docs/architecture.md, layers)."""
    assert _failing(_broken(match_type=GlobalRandomMatch)) == {"same_seed_same_match"}


def test_the_discard_is_shown_to_its_owner_only(toy: ToyGame) -> None:
    """A face-down discard is an event whose cards only the discarder sees.

    See docs/architecture.md, hiding.
    """
    match = toy.new_match(toy.rules(), ["A", "B"])
    deal = match.start_deal(seeded_rng(5))
    first = deal.to_move
    assert first is not None
    move = deal.legal_actions()[0]
    assert isinstance(move, Play)
    card: Card = move.card
    match.apply(Play(card))
    assert card in deal.cards_known_to(first)
    assert card not in deal.cards_known_to(1 - first)
    assert deal.events_seen_by(1 - first)[-1].cards == ()


class OvercountingDeal(ToyDeal):
    """A broken deal whose discard choice allows one card or two where the rules ask two."""

    def choices(self) -> list[CardChoice]:
        return [replace(choice, counts=(1, 2)) for choice in super().choices()]


class ChoicelessDeal(ToyDeal):
    """A broken deal that lists its pair discards but offers no choice to build them."""

    def choices(self) -> list[CardChoice]:
        return []


class OpenTableDeal(ToyDeal):
    """A broken deal whose spectator sees the hand of the seat to move."""

    def public_view(self) -> ToyView:  # type: ignore[override]
        return self.view(self.turn or 0)


def _pairs(deal_type: type[ToyDeal]) -> set[str]:
    game = _broken(deal_type)
    report = simulate(game, game.rules("pairs"), players=3, deals=4, seed=1, preset="pairs")
    return {name for name, held in report.checks.items() if not held}


def test_a_choice_that_builds_an_illegal_move_is_caught() -> None:
    """Every move built card by card from a choice is legal (docs/architecture.md, choices)."""
    assert _pairs(OvercountingDeal) == {"choices_agree_with_legal"}


def test_a_legal_set_of_cards_that_no_choice_builds_is_caught() -> None:
    """Every legal move that is a set of cards comes from a choice (docs/architecture.md)."""
    assert _pairs(ChoicelessDeal) == {"choices_agree_with_legal"}


def test_a_public_view_that_shows_a_hand_is_caught() -> None:
    """A spectator sees only the cards shown to everyone (docs/architecture.md, hiding)."""
    assert _failing(_broken(OpenTableDeal)) == {"public_view_hides_private_cards"}


SAMPLED_DEALS = 60
"""Deals of the sampled runs below, all in one toy match."""


def _leaking_at(number: int) -> tuple[ToyGame, ToyRules]:
    """The toy game whose deal ``number`` (from 0) shows every hand, and one match's rules."""

    class OneLeakMatch(ToyMatch):
        def _new_deal(self, setup: Any) -> ToyDeal:
            kind = LeakyDeal if len(self.deals) == number else ToyDeal
            return kind(len(self.seats), setup, self.rules)

    class OneLeakGame(ToyGame):
        def new_match(self, rules: ToyRules, seats: Any, preset: str | None = None) -> ToyMatch:
            return OneLeakMatch(self, rules, seats, preset)

    game = OneLeakGame()
    return game, replace(game.rules(), deals=SAMPLED_DEALS)


def _sampled(game: ToyGame, rules: ToyRules, checks: Any, seed: int = 4) -> Any:
    return simulate(
        game, rules, players=3, deals=SAMPLED_DEALS, seed=seed, checks=checks, sample_every=10
    )


def test_a_sampled_run_checks_fully_the_deals_its_seed_draws_and_says_how_many(
    toy: ToyGame,
) -> None:
    """``--checks sample`` checks a seeded sample of the deals and reports it.

    See docs/architecture.md, harness.
    """
    rules = replace(toy.rules(), deals=SAMPLED_DEALS)
    report = _sampled(toy, rules, "sample")
    drawn = sampled_deals(4, SAMPLED_DEALS, 10)
    assert 0 < len(drawn) < SAMPLED_DEALS
    assert report.ok
    assert report.checked == len(drawn)
    assert report.to_data()["check_mode"] == "sample"
    assert report.to_data()["sample_every"] == 10
    assert sampled_deals(5, SAMPLED_DEALS, 10) != drawn


def test_a_sampled_check_run_catches_a_broken_deal_in_its_sample() -> None:
    """A deal the sample draws gets every check (docs/architecture.md, harness)."""
    game, rules = _leaking_at(sampled_deals(4, SAMPLED_DEALS, 10)[-1])
    report = _sampled(game, rules, "sample")
    assert {name for name, held in report.checks.items() if not held} == {"views_hide_unseen_cards"}


def test_checks_all_checks_every_deal_and_catches_one_the_sample_passes_over() -> None:
    """``--checks all`` checks every deal, the ones no sample drew too.

    See docs/architecture.md, harness.
    """
    drawn = set(sampled_deals(4, SAMPLED_DEALS, 10))
    outside = min(set(range(SAMPLED_DEALS)) - drawn)
    game, rules = _leaking_at(outside)
    assert _sampled(game, rules, "sample").ok
    report = _sampled(game, rules, "all")
    assert report.checked == SAMPLED_DEALS
    assert not report.checks["views_hide_unseen_cards"]
