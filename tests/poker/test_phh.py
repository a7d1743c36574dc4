"""Hand histories: real PHH hands replay to their final stacks; exported deals read back."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine.deal import DealSetup
from cardtable.engine.record import record_text
from cardtable.engine.registry import get_game
from cardtable.errors import IllegalAction, RecordError
from cardtable.poker.actions import Call, Check, Discard, Fold
from cardtable.poker.deal import PokerDeal
from cardtable.poker.limits import LimitSystem
from cardtable.poker.phh import export_phh, parse_phh, parse_phh_all, phh_rules, replay_phh
from cardtable.poker.table_bots import PassiveBot
from poker.pokerkit_hands import pokerkit_stacks

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


@pytest.mark.parametrize(
    ("code", "says"),
    [
        ("FB", "cannot deal PHH variant FB: badugi hands"),
        ("NS", "cannot deal PHH variant NS: short-deck hold'em ranks a flush above a full house"),
        ("XX", "the table plays PHH variants NT, FT, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D"),
    ],
)
def test_a_phh_variant_the_table_cannot_deal_is_refused_naming_why(code: str, says: str) -> None:
    """PHH standard (phh-std, variant codes): every code but badugi and short-deck is dealt.

    Badugi's hands and short-deck hold'em's order of hands (a flush above a full house) are
    not in the catalogue: each is refused in one line saying so.
    """
    text = f'variant = "{code}"\nantes = [0, 0]\nstarting_stacks = [10, 10]\nactions = []'
    with pytest.raises(RecordError) as caught:
        replay_phh(parse_phh(text))
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def _played_deal(preset: str, players: int, seed: int, overrides: dict[str, Any]) -> PokerDeal:
    """A deal of ``preset`` played to its end by passive bots, the last seat dealing."""
    rules = GAME.rules(preset, overrides)
    names = [f"n{seat}" for seat in range(players)]
    match = GAME.new_match(rules, names)
    blanks = ["2c", "2d", "2h", "2s", "3c"][: players - 1]
    match.apply_between("first-dealer " + " ".join([*blanks, "Jc"]))
    rng = random.Random(seed)
    deal = match.start_deal(rng)
    assert isinstance(deal, PokerDeal)
    bot = PassiveBot()
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        match.apply(bot.choose(deal.view(seat), deal.legal_actions(), rng))
    return deal


STUD_FORCED = {"forced": {"bring_in": 1, "ante": 1}}


@pytest.mark.parametrize(
    ("preset", "players", "overrides"),
    [
        ("holdem", 3, {}),
        ("holdem", 2, {}),
        ("deuce-to-seven-triple-draw", 2, {}),
        ("deuce-to-seven-triple-draw", 5, {}),
        ("omaha-hi-lo", 4, {}),
        ("seven-card-stud-last-down", 3, STUD_FORCED),
        ("razz", 4, STUD_FORCED),
    ],
)
def test_an_exported_deal_reads_back_to_the_same_stacks_here_and_in_pokerkit(
    preset: str, players: int, overrides: dict[str, Any]
) -> None:
    """PHH export (phh-std, "Required Fields"); docs/rules/poker-variants.md, "Export".

    A deal played at the table, written as PHH, replays to the same stacks at the table and
    in PokerKit, two-handed ones included (the dealer posts the small blind).
    """
    for seed in range(4):
        deal = _played_deal(preset, players, seed, overrides)
        text = export_phh(deal)
        hand = parse_phh(text)
        assert hand.finishing_stacks is not None
        assert replay_phh(hand).finishing_stacks == hand.finishing_stacks
        assert pokerkit_stacks(text) == list(hand.finishing_stacks)


def test_a_deal_seated_out_of_seat_order_is_exported_from_the_dealers_left() -> None:
    """Места за столом (seating by cards); PHH numbers players p1, p2, … from the button's left.

    A deal whose players sit otherwise than in seat order is written in the order they sit,
    the player left of the dealer as ``p1``, the dealer last.
    """
    rules = GAME.rules("holdem")
    deck = tuple(rules.variant.hands.deck().cards())
    deal = PokerDeal(
        3, DealSetup(1, deck, 1), rules, stacks=[100, 90, 80], in_deal=[True] * 3, order=(0, 2, 1)
    )
    while not deal.is_over:
        deal.apply(Fold() if Fold() in deal.legal_actions() else deal.legal_actions()[0])
    text = export_phh(deal, names=["north", "east", "south"])
    assert 'players = ["north", "south", "east"]' in text  # seat 1 deals; seat 0 sits left
    assert "starting_stacks = [100, 80, 90]" in text
    assert pokerkit_stacks(text) == list(replay_phh(parse_phh(text)).finishing_stacks)


def test_a_variant_phh_has_no_code_for_is_not_exported() -> None:
    """PHH standard (variant codes): draw poker of the seed has no code; refused in one line."""
    deal = _played_deal("draw", 3, 1, {})
    with pytest.raises(IllegalAction, match="PHH has no code for 'draw'"):
        export_phh(deal)


def test_poker_export_writes_a_records_deals_as_phh(tmp_path: Path) -> None:
    """`cardtable poker export RECORD` writes each finished deal as a PHH hand that replays."""
    rules = GAME.rules("holdem")
    match = GAME.new_match(rules, ["ann", "bob", "cat"])
    match.apply_between("first-dealer 2c 2d Jc")
    rng = random.Random(4)
    bot = PassiveBot()
    for _ in range(3):
        deal = match.start_deal(rng)
        while not deal.is_over:
            seat = deal.to_move
            assert seat is not None
            match.apply(bot.choose(deal.view(seat), deal.legal_actions(), rng))
    record = tmp_path / "match.json"
    record.write_text(record_text(match.record()), encoding="utf-8")
    result = CliRunner().invoke(app, ["poker", "export", str(record)])
    assert result.exit_code == 0, result.output
    hands = parse_phh_all(result.output)
    assert len(hands) == 3
    for hand in hands:
        assert replay_phh(hand).finishing_stacks == hand.finishing_stacks
    one = CliRunner().invoke(app, ["poker", "export", str(record), "--deal", "2"])
    assert parse_phh(one.output).finishing_stacks == hands[1].finishing_stacks
    phh_file = tmp_path / "deal.phh"
    phh_file.write_text(one.output, encoding="utf-8")
    again = CliRunner().invoke(app, ["replay", str(phh_file)])
    assert again.exit_code == 0, again.output
    assert "a valid FT hand played as holdem" in " ".join(again.output.split())


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
    assert replay_phh(parse_phh(HEADS_UP + optional)).finishing_stacks == (101, 99)


def test_a_triple_draw_deal_after_a_reshuffle_exports_and_reads_back() -> None:
    """Покер с досдачей, the draw; docs/rules/poker-variants.md, "Hand histories (PHH)".

    "Если требуются дополнительные карты, нижняя карта и карты сноса тасуются вместе": six
    players drawing three or more each time run through the stock; the reshuffled
    discards are dealt again, and the deal written as PHH reads back to the same stacks here
    and in PokerKit.
    """
    rules = GAME.rules("deuce-to-seven-triple-draw")
    for seed in range(3):
        match = GAME.new_match(rules, [f"n{seat}" for seat in range(6)])
        match.apply_between("first-dealer 2c 2d 2h 2s 3c Jc")
        rng = random.Random(seed)
        deal = match.start_deal(rng)
        assert isinstance(deal, PokerDeal)
        while not deal.is_over:
            legal = deal.legal_actions()
            draws = [action for action in legal if isinstance(action, Discard)]
            calm = [action for action in legal if isinstance(action, Check | Call)]
            big = [action for action in draws if len(action.cards) >= 3]
            match.apply(rng.choice(big or draws or calm))
        dealt = sum(len(event.cards) for event in deal.events if event.kind in ("deal", "draw"))
        assert dealt > 52  # the discards were dealt again
        text = export_phh(deal)
        stacks = replay_phh(parse_phh(text)).finishing_stacks
        assert list(stacks) == pokerkit_stacks(text)


@pytest.mark.parametrize(
    ("name", "system", "freeze_out"),
    [
        ("dwan-ivey-2009.phh", LimitSystem.TABLE_STAKES, False),
        ("wsop-2023-43-5-12.phh", LimitSystem.FIXED, True),
    ],
)
def test_a_phh_hand_is_played_with_chips_limiting_bets_and_never_a_freeze_out_at_table_stakes(
    name: str, system: LimitSystem, freeze_out: bool
) -> None:
    """docs/rules/poker.md, "PHH limits".

    A no-limit hand is played at table stakes (no freeze-out, which «Замороженный вклад»
    forbids there); a pot- or fixed-limit hand (here Omaha high-low) as a freeze-out, so
    that the chips on the table limit the bets.
    """
    rules = phh_rules(parse_phh((VECTORS / name).read_text(encoding="utf-8")))
    assert (rules.limits.system, rules.limits.freeze_out) == (system, freeze_out)
    assert rules.limits.chips_limit_bets
    assert rules.limits.why_invalid() is None
