"""The engine protocol: deals, matches, records and replay (docs/architecture.md, protocol)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from cardtable.engine import DealSetup, get_game, parse_record, record_text, seeded_rng
from cardtable.engine.record import record_from_data
from cardtable.engine.replay import replay
from cardtable.engine.rng import shuffle
from cardtable.errors import IllegalAction, RecordError, UnknownGame
from cardtable.preferans.actions import Play
from cardtable.preferans.deal import PreferansDeal
from cardtable.preferans.game import PREFERANS, PreferansMatch
from toygame.game import ToyGame, ToyMatch


def _played(toy: ToyGame, seed: int = 7, deals: int = 2) -> ToyMatch:
    match = toy.new_match(toy.rules(), ["Anna", "Boris", "Vera"])
    rng = seeded_rng(seed)
    for _ in range(deals):
        deal = match.start_deal(rng)
        while not deal.is_over:
            match.apply(rng.choice(deal.legal_actions()))
    return match


def test_an_illegal_action_is_refused_with_its_reason_and_changes_nothing(toy: ToyGame) -> None:
    """``apply`` raises ``IllegalAction`` saying why; the state is unchanged.

    See docs/architecture.md, protocol.
    """
    match = toy.new_match(toy.rules(), ["A", "B"])
    deal = match.start_deal(seeded_rng(1))
    seat = deal.to_move
    assert seat is not None
    foreign = deal.view(1 - seat).hand[0]
    history, events = list(deal.history), list(deal.events)
    with pytest.raises(IllegalAction, match=f"does not hold {foreign}"):
        match.apply(toy.parse_action(f"play {foreign}"))
    assert isinstance(IllegalAction("x"), ValueError)
    assert (deal.history, deal.events, deal.to_move) == (history, events, seat)


def test_a_record_replays_to_the_same_events_and_ledger(toy: ToyGame) -> None:
    """``replay(record)`` rebuilds every state exactly (docs/architecture.md, Record)."""
    match = _played(toy)
    again = replay(parse_record(record_text(match.record())))
    assert [d.events for d in again.deals] == [d.events for d in match.deals]
    assert again.ledger() == match.ledger()
    assert again.is_over


def test_moves_between_deals_are_recorded_and_replayed(toy: ToyGame) -> None:
    """Moves between deals (a stake doubled) travel in the record (docs/architecture.md, Match)."""
    match = toy.new_match(toy.rules(), ["A", "B"])
    rng = seeded_rng(2)
    match.apply_between("double")
    deal = match.start_deal(rng)
    while not deal.is_over:
        match.apply(rng.choice(deal.legal_actions()))
    record = match.record()
    assert record.deals[0].before == ("double",)
    assert replay(record).ledger() == match.ledger()
    assert max(abs(v) for v in match.ledger().values()) in (2, 6)


def test_a_match_in_the_middle_of_a_deal_resumes_from_its_record(toy: ToyGame) -> None:
    """A record of an unfinished deal replays to the same position.

    See docs/architecture.md, protocol.
    """
    match = toy.new_match(toy.rules(), ["A", "B", "C"])
    rng = seeded_rng(4)
    deal = match.start_deal(rng)
    for _ in range(4):
        match.apply(rng.choice(deal.legal_actions()))
    again = replay(match.record())
    assert again.current is not None
    assert again.current.view(0) == deal.view(0)
    assert again.to_move == match.to_move


def test_a_record_with_an_illegal_action_names_the_deal_and_action_number(toy: ToyGame) -> None:
    """A record that does not replay is rejected with the action number and reason."""
    data = _played(toy).record().to_data()
    actions = data["deals"][1]["actions"]
    actions[2] = actions[0]
    with pytest.raises(RecordError, match=r"^deal 2, action 3 \('play .*'\): "):
        replay(record_from_data(data))


def test_a_record_whose_deck_is_not_the_games_deck_is_rejected(toy: ToyGame) -> None:
    """A tampered deck order cannot start a deal (docs/architecture.md, Record)."""
    data = _played(toy).record().to_data()
    data["deals"][0]["deck"] = data["deals"][0]["deck"].replace("A♠", "2♠")
    with pytest.raises(RecordError, match="deal 1: cannot deal: the deck is not this game's deck"):
        replay(record_from_data(data))


def test_a_record_dealt_by_the_wrong_seat_is_rejected(toy: ToyGame) -> None:
    """The dealer passes in the game's order; a record cannot change it."""
    data = _played(toy).record().to_data()
    data["deals"][1]["dealer"] = 0
    with pytest.raises(RecordError, match="deal 2: cannot deal: seat 1 deals next, not seat 0"):
        replay(record_from_data(data))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="other"), "'format' must be 'cardtable-record'"),
        (lambda d: d.update(version=99), "version 99 is not 1"),
        (lambda d: d.update(game="bridge"), "unknown game 'bridge'"),
        (lambda d: d["deals"][0].update(seed="x"), "deal 1: 'seed' must be a whole number"),
        (lambda d: d["deals"][0].update(deck="A♠ Z♠"), "deal 1: 'deck': not a card: 'Z♠'"),
        (lambda d: d.update(seats="AB"), "'seats' must be a list"),
        (lambda d: d["rules"].update(deals="two"), "option 'deals'"),
    ],
)
def test_a_malformed_record_gets_a_one_line_error_naming_the_field(
    toy: ToyGame, change: object, message: str
) -> None:
    """Bad records give one-line errors (the foundation issue, done means)."""
    data = json.loads(record_text(_played(toy).record()))
    change(data)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message) as caught:
        replay(record_from_data(data))
    assert "\n" not in str(caught.value)


def test_the_same_seed_deals_the_same_cards(toy: ToyGame) -> None:
    """The RNG is injected: equal seeds give equal matches (docs/architecture.md, layers)."""
    assert record_text(_played(toy, seed=9).record()) == record_text(_played(toy, seed=9).record())
    assert record_text(_played(toy, seed=9).record()) != record_text(_played(toy, seed=10).record())


def test_a_deck_is_shuffled_into_the_order_the_generators_own_shuffle_gives() -> None:
    """A seed deals the cards it always dealt: ``shuffle`` is ``rng.shuffle``, sooner.

    docs/architecture.md, the ``rng`` row of the engine's parts; docs/records.md (a record
    replays a deal from its seed).
    """
    for seed in range(100):
        for length in (0, 1, 2, 3, 32, 36, 52, 54, 65):
            mine, its = list(range(length)), list(range(length))
            ours, theirs = seeded_rng(seed), seeded_rng(seed)
            shuffle(mine, ours)
            theirs.shuffle(its)
            assert mine == its
            assert ours.random() == theirs.random()  # and drew as many bits


def test_a_deal_cannot_start_while_another_is_in_progress(toy: ToyGame) -> None:
    """Deals follow one another (docs/architecture.md, Match)."""
    match = toy.new_match(toy.rules(), ["A", "B"])
    match.start_deal(seeded_rng(1))
    with pytest.raises(IllegalAction, match="the current deal is not finished"):
        match.start_deal(seeded_rng(2))
    with pytest.raises(IllegalAction, match="a deal is in progress"):
        match.apply_between("double")


def test_a_finished_match_deals_no_more(toy: ToyGame) -> None:
    """A match knows when it is over (docs/architecture.md, Match)."""
    match = _played(toy)
    assert match.is_over
    with pytest.raises(IllegalAction, match="the match is over"):
        match.start_deal_from(DealSetup(0, match.deck(), 0))


def test_games_are_found_by_name_or_alias_in_any_case(toy: ToyGame) -> None:
    """The registry answers to aliases, Russian ones included (the foundation issue, item 4)."""
    assert get_game("TOY") is toy
    assert get_game("игрушка") is toy
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        get_game("chess")


def test_a_copy_of_a_deal_moves_independently(toy: ToyGame) -> None:
    """``copy()`` gives a deal for search that does not touch the original.

    See docs/architecture.md, protocol.
    """
    match = toy.new_match(toy.rules(), ["A", "B"])
    deal = match.start_deal(seeded_rng(3))
    clone = deal.copy()
    clone.apply(clone.legal_actions()[0])
    assert len(deal.history) == 0
    assert len(clone.history) == 1


def test_the_wrong_number_of_players_is_refused(toy: ToyGame) -> None:
    """A game seats only the numbers it is played by."""
    with pytest.raises(IllegalAction, match="played by 2, 3, 4 players, not 5"):
        toy.new_match(toy.rules(), list("ABCDE"))


def test_the_engine_gives_the_replay_function_after_its_module_was_imported() -> None:
    """docs/architecture.md, `Record`: "``replay(record)`` rebuilds every state".

    Whichever was imported first (the module ``cardtable.engine.replay`` or the name), the
    package's ``replay`` is the function; the suite run in part hit the module instead.
    """
    code = (
        "import cardtable.engine.replay\n"
        "from cardtable.engine import replay\n"
        "print(callable(replay))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], check=True, capture_output=True, text=True
    )
    assert result.stdout.strip() == "True", result.stderr


def test_the_replay_function_is_what_its_callers_hold_whatever_was_imported_first() -> None:
    """docs/architecture.md, "The engine protocol": ``replay(record)`` rebuilds every state.

    Once the module ``cardtable.engine.replay`` is imported, the package's attribute of that
    name is the module, not the function; the callers import the function from its module, so
    the import order of a process cannot hand them the module.
    """
    code = (
        "import cardtable.engine.replay\n"
        "import cardtable.cli.play, cardtable.tui.replay, cardtable.store.records\n"
        "for module in (cardtable.cli.play, cardtable.tui.replay, cardtable.store.records):\n"
        "    print(module.__name__, callable(module.replay))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == [
        "cardtable.cli.play",
        "True",
        "cardtable.tui.replay",
        "True",
        "cardtable.store.records",
        "True",
    ]


def _preferans_in_play(seed: int = 3) -> tuple[PreferansMatch, PreferansDeal]:
    """A preferans match whose deal has reached a lead with a free choice of cards."""
    rng = seeded_rng(seed)
    while True:
        match = PREFERANS.new_match(PREFERANS.rules(), ["Anna", "Boris", "Vera"])
        deal = match.start_deal(rng)
        assert isinstance(deal, PreferansDeal)
        while not deal.is_over and deal.phase != "play":
            match.apply(rng.choice(deal.legal_actions()))
        if not deal.is_over and len(deal.legal_actions()) > 2:
            return match, deal


def test_a_move_added_to_the_legal_list_by_its_caller_is_still_refused() -> None:
    """The engine trusts the moves it listed, not a list its caller has changed.

    docs/architecture.md, the deal protocol: an illegal action is refused with its reason.
    """
    match, deal = _preferans_in_play()
    legal = list(deal.legal_actions())
    other = next(seat for seat in deal.active if seat != deal.card_seat)
    foreign = Play(deal.hands[other][0])
    deal.legal_actions().append(foreign)
    with pytest.raises(IllegalAction, match="does not hold"):
        match.apply(foreign)
    assert deal.legal_actions() == legal


def test_a_move_listed_before_the_last_move_is_asked_about_again() -> None:
    """A move from the list of an earlier position is checked against the rules again.

    docs/architecture.md, the deal protocol: an illegal action is refused with its reason.
    """
    match, deal = _preferans_in_play()
    first, second, *_ = deal.legal_actions()
    match.apply(first)
    with pytest.raises(IllegalAction, match="does not hold"):
        match.apply(second)
