"""Scoring piquet: koroliks, the partie, refet, clean sheet, money, rubicon, the game for three.

Clauses cite the seed 001_776ed664a35a376f.txt, piquet rules 46–50 and the section for three
players; the English settlements cite Parlett's rules of rubicon piquet (Cavendish).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from cardtable.engine import seeded_rng
from cardtable.piquet.deal import PiquetOutcome
from cardtable.piquet.game import PIQUET, PiquetMatch
from cardtable.piquet.rules import PiquetRules
from cardtable.piquet.scoring import (
    KorolikSheet,
    deal_difference,
    korolik_entry,
    money,
    round_up,
    rubicon,
)


def counts(winner: int, amount: int) -> tuple[int, int]:
    """Deal counts whose difference is ``amount`` in favour of player ``winner``."""
    return (amount, 0) if winner == 0 else (0, amount)


def test_a_deals_difference_goes_to_its_winner() -> None:
    """001, rule 46: 54 against 21: the first writes 33."""
    sheet = KorolikSheet(PiquetRules())
    sheet.book((54, 21))
    assert sheet.games == [[33], []]


def test_a_korolik_writes_its_difference_and_a_hundred_rounded_up_to_tens() -> None:
    """001, rule 46: 33 then the second's 48: he writes 115, rounded to 120; 65–37 is 128 → 130."""
    sheet = KorolikSheet(PiquetRules())
    sheet.book((54, 21))
    sheet.book((0, 48))
    assert sheet.koroliks == [[], [120]]
    sheet.book((65, 0))
    sheet.book((0, 37))
    assert sheet.koroliks == [[130], [120]]
    assert round_up(128) == 130


def test_a_whole_partie_nets_two_hundred_and_sixty_points_or_two_roubles_sixty() -> None:
    """001, rule 46: the games' difference plus 100 (130) closes the partie; 2 р. 60 к.

    The korolik columns' difference is the net result, at a kopeck a point.
    """
    sheet = KorolikSheet(PiquetRules())
    for deal in [(54, 21), (0, 48), (65, 0), (0, 37), (40, 0), (0, 23)]:
        sheet.book(deal)
    # Games: 33 + 65 + 40 = 138 against 48 + 37 + 23 = 108; koroliks 130, 120 (17 → 117 → 120).
    assert sheet.finished
    assert sheet.koroliks == [[130, 120, 130], [120]]
    assert sheet.net == (260, -260)
    assert money(260, 1) == "2 р. 60 к."
    # 'по десятой - 26 коп., по двадцатой - 13 коп.'
    assert money(260, Fraction(1, 10)) == "0 р. 26 к."
    assert money(260, Fraction(1, 20)) == "0 р. 13 к."


def test_a_refet_writes_a_zero_closes_the_korolik_and_doubles_the_next() -> None:
    """001, rules 47–48: 26 against 26 is a refet; the next two games are written doubled."""
    sheet = KorolikSheet(PiquetRules())
    sheet.book((32, 0))
    sheet.book((26, 26))
    assert sheet.koroliks == [[140], []]
    assert sheet.refets == 1
    sheet.book((45, 0))
    sheet.book((0, 73))
    # 45 is written 90 and 73 is written 146.
    assert sheet.games == [[32, 90], [146]]
    assert sheet.koroliks == [[140], [160]]


def test_a_refet_as_the_first_game_of_a_korolik_closes_it_at_once() -> None:
    """001, rule 48: the refet is significant for ending the korolik (an interpretation)."""
    sheet = KorolikSheet(PiquetRules())
    sheet.book((26, 26))
    assert sheet.closed == 1
    assert sheet.doubled


def test_a_refet_in_the_last_korolik_carries_its_doubling_to_the_next_partie() -> None:
    """001, rule 49: a refet in the last or the penultimate game passes to the next partie."""
    game = PIQUET
    rules = replace(game.rules(), parties=2)
    match = game.new_match(rules, ["A", "B"])
    assert isinstance(match, PiquetMatch)
    for deal in [(30, 0), (0, 10), (30, 0), (0, 10), (20, 20)]:
        match.book_outcome(PiquetOutcome(0, (0, 1), {0: deal[0], 1: deal[1]}, {}, ()))
    assert match.parties_done == 1
    assert match.sheet.doubled


def booked_until_partie_ends(rules: PiquetRules, deals: list[tuple[int, int]]) -> int:
    """Book ``deals`` on a one-partie match; the number booked when the partie closed."""
    match = PIQUET.new_match(rules, ["A", "B"])
    assert isinstance(match, PiquetMatch)
    for number, deal in enumerate(deals, 1):
        match.book_outcome(PiquetOutcome(0, (0, 1), {0: deal[0], 1: deal[1]}, {}, ()))
        if match.parties_done:
            return number
    raise AssertionError("the partie did not close")


REFET_IN_THE_THIRD_DEAL = [(30, 0), (0, 10), (20, 20), (30, 0), (0, 10), (40, 0), (0, 50)]


def test_a_partie_is_three_koroliks_so_a_refet_ends_it_after_five_deals() -> None:
    """001, rules 46–48: «По окончании шести игр (или трех короликов)»; a refet closes its korolik.

    Rule 48's refet «подводит итог королика как бы по окончании двух игр» and rule 47 doubles
    «две следующих игры», the next korolik: a refet in the third deal closes the second
    korolik, so the partie's three koroliks are done after five deals.
    """
    assert booked_until_partie_ends(PiquetRules(), REFET_IN_THE_THIRD_DEAL) == 5


def test_with_koroliks_always_of_two_deals_the_partie_has_six_games() -> None:
    """001, rule 46: «Партия состоит из шести игр»: ``refet_closes_korolik = false``."""
    rules = replace(PiquetRules(), refet_closes_korolik=False)
    assert booked_until_partie_ends(rules, REFET_IN_THE_THIRD_DEAL) == 6


def test_a_clean_sheet_adds_a_hundred() -> None:
    """001, rule 50: when the opponent writes no figure all partie, the partner adds 100."""
    sheet = KorolikSheet(PiquetRules())
    for _ in range(6):
        sheet.book((15, 0))
    # Koroliks 30 + 100 = 130 three times; the partie 90 + 100 = 190; the clean sheet 100.
    assert sheet.koroliks == [[130, 130, 130, 190, 100], []]
    assert sheet.net == (680, -680)


def test_the_ledger_pays_the_net_at_the_stake_zero_sum() -> None:
    """001, rule 46: the stake per point turns the net into money, one's gain the other's loss."""
    game = PIQUET
    match = game.new_match(replace(game.rules(), stake=10), ["A", "B"])
    assert isinstance(match, PiquetMatch)
    for deal in [(54, 21), (0, 48), (65, 0), (0, 37), (40, 0), (0, 23)]:
        match.book_outcome(PiquetOutcome(0, (0, 1), {0: deal[0], 1: deal[1]}, {}, ()))
    assert match.is_over
    assert match.ledger() == {"A": Fraction(2600), "B": Fraction(-2600)}


def test_the_rubicon_winner_scores_the_difference_and_a_hundred() -> None:
    """Parlett's rules (Cavendish): both over 100, 105 against 101 wins 104."""
    assert rubicon(105, 101, 100) == 104


def test_a_rubiconed_loser_pays_the_sum_and_a_hundred() -> None:
    """Parlett's rules (Cavendish): the loser short of 100, 97 against 89 wins 286."""
    assert rubicon(97, 89, 100) == 286


def test_the_rubicon_partie_is_settled_after_six_deals() -> None:
    """Parlett's rules (Cavendish): a partie of six deals; the totals decide it."""
    game = PIQUET
    match = game.new_match(game.rules("cavendish"), ["A", "B"], "cavendish")
    assert isinstance(match, PiquetMatch)
    for deal in [(20, 10), (15, 14), (20, 10), (12, 20), (15, 20), (15, 15)]:
        match.book_outcome(PiquetOutcome(0, (0, 1), {0: deal[0], 1: deal[1]}, {}, ()))
    assert match.is_over
    assert match.ledger() == {"A": Fraction(286), "B": Fraction(-286)}


def test_for_three_the_first_to_the_target_leaves_and_the_last_pays_both() -> None:
    """001, piquet for three: the first to reach 100 leaves, the last pays the first and second."""
    game = PIQUET
    match = game.new_match(game.rules(), ["A", "B", "C"])
    assert isinstance(match, PiquetMatch)
    match.book_outcome(PiquetOutcome(0, (0, 1, 2), {0: 110, 1: 40, 2: 30}, {}, ()))
    assert match.active == [1, 2]
    match.book_outcome(PiquetOutcome(1, (1, 2), {1: 70, 2: 20}, {}, ()))
    assert match.is_over
    # A 110 and B 110 against C's 50: C pays each the difference.
    assert match.ledger() == {"A": Fraction(60), "B": Fraction(60), "C": Fraction(-120)}


def test_the_dealer_of_each_korolik_is_cut_for_and_the_deal_alternates_within_it() -> None:
    """001, rule 4: 'Перед началом каждого королика, определяется раздача по картам'."""
    game = PIQUET
    first_dealers = set()
    for seed in range(8):
        match = game.new_match(game.rules(), ["A", "B"])
        rng = seeded_rng(seed)
        dealers = []
        for _ in range(2):
            deal = match.start_deal(rng)
            dealers.append(deal.setup.dealer)
            while deal.to_move is not None:
                match.apply(deal.legal_actions()[0])
        first = match.deals[0].outcome()
        assert isinstance(first, PiquetOutcome)
        if first.counts[0] != first.counts[1]:
            assert dealers[1] == 1 - dealers[0]
        first_dealers.add(dealers[0])
    assert first_dealers == {0, 1}


def test_a_rubicon_partie_of_105_to_101_pays_104() -> None:
    """Parlett's rules (Cavendish): both past the rubicon, the difference 4 and 100."""
    game = PIQUET
    match = game.new_match(game.rules("cavendish"), ["A", "B"], "cavendish")
    assert isinstance(match, PiquetMatch)
    for deal in [(30, 20), (20, 21), (15, 20), (20, 10), (10, 15), (10, 15)]:
        match.book_outcome(PiquetOutcome(0, (0, 1), {0: deal[0], 1: deal[1]}, {}, ()))
    assert match.is_over
    assert match.ledger() == {"A": Fraction(104), "B": Fraction(-104)}


def test_a_loser_who_reached_the_rubicon_exactly_is_not_rubiconed() -> None:
    """Parlett's rules (Cavendish): only a loser short of 100 pays the sum; 120 to 100 wins 120."""
    assert rubicon(120, 100, 100) == 120
    assert rubicon(120, 99, 100) == 319


def test_the_sheet_says_what_each_deal_writes_doubled_and_refet_included() -> None:
    """001, rules 46–48: each deal's difference goes to its winner, a refet writes a zero.

    The lines are what the table shows of the writing; after a refet the korolik is doubled.
    """
    sheet = KorolikSheet(PiquetRules())
    assert sheet.book((54, 21)) == ["player 0 writes 33"]
    lines = sheet.book((26, 26))
    assert lines[0] == "refet at 26: a zero is written"
    assert lines[1] == "korolik 1: player 0 writes 140"
    assert sheet.book((45, 0)) == ["player 0 writes 90 (doubled)"]


def test_a_refet_that_does_not_close_its_korolik_still_doubles_the_next() -> None:
    """001, rule 47: «следующий королик идет двойным счетом», whether or not the refet closes.

    With ``refet_closes_korolik`` off the refet is one of the korolik's two deals.
    """
    sheet = KorolikSheet(PiquetRules(refet_closes_korolik=False))
    sheet.book((26, 26))
    assert sheet.closed == 0
    sheet.book((40, 0))
    assert (sheet.closed, sheet.koroliks) == (1, [[140], []])
    sheet.book((10, 0))
    assert sheet.games == [[40, 20], []]


def test_the_partie_lines_name_the_clean_sheet_and_the_net_to_the_first_player() -> None:
    """001, rule 50: «За сквозную запись противника партнер приписывает себе 100 очков»."""
    sheet = KorolikSheet(PiquetRules())
    lines: list[str] = []
    for _ in range(6):
        lines = sheet.book((0, 15))
    assert "a clean sheet: player 1 writes 100" in lines
    assert lines[-1] == "the net result: -680 to player 0"


def test_money_writes_a_loss_with_a_minus_whole_roubles_and_fractions_of_a_kopeck() -> None:
    """001, rule 46: the net in roubles and kopecks at the stake per point.

    A loss is written with a minus; a fraction of a kopeck stays (265 at a tenth is 26½ к.).
    """
    assert money(-260, 1) == "-2 р. 60 к."
    assert money(10000, 1) == "100 р. 0 к."
    assert money(265, Fraction(1, 10)) == "0 р. 26 1/2 к."
    assert money(-260, 0) == "0 р. 0 к."


def test_the_last_korolik_is_written_before_the_partie_is_closed() -> None:
    """001, rule 46: the third korolik is written like the others, then the partie's line.

    The sheet's lines of the last deal say both, in that order.
    """
    sheet = KorolikSheet(PiquetRules())
    for deal in [(54, 21), (0, 48), (65, 0), (0, 37), (40, 0)]:
        sheet.book(deal)
    assert sheet.book((0, 23)) == [
        "player 1 writes 23",
        "korolik 3: player 0 writes 120",
        "the partie: player 0 writes 130",
        "the net result: 260 to player 0",
    ]


def test_an_equal_korolik_writes_nothing_and_an_unrounded_one_its_exact_figure() -> None:
    """001, rule 46: the difference plus 100 goes to the korolik's winner.

    With equal sums there is no winner and nothing to write. Rounding up to tens is an option
    (off: the exact figure).
    """
    assert korolik_entry((50, 50), PiquetRules()) == (None, 0)
    assert korolik_entry((163, 100), PiquetRules()) == (0, 170)
    assert korolik_entry((100, 163), PiquetRules(round_koroliks=False)) == (1, 163)


def test_the_sheet_counts_every_refet_of_the_partie() -> None:
    """001, rules 47–48: "Рефет обозначается нулем"; the sheet keeps every one of them."""
    sheet = KorolikSheet(PiquetRules())
    sheet.book((40, 40))
    sheet.book((30, 30))
    assert sheet.refets == 2
    assert deal_difference((30, 30), doubled=False) == (None, 0)


def test_the_sheet_is_read_out_as_written_and_a_clean_sheet_says_nothing() -> None:
    """The score sheet's lines name the figures written, nothing before the first is written.

    001_776ed664a35a376f.txt, piquet rule 46 (each player's games written in his column, the
    koroliks under them); docs/web.md, "The piquet table" (the sheet's lines as the deal began).
    """
    match = PIQUET.new_match(PIQUET.rules(), ["Anna", "Boris"])
    assert isinstance(match, PiquetMatch)
    assert match.sheet_lines() == ()
    match.book_outcome(PiquetOutcome(0, (0, 1), {0: 33, 1: 21}, {}, ()))
    # Anna's 33 against Boris's 21: she writes the difference.
    assert match.sheet_lines() == (
        "Anna: games 12; koroliks none",
        "Boris: games none; koroliks none",
    )
