"""The exchange with the talon as pure functions: how many each may take, and every discard.

Clauses cite the seed 001_776ed664a35a376f.txt, piquet rules 9–10 and the section for three
players; the English game cites Parlett's rules (Cavendish), as the options do.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from cardtable.cards import parse_cards
from cardtable.piquet.actions import AnnounceCapot, Correct, Discard, PiquetAction, Refuse
from cardtable.piquet.exchange import dealer_counts, elder_counts, exchanges, three_counts
from cardtable.piquet.rules import PiquetRules

HAND = parse_cards("A♠ K♠ Q♠ J♠ 10♠ 9♥ A♥ A♦ A♣ K♦ K♣ 7♥")


def test_the_elder_takes_at_least_three_of_his_five_talon_cards() -> None:
    """001, piquet rule 9: «Первый игрок может прикупить не менее трех карт»."""
    assert elder_counts(PiquetRules()) == [3, 4, 5]


def test_in_the_english_game_the_elder_may_take_a_single_card() -> None:
    """Parlett (Cavendish): the elder must exchange at least one card, up to five."""
    assert elder_counts(PiquetRules(elder_min_exchange=1)) == [1, 2, 3, 4, 5]
    assert elder_counts(PiquetRules(elder_min_exchange=5)) == [5]


def test_the_dealer_takes_all_that_is_left_to_him_or_only_three() -> None:
    """001, piquet rule 9: the elder's leftovers pass to the dealer, who takes all or three.

    «он может взять только три карты, включая обязательно оставшийся прикуп партнера».
    """
    rules = PiquetRules()
    assert dealer_counts(rules, leftover=0) == [3]
    assert dealer_counts(rules, leftover=1) == [3, 4]
    assert dealer_counts(rules, leftover=2) == [3, 5]


def test_a_dealer_who_may_take_any_number_takes_one_up_to_all_that_is_left() -> None:
    """PiquetRules.dealer_takes 'any': any number from the top of what the elder left him."""
    rules = PiquetRules(dealer_takes="any")
    assert dealer_counts(rules, leftover=0) == [1, 2, 3]
    assert dealer_counts(rules, leftover=2) == [1, 2, 3, 4, 5]


def test_the_dealer_for_three_takes_both_talon_cards_never_one() -> None:
    """001, piquet for three: «Прикупать необходимо две карты, прикупать только одну нельзя»."""
    assert three_counts(PiquetRules()) == [2]
    assert three_counts(PiquetRules(three_talon_all_or_none=False)) == [1, 2]


def test_every_discard_of_each_allowed_count_is_offered_once_and_the_refusal_if_allowed() -> None:
    """001, piquet rules 9–10: any cards of the hand may go, as many as taken; or a refusal.

    «Игроки имеют право совсем отказаться от прикупа».
    """
    offered = exchanges(HAND, [3, 5], may_refuse=True)
    assert offered[0] == Refuse()
    discards = offered[1:]
    assert all(isinstance(action, Discard) for action in discards)
    assert len(discards) == len(set(discards)) == comb(12, 3) + comb(12, 5)
    sizes = {len(action.cards) for action in discards if isinstance(action, Discard)}
    assert sizes == {3, 5}
    assert all(set(action.cards) <= set(HAND) for action in discards if isinstance(action, Discard))


def test_a_player_who_may_not_refuse_is_offered_only_discards() -> None:
    """Parlett (Cavendish): the elder must exchange; 001, rule 10 lets the seed's refuse."""
    offered = exchanges(HAND, [1], may_refuse=False)
    assert offered == [Discard((card,)) for card in sorted(HAND, key=lambda c: c.index)]


def test_the_offered_discards_are_every_combination_once_in_order_and_found_by_membership() -> None:
    """001, piquet rule 9: any cards of the hand may go, as many as are taken.

    The list is made one discard at a time as asked for (indexing, iteration, membership);
    each way of reading it must agree with the combinations of the hand in index order.
    """
    ordered = sorted(HAND, key=lambda c: c.index)
    expected = [Refuse()] + [
        Discard(cards) for count in (3, 4, 5) for cards in combinations(ordered, count)
    ]
    offered = exchanges(HAND, [3, 4, 5], may_refuse=True)
    assert len(offered) == len(expected) == 1 + comb(12, 3) + comb(12, 4) + comb(12, 5)
    assert list(offered) == expected
    assert [offered[number] for number in range(len(offered))] == expected
    assert offered[-1] == expected[-1]
    assert offered[5:9] == expected[5:9]
    assert all(action in offered for action in expected)
    assert Discard(tuple(reversed(ordered[:3]))) not in offered
    assert Discard(tuple(ordered[:2])) not in offered
    with pytest.raises(IndexError):
        offered[len(expected)]


def test_moves_listed_after_the_discards_come_last_and_are_found_by_every_way_of_reading() -> None:
    """001, piquet rules 9–10 (the discards) and 38 (a capot is announced after the exchange).

    A correction or a capot's announcement offered with the discards is listed after them, and
    the list reads the same by index, iteration and membership as the plain list it stands
    for, and equals that list and nothing else (a string, a number); a discard naming a card
    twice, or cards out of the hand's order, is not among them; an index past the end is
    refused by name.
    """
    ordered = sorted(HAND[:5], key=lambda c: c.index)
    more: list[PiquetAction] = [Correct(), AnnounceCapot()]
    offered = exchanges(HAND[:5], [2], may_refuse=True).followed_by(more)
    expected = [Refuse()] + [Discard(cards) for cards in combinations(ordered, 2)] + more
    assert len(offered) == len(expected) == 1 + comb(5, 2) + 2
    assert offered == expected
    assert offered != expected[:-1]
    assert offered != "not a list of moves"
    assert offered != len(expected)
    assert list(offered) == [offered[number] for number in range(len(offered))] == expected
    assert offered[-2:] == more
    assert all(action in offered for action in expected)
    assert Discard((ordered[0], ordered[0])) not in offered
    assert Discard((ordered[1], ordered[0])) not in offered
    assert repr(offered) == f"Exchanges({expected!r})"
    with pytest.raises(IndexError, match=r"^exchange index out of range$"):
        offered[len(expected)]
    with pytest.raises(IndexError, match=r"^exchange index out of range$"):
        offered[-len(expected) - 1]
