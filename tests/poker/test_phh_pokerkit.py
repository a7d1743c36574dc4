"""PHH hands read as PokerKit reads them: generated hands, real online hands, round trips."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.errors import RecordError
from cardtable.poker.phh import parse_phh, parse_phh_all, replay_phh
from poker.pokerkit_hands import GAMES, final_stacks, generated_hand, pokerkit, pokerkit_stacks

VECTORS = Path(__file__).parent.parent / "vectors" / "poker" / "phh"
HANDS_PER_CODE = 10

DRAW_ORDER = "PokerKit deals a draw after every discard, the table player by player"
"""The one refusal a PokerKit hand may meet: see docs/rules/poker-table.md, "PHH"."""


@pytest.mark.parametrize("code", sorted(GAMES))
def test_every_hand_pokerkit_plays_reads_here_to_its_stacks_and_back(code: str) -> None:
    """PHH standard (phh-std, variant codes and actions); PokerKit's reading of it.

    PokerKit deals and plays hands of each code the table deals (every street's acting order,
    the bring-in, the big blind's option, all-ins and side pots); each reads at the table to
    PokerKit's final stacks, and exported again reads in PokerKit to the same stacks.
    """
    for seed in range(HANDS_PER_CODE):
        text = generated_hand(code, seed)
        refusal = _refusal(text)
        if refusal is not None:
            assert code == "F2L3D", refusal
            assert DRAW_ORDER in refusal
            continue
        played = replay_phh(parse_phh(text))
        again = played.export()
        assert pokerkit_stacks(again) == list(played.finishing_stacks) == pokerkit_stacks(text)


def _refusal(text: str) -> str | None:
    try:
        replay_phh(parse_phh(text))
    except RecordError as error:
        return str(error)
    return None


def test_real_online_hands_replay_to_pokerkits_stacks_in_dollars_and_cents() -> None:
    """PHH dataset (uoftcprg/phh-dataset, HandHQ, Absolute Poker 2009).

    Decimal amounts and unknown hole cards (``d dh p2 ????``, ``p2 sm ????``): every hand
    of the sample ends with exactly the stacks PokerKit gives it, in cents; a hand shown as
    unknown cards wins nothing.
    """
    text = (VECTORS / "handhq-abs-2009-07-100nlh-1.phhs").read_text(encoding="utf-8")
    hands = parse_phh_all(text)
    expected = pokerkit.HandHistory.loads_all(text)
    assert len(hands) == 16
    for hand, theirs in zip(hands, expected, strict=True):
        assert hand.unit == Decimal("0.01")
        assert list(replay_phh(hand).finishing_amounts) == final_stacks(theirs)


def test_decimal_amounts_are_read_exactly_in_chips_of_the_finest_place() -> None:
    """PHH dataset amounts such as 14.60 and 0.50: never floats, a chip of a cent."""
    hand = parse_phh(
        "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [0.50, 1]\nmin_bet = 1\n"
        "starting_stacks = [247.10, 14.60]\nactions = ['d dh p1 ????', 'd dh p2 ????', "
        "'p2 cbr 3.05', 'p1 cc', 'd db 2c3d4h', 'p1 cbr 1.10', 'p2 f']\n"
    )
    assert hand.unit == Decimal("0.01")
    assert hand.starting_stacks == (24710, 1460)
    assert replay_phh(hand).finishing_amounts == (Decimal("250.15"), Decimal("11.55"))


def test_a_file_whose_finishing_stacks_disagree_is_refused_naming_seat_and_amounts() -> None:
    """PHH standard (phh-std, "Optional Fields": finishing_stacks).

    A file that states stacks the play does not reach is not valid: the first seat that
    differs and both amounts are named.
    """
    text = (VECTORS / "handhq-abs-2009-07-100nlh-1.phhs").read_text(encoding="utf-8")
    hand = parse_phh_all(text)[1]
    stated = "[249.10, 14.60, 199, 96.50, 55.50]"
    lines = [
        line if not line.startswith("starting_stacks") else line + f"\nfinishing_stacks = {stated}"
        for line in text.split("\n[3]")[0].split("[2]\n")[1].splitlines()
    ]
    with pytest.raises(RecordError) as caught:
        replay_phh(parse_phh("\n".join(lines)))
    assert str(caught.value) == (
        "finishing_stacks: p2 ends with 13.60 at the table, the file says 14.60"
    )
    assert replay_phh(hand).finishing_amounts[1] == Decimal("13.60")


TRIPLE_DRAW_OPTION = """variant = "F2L3D"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50, 50, 50]
actions = ["d dh p1 2c3c4c5d7h", "d dh p2 AhAsKdKcQs", "d dh p3 8c8d9h9sTc",
  "d dh p4 JcJdQhQdKs", "p3 f", "p4 cc", "p1 f", "p2 cc", "p2 sd", "p4 sd",
  "p2 cc", "p4 cbr 2", "p2 f"]
"""


def test_in_triple_draw_the_big_blind_has_his_option_after_all_call() -> None:
    """PokerKit docs, the last blind's option (docs/rules/poker-table.md, blind option).

    After fold, call, fold, the big blind may check (``p2 cc``) before the draw.
    """
    played = replay_phh(parse_phh(TRIPLE_DRAW_OPTION))
    assert list(played.finishing_stacks) == pokerkit_stacks(TRIPLE_DRAW_OPTION)


RAZZ_BRING_IN = """variant = "FR"
antes = [1, 1, 1, 1, 1]
bring_in = 1
small_bet = 2
big_bet = 4
starting_stacks = [40, 40, 40, 40, 40]
actions = ["d dh p1 Ah2h3c", "d dh p2 4d5d6c", "d dh p3 7s8s2d", "d dh p4 9cTcKh",
  "d dh p5 JdQdAc", "p4 pb", "p5 cbr 2", "p1 f", "p2 f", "p3 f", "p4 f"]
"""


def test_in_razz_the_highest_up_card_brings_in_and_the_next_player_acts() -> None:
    """PokerKit docs, Razz (docs/rules/poker-table.md, Bring-in).

    The highest up card (aces low) brings in (``p4 pb`` with a king up), and the player on
    his left acts next (``p5 cbr 2``).
    """
    played = replay_phh(parse_phh(RAZZ_BRING_IN))
    assert list(played.finishing_stacks) == pokerkit_stacks(RAZZ_BRING_IN)


def test_replay_of_a_phhs_file_prints_each_hands_stacks_in_dollars_and_cents() -> None:
    """`cardtable replay HANDS.phhs`: every hand of the file, amounts as the file writes them."""
    path = VECTORS / "handhq-abs-2009-07-100nlh-1.phhs"
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert text.count("a valid NT hand played as holdem") == 16
    assert "finishing stacks: 249.10, 13.60, 199.00, 96.50, 55.50" in text


SINGLE_DRAW_WHEEL = """variant = "N2L1D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ["d dh p1 2c3c5dAd4d", "d dh p2 AhKsJd6c7s", "p2 cc", "p1 cc", "p1 sd", "p2 sd",
  "p1 cbr 10", "p2 cc", "p1 sm 2c3c5dAd4d", "p2 sm AhKsJd6c7s"]
"""


def test_in_deuce_to_seven_a_read_hand_of_ace_five_is_ace_high_not_a_straight() -> None:
    """PokerKit docs, deuce-to-seven lowball: the ace is only high, so A-5-4-3-2 is ace high.

    It beats A-K-J-7-6 at the showdown of a hand read from PHH, as in PokerKit.
    """
    played = replay_phh(parse_phh(SINGLE_DRAW_WHEEL))
    assert list(played.finishing_stacks) == pokerkit_stacks(SINGLE_DRAW_WHEEL) == [62, 38]
