"""The irregularities of the deal and the exchange, under the ``irregularities`` option.

Clauses cite the seed 001_776ed664a35a376f.txt, piquet rules 6 and 12–17, and the section for
three players ("the rules ... are the same as in the ordinary game"). Seat 0 deals; seat 1 is
the elder hand. Golden deals are under tests/vectors/piquet/irregular.json.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from cardtable.bots import RandomBot
from cardtable.cards import parse_cards
from cardtable.engine import get_game
from cardtable.errors import IllegalAction
from cardtable.harness import simulate
from cardtable.piquet.actions import (
    Answer,
    DealCards,
    Misdeal,
    PiquetAction,
    Redeal,
    Sink,
    Take,
    action_text,
    parse_action,
)
from cardtable.piquet.deal import PiquetDeal
from cardtable.piquet.rules import PiquetRules
from piquet.tables import DEALER, ELDER, act, play_out, three_hand_deal, two_hand_deal

IRREGULAR = PiquetRules(irregularities=True)
ELDER_HAND = "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♠ 7♠ 7♥ 8♥ 9♥ 10♥"
DEALER_HAND = "A♥ K♥ Q♥ J♥ A♦ K♦ Q♦ J♦ A♣ K♣ Q♣ J♣"
TALON = "10♦ 9♦ 8♦ 7♦ 10♣ 9♣ 8♣ 7♣"
VECTORS = Path(__file__).parent.parent / "vectors" / "piquet" / "irregular.json"
CASES: list[dict[str, Any]] = json.loads(VECTORS.read_text(encoding="utf-8"))["cases"]


def irregular_deal() -> PiquetDeal:
    """The deal of the module's hands with the irregularities option on, not yet dealt."""
    return two_hand_deal(ELDER_HAND, DEALER_HAND, TALON, IRREGULAR)


def refusal(deal: PiquetDeal, text: str) -> str:
    """The reason a deal gives for refusing ``text``."""
    with pytest.raises(IllegalAction) as caught:
        deal.apply(parse_action(text))
    return str(caught.value)


def exposed_card(deal: PiquetDeal) -> Any:
    """The card the last 'exposed' event showed."""
    event = next(e for e in reversed(deal.events) if e.kind == "exposed")
    assert event.audience is None
    (card,) = event.cards
    return card


def test_irregularities_are_off_by_default_and_a_misdeal_is_then_refused() -> None:
    """001, rules 6, 12: a program deal makes no such errors; the option is for paper games."""
    assert PiquetRules().irregularities is False
    deal = two_hand_deal(ELDER_HAND, DEALER_HAND, TALON)
    assert deal.phase == "exchange"
    assert "must exchange first" in refusal(deal, "misdeal exposed talon")


def test_rule_6_an_exposed_card_of_the_dealers_own_gives_no_redeal() -> None:
    """001, rule 6: the dealer's own card exposed: 'пересдачи не может быть'."""
    deal = irregular_deal()
    assert deal.to_move == DEALER
    act(deal, "misdeal exposed seat 0")
    card = exposed_card(deal)
    assert card in parse_cards(DEALER_HAND)
    # The card stays in the dealer's hand, and the elder has seen it.
    assert card in deal.cards_known_to(ELDER)
    assert set(deal.hands[DEALER]) == set(parse_cards(DEALER_HAND))
    assert (deal.phase, deal.to_move) == ("exchange", ELDER)
    assert "redeal" not in deal.tags


def test_rule_6_an_exposed_card_of_the_opponent_gives_him_a_redeal_at_his_wish() -> None:
    """001, rule 6: the opponent's card, his own unseen: a redeal 'по его желанию'."""
    deal = irregular_deal()
    act(deal, "misdeal exposed seat 1")
    assert exposed_card(deal) in parse_cards(ELDER_HAND)
    assert deal.to_move == ELDER
    # He has not yet seen his cards: his view shows none.
    assert deal.view(ELDER).hand == ()
    assert deal.legal_actions() == [Redeal(False), Redeal(True)]
    act(deal, "redeal")
    assert (deal.phase, deal.to_move) == ("deal", DEALER)
    assert Counter(deal.state.pack) == Counter(deal.setup.deck)
    assert deal.state.pack != list(deal.setup.deck)


def test_rule_6_the_opponent_may_instead_accept_the_deal_with_his_card_seen() -> None:
    """001, rule 6: the redeal 'может состояться' — it is the opponent's choice."""
    deal = irregular_deal()
    act(deal, "misdeal exposed seat 1")
    card = exposed_card(deal)
    act(deal, "accept deal")
    assert set(deal.hands[ELDER]) == set(parse_cards(ELDER_HAND))
    assert card in deal.cards_known_to(DEALER)
    assert card in deal.view(DEALER).shown
    assert (deal.phase, deal.to_move) == ("exchange", ELDER)


def test_rule_6_an_exposed_talon_card_obliges_a_redeal() -> None:
    """001, rule 6: 'если открылась прикупная карта - это обязывает к пересдаче'."""
    deal = irregular_deal()
    act(deal, "misdeal exposed talon")
    assert exposed_card(deal) in parse_cards(TALON)
    assert (deal.phase, deal.to_move) == ("deal", DEALER)
    assert "redeal" in deal.tags
    # The redeal's order comes from the deal's seed: the same deal redeals the same cards.
    again = irregular_deal()
    act(again, "misdeal exposed talon")
    assert again.state.pack == deal.state.pack


def test_rule_12_with_thirteen_cards_the_dealers_opponent_decides_and_may_have_a_redeal() -> None:
    """001, rule 12: thirteen cards: right or wrong 'по решению его противника'."""
    deal = irregular_deal()
    act(deal, "misdeal extra seat 0")
    assert len(deal.hands[DEALER]) == 13
    assert len(deal.state.dealer_talon) == 2
    assert deal.to_move == ELDER
    assert "must choose" in refusal(deal, "discard 7♥ 8♥ 9♥")
    act(deal, "redeal")
    assert (deal.phase, deal.to_move) == ("deal", DEALER)
    act(deal, "deal")
    assert [len(deal.hands[seat]) for seat in (ELDER, DEALER)] == [12, 12]


def test_rule_13_the_elder_with_thirteen_discards_one_more_than_he_takes() -> None:
    """001, rule 13: 'сносит пять карт и прикупает только четыре', 4 and 3, 3 and 2."""
    deal = irregular_deal()
    act(deal, "misdeal thirteen seat 1", "accept deal")
    assert len(deal.hands[ELDER]) == 13
    assert "a card too many and must discard" in refusal(deal, "refuse talon")
    for cards in ("7♥ 8♥ 9♥", "7♥ 8♥ 9♥ 10♥", "7♥ 8♥ 9♥ 10♥ 7♠"):
        assert deal.can_apply(parse_action(f"discard {cards}"))
    act(deal, "discard 7♥ 8♥ 9♥ 10♥ 7♠")
    assert len(deal.hands[ELDER]) == 12
    # He took four, all of his part of the talon; the dealer's three remain.
    assert deal.state.elder_talon == []
    assert "must discard 3 cards, not 4" in refusal(deal, "discard A♥ K♥ Q♥ J♥")


def test_rule_14_the_dealer_with_thirteen_discards_three_and_takes_only_two() -> None:
    """001, rule 14: 'Если тринадцать карт у раздающего, он сносит три и берет только две'."""
    deal = irregular_deal()
    act(deal, "misdeal extra seat 0", "accept deal", "discard 7♥ 8♥ 9♥ 10♥ 7♠")
    dealt = list(deal.hands[DEALER])
    act(deal, "discard J♦ J♣ Q♣")
    assert len(deal.hands[DEALER]) == 12
    assert len(set(deal.hands[DEALER]) - set(dealt)) == 2
    assert deal.phase in ("look", "declare")


def test_rule_15_nobody_takes_from_the_talon_before_discarding() -> None:
    """001, rule 15: 'Два раза сносить нельзя. Также нельзя сначала смотреть карты прикупа'."""
    deal = irregular_deal()
    act(deal, "deal")
    assert "discards before he touches the talon" in refusal(deal, "take 3")
    act(deal, "discard 7♥ 8♥ 9♥")
    # One discard each: the turn has passed to the dealer, and the elder's is done.
    assert deal.to_move == DEALER
    assert "seat 0 does not hold 7♠" in refusal(deal, "discard 7♠ 8♠ 9♠")


def test_rule_16_too_few_discarded_may_be_completed_while_the_talon_is_untouched() -> None:
    """001, rule 16: 'ошибку можно исправить до тех пор, пока прикуп не тронут'."""
    deal = irregular_deal()
    act(deal, "deal", "discard 7♥ 8♥")
    assert deal.to_move == ELDER
    assert len(deal.state.elder_talon) == 5
    assert Take(3) in deal.legal_actions()
    act(deal, "discard 9♥")
    assert len(deal.hands[ELDER]) == 12
    assert deal.state.discards[ELDER] == list(parse_cards("7♥ 8♥ 9♥"))
    assert deal.to_move == DEALER
    assert "molchanka" not in deal.tags


def test_rule_16_once_the_talon_is_touched_the_discard_cannot_be_continued() -> None:
    """001, rule 16: 'В противном случае продолжить снос нельзя' — he plays with thirteen."""
    deal = irregular_deal()
    act(deal, "deal", "discard 7♥ 8♥")
    assert "may take 3 or 4 or 5 cards, not 2" in refusal(deal, "take 2")
    act(deal, "take 3")
    assert len(deal.hands[ELDER]) == 13
    assert deal.to_move == DEALER


def test_rule_17_too_many_cards_in_play_is_a_molchanka_and_he_may_declare_nothing() -> None:
    """001, rule 17: 'он играет в молчанку'; molchanka (rule 33): he calls nothing."""
    deal = irregular_deal()
    act(deal, "deal", "discard 7♥ 8♥", "take 3", "refuse talon", "look", "look")
    assert deal.to_move == ELDER
    assert deal.legal_actions() == [Sink()]
    assert "plays in molchanka and declares nothing" in refusal(deal, "declare point 8")
    # The dealer too, holding thirteen, may only let the elder's calls stand.
    deal = irregular_deal()
    act(deal, "deal", "discard 7♥ 8♥ 9♥", "discard J♦ J♣", "take 3", "look", "look")
    assert len(deal.hands[DEALER]) == 13
    act(deal, "declare point 8")
    assert deal.legal_actions() == [Answer("good")]
    assert "plays in molchanka" in refusal(deal, "not good")


@pytest.mark.parametrize("case", CASES, ids=[case["name"][:40] for case in CASES])
def test_rule_17_golden_deals_the_opponent_counts_his_tricks_double(case: dict[str, Any]) -> None:
    """001, rule 17: 'Противник же считает свои вдвойне'; the clause named in each case."""
    deal = two_hand_deal(case["elder"], case["dealer"], case["talon"], PiquetRules(**case["rules"]))
    act(deal, *case["actions"])
    outcome = deal.outcome()
    assert deal.is_over
    assert {str(seat): count for seat, count in outcome.counts.items()} == case["counts"]
    assert {str(seat): won for seat, won in outcome.tricks.items()} == case["tricks"]
    assert sorted(outcome.tags) == sorted(case["tags"])


def test_a_card_too_few_lets_the_elder_choose_and_the_short_hand_takes_one_more() -> None:
    """001, rule 12 by analogy (the seed names only thirteen): the elder decides whether it stands.

    Standing, the short hand takes one more than he discards (an interpretation).
    """
    deal = irregular_deal()
    act(deal, "misdeal short seat 1")
    assert len(deal.hands[ELDER]) == 11
    assert deal.to_move == ELDER
    act(deal, "accept deal")
    assert "a card too few" in refusal(deal, "refuse talon")
    act(deal, "discard 7♥ 8♥ 9♥")
    assert len(deal.hands[ELDER]) == 12
    assert len(deal.state.elder_talon) == 2


def test_for_three_an_exposed_card_gives_its_owner_the_choice_of_a_redeal() -> None:
    """001, piquet for three: 'Правила ... такие же, как и в обыкновенном'; rule 6."""
    deal = three_hand_deal(
        "8♠ 7♠ A♥ K♥ Q♥ A♦ K♦ Q♦ 9♣ 8♣",
        "J♥ 10♥ 9♥ J♦ 10♦ 9♦ A♣ K♣ Q♣ J♣",
        "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♥ 7♥ 8♦ 7♦",
        "10♣ 7♣",
        IRREGULAR,
    )
    assert deal.to_move == 0
    act(deal, "misdeal exposed seat 2")
    assert deal.to_move == 2
    act(deal, "accept deal")
    # The dealer exchanges first for three.
    assert (deal.phase, deal.to_move) == ("exchange", 0)


def test_for_three_a_card_too_many_is_always_redealt() -> None:
    """001, piquet for three: 'прикупать только одну нельзя', so eleven cards mean a redeal.

    The talon of two must be taken whole, so a hand of eleven cannot be put right as in rules
    12–14 (an interpretation).
    """
    deal = three_hand_deal(
        "8♠ 7♠ A♥ K♥ Q♥ A♦ K♦ Q♦ 9♣ 8♣",
        "J♥ 10♥ 9♥ J♦ 10♦ 9♦ A♣ K♣ Q♣ J♣",
        "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♥ 7♥ 8♦ 7♦",
        "10♣ 7♣",
        IRREGULAR,
    )
    act(deal, "misdeal extra seat 1")
    assert (deal.phase, deal.to_move) == ("deal", 0)
    assert "redeal" in deal.tags


def test_for_three_the_dealer_who_discards_one_and_takes_two_plays_in_molchanka() -> None:
    """001, rules 16–17 for three: eleven cards in play: he counts nothing, the others double."""
    deal = three_hand_deal(
        "8♠ 7♠ A♥ K♥ Q♥ A♦ K♦ Q♦ 9♣ 8♣",
        "J♥ 10♥ 9♥ J♦ 10♦ 9♦ A♣ K♣ Q♣ J♣",
        "A♠ K♠ Q♠ J♠ 10♠ 9♠ 8♥ 7♥ 8♦ 7♦",
        "10♣ 7♣",
        IRREGULAR,
    )
    act(deal, "deal", "discard 7♦", "take 2")
    assert len(deal.hands[0]) == 11
    assert deal.legal_actions() == [Sink()]
    play_out(deal)
    outcome = deal.outcome()
    assert outcome.counts[0] == 0
    assert "molchanka" in outcome.tags
    assert sum(outcome.tricks.values()) == 10
    # Every lead and trick of the others counts two, the last trick's extra three six.
    first_play = next(i for i, e in enumerate(deal.events) if e.kind == "play")
    counted = [e.text for e in deal.events[first_play:] if e.kind == "count"]
    assert counted
    assert all(int(text.split(" counts ")[1].split(" ")[0]) % 2 == 0 for text in counted)


@pytest.mark.parametrize(
    "action",
    [
        DealCards(),
        Misdeal("exposed", 1),
        Misdeal("exposed", None),
        Misdeal("extra", 0),
        Misdeal("short", 2),
        Redeal(True),
        Redeal(False),
        Take(4),
    ],
)
def test_every_irregularity_reads_back_from_its_text(action: PiquetAction) -> None:
    """001, rules 6, 12–17: each report is an action with one canonical text."""
    assert parse_action(action_text(action)) == action


def test_the_russian_words_for_the_deal_are_read() -> None:
    """001, rules 6, 12: 'пересдача' is the redeal; the dealer 'сдаёт'."""
    words = ["сдаю", "пересдача", "принимаю", "беру 3"]
    assert [parse_action(word) for word in words] == [
        DealCards(),
        Redeal(True),
        Redeal(False),
        Take(3),
    ]


@pytest.mark.parametrize(
    ("preset", "players"), [("seed", 2), ("cavendish", 2), ("seed", 3), ("cavendish", 3)]
)
def test_the_harness_holds_with_irregularities_reported_at_random(
    preset: str, players: int
) -> None:
    """001, rules 6, 12–17: redeals inside a deal replay exactly and hide every unseen card."""
    game = get_game("piquet")
    rules = game.rules(preset, {"irregularities": True})
    report = simulate(
        game,
        rules,
        players=players,
        deals=10,
        seed=11,
        preset=preset,
        bots=[RandomBot()] * players,
    )
    assert report.ok, report.failures
    assert report.tally.get("misdeal", 0) > 0
