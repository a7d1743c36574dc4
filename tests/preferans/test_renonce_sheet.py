"""Revokes on the pulka: 001_776ed664a35a376f.txt, preferans rules 33–37 (with 43–46).

The classic prices (rules 42–46) used below: a six writes 10 and its remiz 10 a trick, a whist
on a six is 1 a trick, a whister short of his obligation writes 5 a trick; a seven writes 20.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.deal_score import DealScore, ScoreError, Whist
from cardtable.preferans.ledger import Column, Entry
from cardtable.preferans.scorer import deal_from_data
from cardtable.preferans.scoring import convention
from cardtable.preferans.sheet import Sheet
from preferans.helpers import play, play_out, table
from preferans.test_golden_deals import MISERE_HANDS, SIX_HANDS

BOTH = {"B": Whist.WHIST, "C": Whist.WHIST}


def _six(tricks: int, b: int, c: int, renonce: dict[str, int]) -> tuple[Sheet, tuple[Entry, ...]]:
    sheet = Sheet(["A", "B", "C"])
    deal = DealScore(
        declarer="A",
        contract=parse_contract("6♠"),
        tricks=tricks,
        whist=BOTH,
        defender_tricks={"B": b, "C": c},
        renonce=renonce,
    )
    return sheet, sheet.write(deal)


def test_a_whister_who_revokes_writes_a_remiz_per_revoke_and_per_trick_the_declarer_lacked() -> (
    None
):
    """Rule 35: the declarer is paid as if he made it; the offender writes the remizes.

    One remiz for each trick the declarer lacked and one for each revoke; by rule 37 no other
    shortfall counts.
    """
    sheet, entries = _six(tricks=5, b=1, c=4, renonce={"B": 1})
    assert sheet.pool("A") == 10, "the six is written as made"
    assert sheet.mountain("A") == 0, "no remiz for the declarer"
    assert sheet.mountain("B") == 2 * 10, "one revoke and one trick lacked, a six's remiz each"
    assert sheet.whists("B", "A") == 0, "the trick the declarer lacked comes off the revoker"
    assert sheet.whists("C", "A") == 4
    assert sheet.mountain("C") == 0
    assert sheet.whists("C", "B") == 0
    remiz = [e for e in entries if e.player == "B" and e.column is Column.MOUNTAIN]
    assert len(remiz) == 1
    assert remiz[0].deal == 1
    assert "rule 35" in remiz[0].reason
    assert str(remiz[0]).startswith("deal 1: B mountain +20")


def test_a_declarer_who_revokes_writes_the_whisters_shortfall_on_his_own_mountain() -> None:
    """Rule 34: if the whisters are short of their obligation the whole remiz is the declarer's.

    He pays them for their tricks as usual.
    """
    sheet, _ = _six(tricks=7, b=2, c=1, renonce={"A": 1})
    assert sheet.pool("A") == 10
    assert sheet.whists("B", "A") == 2
    assert sheet.whists("C", "A") == 1
    assert sheet.mountain("A") == 5, "the whisters took 3 of their 4: one trick at 5"
    assert sheet.mountain("B") == 0
    assert sheet.mountain("C") == 0


def test_a_declarer_who_revokes_and_falls_short_writes_his_remiz_as_usual() -> None:
    """Rules 34 and 43: his own shortfall is a remiz with its consolations (rule 14)."""
    sheet, _ = _six(tricks=5, b=3, c=2, renonce={"A": 2})
    assert sheet.mountain("A") == 10
    assert sheet.whists("B", "A") == 3 + 1, "three tricks' whists and a trick's consolation"
    assert sheet.whists("C", "A") == 2 + 1


def test_when_declarer_and_whister_both_revoke_the_other_whister_is_paid_half_by_each() -> None:
    """Rule 36: declarer and revoking whister pay the other whister half each for his tricks.

    By rule 37 the revoking whister's own shortfall is not written.
    """
    sheet, _ = _six(tricks=6, b=1, c=3, renonce={"A": 1, "B": 1})
    assert sheet.pool("A") == 10
    assert sheet.whists("B", "A") == 1, "the revoking whister writes his own whists as usual"
    assert sheet.whists("C", "A") == Fraction(3, 2)
    assert sheet.whists("C", "B") == Fraction(3, 2)
    assert sheet.mountain("B") == 0, "one trick of his two, but no shortfall counts (rule 37)"


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        (
            DealScore(declarer="A", contract=parse_contract("misère"), tricks=0, renonce={"B": 1}),
            "game on tricks",
        ),
        (DealScore(allpass={"A": 3, "B": 3, "C": 4}, renonce={"B": 1}), "game on tricks"),
        (
            DealScore(
                declarer="A",
                contract=parse_contract("6♠"),
                whist={"B": Whist.PASS, "C": Whist.PASS},
                renonce={"B": 1},
            ),
            "nobody played",
        ),
        (
            DealScore(
                declarer="A",
                contract=parse_contract("6♠"),
                tricks=6,
                whist=BOTH,
                defender_tricks={"B": 2, "C": 2},
                renonce={"D": 1},
            ),
            "did not play",
        ),
    ],
)
def test_a_revoke_is_refused_where_rules_34_to_36_set_no_penalty(
    deal: DealScore, message: str
) -> None:
    """Rules 33–36 speak of a declarer and his whisters playing a game on tricks."""
    with pytest.raises(ScoreError, match=message):
        Sheet(["A", "B", "C"]).write(deal)


def test_the_scorer_reads_each_offenders_revokes() -> None:
    """Rule 35 for the offline scorer: the deal's ``renonce`` names who revoked how often."""
    deal = deal_from_data(
        1,
        {
            "declarer": "A",
            "contract": "7♥",
            "tricks": 6,
            "whist": {"B": "whist", "C": "whist"},
            "defender_tricks": {"B": 2, "C": 2},
            "renonce": {"C": 1},
        },
    )
    sheet = Sheet(["A", "B", "C"])
    sheet.write(deal)
    assert sheet.pool("A") == 20
    assert sheet.mountain("C") == 2 * 20, "a revoke and a trick lacked, at a seven's remiz"


def test_a_played_deal_with_two_whisters_revoking_writes_a_remiz_on_each() -> None:
    """Rules 33 and 35: each whister revoked once and writes one remiz of a six on his mountain.

    The declarer lacked nothing, so that is all; every entry names deal 1.
    """
    match, deal = table(*SIX_HANDS, renonce_allowed=True)
    play(match, "6♠", "pass", "pass", "discard 7♦ 8♦", "6♠", "whist", "whist")
    play(match, "play A♥", "play A♣", "play 7♥", "play K♥", "play 7♠", "play 9♠")
    play_out(match)
    assert deal.outcome().declarer_tricks >= 6
    sheet = match.sheet
    assert sheet.mountain("P2") == 10
    assert sheet.mountain("P0") == 10
    assert sheet.pool("P1") == 10
    assert all(entry.deal == 1 for entry in sheet.entries)


def test_a_four_handed_misere_pays_the_dealer_nothing_for_its_talon() -> None:
    """Rule 47 prices a good talon in tricks of the declared game: a misère pays nothing.

    The dealer of four writes nothing for it, and the deal is written without error; what he
    writes is rule 14's consolation for the misère's remiz, a ten's 5 whists a trick.
    """
    match, deal = table(*MISERE_HANDS, players=4)
    play(match, "misère", "pass", "pass", "discard A♥ A♦")
    play_out(match)
    assert deal.outcome().talon_aces == 2
    assert match.sheet.entries, "the misère is written"
    taken = deal.outcome().declarer_tricks
    dealer = [(e.reason, e.amount) for e in match.sheet.entries if e.player == "P0"]
    assert dealer == [(f"consolation, misère {taken} tricks", Fraction(5 * taken))]


def test_a_whister_who_revokes_twice_when_the_declarer_made_his_game_writes_two_remizes() -> None:
    """Rules 35 and 37: the declarer made his six, so he lacked no trick.

    The revoker writes a remiz per revoke and nothing for missing tricks, and both whisters
    write their whists as usual.
    """
    sheet, entries = _six(tricks=6, b=2, c=2, renonce={"B": 2})
    assert sheet.pool("A") == 10
    assert sheet.mountain("A") == 0
    assert sheet.mountain("B") == 2 * 10
    assert sheet.whists("B", "A") == 2
    assert sheet.whists("C", "A") == 2
    assert sheet.mountain("C") == 0
    (remiz,) = [e for e in entries if e.player == "B" and e.column is Column.MOUNTAIN]
    assert remiz.reason == "renonce: 2 revokes (rule 35)"


def test_two_revoking_whisters_share_the_remiz_of_each_trick_the_declarer_lacked() -> None:
    """Rule 35: each revoker writes a remiz per revoke and his share of one per missing trick.

    The declarer took five of his six: the two revokers write one revoke and half a trick
    each, a six's remiz of 10 times 1½, and the line says so.
    """
    sheet, entries = _six(tricks=5, b=3, c=2, renonce={"B": 1, "C": 1})
    assert sheet.pool("A") == 10
    assert sheet.mountain("B") == sheet.mountain("C") == 15
    reasons = [e.reason for e in entries if e.column is Column.MOUNTAIN and e.player in "BC"]
    assert reasons == ["renonce: 1 revoke, 1/2 of the declarer's missing tricks (rule 35)"] * 2


def test_a_lone_whister_who_revokes_keeps_all_his_whists_under_the_gentlemans_whist() -> None:
    """Rule 35: when only defenders revoked the declarer's game is written as made.

    The gentleman's whist shares the whists with the passer only when the declarer goes down
    (``ScoringRules.gentleman_whist``; docs/rules/preferans-scoring.md), so under Leningrad
    prices (a six's whist 4 a trick, its remiz 8) the revoking whister writes his four tricks
    left, the one the declarer lacked given back, alone, and the passer writes nothing.
    """
    sheet = Sheet(["A", "B", "C"], convention("leningrad"))
    deal = DealScore(
        declarer="A",
        contract=parse_contract("6♠"),
        tricks=5,
        whist={"B": Whist.WHIST, "C": Whist.PASS},
        defender_tricks={"B": 3, "C": 2},
        renonce={"B": 1},
    )
    assert [str(entry) for entry in sheet.write(deal)] == [
        "deal 1: A pool +2 (6♠ made (rule 35))",
        "deal 1: B whists on A +16 (whist, 4 tricks)",
        "deal 1: B mountain +8 (renonce: 1 revoke, 1 of the declarer's missing tricks (rule 35))",
    ]


def test_when_declarer_and_whister_both_revoke_no_shortfall_of_the_whisters_is_written() -> None:
    """Rules 36–37: the whisters' shortfall goes on the declarer only when he alone revoked.

    With a whister revoking too, the whisters' two tricks of their four are nobody's
    shortfall: neither the declarer nor either whister writes a fine on his mountain.
    """
    sheet, entries = _six(tricks=8, b=1, c=1, renonce={"A": 1, "B": 1})
    assert [entry.column for entry in entries if entry.column is Column.MOUNTAIN] == []
    assert sheet.whists("B", "A") == 1
    assert sheet.whists("C", "A") == sheet.whists("C", "B") == Fraction(1, 2)
