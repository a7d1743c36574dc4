"""The help on the showdown: who wins, the wild cards, low hands and what a hand is made of."""

from __future__ import annotations

from cardtable.engine.help import Writer
from cardtable.poker.help.wild import write_wild_cards
from cardtable.poker.help.words import hands_ru
from cardtable.poker.table_rules import PokerRules

WINS = {
    "high": ("The best high hand wins the pot.", "Банк берёт лучшая старшая рука."),
    "low": ("The lowest hand wins the pot.", "Банк берёт самая младшая рука."),
    "high-low": (
        "The best high hand and the best low hand split the pot.",
        "Банк делят лучшая старшая и лучшая младшая руки.",
    ),
    "deuce-to-seven": (
        "The worst high hand wins the pot (deuce to seven).",
        "Банк берёт худшая старшая рука (от двойки до семёрки).",
    ),
}
"""Who wins, by the variant's ``win``."""


def write_showdown(writer: Writer, rules: PokerRules) -> None:
    """Who wins and how the hands are ranked: the section "over"."""
    spec = rules.variant
    writer.say(["variant.win"], *WINS[spec.win])
    write_wild_cards(writer, rules)
    hands = spec.hands
    if hands.low != "none":
        writer.say(
            ["variant.hands.low"],
            *(
                (
                    "Low hands are ranked aces low, straights and flushes not counting.",
                    "Младшие руки: туз — младшая карта, стриты и флеши не считаются.",
                )
                if hands.low == "lowball"
                else (
                    "Low hands are ranked with straights and flushes counting.",
                    "Младшие руки считаются со стритами и флешами.",
                )
            ),
        )
    if hands.jokers:
        writer.say(
            ["variant.hands.jokers"],
            "The deck holds {jokers} joker(s).",
            "В колоде джокеров: {jokers}.",
        )
    if hands.bobtail:
        writer.say(
            ["variant.hands.bobtail"],
            "A four flush or an open-ended four straight may open the betting; it is worth "
            "nothing at the showdown.",
            "Четыре карты до флеша или открытого стрита (бобтейл) открывают торговлю, но при "
            "вскрытии ничего не стоят.",
        )
    if spec.high_low and spec.low_qualifier:
        writer.say(
            ["variant.low_qualifier"],
            "A low hand must have no card above {low_qualifier} (ace 1) to win.",
            "Младшая рука выигрывает, только если в ней нет карты старше {low_qualifier} "
            "(туз — 1).",
        )
    if hands.hand_size != 5:
        writer.say(
            ["variant.hands.three_card", "variant.hands.two_card"],
            "A hand is {size} cards.",
            "Рука — {size} карты.",
            size=hands.hand_size,
        )
    for name, sentence in (
        (
            "four_flush",
            (
                "A four flush ranks above one pair and below two pair.",
                "Четыре карты одной масти — выше пары и ниже двух пар.",
            ),
        ),
    ):
        if getattr(hands, name):
            writer.say([f"variant.hands.{name}"], *sentence)
    if hands.blaze:
        writer.say(
            ["variant.hands.blaze", "variant.hands.blaze_above"],
            "Five court cards make a blaze, ranking just above {blaze_above}.",
            "Пять картинок — «блейз», сразу выше расклада {hand}.",
            hand=hands_ru(hands.blaze_above),
        )
    if hands.stripped:
        writer.say(
            ["variant.hands.stripped"],
            "Taken out of the deck: {stripped}.",
            "Из колоды убраны: {stripped}.",
        )
    if spec.board_lines:
        writer.say(
            ["variant.board_lines"],
            "A final hand uses the player's cards and one line of board places: {lines}.",
            "Итоговая рука — свои карты и одна линия общих карт: {lines}.",
            lines="; ".join(" ".join(str(place) for place in line) for line in spec.board_lines),
        )
    if spec.hole_exactly or spec.board_exactly:
        writer.say(
            ["variant.hole_exactly", "variant.board_exactly"],
            "A final hand uses exactly {hole_exactly} of the player's cards and {board_exactly} "
            "of the board (0: any).",
            "Итоговая рука — ровно {hole_exactly} своих карт и {board_exactly} общих "
            "(0: сколько угодно).",
        )
    writer.section("over", "The showdown", "Вскрытие")
