"""The help on betting: the limit system and its terms, raise caps and who may open."""

from __future__ import annotations

from cardtable.engine.help import Writer
from cardtable.poker.help.forced import write_forced_bets
from cardtable.poker.help.words import hands_ru, said
from cardtable.poker.limits import FixedAmounts, LimitSystem
from cardtable.poker.table_rules import PokerRules

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

OPENERS = {
    "jacks": ("jacks or better", "валетами или лучше"),
    "jacks-or-bobtail": ("jacks or better, or a bobtail", "валетами или лучше либо бобтейлом"),
}

UNOPENED = {
    "void": ("void and the antes stay", "недействительна, ставки остаются в банке"),
    "lowball": ("played out as lowball", "разыгрывается как лоуболл"),
}


def write_betting(writer: Writer, rules: PokerRules) -> None:
    """The limits, the raise caps, the forced bets and the openers: the section "bet"."""
    limits = rules.limits
    named = ["limits.system", "limits.minimum"]
    if limits.system not in (LimitSystem.TABLE_STAKES, LimitSystem.UNLIMITED):
        named.append("limits.maximum")
    if limits.system is LimitSystem.RISING:
        named.append("limits.rising_last_round_factor")
    writer.say(named, *LIMITS[limits.system], factor=limits.rising_last_round_factor)
    if limits.system in (LimitSystem.FIXED, LimitSystem.RISING):
        words = said(writer, AMOUNTS[limits.amounts]).format(
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
    write_forced_bets(writer, rules)
    spec = rules.variant
    if spec.openers != "any":
        writer.say(
            ["variant.openers", "variant.unopened"],
            "The first round is opened only with {hands}; when nobody opens, the deal is "
            "{unopened_words}.",
            "Первый круг открывается только {hands}; если никто не открыл, сдача {unopened_words}.",
            hands=said(writer, OPENERS[spec.openers]),
            unopened_words=said(writer, UNOPENED[spec.unopened]),
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
            said(
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
        span = said(
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
            "Вангдудл: после расклада {hand} или выше пределы умножаются на "
            "{wangdoodle_factor} на следующую {span}.",
            span=span,
            hand=hands_ru(limits.wangdoodle_trigger),
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
