"""Poker's help and move hints, written from the table's rules and the variant in force.

A poker table's rules are its variant (what is dealt, the draws, the wild cards, who wins,
high-low declarations), its limits and its forced bets; every sentence here reads them from
:class:`~cardtable.poker.table_rules.PokerRules` and cites the rulebook
(002_053e85955f9a4108.txt) by its headings, as «Покер».

>>> from dataclasses import replace
>>> from cardtable.poker.table_rules import PokerRules
>>> from cardtable.poker.rules import HandRules
>>> from cardtable.poker.variants import VariantSpec
>>> rules = PokerRules(variant=VariantSpec(hands=HandRules(wild=("deuces",))))
>>> rules_help(rules).section("over").sentences[1].text
'Wild cards: 2s; each stands for a card its holder does not have.'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Suit, parse_cards
from cardtable.engine.help import RulesHelp, Sentence, Writer, hint_from_moves
from cardtable.errors import CardParseError
from cardtable.poker.limits import FixedAmounts, LimitSystem
from cardtable.poker.rules import SEED, HandRules
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import step_text

BOOK = "«Покер»"
"""The poker rulebook (002_053e85955f9a4108.txt), cited by its headings."""

WILD_WORDS = {
    "jokers": "jokers",
    "deuce-of-spades": "the 2 of spades",
    "deuces": "2s",
    "deuces-treys": "2s and 3s",
    "red-tens": "red 10s",
}
"""The seed's wild cards ("Козырные карты") in words."""

DEAL_WILD_WORDS = {
    "board-card-and-rank": "the last board card up and its rank",
    "board-rank": "the other cards of the last board card's rank",
    "lowest-board-and-rank": "the lowest board card and its rank",
    "lowest-hole": "each one's lowest hole card",
    "last-hole-and-rank": "each one's last hole card and its rank",
}
"""The wild cards a deal fixes (``deal_wild``), in words."""

NAMED_WILD = "the hole card each one names, and its rank"
"""The wild cards of a ``name-wild`` step, in words."""

SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}

WINS = {
    "high": "The best high hand wins the pot.",
    "low": "The lowest hand wins the pot.",
    "high-low": "The best high hand and the best low hand split the pot.",
    "deuce-to-seven": "The worst high hand wins the pot (deuce to seven).",
}
"""Who wins, by the variant's ``win``."""

LIMITS = {
    LimitSystem.FIXED: "Each bet or raise is {minimum} to {maximum} chips.",
    LimitSystem.RISING: (
        "Each bet or raise is {minimum} to {maximum} chips; in the last betting round {factor} "
        "times as much."
    ),
    LimitSystem.PREVIOUS_BET: (
        "The opening bet is {minimum} to {maximum} chips; each later bet or raise at most what "
        "the player before put in."
    ),
    LimitSystem.POT: (
        "The opening bet is {minimum} to {maximum} chips; each later bet or raise at most the "
        "pot, the raiser's call counted in."
    ),
    LimitSystem.TABLE_STAKES: (
        "Each bet or raise is at least {minimum} chips and at most what the player has on the "
        "table."
    ),
    LimitSystem.UNLIMITED: "Each bet or raise is at least {minimum} chips, with no most.",
}
"""The limit systems of «Пределы ставок», as a player is told them."""

AMOUNTS = {
    FixedAmounts.RANGE: "any amount between them",
    FixedAmounts.LISTED: "only the amounts {listed}",
    FixedAmounts.ENDS: "only the least or the most, nothing between",
}


ANTES = {
    "everyone": "every player",
    "dealer": "the dealer",
    "dealer-and-left": "the dealer with his left neighbours",
    "big-blind": "the last blind",
}
"""Who antes, by ``forced.ante_kind``."""


def cite(source: str) -> str:
    """A source as a player looks it up: the rulebook by its name, not its file.

    >>> cite("002_053e85955f9a4108.txt, Козырные карты")
    '«Покер», Козырные карты'
    """
    return source.replace(SEED, BOOK)


def rules_help(rules: PokerRules, language: str = "en") -> RulesHelp:
    """The table's rules in force: the variant, each phase, the limits and the winner."""
    writer = Writer(rules, language, cite)
    _variant(writer, rules)
    _betting(writer, rules)
    _phases(writer, rules)
    _showdown(writer, rules)
    _session(writer)
    return writer.done("poker", rules.variant.title)


def _variant(writer: Writer, rules: PokerRules) -> None:
    spec = rules.variant
    writer.say(
        ["variant.title", "variant.players_min", "variant.players_max"],
        "{title}, for {players_min} to {players_max} players.",
        "{title}, от {players_min} до {players_max} игроков.",
        source=spec.source,
    )
    steps = "; ".join(f"{n}. {step_text(step)}" for n, step in enumerate(spec.steps, start=1))
    writer.say(["variant.steps"], "Each deal: {list}.", "Каждая сдача: {list}.", list=steps)
    if spec.last_card_down:
        writer.say(
            ["variant.last_card_down"],
            "The last card each player is dealt goes face down.",
            "Последняя карта каждому сдаётся втёмную.",
        )
    writer.section("steps", "The variant", "Вариант")


def _betting(writer: Writer, rules: PokerRules) -> None:
    limits = rules.limits
    named = ["limits.system", "limits.minimum"]
    if limits.system not in (LimitSystem.TABLE_STAKES, LimitSystem.UNLIMITED):
        named.append("limits.maximum")
    if limits.system is LimitSystem.RISING:
        named.append("limits.rising_last_round_factor")
    writer.say(named, LIMITS[limits.system], factor=limits.rising_last_round_factor)
    if limits.system in (LimitSystem.FIXED, LimitSystem.RISING):
        words = AMOUNTS[limits.amounts].format(listed=", ".join(map(str, limits.listed)))
        named = ["limits.amounts"]
        if limits.amounts is FixedAmounts.LISTED:
            named.append("limits.listed")
        writer.say(named, "A bet may be {words}.", words=words)
    if limits.round_minimum:
        writer.say(
            ["limits.round_minimum"],
            "Round by round the least bet is {round_minimum} (the last repeating).",
        )
    if limits.round_maximum:
        writer.say(
            ["limits.round_maximum"],
            "Round by round the most bet is {round_maximum} (the last repeating).",
        )
    _raise_caps(writer, rules)
    _forced(writer, rules)
    spec = rules.variant
    if spec.openers != "any":
        openers = "jacks or better" if spec.openers == "jacks" else "jacks or better, or a bobtail"
        writer.say(
            ["variant.openers", "variant.unopened"],
            "The first round is opened only with {hands}; when nobody opens, the deal is "
            "{unopened_words}.",
            hands=openers,
            unopened_words=(
                "void and the antes stay" if spec.unopened == "void" else "played out as lowball"
            ),
        )
    for number, step in enumerate(spec.steps):
        if step.do == "bet" and not step.check:
            writer.say(
                [f"variant.steps.{number}.check"],
                "In the round of step {step}, checking is not allowed.",
                step=number + 1,
            )
    writer.section("bet", "Betting", "Ставки")


def _raise_caps(writer: Writer, rules: PokerRules) -> None:
    betting = rules.betting
    writer.say(
        ["betting.checking"],
        "A player may check when nothing is owed."
        if betting.checking
        else "Checking is not allowed.",
        "Можно пропустить ход, если ставки нет." if betting.checking else "Пропуск хода запрещён.",
    )
    if betting.raises_per_player:
        writer.say(
            ["betting.raises_per_player"],
            "Each player may raise at most {raises_per_player} times a round.",
            "Каждый может повысить не больше {raises_per_player} раз за круг.",
        )
    if betting.raises_per_round:
        writer.say(
            ["betting.raises_per_round"],
            "All together may raise at most {raises_per_round} times a round.",
        )
    if betting.freeze_amount:
        writer.say(
            ["betting.freeze_amount"],
            "A player may freeze the raising by adding {freeze_amount} chips to a call.",
        )


def _forced(writer: Writer, rules: PokerRules) -> None:
    forced = rules.forced
    if forced.ante and forced.ante_kind.value != "none":
        writer.say(
            ["forced.ante_kind", "forced.ante"],
            "Before the deal {who} antes {ante} (dead: it does not count to call).",
            who=ANTES[forced.ante_kind.value],
        )
    if forced.blinds:
        writer.say(
            ["forced.blinds", "forced.blind_start"],
            "Blinds of {blinds} are posted clockwise from {blind_start} seat(s) left of the "
            "dealer; they count to call.",
        )
    if forced.straddles:
        writer.say(["forced.straddles"], "Up to {straddles} straddles, each double the last.")
    if forced.bring_in:
        writer.say(["forced.bring_in"], "The seat the variant names brings in {bring_in}.")


def _phases(writer: Writer, rules: PokerRules) -> None:
    spec = rules.variant
    for number, step in enumerate(spec.steps):
        if step.do != "draw":
            continue
        few = f", {step.most_few} with four players or fewer" if step.most_few else ""
        burn = "; the dealer burns a card first" if step.burn else ""
        writer.say(
            [f"variant.steps.{number}.most", f"variant.steps.{number}.most_few"],
            "Each player still in discards up to {most} cards{few} and is dealt as many "
            "(`discard 7♥ 2♣`), or keeps them (`stand pat`){burn}.",
            "Каждый оставшийся сбрасывает до {most} карт и получает столько же, или остаётся "
            "при своих.",
            few=few,
            burn=burn,
        )
    writer.section("draw", "The draw", "Прикуп")
    for number, step in enumerate(spec.steps):
        if step.do != "expose":
            continue
        choice = "; he may instead keep them all down (`stand pat`)" if step.optional else ""
        writer.say(
            [f"variant.steps.{number}.keep_down", f"variant.steps.{number}.optional"],
            "Each player still in turns one down card face up (`expose 9♠`), keeping {keep_down} "
            "down{choice}.",
            choice=choice,
        )
    writer.section("expose", "Turning a card up", "Открыть карту")
    if any(step.do == "name-wild" for step in spec.steps):
        writer.say(
            ["variant.steps"],
            "Each player names one of his down cards (`wild 9♠`): it and every card of its rank "
            "are wild for him alone.",
            "Каждый называет одну из своих закрытых карт: она и все карты её ранга — его козыри.",
            source=f"{SEED}, «Семикарточный гвоздь»",
        )
    writer.section("name-wild", "Naming your wild card", "Свой козырь")
    if spec.high_low:
        modes = {
            "in-turn": "in turn",
            "chips": "all at once, with chips in the hand",
            "cards-speak": "by the cards alone (cards speak)",
        }
        writer.say(
            ["variant.declarations"],
            "Each player still in declares `declare high`, `declare low` or `declare both`, "
            "{how}; the pot is shared between the best of each side.",
            how=modes.get(str(spec.declarations.value), str(spec.declarations.value)),
        )
    writer.section("declare", "High-low declarations", "Заявка")


def _showdown(writer: Writer, rules: PokerRules) -> None:
    spec = rules.variant
    writer.say(["variant.win"], WINS[spec.win])
    hands = spec.hands
    named = any(step.do == "name-wild" for step in spec.steps)
    listed = wild_cards_text(hands, named)
    if listed:
        named_wild = [
            f"variant.hands.{name}"
            for name, given in (("wild", hands.wild), ("deal_wild", hands.deal_wild != "none"))
            if given
        ]
        writer.say(
            [*named_wild, "variant.hands.wild_mode"],
            "Wild cards: {listed}; each stands for {stands}.",
            listed=listed,
            stands=(
                "any card, even one its holder has"
                if hands.wild_mode == "any"
                else "a card its holder does not have"
            ),
        )
        if hands.wild_mode == "any" and hands.five_of_a_kind:
            writer.say(
                ["variant.hands.five_of_a_kind"], "Five of a kind ranks above a straight flush."
            )
    if spec.high_low and spec.low_qualifier:
        writer.say(
            ["variant.low_qualifier"],
            "A low hand must have no card above {low_qualifier} (ace 1) to win.",
        )
    if hands.hand_size != 5:
        writer.say(
            ["variant.hands.three_card", "variant.hands.two_card"],
            "A hand is {size} cards.",
            size=hands.hand_size,
        )
    for name, sentence in (
        ("four_flush", "A four flush ranks above one pair and below two pair."),
        ("blaze", "Five court cards make a blaze."),
    ):
        if getattr(hands, name):
            writer.say([f"variant.hands.{name}"], sentence)
    if hands.stripped:
        writer.say(["variant.hands.stripped"], "The {stripped}s are taken out of the deck.")
    if spec.hole_exactly or spec.board_exactly:
        writer.say(
            ["variant.hole_exactly", "variant.board_exactly"],
            "A final hand uses exactly {hole_exactly} of the player's cards and {board_exactly} "
            "of the board (0: any).",
        )
    writer.section("over", "The showdown", "Вскрытие")


def _session(writer: Writer) -> None:
    writer.say(
        ["stake", "deals"],
        "Each player buys {stake} chips; a session is {deals} deals.",
        "Каждый покупает {stake} фишек; сессия — {deals} сдач.",
    )
    writer.section("session", "The session", "Сессия")


def wild_sentences(rules: PokerRules, language: str = "en") -> list[Sentence]:
    """The sentences of the help that say which cards are wild and what they stand for."""
    over = rules_help(rules, language).section("over")
    sentences = over.sentences if over is not None else ()
    return [said for said in sentences if any("hands.wild" in s.name for s in said.settings)]


def wild_cards_text(hands: HandRules, named: bool) -> str:
    """The variant's wild cards in a few words; empty when it has none.

    >>> wild_cards_text(HandRules(wild=("deuces", "K♠", "Q")), False)
    '2s, the K of spades, Qs'
    >>> wild_cards_text(HandRules(deal_wild="lowest-hole"), True)
    "each one's lowest hole card, the hole card each one names, and its rank"
    """
    parts = [_wild_words(name) for name in hands.wild]
    if hands.deal_wild != "none":
        parts.append(DEAL_WILD_WORDS[hands.deal_wild])
    if named:
        parts.append(NAMED_WILD)
    return ", ".join(parts)


def _wild_words(name: str) -> str:
    if name.lower() in WILD_WORDS:
        return WILD_WORDS[name.lower()]
    try:
        cards = parse_cards(name, allow_duplicates=True)
    except CardParseError:
        cards = ()
    if len(cards) == 1 and cards[0].suit is not None:
        return f"the {cards[0].rank.text()} of {SUIT_NAMES[cards[0].suit]}"
    return f"{name.upper()}s"


def move_hint(rules: PokerRules, texts: Sequence[str], language: str = "en") -> str:
    """How to make the move now; a limit that takes only some amounts lists each of them.

    >>> from cardtable.poker.limits import Limits
    >>> move_hint(PokerRules(), ["fold", "call", "raise to 2", "raise to 6"])
    '`fold`; or `call`; or raise to 2 to 6: `raise to 2`'
    >>> ends = PokerRules(limits=Limits(amounts=FixedAmounts.ENDS))
    >>> move_hint(ends, ["check", "bet 1", "bet 5"])
    '`check`; or bet 1 or 5: `bet 1`'
    """
    limits = rules.limits
    listed = limits.system in (LimitSystem.FIXED, LimitSystem.RISING) and (
        limits.amounts is not FixedAmounts.RANGE
    )
    return hint_from_moves(texts, language, listed_amounts=listed)
