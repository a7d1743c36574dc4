"""One deal of piquet for two: exchange, declarations, pique, repique, play, capot, molchanka.

Clauses cite the seed 001_776ed664a35a376f.txt, piquet rules 5–45. Seat 0 deals; seat 1 is
the elder hand.
"""

from __future__ import annotations

import pytest

from cardtable.cards import parse_cards
from cardtable.engine import DealSetup, get_game
from cardtable.errors import IllegalAction
from cardtable.piquet.actions import Correct, parse_action
from cardtable.piquet.declarations import sequences
from piquet.tables import DEALER, ELDER, act, play_out, two_hand_deal

STRONG = "A♠ K♠ Q♠ A♥ K♥ Q♥ A♦ K♦ Q♦ A♣ K♣ Q♣"
WEAK = "J♠ 10♠ 9♠ J♥ 10♥ 9♥ J♦ 10♦ 9♦ J♣ 10♣ 9♣"
PIQUE_ELDER = "K♣ Q♣ 10♣ Q♦ A♥ K♥ Q♥ J♥ 10♥ 9♥ 7♥ 10♠"
PIQUE_YOUNGER = "A♣ J♣ A♦ K♦ J♦ 10♦ 7♦ Q♠ J♠ 9♠ 8♠ 7♠"
REPIQUE_ELDER = "Q♣ 10♣ 9♣ Q♦ 10♦ 9♦ A♥ Q♥ 10♥ 9♥ Q♠ 10♠"
REPIQUE_YOUNGER = "A♣ K♣ 7♣ J♦ 7♦ K♥ 8♥ 7♥ A♠ K♠ 8♠ 7♠"
# Both refuse the talon and both look at the eight cards left (rules 10, 11).
START = ("refuse talon", "refuse talon", "look", "look")


def refusal(deal: object, text: str) -> str:
    """The reason a deal gives for refusing ``text``."""
    with pytest.raises(IllegalAction) as caught:
        deal.apply(parse_action(text))  # type: ignore[attr-defined]
    return str(caught.value)


def test_the_elder_must_take_at_least_three_cards_from_his_five() -> None:
    """001, rule 9: 'Первый игрок может прикупить не менее трех карт'."""
    deal = two_hand_deal(STRONG, WEAK)
    assert "must discard 3 or 4 or 5 cards, not 2" in refusal(deal, "discard A♠ K♠")


def test_the_elders_leftovers_pass_to_the_dealer_who_takes_all_or_only_three() -> None:
    """001, rule 9: the dealer takes all five or only three, the elder's leftovers among them."""
    deal = two_hand_deal(STRONG, WEAK, talon="8♠ 8♥ 8♦ 8♣ 7♠ 7♥ 7♦ 7♣")
    act(deal, "discard Q♠ Q♥ Q♦")
    assert deal.hands[ELDER][-3:] == list(parse_cards("8♠ 8♥ 8♦"))
    assert "not 4" in refusal(deal, "discard J♠ 10♠ 9♠ J♥")
    act(deal, "discard J♠ 10♠ 9♠")
    # The elder's two leftovers (8♣ 7♠) come first, then the top of the dealer's own three.
    assert deal.hands[DEALER][-3:] == list(parse_cards("8♣ 7♠ 7♥"))


def test_when_the_elder_refuses_nobody_takes_his_cards() -> None:
    """001, rule 10: after a refusal nobody may use the other's talon."""
    deal = two_hand_deal(STRONG, WEAK, talon="8♠ 8♥ 8♦ 8♣ 7♠ 7♥ 7♦ 7♣")
    act(deal, "refuse talon")
    assert "must discard 3 cards, not 5" in refusal(deal, "discard J♠ 10♠ 9♠ J♥ 10♥")
    act(deal, "discard J♠ 10♠ 9♠")
    assert deal.hands[DEALER][-3:] == list(parse_cards("7♥ 7♦ 7♣"))


def test_cards_taken_are_seen_by_the_taker_and_the_leftovers_by_whoever_looks() -> None:
    """001, rules 9, 11: the talon is taken unseen by the other; each may look at what is left."""
    deal = two_hand_deal(STRONG, WEAK, talon="8♠ 8♥ 8♦ 8♣ 7♠ 7♥ 7♦ 7♣")
    act(deal, "discard Q♠ Q♥ Q♦", "discard J♠ 10♠ 9♠")
    taken_by_elder = set(parse_cards("8♠ 8♥ 8♦"))
    assert taken_by_elder <= deal.cards_known_to(ELDER)
    assert not taken_by_elder & deal.cards_known_to(DEALER)
    act(deal, "look", "no look")
    leftover = set(parse_cards("7♦ 7♣"))
    assert leftover <= deal.cards_known_to(ELDER)
    assert not leftover & deal.cards_known_to(DEALER)


def test_the_exchange_happens_once_and_declarations_follow() -> None:
    """001, rules 15, 20: no second discard; after the exchange the elder declares."""
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, "refuse talon", "refuse talon")
    assert deal.phase == "look"
    assert "may look at the talon" in refusal(deal, "discard A♠ K♠ Q♠")
    act(deal, "look", "look")
    assert deal.phase == "declare"
    assert "must call a point or sink" in refusal(deal, "discard A♠ K♠ Q♠")


def test_an_answer_of_not_good_without_a_better_point_is_refused() -> None:
    """001, rule 20: 'not good' means the younger holds more cards; the engine knows the hands."""
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, *START, "declare point 3")
    assert "holds no better point" in refusal(deal, "not good")


def test_a_pique_turns_thirty_into_sixty_at_the_first_lead() -> None:
    """001, rules 19, 32: 29 in hand, the elder leads for 30 and says sixty; the younger has 0."""
    deal = two_hand_deal(PIQUE_ELDER, PIQUE_YOUNGER)
    act(deal, *START, "declare point 7", "good", "demand")
    # Demanded, the elder's seven hearts are shown to the younger (rule 23).
    assert set(parse_cards("A♥ K♥ Q♥ J♥ 10♥ 9♥ 7♥")) <= deal.cards_known_to(DEALER)
    act(deal, "declare sequence 6", "good", "trust", "declare trio Q", "good", "trust")
    assert deal.counts == {ELDER: 7 + 16 + 3 + 3, DEALER: 0}
    act(deal, "play A♥")
    assert deal.counts[ELDER] == 60
    play_out(deal)
    assert "pique" in deal.outcome().tags


def test_a_younger_count_stops_the_pique() -> None:
    """001, rule 19: pique is possible only if the opponent declares nothing."""
    deal = two_hand_deal(PIQUE_ELDER, PIQUE_YOUNGER)
    act(deal, *START, "sink", "declare point 5", "trust", "declare sequence 6", "good", "trust")
    act(deal, "declare trio Q", "good", "trust", "play A♥")
    assert deal.counts == {ELDER: 16 + 6 + 1, DEALER: 5}
    play_out(deal)
    assert "pique" not in deal.outcome().tags


def test_a_repique_of_thirty_two_is_ninety_two_before_the_lead() -> None:
    """001, rule 19: thirty in hand before the first lead: he says ninety; 32 becomes 92."""
    deal = two_hand_deal(REPIQUE_ELDER, REPIQUE_YOUNGER)
    act(deal, *START, "declare point 4", "equal", "trust")
    # Equal length: 40 pips against 36, the elder's point stands.
    act(deal, "sink", "sink", "declare fourteen Q", "good", "trust")
    assert deal.counts == {ELDER: 92, DEALER: 0}
    assert deal.phase == "play"


def test_a_capot_scores_forty_without_the_last_trick_or_the_lesa() -> None:
    """001, rules 38–39: all twelve tricks: 40, neither the extra three nor the lesa."""
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, *START, "declare point 3", "equal", "trust")
    act(deal, "declare sequence 3", "equal", "trust", "declare fourteen A", "good", "trust")
    # point 3, four tierces 12, fourteen aces kings queens 42: 57 -> repique 117; rouge 20.
    assert deal.counts[ELDER] == 3 + 12 + 42 + 60 + 20
    play_out(deal)
    outcome = deal.outcome()
    assert outcome.tricks == {ELDER: 12, DEALER: 0}
    assert outcome.counts == {ELDER: 137 + 12 + 40, DEALER: 0}
    assert "capot" in outcome.tags


def test_the_capot_does_not_make_a_pique() -> None:
    """001, rules 19, 32, 38: the pique is counted «делает заход и досчитывает до тридцати».

    Three in hand and twelve leads are 15 when the play ends; the capot's 40 is counted after
    the last trick, not at a lead, so it makes 55 and no pique.
    """
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, *START, "declare point 3", "equal", "trust", "sink", "sink", "sink", "sink")
    assert deal.counts == {ELDER: 3, DEALER: 0}
    play_out(deal)
    outcome = deal.outcome()
    assert outcome.counts == {ELDER: 3 + 12 + 40, DEALER: 0}
    assert outcome.tags == ("capot",)


def test_an_open_capot_announced_before_the_first_lead_scores_eighty() -> None:
    """001, rule 38: the capot announced before the first lead adds 80."""
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, *START, "declare point 3", "equal", "trust")
    act(deal, "declare sequence 3", "equal", "trust", "declare fourteen A", "good", "trust")
    act(deal, "capot")
    play_out(deal)
    assert deal.outcome().counts == {ELDER: 137 + 12 + 80, DEALER: 0}
    assert "open capot" in deal.outcome().tags


def test_a_false_declaration_left_at_the_lead_is_a_molchanka() -> None:
    """001, rules 33 and 17: he who called what he has not counts nothing; the other doubles."""
    deal = two_hand_deal(WEAK, STRONG)
    act(deal, *START, "declare point 5", "good", "demand")
    assert "seat 1 cannot show it" in str(deal.events[-1])
    act(deal, "declare sequence 3", "equal", "trust", "declare fourteen J", "not good", "trust")
    # The younger: four tierces 12, fourteens 42, carte rouge 20; the elder his false 5.
    assert deal.counts == {ELDER: 5, DEALER: 74}
    play_out(deal)
    outcome = deal.outcome()
    assert "molchanka" in outcome.tags
    # Eleven leads and one trick on the elder's lead, doubled, and the capot's 40.
    assert outcome.counts == {ELDER: 0, DEALER: 74 + 2 * 12 + 40}


def test_the_running_count_adds_one_per_lead_one_per_trick_taken_and_four_for_the_last() -> None:
    """001, rules 30, 31, 37, 40: leads and tricks taken on the other's lead; last 4; lesa 10."""
    deal = two_hand_deal(
        "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 7♥ 8♥ 9♥ 10♥", "A♥ K♥ Q♥ J♥ A♦ K♦ Q♦ J♦ A♣ K♣ Q♣ J♣"
    )
    act(deal, *START, "sink", "sink", "sink", "sink", "sink", "sink")
    spades = ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠"]
    discards = ["J♦", "Q♦", "K♦", "A♦", "J♣", "Q♣", "K♣", "A♣"]
    for spade, discard in zip(spades, discards, strict=True):
        act(deal, f"play {spade}", f"play {discard}")
    assert deal.counts == {ELDER: 8, DEALER: 0}
    act(deal, "play 7♥", "play J♥")
    # The elder led (1); the younger took the trick on the elder's lead (1).
    assert deal.counts == {ELDER: 9, DEALER: 1}
    act(deal, "play Q♥", "play 8♥", "play K♥", "play 9♥", "play A♥", "play 10♥")
    outcome = deal.outcome()
    assert outcome.tricks == {ELDER: 8, DEALER: 4}
    # The younger: three leads and the last trick's extra three; the elder: eight tricks, lesa.
    assert outcome.counts == {ELDER: 9 + 10, DEALER: 1 + 3 + 3}
    assert "lesa" in outcome.tags


def test_a_player_must_follow_suit() -> None:
    """001, rule 35: to a lead one must play the suit led if one holds it."""
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, *START, "sink", "sink", "sink", "sink", "sink", "sink")
    act(deal, "play A♠")
    assert "must follow" in refusal(deal, "play J♥")


def test_a_declaration_forgotten_is_lost_after_the_first_lead() -> None:
    """001, rule 34: after the first lead nothing more may be declared."""
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, *START, "sink", "sink", "sink", "sink", "sink", "sink")
    act(deal, "play A♠", "play 9♠")
    assert "time to play a card" in refusal(deal, "declare fourteen A")


def test_thirty_two_cards_deal_twelve_each_and_a_talon_of_five_and_three() -> None:
    """001, rules 1 and 5: 32 cards; twelve each; five for the elder, three for the dealer."""
    deal = two_hand_deal(STRONG, WEAK)
    assert len(deal.hands[ELDER]) == len(deal.hands[DEALER]) == 12
    assert (len(deal.state.elder_talon), len(deal.state.dealer_talon)) == (5, 3)
    assert len(set(deal.setup.deck)) == 32


def test_sequences_from_the_ace_are_called_major() -> None:
    """001, rules 42–45: a quart from the ace is a quart major; from the queen, to the queen."""
    names = [run.name for run in sequences(parse_cards("A♠ K♠ Q♠ J♠ Q♥ J♥ 10♥"))]
    assert names == ["quart major", "tierce to the queen"]


def test_the_youngers_carte_blanche_counts_first_and_stops_the_elders_repique() -> None:
    """001, rule 29: the ten for white cards are counted first, to stop a pique or repique."""
    deal = two_hand_deal(REPIQUE_ELDER, "A♣ 8♣ 7♣ A♦ 8♦ 7♦ 8♥ 7♥ A♠ 9♠ 8♠ 7♠")
    act(deal, *START, "trust")
    assert deal.counts == {ELDER: 0, DEALER: 10}
    act(deal, "declare point 4", "equal", "trust", "sink", "declare sequence 3", "trust")
    act(deal, "declare fourteen Q", "good", "trust")
    assert deal.counts == {ELDER: 4 + 28, DEALER: 10 + 3}
    assert "repique" not in deal.tags


def test_equal_counts_at_the_end_of_a_deal_are_a_refet() -> None:
    """001, rule 47: 'оба партнера будут иметь одинаковый счет … это называется рефетом'."""
    deal = two_hand_deal(
        "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 7♥ 8♥ 9♥ 10♥", "A♥ K♥ Q♥ J♥ A♦ K♦ Q♦ J♦ A♣ K♣ Q♣ J♣"
    )
    # Both sink the point; the elder calls a sixième of his eight spades (16) and with it
    # counts his quart of hearts (4).
    act(deal, *START, "sink", "sink", "declare sequence 6", "good", "trust")
    # The younger's trios of aces, kings, queens and jacks take in all his cards: 12 + 20.
    act(deal, "sink", "declare trio A", "trust")
    assert deal.counts == {ELDER: 20, DEALER: 32}
    spades = ["A♠", "K♠", "Q♠", "J♠", "10♠", "9♠", "8♠", "7♠"]
    discards = ["J♦", "Q♦", "K♦", "A♦", "J♣", "Q♣", "K♣", "A♣"]
    for spade, discard in zip(spades, discards, strict=True):
        act(deal, f"play {spade}", f"play {discard}")
    act(deal, "play 7♥", "play J♥", "play Q♥", "play 8♥", "play K♥", "play 9♥", "play A♥")
    act(deal, "play 10♥")
    # The elder: nine leads and the lesa; the younger: a trick, three leads, the last's three.
    outcome = deal.outcome()
    assert outcome.counts == {ELDER: 20 + 9 + 10, DEALER: 32 + 1 + 3 + 3}
    assert "refet" in get_game("piquet").deal_tags(outcome)


def test_a_false_declaration_corrected_before_the_lead_only_loses_its_points() -> None:
    """001, rule 33: the molchanka falls on him who 'не исправит своей ошибки до захода'."""
    deal = two_hand_deal(WEAK, STRONG)
    act(deal, *START, "declare point 5", "good", "trust")
    assert deal.counts == {ELDER: 5, DEALER: 0}
    assert Correct() in deal.legal_actions()
    act(deal, "correct")
    assert deal.counts == {ELDER: 0, DEALER: 0}
    assert "has no false declaration" in refusal(deal, "correct")
    act(deal, "sink", "sink", "sink", "sink")
    play_out(deal)
    assert "molchanka" not in deal.outcome().tags
    # The elder's first lead counts for him again.
    assert deal.outcome().counts[ELDER] == 1


def test_a_true_declaration_cannot_be_corrected() -> None:
    """001, rule 33: only what one does not hold is corrected."""
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, *START, "declare point 3")
    assert "has no false declaration" in refusal(deal, "correct")


def test_the_younger_too_may_announce_a_capot_when_he_has_the_word() -> None:
    """001, rule 38: whoever takes all twelve, having warned before the first lead, adds 80."""
    deal = two_hand_deal(WEAK, STRONG)
    act(deal, *START, "sink", "capot", "sink", "sink", "sink", "sink", "sink")
    assert "announced once" in refusal(deal, "capot")
    play_out(deal)
    outcome = deal.outcome()
    # The elder's one lead; the younger's trick on it, eleven leads, and the open capot.
    assert outcome.counts == {ELDER: 1, DEALER: 1 + 11 + 80}
    assert "open capot" in outcome.tags


def test_a_card_not_of_the_suit_led_is_taken_back_and_the_suit_played() -> None:
    """001, rule 36: a wrong card 'можно взять ... обратно и заменить' — it never lands."""
    deal = two_hand_deal(STRONG, WEAK)
    act(deal, *START, "sink", "sink", "sink", "sink", "sink", "sink", "play A♠")
    refusal(deal, "play J♥")
    assert deal.trick == list(parse_cards("A♠"))
    assert parse_cards("J♥")[0] in deal.hands[DEALER]
    act(deal, "play 9♠")
    assert deal.tricks == {ELDER: 1, DEALER: 0}


def test_a_declaration_trusted_stays_hidden_and_one_demanded_is_shown_to_all() -> None:
    """001, rule 23: the cards declared 'должны быть выложены на стол по первому требованию'."""
    deal = two_hand_deal(PIQUE_ELDER, PIQUE_YOUNGER)
    act(deal, *START, "declare point 7", "good", "trust")
    assert not set(parse_cards("A♥ K♥ Q♥ J♥ 10♥ 9♥ 7♥")) & set(deal.view(DEALER).shown)
    act(deal, "declare sequence 6", "good", "demand")
    assert set(parse_cards("A♥ K♥ Q♥ J♥ 10♥ 9♥")) <= set(deal.view(DEALER).shown)


def test_every_deal_is_dealt_from_a_whole_pack_of_thirty_two() -> None:
    """001, rules 1–3: each deals with a whole pack, cut by the opponent (table practice).

    The record keeps each deal's order; a pack that is not the 32 cards is refused.
    """
    game = get_game("piquet")
    match = game.new_match(game.rules(), ["A", "B"])
    pack = match.deck()
    assert len(set(pack)) == 32
    with pytest.raises(IllegalAction, match="not this game's deck"):
        match.start_deal_from(DealSetup(match.next_dealer(), pack[:-1] + pack[:1], 0))
