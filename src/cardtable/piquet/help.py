"""Piquet's help, written from the rules in force: a section per phase of the deal.

Every sentence reads the options it states from :class:`~cardtable.piquet.rules.PiquetRules`,
so that a table playing with another minimum discard or another last-trick count is told its
own rule, and cites the clause of the seed those options cite (001_776ed664a35a376f.txt,
piquet rules 1–50 and piquet for three), as the book «Энциклопедия игр» (1992) numbers them.

>>> from cardtable.piquet.rules import PiquetRules
>>> help = rules_help(PiquetRules(elder_min_exchange=1))
>>> next(s.text for s in help.section("exchange").sentences)
'The elder hand exchanges 1 to 5 cards: he discards them and takes as many from the talon.'
"""

from __future__ import annotations

from cardtable.engine.help import RulesHelp, Writer
from cardtable.piquet.rules import SEED, PiquetRules

BOOK = "Энциклопедия игр (1992), пикет"
"""Where a player reads the rules: the book and the game, by rule."""

ELDER_TALON = 5
"""The talon cards the elder hand may take (rule 5: five to the right, three to the left)."""


def cite(source: str) -> str:
    """A source as a player looks it up: the seed file named by its book.

    >>> cite("001_776ed664a35a376f.txt, rule 9")
    'Энциклопедия игр (1992), пикет, rule 9'
    """
    return source.replace(SEED, BOOK)


CITED_RU = (
    ("piquet for three", "пикет втроём"),
    ("English game: ", "английская игра: "),
    ("Parlett, rules of piquet (Cavendish's laws)", "Парлетт, правила пикета (законы Кавендиша)"),
    ("'Rubicon Piquet'", "«Пикет с рубиконом»"),
)
"""The English words of the options' sources and the Russian a Russian help cites them by: the
English authors as Russian books write them (Парлетт, Кавендиш); a site's address stays as it
is (docs/web.md, the help panel)."""


def rules_help(rules: PiquetRules, language: str = "en") -> RulesHelp:
    """The rules in force, phase by phase, each sentence naming its options and clause."""
    writer = Writer(rules, language, cite, CITED_RU)
    _dealing(writer, rules)
    _exchange(writer, rules)
    _declarations(writer, rules)
    _play(writer, rules)
    _scoring(writer, rules)
    _three(writer)
    title = "Piquet" if language == "en" else "Пикет"
    return writer.done("piquet", title)


def _dealing(writer: Writer, rules: PiquetRules) -> None:
    writer.say(
        [],
        "A deck of 32 cards; twelve to each player, eight to the talon: five for the elder "
        "hand, three for the dealer.",
        "Колода в 32 карты; по двенадцать каждому, восемь в прикуп: пять старшему, три сдающему.",
        source=f"{SEED}, rules 1, 5",
    )
    if rules.irregularities:
        writer.say(
            ["irregularities"],
            "The dealer says `deal`, or reports an error of the deal: `misdeal exposed seat 1`, "
            "`misdeal exposed talon`, `misdeal extra seat 1`; the player it concerns then says "
            "`redeal` or `accept deal`.",
            "Сдающий говорит «сдаю» или сообщает об ошибке сдачи; тот, кого она касается, "
            "требует пересдачи («пересдача») или принимает сдачу («принимаю»).",
        )
    writer.section("deal", "The deal", "Сдача")


def _exchange(writer: Writer, rules: PiquetRules) -> None:
    writer.say(
        ["elder_min_exchange"],
        "The elder hand exchanges {elder_min_exchange} to 5 cards: he discards them and takes "
        "as many from the talon.",
        "Старший сносит от {elder_min_exchange} до 5 карт и берёт столько же из прикупа.",
    )
    refuse = ["elder_may_refuse", "dealer_may_refuse"]
    if rules.elder_may_refuse and rules.dealer_may_refuse:
        writer.say(
            refuse, "Either player may refuse the talon.", "Любой может отказаться от прикупа."
        )
    elif rules.elder_may_refuse or rules.dealer_may_refuse:
        who = "elder hand" if rules.elder_may_refuse else "dealer"
        who_ru = "старший" if rules.elder_may_refuse else "сдающий"
        writer.say(
            refuse,
            "Only the {who} may refuse the talon.",
            "Отказаться от прикупа может только {who_ru}.",
            who=who,
            who_ru=who_ru,
        )
    else:
        writer.say(refuse, "Neither player may refuse the talon.", "Отказаться от прикупа нельзя.")
    if rules.dealer_takes == "all_or_three":
        writer.say(
            ["dealer_takes"],
            "The dealer then takes all the talon left to him, or only his three.",
            "Сдающий берёт весь оставшийся прикуп или только свои три карты.",
        )
    else:
        writer.say(
            ["dealer_takes"],
            "The dealer then takes any number of the cards left, from the top.",
            "Сдающий берёт сверху сколько угодно из оставшихся карт.",
        )
    writer.section("exchange", "The exchange", "Прикуп")
    words = {
        "look": (
            "Each player in turn may look at the talon cards nobody took (`look` or `no look`).",
            "Каждый по очереди может посмотреть оставшиеся карты прикупа («смотрю», «не смотрю»).",
        ),
        "shown": (
            "The talon cards nobody took are shown to both players.",
            "Оставшиеся карты прикупа открываются обоим.",
        ),
        "hidden": (
            "The talon cards nobody took stay unseen.",
            "Оставшиеся карты прикупа никто не смотрит.",
        ),
    }
    en, ru = words[rules.leftover_talon]
    writer.say(["leftover_talon"], en, ru)
    writer.section("look", "The talon left over", "Остаток прикупа")


def _declarations(writer: Writer, rules: PiquetRules) -> None:
    writer.say(
        [],
        "Category by category — the point, the sequence, then fourteens and trios — the elder "
        "calls and the dealer answers `good`, `not good` or `equal`; only the best of each "
        "category counts, and a combination may be sunk.",
        "По порядку — карты, терцы и кварты, четырнадцать и три — старший объявляет, сдающий "
        "отвечает «годится», «не годится» или «равны»; считается лишь лучшее в каждом роде.",
        source=f"{SEED}, rules 20–28",
    )
    when = "after the exchange" if rules.carte_blanche_when == "exchanged" else "as dealt"
    writer.say(
        ["carte_blanche", "carte_blanche_when"],
        "Carte blanche (no king, queen or jack in the hand {when}) scores {carte_blanche}, "
        "counted first.",
        "Белые карты (ни одной картинки) — {carte_blanche} очков, считаются прежде всего.",
        when=when,
    )
    writer.say(
        ["long_sequence_bonus"],
        "A sequence of three or four scores its length; of five or more, its length plus "
        "{long_sequence_bonus}.",
        "Терц и кварт считаются по числу карт; квинта и больше — число карт и ещё "
        "{long_sequence_bonus}.",
    )
    writer.say(
        ["min_set_rank"],
        "Fourteens (four of a rank) and trios count from rank {min_set_rank} up.",
        "Четырнадцать и три считаются от ранга {min_set_rank}.",
    )
    shown = {
        "on_demand": (
            "A counted combination is shown when the opponent demands it.",
            "Засчитанная комбинация показывается по требованию противника.",
        ),
        "always": (
            "A counted combination is always shown.",
            "Засчитанная комбинация показывается всегда.",
        ),
        "never": (
            "A counted combination is never shown.",
            "Засчитанные комбинации не показываются.",
        ),
    }
    writer.say(["showing"], *shown[rules.showing])
    if rules.carte_rouge:
        writer.say(
            ["carte_rouge"],
            "A hand whose twelve cards all go into counted declarations scores {carte_rouge}.",
            "Рука, все двенадцать карт которой вошли в счёт, — {carte_rouge} очков.",
        )
    writer.say(
        ["repique_at", "repique_to"],
        "Reaching {repique_at} in hand before the first lead is a repique: the count becomes "
        "{repique_to}.",
        "Набравший {repique_at} на руках до захода делает репик: счёт становится {repique_to}.",
    )
    writer.say(
        ["pique_at", "pique_to"],
        "The first leader reaching {pique_at} by hand and leads makes a pique: the count "
        "becomes {pique_to}.",
        "Зашедший первым и досчитавший до {pique_at} делает пик: счёт становится {pique_to}.",
    )
    writer.say(
        [],
        "A false call left standing at the first lead scores nothing: its caller plays in "
        "molchanka.",
        "Объявивший то, чего нет, и не исправивший до захода играет в молчанку.",
        source=f"{SEED}, rule 33",
    )
    writer.section("declare", "The declarations", "Хвальба")


def _play(writer: Writer, rules: PiquetRules) -> None:
    writer.say(
        [],
        "Follow suit if you can, else play any card; the highest card of the suit led takes "
        "the trick.",
        "На масть кладут карту той же масти, за её отсутствием — любую; берёт старшая карта "
        "масти хода.",
        source=f"{SEED}, rule 35",
    )
    writer.say(
        [],
        "Each lead counts one, and each trick taken by a higher card one more.",
        "Каждый заход считается за единицу, каждая взятка старшей картой — ещё единица.",
        source=f"{SEED}, rules 30–31",
    )
    writer.say(
        ["last_trick_extra"],
        "The last trick counts {last_trick_extra} more than the others.",
        "Последняя взятка считается на {last_trick_extra} больше.",
    )
    writer.say(
        ["lesa"],
        "More than half the tricks score {lesa} (the lesa).",
        "Больше половины взяток — леза, {lesa} очков.",
    )
    drops = "without" if rules.capot_drops_last_trick_extra else "with"
    writer.say(
        ["capot", "capot_drops_last_trick_extra"],
        "All the tricks (capot) score {capot} instead of the lesa, {drops} the last trick's extra.",
        "Все взятки (капот) — {capot} очков вместо лезы.",
        drops=drops,
    )
    writer.say(
        ["open_capot"],
        "A capot announced before the first lead (`capot`) scores {open_capot}.",
        "Капот, объявленный до первого хода, — {open_capot} очков.",
    )
    if rules.molchanka_doubles_tricks:
        writer.say(
            ["molchanka_doubles_tricks"],
            "Against a player in molchanka the other counts his leads and tricks double.",
            "Против молчанки противник считает заходы и взятки вдвойне.",
        )
    writer.section("play", "The play", "Розыгрыш")


def _scoring(writer: Writer, rules: PiquetRules) -> None:
    if rules.scoring == "koroliks":
        writer.say(
            ["scoring", "round_koroliks"],
            "The difference of the counts is written to the winner; two deals make a korolik "
            "and three koroliks the partie.",
            "Разность счетов записывается выигравшему; две игры — королик, три королика — партия.",
        )
        writer.say(
            ["korolik_bonus"],
            "A korolik and the partie add {korolik_bonus} to their difference.",
            "К разности королика и партии прибавляется {korolik_bonus}.",
        )
        writer.say(
            ["refet_closes_korolik"],
            "Equal counts are a refet, which closes its korolik; the next one is doubled.",
            "Равный счёт — рефет; он закрывает королик, следующий идёт вдвойне.",
        )
        writer.say(
            ["clean_sheet"],
            "A player whose opponent wins no deal in the partie scores {clean_sheet}.",
            "За сквозную запись противника — {clean_sheet} очков.",
        )
    else:
        writer.say(
            ["scoring", "rubicon"],
            "The partie is played to {rubicon} (the rubicon), its winner adding {rubicon}.",
            "Партия играется до {rubicon} (рубикон).",
        )
    writer.say(
        ["parties", "stake"],
        "A match is {parties} partie(s), at {stake} kopeck(s) a point.",
        "Матч — {parties} партий, по {stake} коп. за очко.",
    )
    writer.section("over", "The score", "Запись")


def _three(writer: Writer) -> None:
    writer.say(
        ["three_talon_all_or_none"],
        "For three: ten cards each and a talon of two, which the dealer takes both or none of.",
        "Втроём: по десять карт, прикуп из двух карт берёт раздающий — обе или ни одной.",
    )
    writer.say(
        ["three_repique_at", "three_pique_at"],
        "For three: a repique at {three_repique_at} in hand, a pique at {three_pique_at} with "
        "the leads.",
        "Втроём: репик — {three_repique_at} на руках, пик — {three_pique_at} при ходах.",
    )
    writer.say(
        ["three_capot", "three_open_capot"],
        "For three: the most tricks make the lesa; a capot scores {three_capot}, announced "
        "{three_open_capot}.",
        "Втроём: леза — за наибольшее число взяток; капот — {three_capot}, объявленный — "
        "{three_open_capot}.",
    )
    writer.say(
        ["three_target"],
        "For three: the first to reach {three_target} leaves the game.",
        "Втроём: первый, достигший {three_target}, выходит из игры.",
    )
    writer.section("three", "Piquet for three", "Пикет втроём")
