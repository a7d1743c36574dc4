"""The help on wild cards: which cards are wild and what each stands for."""

from __future__ import annotations

from cardtable.cards import Suit, parse_cards
from cardtable.engine.help import Writer
from cardtable.errors import CardParseError
from cardtable.poker.help.words import said
from cardtable.poker.rules import HandRules
from cardtable.poker.table_rules import PokerRules

WILD_WORDS = {
    "en": {
        "jokers": "jokers",
        "deuce-of-spades": "the 2 of spades",
        "deuces": "2s",
        "deuces-treys": "2s and 3s",
        "red-tens": "red 10s",
    },
    "ru": {
        "jokers": "джокеры",
        "deuce-of-spades": "двойка пик",
        "deuces": "двойки",
        "deuces-treys": "двойки и тройки",
        "red-tens": "красные десятки",
    },
}
"""The seed's wild cards ("Козырные карты") in words."""

DEAL_WILD_WORDS = {
    "en": {
        "board-card-and-rank": "the last board card up and its rank",
        "board-rank": "the other cards of the last board card's rank",
        "lowest-board-and-rank": "the lowest board card and its rank",
        "lowest-hole": "each one's lowest hole card",
        "last-hole-and-rank": "each one's last hole card and its rank",
        "named": "the hole card each one names, and its rank",
    },
    "ru": {
        "board-card-and-rank": "последняя открытая общая карта и её ранг",
        "board-rank": "другие карты ранга последней общей карты",
        "lowest-board-and-rank": "младшая общая карта и её ранг",
        "lowest-hole": "младшая закрытая карта каждого",
        "last-hole-and-rank": "последняя закрытая карта каждого и её ранг",
        "named": "закрытая карта, которую называет каждый, и её ранг",
    },
}
"""The wild cards a deal fixes (``deal_wild``, and a ``name-wild`` step's), in words."""

SUIT_NAMES = {
    "en": {
        Suit.CLUBS: "clubs",
        Suit.DIAMONDS: "diamonds",
        Suit.HEARTS: "hearts",
        Suit.SPADES: "spades",
    },
    "ru": {Suit.CLUBS: "треф", Suit.DIAMONDS: "бубен", Suit.HEARTS: "червей", Suit.SPADES: "пик"},
}
"""The suits in words, for a single wild card such as the K of spades."""


def write_wild_cards(writer: Writer, rules: PokerRules) -> None:
    """The wild cards and what they stand for, with the hands that only wild cards make."""
    spec = rules.variant
    hands = spec.hands
    named = any(step.do == "name-wild" for step in spec.steps)
    listed = wild_cards_text(hands, named, writer.language)
    if listed:
        named_wild = [
            f"variant.hands.{name}"
            for name, given in (("wild", hands.wild), ("deal_wild", hands.deal_wild != "none"))
            if given
        ]
        any_card = hands.wild_mode == "any"
        writer.say(
            [*named_wild, "variant.hands.wild_mode"],
            "Wild cards: {listed}; each stands for {stands}.",
            "Козыри: {listed}; каждый заменяет {stands}.",
            listed=listed,
            stands=said(
                writer,
                ("any card, even one its holder has", "любую карту, даже имеющуюся у игрока")
                if any_card
                else ("a card its holder does not have", "карту, которой у игрока нет"),
            ),
        )
        if any_card and hands.double_ace_flush:
            writer.say(
                ["variant.hands.double_ace_flush"],
                "A flush with two aces ranks above a flush and below a full house.",
                "Флеш с двумя тузами старше флеша и младше фулл-хауса.",
            )
        if any_card and hands.five_of_a_kind:
            writer.say(
                ["variant.hands.five_of_a_kind"],
                "Five of a kind ranks above a straight flush.",
                "Пять одинаковых карт старше стрит-флеша.",
            )


def wild_cards_text(hands: HandRules, named: bool, language: str = "en") -> str:
    """The variant's wild cards in a few words; empty when it has none.

    >>> wild_cards_text(HandRules(wild=("deuces", "K♠", "Q")), False)
    '2s, the K of spades, Qs'
    >>> wild_cards_text(HandRules(deal_wild="lowest-hole"), True, "ru")
    'младшая закрытая карта каждого, закрытая карта, которую называет каждый, и её ранг'
    """
    parts = [_wild_words(name, language) for name in hands.wild]
    if hands.deal_wild != "none":
        parts.append(DEAL_WILD_WORDS[language][hands.deal_wild])
    if named:
        parts.append(DEAL_WILD_WORDS[language]["named"])
    return ", ".join(parts)


def _wild_words(name: str, language: str) -> str:
    if name.lower() in WILD_WORDS[language]:
        return WILD_WORDS[language][name.lower()]
    try:
        cards = parse_cards(name, allow_duplicates=True)
    except CardParseError:
        cards = ()
    if len(cards) == 1 and cards[0].suit is not None:
        suit = SUIT_NAMES[language][cards[0].suit]
        rank = cards[0].rank.text()
        return f"{rank} {suit}" if language == "ru" else f"the {rank} of {suit}"
    return f"все {name.upper()}" if language == "ru" else f"{name.upper()}s"
