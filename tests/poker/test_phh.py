"""Hand histories: real PHH hands replay to their final stacks; exported deals read back."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine.deal import DealSetup
from cardtable.engine.registry import get_game
from cardtable.errors import IllegalAction, RecordError
from cardtable.poker.phh import export_phh, parse_phh, replay_phh
from cardtable.poker.table import PokerDeal
from cardtable.poker.table_bots import PassiveBot

VECTORS = Path(__file__).parent.parent / "vectors" / "poker" / "phh"
GAME = get_game("poker")

FINISHING = {
    # The next hand's starting stacks in the dataset, seat by seat.
    "wsop-2023-43-5-1.phh": (7340000, 3775000, 5110000, 8935000, 4545000),
    "wsop-2023-43-5-10.phh": (2550000, 11150000, 4425000, 6925000, 4650000),
    "wsop-2023-43-5-11.phh": (4750000, 9500000, 4175000, 6675000, 4600000),
    "wsop-2023-43-5-12.phh": (4075000, 5275000, 6100000, 4750000, 9500000),
    # Worked out from the actions: p5's all-in raise is not called; he takes the blinds,
    # the big blind's ante, p3's 170000 and p2's 875000.
    "wsop-2023-43-5-2.phh": (3735000, 4115000, 8765000, 4545000, 8545000),
    # Arieh's 7-5-4-3-2 beats Yockey's 7-6-4-3-2 at deuce to seven; Yockey is all in.
    "yockey-arieh-2019.phh": (0, 4190000, 5910000, 12095000),
    # Dwan's 7-high straight beats Ivey's wheel; Dwan is all in for 553500.
    "dwan-ivey-2009.phh": (572100, 1997500, 1109500),
}


@pytest.mark.parametrize("name", sorted(FINISHING))
def test_a_real_phh_hand_replays_to_its_final_stacks(name: str) -> None:
    """PHH standard (uoftcprg/phh-std, Required Fields); the table's betting and showdown.

    No-limit hold'em, Omaha high-low, seven-card stud and deuce-to-seven triple draw hands
    from the 2023 WSOP Players Championship and the PHH specification end with the stacks
    the players really had.
    """
    played = replay_phh(parse_phh((VECTORS / name).read_text(encoding="utf-8")))
    assert played.finishing_stacks == FINISHING[name]


def test_replay_of_a_phh_file_prints_its_finishing_stacks() -> None:
    """`cardtable replay HAND.phh --json` prints {"finishing_stacks": [...], ...}."""
    result = CliRunner().invoke(app, ["replay", str(VECTORS / "dwan-ivey-2009.phh"), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["finishing_stacks"] == [572100, 1997500, 1109500]


def test_a_phh_variant_the_table_does_not_play_is_refused_with_the_reason() -> None:
    """Badugi (FB) has no place in the catalogue: refused in one sentence."""
    text = 'variant = "FB"\nantes = [0, 0]\nstarting_stacks = [10, 10]\nactions = []'
    with pytest.raises(RecordError, match="the table plays PHH variants"):
        replay_phh(parse_phh(text))


@pytest.mark.parametrize("preset", ["holdem", "seven-card-stud-last-down"])
def test_an_exported_deal_reads_back_to_the_same_stacks(preset: str) -> None:
    """PHH export: a deal played at the table, written as PHH, replays to the same stacks."""
    overrides = {"forced": {"bring_in": 1, "ante": 1}} if preset != "holdem" else {}
    rules = GAME.rules(preset, overrides)
    match = GAME.new_match(rules, ["p1", "p2", "p3"])
    match.apply_between("first-dealer 2c 2d Jc")
    rng = random.Random(9)
    deal = match.start_deal(rng)
    assert isinstance(deal, PokerDeal)
    bot = PassiveBot()
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        match.apply(bot.choose(deal.view(seat), deal.legal_actions(), rng))
    stacks = [rules.stake] * 3
    text = export_phh(deal, stacks)
    hand = parse_phh(text)
    assert hand.finishing_stacks is not None
    again = replay_phh(hand)
    assert again.finishing_stacks == hand.finishing_stacks


def test_a_deal_seated_out_of_seat_order_is_not_exported_as_phh() -> None:
    """Места за столом (seating by cards); PHH numbers players p1, p2, … clockwise.

    A deal whose players sit otherwise than in seat order would be written with the wrong
    neighbours, so the export refuses it in one sentence.
    """
    rules = GAME.rules("holdem")
    deck = tuple(rules.variant.hands.deck().cards())
    deal = PokerDeal(
        3, DealSetup(2, deck, 1), rules, stacks=[100] * 3, in_deal=[True] * 3, order=(0, 2, 1)
    )
    with pytest.raises(IllegalAction, match="seated in seat order"):
        export_phh(deal, [100] * 3)


HEADS_UP = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AcAd", "d dh p2 7h2s", "p2 f"]
"""


@pytest.mark.parametrize(
    ("field", "name", "says"),
    [
        ("finshing_stacks = [101, 99]", "finshing_stacks", "did you mean 'finishing_stacks'?"),
        ("rake = 1", "rake", "PHH defines no such field"),
        ("[extra]\nnote = 1", "extra", "PHH defines no such field"),
    ],
)
def test_a_phh_field_the_specification_does_not_define_is_refused_naming_it_and_its_line(
    field: str, name: str, says: str
) -> None:
    """PHH standard (phh-std, "Required Fields", "Optional Fields", "User-defined Fields").

    A name the specification does not define, and that does not begin with an underscore, is
    most likely a misspelt field: it is refused in one line naming the field and its line.
    """
    with pytest.raises(RecordError) as caught:
        parse_phh(HEADS_UP + field)
    message = str(caught.value)
    assert message.startswith(f"line 7: unknown PHH field {name!r}: {says}")
    assert "\n" not in message


def test_every_optional_and_user_defined_phh_field_is_accepted() -> None:
    """PHH standard (phh-std, "Optional Fields" 0.0.1 and "User-defined Fields").

    The fields are typed here from the specification's tables, not from the code's list.
    """
    optional = """author = "A. Annotator"
event = "Home game"
url = "https://example.org"
venue = "Kitchen"
address = "1 Main St"
city = "Toronto"
region = "Ontario"
postal_code = "M5S"
country = "Canada"
time = 12:00:00
time_zone = "America/Toronto"
time_zone_abbreviation = "EST"
day = 1
month = 2
year = 2024
hand = 3
level = 1
seats = [1, 2]
seat_count = 9
table = "Final"
players = ["A", "B"]
finishing_stacks = [101, 99]
winnings = [3, 0]
currency = "USD"
currency_symbol = "$"
ante_trimming_status = false
time_limit = 30
time_banks = [60, 60]
_sponsors = ["", "GGPoker"]
"""
    assert replay_phh(parse_phh(HEADS_UP + optional)).matches is True
