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
from cardtable.poker.variants import Step, step_text

BOOK = "«Покер»"
"""The poker rulebook (002_053e85955f9a4108.txt), cited by its headings."""

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

LIMITS = {
    LimitSystem.FIXED: (
        "Each bet or raise is {minimum} to {maximum} chips.",
        "Каждая ставка или повышение — от {minimum} до {maximum} фишек.",
    ),
    LimitSystem.RISING: (
        "Each bet or raise is {minimum} to {maximum} chips; in the last betting round {factor} "
        "times as much.",
        "Каждая ставка или повышение — от {minimum} до {maximum} фишек; в последнем круге в "
        "{factor} раза больше.",
    ),
    LimitSystem.PREVIOUS_BET: (
        "The opening bet is {minimum} to {maximum} chips; each later bet or raise at most what "
        "the player before put in.",
        "Первая ставка — от {minimum} до {maximum} фишек; каждая следующая — не больше, чем "
        "поставил предыдущий игрок.",
    ),
    LimitSystem.POT: (
        "The opening bet is {minimum} to {maximum} chips; each later bet or raise at most the "
        "pot, the raiser's call counted in.",
        "Первая ставка — от {minimum} до {maximum} фишек; каждая следующая — не больше банка "
        "вместе с уравниванием.",
    ),
    LimitSystem.TABLE_STAKES: (
        "Each bet or raise is at least {minimum} chips and at most what the player has on the "
        "table.",
        "Каждая ставка или повышение — не меньше {minimum} фишек и не больше того, что у "
        "игрока на столе.",
    ),
    LimitSystem.UNLIMITED: (
        "Each bet or raise is at least {minimum} chips, with no most.",
        "Каждая ставка или повышение — не меньше {minimum} фишек, без верхнего предела.",
    ),
}
"""The limit systems of «Пределы ставок», as a player is told them."""

AMOUNTS = {
    FixedAmounts.RANGE: ("any amount between them", "любая сумма между ними"),
    FixedAmounts.LISTED: ("only the amounts {listed}", "только суммы {listed}"),
    FixedAmounts.ENDS: (
        "only the least or the most, nothing between",
        "только наименьшая или наибольшая, ничего между ними",
    ),
}

ANTES = {
    "everyone": ("every player", "каждый игрок"),
    "dealer": ("the dealer", "сдающий"),
    "dealer-and-left": (
        "the dealer with his {ante_left} left neighbour(s)",
        "сдающий и его соседи слева ({ante_left})",
    ),
    "big-blind": ("the last blind", "последний блайнд"),
}
"""Who antes, by ``forced.ante_kind``."""

OPENERS = {
    "jacks": ("jacks or better", "валетами или лучше"),
    "jacks-or-bobtail": ("jacks or better, or a bobtail", "валетами или лучше либо бобтейлом"),
}

UNOPENED = {
    "void": ("void and the antes stay", "недействительна, ставки остаются в банке"),
    "lowball": ("played out as lowball", "разыгрывается как лоуболл"),
}

DECLARING = {
    "in-turn": ("in turn", "по очереди"),
    "chips": ("all at once, with chips in the hand", "все разом, фишками в руке"),
    "cards-speak": ("by the cards alone (cards speak)", "по самим картам"),
}

OPENS_RU = {
    "left": "слева от сдающего",
    "first-bettor": "первый поставивший",
    "high-showing": "лучшая открытая рука",
    "low-showing": "худшая открытая рука",
}
"""Who opens a betting round, in Russian (``step_text`` says it in English)."""


def _said(writer: Writer, words: tuple[str, str]) -> str:
    """The English or the Russian of a pair of words, as the writer's language asks."""
    return words[1] if writer.language == "ru" else words[0]


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
    _session(writer, rules)
    return writer.done("poker", rules.variant.title)


def step_text_ru(step: Step) -> str:
    """A step as Russian players say it.

    >>> step_text_ru(Step("deal", down=2, up=1)), step_text_ru(Step("draw", most=3))
    ('сдача: 2 втёмную, 1 в открытую', 'прикуп до 3')
    """
    if step.do in ("deal", "board"):
        faces = ((step.down, "втёмную"), (step.up, "в открытую"))
        parts = ", ".join(f"{n} {face}" for n, face in faces if n)
        return ("сдача: " if step.do == "deal" else "на стол: ") + parts
    if step.do == "reveal":
        return f"открыть места {list(step.cards)}" if step.cards else f"открыть {step.count}"
    if step.do == "draw":
        few = f" ({step.most_few} при четырёх и меньше)" if step.most_few else ""
        return f"прикуп до {step.most}{few}" + (", сначала сжигается карта" if step.burn else "")
    if step.do == "expose":
        return "открыть карту" + (" или остаться" if step.optional else "")
    if step.do == "bet":
        notes = [f"открывает {OPENS_RU[step.opens]}"]
        notes += [] if step.check else ["без пропуска хода"]
        notes += [] if step.checker_may_raise else ["пропустивший не повышает"]
        notes += ["если все пропустят — пересдача"] if step.void_if_all_check else []
        return f"круг ставок ({', '.join(notes)})"
    return {"name-wild": "назвать козырь", "declare": "заявка", "showdown": "вскрытие"}[step.do]


def _variant(writer: Writer, rules: PokerRules) -> None:
    spec = rules.variant
    writer.say(
        [
            "variant.title",
            "variant.name",
            "variant.source",
            "variant.players_min",
            "variant.players_max",
        ],
        "{title} ({name}), for {players_min} to {players_max} players.",
        "{title} ({name}): от {players_min} до {players_max} игроков.",
        source=spec.source,
    )
    told = step_text_ru if writer.language == "ru" else step_text
    steps = "; ".join(f"{n}. {told(step)}" for n, step in enumerate(spec.steps, start=1))
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
    writer.say(named, *LIMITS[limits.system], factor=limits.rising_last_round_factor)
    if limits.system in (LimitSystem.FIXED, LimitSystem.RISING):
        words = _said(writer, AMOUNTS[limits.amounts]).format(
            listed=", ".join(map(str, limits.listed))
        )
        named = ["limits.amounts"]
        if limits.amounts is FixedAmounts.LISTED:
            named.append("limits.listed")
        writer.say(named, "A bet may be {words}.", "Ставка может быть: {words}.", words=words)
    if limits.round_minimum:
        writer.say(
            ["limits.round_minimum"],
            "Round by round the least bet is {round_minimum} (the last repeating).",
            "По кругам наименьшая ставка: {round_minimum} (последняя повторяется).",
        )
    if limits.round_maximum:
        writer.say(
            ["limits.round_maximum"],
            "Round by round the most bet is {round_maximum} (the last repeating).",
            "По кругам наибольшая ставка: {round_maximum} (последняя повторяется).",
        )
    _limit_terms(writer, rules)
    _raise_caps(writer, rules)
    _forced(writer, rules)
    spec = rules.variant
    if spec.openers != "any":
        writer.say(
            ["variant.openers", "variant.unopened"],
            "The first round is opened only with {hands}; when nobody opens, the deal is "
            "{unopened_words}.",
            "Первый круг открывается только {hands}; если никто не открыл, сдача {unopened_words}.",
            hands=_said(writer, OPENERS[spec.openers]),
            unopened_words=_said(writer, UNOPENED[spec.unopened]),
        )
    if spec.progressive_openers:
        writer.say(
            ["variant.progressive_openers"],
            "After a deal nobody opened, the next needs queens, then kings, aces, kings, "
            "queens, jacks; an opened deal returns to jacks.",
            "После неоткрытой сдачи следующая требует дам, затем королей, тузов, королей, "
            "дам, валетов; открытая сдача возвращает к валетам.",
        )
    if spec.progressive_doubles:
        writer.say(
            ["variant.progressive_doubles"],
            "While a deal stays unopened the limits are doubled.",
            "Пока сдача остаётся неоткрытой, пределы ставок удваиваются.",
        )
    for number, step in enumerate(spec.steps):
        if step.do == "bet" and not step.check:
            writer.say(
                [f"variant.steps.{number}.check"],
                "In the round of step {step}, checking is not allowed.",
                "В круге ставок шага {step} пропускать ход нельзя.",
                step=number + 1,
            )
    writer.section("bet", "Betting", "Ставки")


def _limit_terms(writer: Writer, rules: PokerRules) -> None:
    """The terms of the limit system beyond its numbers: resets, buy-ins, special limits."""
    limits = rules.limits
    if limits.system is LimitSystem.PREVIOUS_BET:
        writer.say(
            ["limits.previous_bet_resets"],
            *(
                (
                    "The limit returns to its start in each betting round.",
                    "В каждом круге ставок предел начинается заново.",
                )
                if limits.previous_bet_resets
                else (
                    "The bets keep growing through the deal.",
                    "Ставки растут на протяжении всей сдачи.",
                )
            ),
        )
    if limits.raise_at_least_last:
        writer.say(
            ["limits.raise_at_least_last"],
            "A raise is at least the previous bet or raise of the round.",
            "Повышение — не меньше предыдущей ставки или повышения круга.",
        )
    if limits.system is LimitSystem.TABLE_STAKES:
        most = (
            _said(
                writer,
                (f", at most {limits.buy_in_maximum}", f", не больше {limits.buy_in_maximum}"),
            )
            if limits.buy_in_maximum
            else ""
        )
        writer.say(
            ["limits.buy_in_minimum", "limits.buy_in_maximum", "limits.top_up_minimum"],
            "Each puts at least {buy_in_minimum} chips on the table{most}; between deals he "
            "adds at least {top_up_minimum}.",
            "Каждый выкладывает на стол не меньше {buy_in_minimum} фишек{most}; между сдачами "
            "добавляет не меньше {top_up_minimum}.",
            most=most,
        )
    if limits.freeze_out:
        writer.say(
            ["limits.freeze_out", "limits.freeze_out_stake"],
            "Freeze-out: each starts with {freeze_out_stake} chips and buys no more; a broke "
            "player is out, and play goes on until one has all.",
            "«Замороженный вклад»: у каждого {freeze_out_stake} фишек без докупки; проигравший "
            "всё выходит, игра идёт, пока все фишки не окажутся у одного.",
        )
    if limits.jackpot:
        writer.say(
            ["limits.jackpot"],
            "Jackpot: when all fold to the opener, the others ante again next deal, whose most "
            "is the pot.",
            "Джекпот: если все спасовали перед открывшим, остальные снова ставят в следующей "
            "сдаче, и её предел — банк.",
        )
    if limits.wangdoodle:
        span = _said(
            writer,
            ("deal", "сдачу")
            if limits.wangdoodle_span.value == "deal"
            else ("round of deals", "круг сдач"),
        )
        writer.say(
            [
                "limits.wangdoodle",
                "limits.wangdoodle_trigger",
                "limits.wangdoodle_factor",
                "limits.wangdoodle_span",
            ],
            "Wangdoodle: after a {wangdoodle_trigger} or better at the showdown the limits are "
            "multiplied by {wangdoodle_factor} for the next {span}.",
            "Вангдудл: после расклада {wangdoodle_trigger} или выше пределы умножаются на "
            "{wangdoodle_factor} на следующую {span}.",
            span=span,
        )


def _raise_caps(writer: Writer, rules: PokerRules) -> None:
    betting = rules.betting
    if betting.checking:
        writer.say(
            ["betting.checking"],
            "A player may check when nothing is owed.",
            "Можно пропустить ход, если ставки нет.",
        )
    else:
        writer.say(["betting.checking"], "Checking is not allowed.", "Пропуск хода запрещён.")
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
            "Все вместе могут повысить не больше {raises_per_round} раз за круг.",
        )
    if betting.short_all_in_reopens:
        writer.say(
            ["betting.short_all_in_reopens"],
            "An all-in raise short of a full raise lets those who acted raise again.",
            "Неполное повышение ва-банк позволяет уже сходившим повысить снова.",
        )
    if betting.freeze_amount:
        writer.say(
            ["betting.freeze_amount"],
            "A player may freeze the raising by adding {freeze_amount} chips to a call.",
            "Игрок может «заморозить» повышения, добавив к уравниванию {freeze_amount} фишек.",
        )


def _forced(writer: Writer, rules: PokerRules) -> None:
    forced = rules.forced
    if forced.ante and forced.ante_kind.value != "none":
        left = forced.ante_kind.value == "dealer-and-left"
        writer.say(
            ["forced.ante_kind", "forced.ante", *(["forced.ante_left"] if left else [])],
            "Before the deal {who} antes {ante} (dead: it does not count to call).",
            "Перед сдачей {who} ставит {ante} (эта ставка не идёт в счёт уравнивания).",
            who=_said(writer, ANTES[forced.ante_kind.value]).format(ante_left=forced.ante_left),
        )
    if forced.blinds:
        writer.say(
            ["forced.blinds", "forced.blind_start"],
            "Blinds of {blinds} are posted clockwise from {blind_start} seat(s) left of the "
            "dealer; they count to call.",
            "Ставки втёмную {blinds} делаются по часовой стрелке с {blind_start}-го места "
            "слева от сдающего; они идут в счёт уравнивания.",
        )
    if forced.straddles:
        writer.say(
            ["forced.straddles"],
            "Up to {straddles} straddles, each double the last.",
            "До {straddles} добровольных ставок втёмную, каждая вдвое больше предыдущей.",
        )
    if forced.blind_option:
        writer.say(
            ["forced.blind_option"],
            "The last blind may still raise when all have only called him.",
            "Последний блайнд может повысить, если все его только уравняли.",
        )
    if forced.button_blind_heads_up:
        writer.say(
            ["forced.button_blind_heads_up"],
            "Two-handed, the dealer posts the first blind and acts first in the blinds' round.",
            "Вдвоём сдающий ставит первый блайнд и ходит первым в круге блайндов.",
        )
    if forced.bring_in:
        writer.say(
            ["forced.bring_in"],
            "The seat the variant names brings in {bring_in}.",
            "Место, названное вариантом, открывает ставкой {bring_in}.",
        )


def _phases(writer: Writer, rules: PokerRules) -> None:
    spec = rules.variant
    for number, step in enumerate(spec.steps):
        if step.do != "draw":
            continue
        few = _said(
            writer,
            (
                f", {step.most_few} with four players or fewer",
                f", при четырёх игроках и меньше — до {step.most_few}",
            ),
        )
        burn = _said(writer, ("; the dealer burns a card first", "; сдающий сначала сжигает карту"))
        writer.say(
            [f"variant.steps.{number}.most", f"variant.steps.{number}.most_few"],
            "Each player still in discards up to {most} cards{few} and is dealt as many "
            "(`discard 7♥ 2♣`), or keeps them (`stand pat`){burn}.",
            "Каждый оставшийся сбрасывает до {most} карт{few} и получает столько же "
            "(`discard 7♥ 2♣`) или остаётся при своих (`stand pat`){burn}.",
            few=few if step.most_few else "",
            burn=burn if step.burn else "",
        )
    writer.section("draw", "The draw", "Прикуп")
    for number, step in enumerate(spec.steps):
        if step.do != "expose":
            continue
        choice = _said(
            writer,
            (
                "; he may instead keep them all down (`stand pat`)",
                "; можно не открывать (`stand pat`)",
            ),
        )
        writer.say(
            [f"variant.steps.{number}.keep_down", f"variant.steps.{number}.optional"],
            "Each player still in turns one down card face up (`expose 9♠`), keeping {keep_down} "
            "down{choice}.",
            "Каждый оставшийся открывает одну закрытую карту (`expose 9♠`), оставляя закрытыми "
            "не меньше {keep_down}{choice}.",
            choice=choice if step.optional else "",
        )
    writer.section("expose", "Turning a card up", "Открыть карту")
    if any(step.do == "name-wild" for step in spec.steps):
        writer.say(
            ["variant.steps"],
            "Each player names one of his down cards (`wild 9♠`): it and every card of its rank "
            "are wild for him alone.",
            "Каждый называет одну из своих закрытых карт (`wild 9♠`): она и все карты её ранга "
            "— его козыри.",
            source=f"{SEED}, «Семикарточный гвоздь»",
        )
    writer.section("name-wild", "Naming your wild card", "Свой козырь")
    if spec.high_low:
        writer.say(
            ["variant.declarations"],
            "Each player still in declares `declare high`, `declare low` or `declare both`, "
            "{how}; the pot is shared between the best of each side.",
            "Каждый оставшийся объявляет `declare high`, `declare low` или `declare both`, "
            "{how}; банк делят лучшие на каждой стороне.",
            how=_said(writer, DECLARING[str(spec.declarations.value)]),
        )
    writer.section("declare", "High-low declarations", "Заявка")


def _showdown(writer: Writer, rules: PokerRules) -> None:
    spec = rules.variant
    writer.say(["variant.win"], *WINS[spec.win])
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
            stands=_said(
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
            "Пять картинок — «блейз», сразу выше расклада {blaze_above}.",
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


def _session(writer: Writer, rules: PokerRules) -> None:
    writer.say(
        ["stake", "deals"],
        "Each player buys {stake} chips; a session is {deals} deals.",
        "Каждый покупает {stake} фишек; сессия — {deals} сдач.",
    )
    session = rules.session
    writer.say(
        ["session.seating"],
        *(
            ("Players are seated at random.", "Места занимают по жребию.")
            if session.seating.value == "random"
            else ("Players are seated by cards dealt face up.", "Места определяются сдачей карт.")
        ),
    )
    if session.length_minutes:
        writer.say(
            ["session.length_minutes"],
            "The session lasts {length_minutes} minutes, kept strictly.",
            "Игра длится {length_minutes} минут, строго.",
        )
    if session.waiting:
        writer.say(
            ["session.waiting"],
            "The players of the last {waiting} chair(s) come later and sit down between deals.",
            "Игроки последних мест ({waiting}) приходят позже и садятся между сдачами.",
        )
    if session.dealers_choice.value != "none":
        writer.say(
            ["session.dealers_choice"],
            *(
                (
                    "The dealer chooses the variant of his deal.",
                    "Сдающий выбирает вариант своей сдачи.",
                )
                if session.dealers_choice.value == "deal"
                else (
                    "The dealer chooses the variant of a whole round of deals.",
                    "Сдающий выбирает вариант на целый круг сдач.",
                )
            ),
        )
    _house(writer, rules)
    writer.section("session", "The session", "Сессия")


def _house(writer: Writer, rules: PokerRules) -> None:
    house = rules.house
    if house.bonus:
        writer.say(
            ["house.bonus", "house.bonus_hands"],
            "A player showing {bonus_hands} is paid {bonus} by every other.",
            "Показавшему {bonus_hands} каждый платит премию {bonus}.",
        )
    if house.kitty.value == "raises":
        writer.say(
            ["house.kitty", "house.kitty_unit"],
            "A pot with more than one raise pays {kitty_unit} to the kitty.",
            "Банк, где было больше одного повышения, платит {kitty_unit} в общую кассу.",
        )
    elif house.kitty.value == "hand":
        writer.say(
            ["house.kitty", "house.kitty_unit", "house.kitty_hand"],
            "A pot won with {kitty_hand} or better pays {kitty_unit} to the kitty.",
            "Банк, выигранный раскладом {kitty_hand} или выше, платит {kitty_unit} в общую кассу.",
        )
    if house.rake_percent:
        cap = house.rake_cap
        writer.say(
            ["house.rake_percent", "house.rake_cap"],
            "The house takes {rake_percent}% of each pot{cap_words}.",
            "Заведение берёт {rake_percent}% каждого банка{cap_words}.",
            cap_words=_said(writer, (f", at most {cap} a deal", f", не больше {cap} со сдачи"))
            if cap
            else "",
        )
    if house.hourly_charge:
        writer.say(
            ["house.hourly_charge"],
            "The house charges each player {hourly_charge} an hour.",
            "Заведение берёт с каждого {hourly_charge} в час.",
        )


def wild_sentences(rules: PokerRules, language: str = "en") -> list[Sentence]:
    """The sentences of the help that say which cards are wild and what they stand for."""
    over = rules_help(rules, language).section("over")
    sentences = over.sentences if over is not None else ()
    return [said for said in sentences if any("hands.wild" in s.name for s in said.settings)]


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


def move_hint(rules: PokerRules, texts: Sequence[str], language: str = "en") -> str:
    """How to make the move now; a limit that takes only some amounts lists each of them.

    >>> from cardtable.poker.limits import Limits
    >>> move_hint(PokerRules(), ["fold", "call", "raise to 2", "raise to 6"])
    '`fold`; or `call`; or raise to between 2 and 6: `raise to 2`'
    >>> ends = PokerRules(limits=Limits(amounts=FixedAmounts.ENDS))
    >>> move_hint(ends, ["check", "bet 1", "bet 5"])
    '`check`; or bet 1 or 5: `bet 1`'
    """
    limits = rules.limits
    listed = limits.system in (LimitSystem.FIXED, LimitSystem.RISING) and (
        limits.amounts is not FixedAmounts.RANGE
    )
    return hint_from_moves(texts, language, listed_amounts=listed)
