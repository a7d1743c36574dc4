"""The declarations of piquet: point, sequences, sets, carte blanche, carte rouge, repique.

Clauses cite the seed 001_776ed664a35a376f.txt, piquet rules 19–29 and 41–45.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from cardtable.cards import Rank, Suit, cards_text, parse_cards
from cardtable.errors import CardParseError
from cardtable.piquet.declarations import (
    Call,
    Point,
    Race,
    best_point,
    point_of,
    reckon,
    run_of,
    sequence_value,
    sequences,
    set_of,
    set_value,
    sets,
)
from cardtable.piquet.game import PIQUET
from cardtable.piquet.rules import PiquetRules

# Partial hands: without these two, a short hand would be a carte blanche or a carte rouge.
BARE = PiquetRules(carte_blanche=0, carte_rouge=0)


def scores(elder: str, younger: str, rules: PiquetRules = BARE) -> tuple[int, ...]:
    return reckon([parse_cards(elder), parse_cards(younger)], rules, partial=True).scores


def test_the_point_is_the_number_of_cards_in_the_longest_suit() -> None:
    """001, rule 20: the elder declares the number of cards of his longest suit."""
    point = best_point(parse_cards("A♠ 9♠ 8♠ K♥ Q♥ 7♦"))
    assert point is not None
    assert point.count == 3
    assert scores("A♠ 9♠ 8♠ K♥", "A♥ 7♥") == (3, 0)


def test_equal_points_are_decided_by_pips_ace_eleven_courts_ten() -> None:
    """001, rules 20–21: at equal length each counts pips; ace 11, courts 10, others face value."""
    # 11 + 10 + 10 + 8 = 39 against 11 + 10 + 10 + 7 = 38.
    assert scores("A♠ Q♠ 10♠ 8♠", "A♥ Q♥ 10♥ 7♥") == (4, 0)
    assert scores("A♠ Q♠ 10♠ 7♠", "A♥ K♥ 10♥ 8♥") == (0, 4)


def test_equal_points_with_equal_pips_score_for_neither() -> None:
    """001, rule 20: 'При одинаковом количестве очков карты не считаются'."""
    assert scores("A♠ Q♠ 10♠ 8♠", "A♥ K♥ 10♥ 8♥") == (0, 0)


def test_equal_sequences_score_for_neither() -> None:
    """001, rule 20: equal tierces, quarts, quints are not counted."""
    assert scores("K♠ Q♠ J♠ 8♥", "K♥ Q♥ J♥ 8♦") == (0, 0)


def test_a_plain_quart_even_from_the_ten_beats_a_tierce_major() -> None:
    """001, rule 28: 'Терц-мажор перебивается простым квартом, идущим даже от десятки'."""
    # The younger's four diamonds are both the point (4) and the quart (4).
    assert scores("A♠ K♠ Q♠ 8♥ 7♥", "10♦ 9♦ 8♦ 7♦ J♣") == (0, 4 + 4)
    major = sequences(parse_cards("A♠ K♠ Q♠"))[0]
    quart = sequences(parse_cards("10♥ 9♥ 8♥ 7♥"))[0]
    assert quart.key > major.key


def test_equal_length_sequences_are_decided_by_the_top_card() -> None:
    """001, rules 20, 45: a quart to the king beats a quart to the queen."""
    assert scores("K♠ Q♠ J♠ 10♠", "Q♥ J♥ 10♥ 9♥ 7♠") == (4 + 4, 0)


def test_quints_and_longer_count_their_length_and_ten_more() -> None:
    """001, rule 22: five equal cards count five and fifteen, six 6 + 16, seven 7 + 17, 8 + 18."""
    assert [sequence_value(n, BARE) for n in (3, 4, 5, 6, 7, 8)] == [3, 4, 15, 16, 17, 18]
    assert scores("A♠ K♠ Q♠ J♠ 10♠", "9♥ 7♥") == (5 + 15, 0)
    assert scores("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠", "9♥ 7♥")[0] == 8 + 18


def test_six_cards_beat_five_and_equal_quints_cancel() -> None:
    """001, rule 28: 'пять и пятнадцать' against 'такие же пятнадцать и шесть карт': only six."""
    elder = "A♠ K♠ Q♠ J♠ 10♠ K♣ 9♣ 7♣ 9♦ 7♦ 9♥ 7♥"
    younger = "A♥ K♥ Q♥ J♥ 10♥ 8♥ J♣ 8♣ Q♦ 10♦ 8♦ 8♠"
    assert scores(elder, younger, PiquetRules()) == (0, 6)


def test_six_cards_out_of_sequence_count_six_and_five_in_sequence_fifteen() -> None:
    """001, rule 28: 'первый считает шесть, а второй пятнадцать'."""
    elder = "A♠ K♠ J♠ 10♠ 8♠ 7♠ 9♣ 7♣ 9♦ 7♦ 8♥ 7♥"
    younger = "K♥ Q♥ J♥ 10♥ 9♥ A♣ J♣ 10♣ 8♣ A♦ 8♦ 9♠"
    assert scores(elder, younger, PiquetRules()) == (6, 15)


def test_the_better_fourteen_annuls_the_opponents_sets_and_counts_all_its_owners() -> None:
    """001, rule 24: fourteen aces bar the kings and count the tens and the trio of jacks."""
    elder = "A♠ A♥ A♦ A♣ 10♠ 10♥ 10♦ 10♣ J♠ J♥ J♦ 7♣"
    younger = "K♠ Q♠ 9♠ 8♠ K♥ Q♥ 9♥ 8♥ K♦ Q♦ K♣ Q♣"
    result = reckon([parse_cards(elder), parse_cards(younger)], PiquetRules())
    # The younger's point of four (counted first) stops the elder's repique (rule 28).
    assert result.scores == (14 + 14 + 3, 4)
    assert result.repique is None


def test_any_fourteen_beats_any_trio_even_of_aces() -> None:
    """001, rule 27: four tens, jacks etc. are above three aces and kings."""
    # The younger's single ace (11 pips) wins the point of one card against a ten.
    assert scores("10♠ 10♥ 10♦ 10♣", "A♠ A♥ A♦ 7♣") == (14, 1)


def test_three_aces_beat_three_kings_and_count_the_other_trios() -> None:
    """001, rule 26: the holder of three aces may count three queens, jacks, tens."""
    # The elder's point of two (A♠ Q♠), then his two trios; the kings count nothing.
    assert scores("A♠ A♥ A♦ Q♠ Q♥ Q♦", "K♠ K♥ K♦ 7♣") == (2 + 3 + 3, 0)


def test_nines_and_lower_make_neither_fourteen_nor_trio() -> None:
    """001, rule 25: below the ten neither fourteen nor three is counted."""
    assert sets(parse_cards("9♠ 9♥ 9♦ 9♣ 8♠ 8♥ 8♦")) == []
    assert [s.rank for s in sets(parse_cards("10♠ 10♥ 10♦"))] == [Rank.TEN]
    assert (set_value(4), set_value(3)) == (14, 3)


def test_thirty_in_hand_before_the_lead_is_a_repique_of_ninety() -> None:
    """001, rule 19: counted to thirty in hand before the first lead, he says ninety instead."""
    elder = "Q♣ 10♣ 9♣ Q♦ 10♦ 9♦ A♥ Q♥ 10♥ 9♥ Q♠ 10♠"
    younger = "A♣ K♣ 7♣ J♦ 7♦ K♥ 8♥ 7♥ A♠ K♠ 8♠ 7♠"
    result = reckon([parse_cards(elder), parse_cards(younger)], PiquetRules())
    # point 4 (40 pips against 36), fourteen queens, fourteen tens: 32, and 60 more.
    assert result.scores == (92, 0)
    assert result.repique == 0


def test_the_younger_repiques_when_his_count_comes_first() -> None:
    """001, rules 19, 28: repique needs no lead; the elder's later trio does not stop it."""
    elder = "K♣ Q♣ K♦ Q♦ J♦ 8♦ 7♦ A♥ K♥ 10♥ A♠ 7♠"
    younger = "A♣ J♣ 10♣ 9♣ 8♣ 7♣ 9♥ Q♠ J♠ 10♠ 9♠ 8♠"
    result = reckon([parse_cards(elder), parse_cards(younger)], PiquetRules())
    # point 6, two quints: 36 before the elder's trio of kings.
    assert result.scores == (3, 6 + 15 + 15 + 60)
    assert result.repique == 1


def test_carte_blanche_counts_ten_first_and_stops_a_repique() -> None:
    """001, rule 29: ten for white cards, counted before all else to stop pique and repique."""
    elder = "Q♣ 10♣ 9♣ Q♦ 10♦ 9♦ A♥ Q♥ 10♥ 9♥ Q♠ 10♠"
    younger = "A♣ 8♣ 7♣ A♦ 8♦ 7♦ 8♥ 7♥ A♠ 9♠ 8♠ 7♠"
    result = reckon([parse_cards(elder), parse_cards(younger)], PiquetRules())
    assert result.repique is None
    # The younger: blank 10 and a tierce to the nine; the elder: point 4 and two fourteens.
    assert result.scores == (4 + 28, 10 + 3)


def test_cards_all_put_into_the_count_are_a_carte_rouge_of_twenty() -> None:
    """001, rule 41: cards that were all put into the count score 20 (carte rouge)."""
    elder = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ A♥ A♦ A♣ K♦ K♣ K♥")
    younger = parse_cards("8♠ 7♠ Q♥ J♥ 10♥ 9♥ 8♥ Q♦ J♦ 10♦ 9♦ 8♦")
    with_rouge = reckon([elder, younger], PiquetRules())
    without = reckon([elder, younger], replace(PiquetRules(), carte_rouge=0))
    # point 6, sixième 16, fourteen aces and kings 28: 50; rouge 20; repique 60.
    assert with_rouge.scores[0] == 50 + 20 + 60
    assert without.scores[0] == 50 + 60


def test_twenty_nine_in_hand_makes_a_certain_pique_with_the_first_lead() -> None:
    """001, rules 19, 32: the elder reaches thirty by his first lead while the younger has 0."""
    elder = "K♣ Q♣ 10♣ Q♦ A♥ K♥ Q♥ J♥ 10♥ 9♥ 7♥ 10♠"
    younger = "A♣ J♣ A♦ K♦ J♦ 10♦ 7♦ Q♠ J♠ 9♠ 8♠ 7♠"
    result = reckon([parse_cards(elder), parse_cards(younger)], PiquetRules())
    assert result.scores == (7 + 16 + 3 + 3, 0)
    assert result.pique == 0


def test_the_english_repique_of_thirty_two_is_ninety_two() -> None:
    """Parlett's rules (Cavendish): 30 for combinations before play earns 60 more, 32 + 60."""
    rules = PIQUET.rules("cavendish")
    elder = "Q♣ 10♣ 9♣ Q♦ 10♦ 9♦ A♥ Q♥ 10♥ 9♥ Q♠ 10♠"
    younger = "A♣ K♣ 7♣ J♦ 7♦ K♥ 8♥ 7♥ A♠ K♠ 8♠ 7♠"
    assert reckon([parse_cards(elder), parse_cards(younger)], rules).scores == (92, 0)


def test_a_hand_is_twelve_cards_of_the_piquet_deck_and_no_card_is_in_two_hands() -> None:
    """001, rules 1 and 5: "Колода употребляется в 32 карты", "Карты раздаются по 12 каждому".

    The reckoning itself refuses hands no deal gives, so that no interface has to check them.
    """
    elder = parse_cards("Q♣ 10♣ 9♣ Q♦ 10♦ 9♦ A♥ Q♥ 10♥ 9♥ Q♠ 10♠")
    younger = parse_cards("A♣ K♣ 7♣ J♦ 7♦ K♥ 8♥ 7♥ A♠ K♠ 8♠ 7♠")
    refusals = {
        "the younger hand has 11 cards, not 12": [elder, younger[:-1]],
        r"the elder hand holds 2♠, which is not in the piquet deck \(sevens to aces\)": [
            parse_cards("2♠") + elder[1:],
            younger,
        ],
        "both hands hold A♠": [elder[:-1] + parse_cards("A♠"), younger],
    }
    for reason, hands in refusals.items():
        with pytest.raises(CardParseError, match=reason):
            reckon(hands, PiquetRules())
    assert reckon([elder, younger[:3]], PiquetRules(), partial=True).scores[1] == 0


def test_three_hands_are_ten_cards_each() -> None:
    """001, piquet for three: "Карты раздаются на троих, по десять каждому"."""
    hands = [
        parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ A♥ K♥ Q♥ J♥"),
        parse_cards("10♥ 9♥ 8♥ 7♥ A♦ K♦ Q♦ J♦ 10♦ 9♦"),
        parse_cards("8♦ 7♦ A♣ K♣ Q♣ J♣ 10♣ 9♣ 8♣ 7♣"),
    ]
    with pytest.raises(CardParseError, match="the first hand has 12 cards, not 10"):
        reckon(hands, PiquetRules())


def test_a_count_by_the_other_player_stops_both_pique_and_repique() -> None:
    """001, rule 28: a player stopped by any declaration of the other makes neither.

    "Если один игрок остановит другого каким-нибудь заявлением, то ни пик, ни репик
    существовать не могут". The deal and the reckoning share this one race.
    """
    race = Race()
    assert not race.reaches({0: 20, 1: 0}, 0, 30)
    assert not race.reaches({0: 20, 1: 3}, 1, None)
    assert not race.reaches({0: 30, 1: 3}, 0, 30)
    alone = Race()
    assert not alone.reaches({0: 29, 1: 0}, 0, None)
    assert alone.reaches({0: 30, 1: 0}, 0, 30)
    assert not alone.reaches({0: 31, 1: 0}, 0, 30), "a bonus is made once"


def _calls(elder: str, younger: str, rules: PiquetRules) -> list[tuple[object, ...]]:
    result = reckon([parse_cards(elder), parse_cards(younger)], rules)
    return [
        (call.player, call.kind, call.text, call.status, call.score, cards_text(call.cards))
        for call in result.calls
    ]


def test_the_reckoning_calls_blanche_first_then_each_category_good_or_not_then_rouge() -> None:
    """001, rules 20–29 and 41: each call is named with its category and answered.

    The white younger hand counts its carte blanche first (rule 29); the better point and
    sequences are good and count their cards, the others are not good; the elder, whose
    fourteens take in all twelve cards, counts carte rouge last (rule 41).
    """
    elder = "K♠ Q♠ J♠ K♥ Q♥ J♥ K♦ Q♦ J♦ K♣ Q♣ J♣"
    younger = "A♠ 10♠ 9♠ 8♠ 7♠ A♥ 10♥ 9♥ 8♥ 7♥ A♦ 10♦"
    assert _calls(elder, younger, PiquetRules()) == [
        (1, "carte blanche", "carte blanche", "counted", 10, ""),
        (0, "point", "point of 3 (30)", "not good", 0, ""),
        (1, "point", "point of 5 (45)", "good", 5, "A♠ 10♠ 9♠ 8♠ 7♠"),
        (0, "sequence", "tierce to the king", "not good", 0, ""),
        (1, "sequence", "quart to the ten", "good", 4, "10♠ 9♠ 8♠ 7♠"),
        (1, "sequence", "quart to the ten", "good", 4, "10♥ 9♥ 8♥ 7♥"),
        (0, "sets", "fourteen kings", "good", 14, "K♣ K♦ K♥ K♠"),
        (0, "sets", "fourteen queens", "good", 14, "Q♣ Q♦ Q♥ Q♠"),
        (0, "sets", "fourteen jacks", "good", 14, "J♣ J♦ J♥ J♠"),
        (1, "sets", "trio of aces", "not good", 0, ""),
        (0, "carte rouge", "carte rouge", "counted", 20, ""),
    ]


def test_equal_sequences_are_called_equal_by_both_hands() -> None:
    """001, rule 20: «Точно так же не считаются одинаковые терцы, кварты, квинты»."""
    elder = "A♠ K♠ Q♠ 8♠ A♥ K♥ Q♥ 8♥ 7♦ 8♦ 9♦ 7♣"
    younger = "J♠ 10♠ 9♠ 7♠ J♥ 10♥ 9♥ 7♥ A♦ K♦ Q♦ A♣"
    calls = _calls(elder, younger, PiquetRules())
    assert calls[2:] == [
        (0, "sequence", "tierce major", "equal", 0, ""),
        (1, "sequence", "tierce major", "equal", 0, ""),
    ]


def test_a_carte_blanche_worth_one_point_still_stops_the_others_repique() -> None:
    """001, rule 29: blanche is counted first «чтобы перебить противнику счет пик или репик».

    However little it is worth, a count by the younger ends the elder's race to thirty.
    """
    elder = parse_cards("K♠ Q♠ J♠ K♥ Q♥ J♥ K♦ Q♦ J♦ K♣ Q♣ J♣")
    younger = parse_cards("10♠ 9♠ 8♠ 10♥ 9♥ 8♥ 10♦ 9♦ 8♦ A♣ 10♣ 9♣")
    assert reckon([elder, younger], PiquetRules(carte_blanche=0)).repique == 0
    assert reckon([elder, younger], PiquetRules(carte_blanche=1)).repique is None


def test_the_thresholds_passed_for_three_make_twenty_a_repique_and_a_pique() -> None:
    """001, piquet for three: «посчитавший, не делая хода, до двадцати, сразу … девяносто».

    The deal for three passes its own thresholds; twenty alone in hand is then a repique,
    and twenty and the lead a pique, where the game for two needs thirty.
    """
    elder = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 8♥ 7♥ 9♦ 7♦ K♣ 8♣ 7♣")
    younger = parse_cards("9♠ 8♠ 7♠ A♥ K♥ J♥ 10♥ Q♦ J♦ 8♦ A♣ 9♣")
    rules = PiquetRules()
    plain = reckon([elder, younger], rules)
    assert (plain.scores, plain.repique, plain.pique) == ((20, 0), None, None)
    assert reckon([elder, younger], rules, repique_at=20).scores == (90, 0)
    assert reckon([elder, younger], rules, pique_at=21).pique == 0
    assert reckon([elder, younger], rules, pique_at=22).pique is None, "the lead counts one"
    assert reckon([elder, younger], rules, repique_at=20).calls[-1] == Call(
        0, "repique", "repique", "counted", 70
    )


def test_the_lowest_rank_of_a_set_is_read_from_the_rules_in_the_reckoning() -> None:
    """001, rule 25: «Ниже десятки четырнадцать не считается»; ``min_set_rank`` may allow nines."""
    assert scores("9♠ 9♥ 9♦", "7♠ 8♥") == (1, 0)
    assert scores("9♠ 9♥ 9♦", "7♠ 8♥", replace(BARE, min_set_rank=9)) == (4, 0)


def test_three_hands_may_not_share_a_card_and_piquet_is_for_two_or_three() -> None:
    """001, piquet for three: «Карты раздаются на троих, по десять каждому», from one deck.

    A card in the first and the third hand is named, the cards in deck order; one hand alone
    is not a deal of piquet.
    """
    first = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ A♥ K♥")
    second = parse_cards("Q♥ J♥ 10♥ 9♥ 8♥ 7♥ A♦ K♦ Q♦ J♦")
    third = parse_cards("8♠ 7♠ 10♦ 9♦ 8♦ 7♦ A♣ K♣ Q♣ J♣")
    with pytest.raises(CardParseError, match=r"^two hands hold 7♠ 8♠$"):
        reckon([first, second, third], PiquetRules())
    with pytest.raises(CardParseError, match=r"^piquet is reckoned for two or three hands, not 1$"):
        reckon([first], PiquetRules())


def test_a_trio_called_from_a_fourteen_shows_three_of_its_cards() -> None:
    """001, rules 23–27: a player may call three of his four kings (sinking one), a trio.

    Only trios and fourteens of tens or higher are sets (rule 25); two of a rank is none.
    """
    hand = parse_cards("K♠ K♥ K♦ K♣ 9♠ 9♥ 9♦ A♠ A♥")
    rules = PiquetRules()
    trio = set_of(hand, 3, Rank.KING, rules)
    assert trio is not None
    assert (trio.name, len(trio.cards())) == ("trio of kings", 3)
    fourteen = set_of(hand, 4, Rank.KING, rules)
    assert fourteen is not None
    assert len(fourteen.cards()) == 4
    assert set_of(hand, 3, Rank.NINE, rules) is None
    assert set_of(hand, 2, Rank.ACE, rules) is None
    assert set_of(hand, 3, Rank.ACE, rules) is None


def test_three_tens_are_a_trio_and_three_nines_are_not() -> None:
    """001_776ed664a35a376f.txt, piquet rule 25.

    «Ниже десятки четырнадцать не считается, так же как и три»: tens are the lowest that count.
    """
    hand = parse_cards("10♠ 10♥ 10♦ 9♠ 9♥ 9♦ 7♣")
    rules = PiquetRules()
    trio = set_of(hand, 3, Rank.TEN, rules)
    assert trio is not None
    assert trio.rank == Rank.TEN
    assert set_of(hand, 3, Rank.NINE, rules) is None


def test_of_two_equal_sequences_the_call_finds_the_one_the_hand_lists_first() -> None:
    """001_776ed664a35a376f.txt, piquet rule 23: the cards called are laid on the table on demand.

    With quarts to the king in spades and in clubs the call of a quart finds the same one that
    the hand's sequences list first, so the cards shown are the ones the hand counts.
    """
    hand = parse_cards("K♠ Q♠ J♠ 10♠ K♣ Q♣ J♣ 10♣")
    quart = run_of(hand, 4)
    assert quart is not None
    assert quart == sequences(hand)[0]
    assert cards_text(quart.cards()) == "K♠ Q♠ J♠ 10♠"


def test_a_point_may_be_called_from_a_single_card_and_never_from_none() -> None:
    """001, rules 20–21, and docs/rules/piquet.md, "Declarations": a player may sink.

    He may call fewer cards than he holds, down to one: its pips are then the suit's highest
    card, the best such card of any suit. A point of no cards is no point.
    """
    hand = parse_cards("K♠ 9♠ A♥ 7♥ Q♦ J♦ 10♦")
    assert point_of(hand, 1) == Point(1, 11, Suit.HEARTS)
    assert point_of(hand, 0) is None


def test_a_count_by_the_other_ends_the_race_even_when_his_points_are_later_withdrawn() -> None:
    """001, rule 28: a player stopped by any declaration of the other makes neither bonus.

    «Если один игрок остановит другого каким-нибудь заявлением, то ни пик, ни репик
    существовать не могут». docs/rules/piquet.md, "False declarations": a false call
    counts, then its points are withdrawn or its caller falls into molchanka with a count of
    0. He has still declared, so the one who counted first makes no repique or pique in that
    deal.
    """
    race = Race()
    assert not race.reaches({0: 4, 1: 0}, 0, 30)
    assert not race.reaches({0: 4, 1: 3}, 1, 30)
    assert race.closed
    assert not race.reaches({0: 30, 1: 0}, 0, 30)


def test_the_holder_of_the_better_set_counts_his_others_down_to_the_rules_lowest_rank() -> None:
    """001, rules 24–26: the better set lets its holder count his other fourteens and trios.

    Rule 25 puts the lowest at the ten; ``min_set_rank`` moves it, and the sets counted beside
    the better one follow it: three nines count where nines may, three tens do not where only
    jacks and higher may.
    """

    def counted_sets(elder: str, rules: PiquetRules) -> list[tuple[str, int]]:
        hands = [parse_cards(elder), parse_cards("K♠ K♥ K♦ 7♣")]
        return [
            (call.text, call.score)
            for call in reckon(hands, rules, partial=True).calls
            if call.kind == "sets" and call.player == 0
        ]

    nines = "A♠ A♥ A♦ A♣ 9♠ 9♥ 9♦"
    assert counted_sets(nines, replace(BARE, min_set_rank=9)) == [
        ("fourteen aces", 14),
        ("trio of nines", 3),
    ]
    tens = "A♠ A♥ A♦ A♣ 10♠ 10♥ 10♦"
    assert counted_sets(tens, BARE) == [("fourteen aces", 14), ("trio of tens", 3)]
    assert counted_sets(tens, replace(BARE, min_set_rank=11)) == [("fourteen aces", 14)]


def test_a_hand_reckoned_without_cards_has_no_point_and_scores_nothing() -> None:
    """001, rule 20: the point is the number of cards of the longest suit; no cards, no point.

    Partial hands are reckoned alone (``reckon(partial=True)``), so one may hold no card.
    """
    assert best_point([]) is None
    assert reckon([[], parse_cards("A♠ K♠")], BARE, partial=True).scores == (0, 2)
