"""Preferans's help and move hints, written from the rules in force, phase by phase.

Each sentence reads the options it states from :class:`~cardtable.preferans.rules.PreferansRules`
and cites their clause: the seed (001_776ed664a35a376f.txt, preferans rules 1–48, as the book
«Энциклопедия игр» (1992) numbers them), the tournament code's fragment
(003_b655b01c110fd414.txt) or the Russian Preferans Code of 1996.

>>> from cardtable.preferans.rules import PreferansRules
>>> rules_help(PreferansRules(hold="none")).section("auction").sentences[2].text
'A standing bid cannot be held: each must bid higher or pass.'
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.engine.help import HintPart, RulesHelp, Writer, hint_parts, hint_text
from cardtable.preferans.pulka import match_scoring
from cardtable.preferans.rules import SEED, PreferansRules

BOOK = "Энциклопедия игр (1992), преферанс"
"""Where a player reads the rules: the book and the game, by rule."""

CODE_FRAGMENT = "003_b655b01c110fd414.txt"
"""The tournament code's fragment among the seeds."""

SEED_FILE = SEED.split(",")[0]


def cite(source: str) -> str:
    """A source as a player looks it up: the seed files named by their books.

    >>> cite("001_776ed664a35a376f.txt, preferans rule 19")
    'Энциклопедия игр (1992), преферанс, rule 19'
    """
    cited = source.replace(SEED, BOOK + ",").replace(SEED_FILE, BOOK)
    return cited.replace(CODE_FRAGMENT, "турнирный кодекс преферанса")


CITED_RU = (
    ("(the pulka is agreed before play)", "(размер пульки оговаривается до игры)"),
    ("modern practice of catching a misère", "современная практика ловли мизера"),
    ("modern open whist", "современные правила открытого виста"),
    ("modern 'здесь'", "современные правила, «здесь»"),
    ("modern 'выход из распасов'", "современные правила, «выход из распасов»"),
    ("first-card:", "после первого хода любого из игроков:"),
    ("modern:", "современные правила:"),
)
"""The English words of the options' sources and the Russian a Russian help cites them by; a
site's address stays as it is (docs/web.md, the help panel)."""


def rules_help(rules: PreferansRules, language: str = "en") -> RulesHelp:
    """The rules in force, phase by phase, each sentence naming its options and clause."""
    writer = Writer(rules, language, cite, CITED_RU)
    _deal(writer, rules)
    _auction(writer, rules)
    _talon(writer, rules)
    _whist(writer, rules)
    _play(writer, rules)
    _score(writer, rules)
    title = "Preferans" if language == "en" else "Преферанс"
    return writer.done("preferans", title)


def _deal(writer: Writer, rules: PreferansRules) -> None:
    writer.say(
        ["talon_after_round"],
        "A deck of 32 cards; ten to each of three players, two by two, the two talon cards "
        "laid aside after round {talon_after_round} of the deal.",
        "Колода в 32 карты; по десять каждому из трёх, по две; прикуп откладывается после "
        "{talon_after_round}-го круга сдачи.",
    )
    if rules.irregularities:
        writer.say(
            ["irregularities"],
            "Before the first call the first hand may claim a misdeal: the deal is dealt again.",
            "До первого слова первая рука может заявить о неправильной сдаче: пересдача.",
        )
    writer.section("deal", "The deal", "Сдача")


def _auction(writer: Writer, rules: PreferansRules) -> None:
    writer.say(
        [],
        "The first hand speaks first, then each to the left: a bid above the last one "
        "(6♠ < 6♣ < 6♦ < 6♥ < 6 NT < 7♠ …), or `pass`, which is final.",
        "Первая рука говорит первой, далее по кругу: заявка выше последней или «пас», "
        "который окончателен.",
        source=f"{SEED} rules 16–18",
    )
    writer.say(
        ["without_talon_levels", "misere_rank"],
        "Levels bid without the talon: {without_talon_levels}; misère ranks {misere_place}.",
        "Без прикупа играются уровни {without_talon_levels}; мизер стоит {misere_place_ru}.",
        misere_place="above 10 without talon" if rules.misere_rank == "top" else "after 8 NT",
        misere_place_ru="выше 10 без прикупа" if rules.misere_rank == "top" else "после 8 БК",
    )
    holds = {
        "after-pass": (
            "Right after a pass the next player may say `mine` and hold the standing bid "
            "without raising it; a held bid cannot be held again.",
            "Сразу после паса следующий может сказать «мои» и удержать заявку, не повышая её.",
        ),
        "senior": (
            "A hand senior to the bidder may hold his bid without raising it (`mine`, здесь).",
            "Старшая рука может удержать заявку младшей, не повышая её («здесь»).",
        ),
        "none": (
            "A standing bid cannot be held: each must bid higher or pass.",
            "Удержать заявку нельзя: только повысить или спасовать.",
        ),
    }
    writer.say(["hold"], *holds[rules.hold])
    if rules.misere_first_bid_only:
        writer.say(
            ["misere_first_bid_only"],
            "Misère may be bid only as a player's first call; he then only passes.",
            "Мизер заявляется только первым словом; после него заявивший только пасует.",
        )
    else:
        writer.say(
            [],
            "Misère is bid in the auction, before the talon is seen.",
            "Мизер заявляется в торговле, до того как открыт прикуп.",
            source=f"{SEED} rule 23",
        )
    if rules.allpass_exit_levels:
        writer.say(
            ["allpass_exit_levels"],
            "After a run of all-passes the lowest bid is, in turn: {allpass_exit_levels}.",
            "После распасов подряд наименьшая заявка: {allpass_exit_levels}.",
        )
    writer.say(
        [],
        "When everyone passes the deal is played as an all-pass.",
        "Если все спасовали, играется распас.",
        source=f"{SEED} rule 29",
    )
    writer.section("auction", "The auction", "Торговля")


def _talon(writer: Writer, rules: PreferansRules) -> None:
    writer.say(
        [],
        "The declarer takes the two talon cards, shown to all, and discards two face down.",
        "Играющий берёт прикуп, показав его всем, и сносит две карты втёмную.",
        source=f"{SEED} rules 20–21",
    )
    writer.section("discard", "The talon", "Прикуп")
    writer.say(
        [],
        "After the discard the declarer names his game: at least the height he bought, in "
        "any suit.",
        "После сноса играющий заказывает игру: не ниже купленной, в любой масти.",
        source=f"{SEED} rule 21",
    )
    writer.section("contract", "The contract", "Заказ")


def _whist(writer: Writer, rules: PreferansRules) -> None:
    writer.say(
        [],
        "Each defender in turn says `whist` (to play against the contract) or `pass`; when "
        "both pass the declarer writes his game without play.",
        "Каждый защитник по очереди говорит «вист» или «пас»; если оба спасовали, игра "
        "записывается без розыгрыша.",
        source=f"{SEED} rules 24–25",
    )
    if rules.ten_is_checked:
        writer.say(
            ["ten_is_checked"],
            "A contract of ten is not whisted: all hands are laid open and the play checked.",
            "Десятерная не вистуется: карты открываются и игра проверяется.",
        )
    if rules.half_whist_levels:
        writer.say(
            ["half_whist_levels"],
            "At levels {half_whist_levels} the second defender may say `half-whist` after the "
            "first passed.",
            "На уровнях {half_whist_levels} второй защитник может сказать «полвиста» после паса.",
        )
    writer.section("whist", "The whist", "Вист")
    lone = {
        "choose": (
            "A lone whister chooses to play `open` (both defenders' cards face up, he plays for "
            "both) or `closed`.",
            "Одиночный вистующий выбирает: «в открытую» (играет за обоих) или «в закрытую».",
        ),
        "open": (
            "A lone whister always plays open, for both defenders.",
            "Одиночный вистующий всегда играет в открытую, за обоих.",
        ),
        "closed": (
            "A lone whister always plays closed: each defender plays his own cards.",
            "Одиночный вистующий всегда играет в закрытую: каждый защитник своими картами.",
        ),
    }
    writer.say(["lone_whist"], *lone[rules.lone_whist])
    after = {
        "declarer-card": ("after the declarer's first card", "после первой карты играющего"),
        "first-card": ("after the opening lead", "после первого хода"),
    }
    if rules.lone_whist != "closed":
        writer.say(
            ["open_whist_after"],
            "An open whist lays the hands face up {after}.",
            "При открытом висте карты открываются {after_ru}.",
            after=after[rules.open_whist_after][0],
            after_ru=after[rules.open_whist_after][1],
        )
    if rules.claim_levels:
        writer.say(
            ["claim_levels"],
            "At levels {claim_levels} he may `claim` a score without play if the declarer agrees.",
            "На уровнях {claim_levels} он может предложить записать без игры, если играющий "
            "согласен.",
        )
    writer.section("lone", "The lone whister", "Одиночный вист")
    writer.say(
        ["claim_levels"],
        "The declarer answers the lone whister's claim with `agree`, or `refuse` to have the "
        "deal played.",
        "Играющий соглашается («согласен») или отказывается («играем»).",
    )
    writer.section("answer", "A claim without play", "Без игры")


def _play(writer: Writer, rules: PreferansRules) -> None:
    writer.say(
        [],
        "The first hand leads; follow suit, else trump, else any card; the highest trump, else "
        "the highest card of the suit led, takes the trick, and its taker leads.",
        "Ходит первая рука; на масть кладут масть, за её отсутствием — козырь, иначе любую; "
        "взявший взятку ходит.",
        source=f"{SEED} rules 30–32",
    )
    if rules.renonce_allowed:
        writer.say(
            ["renonce_allowed"],
            "A revoke is let through and punished afterwards.",
            "Ренонс допускается и штрафуется.",
        )
    else:
        writer.say(
            ["renonce_allowed"],
            "A card that does not follow as it must is refused.",
            "Карта не в масть, когда масть есть, не принимается.",
        )
    if rules.allpass_talon == "lead":
        writer.say(
            ["allpass_talon"],
            "In an all-pass each trick costs its taker; the talon cards, turned one by one, set "
            "the suit of the first two tricks.",
            "На распасах каждая взятка — штраф взявшему; карты прикупа задают масть первых двух "
            "ходов.",
        )
    else:
        writer.say(
            ["allpass_talon"],
            "In an all-pass each trick costs its taker; the talon stays face down.",
            "На распасах каждая взятка — штраф взявшему; прикуп не открывается.",
        )
    if rules.misere_open != "none":
        writer.say(
            ["misere_open"],
            "After the first trick of a misère the {opened_en} laid face up.",
            "После первой взятки мизера открываются карты {opened_ru}.",
            opened_en=MISERE_OPEN_EN[rules.misere_open],
            opened_ru=MISERE_OPEN_RU[rules.misere_open],
        )
    writer.section("play", "The play", "Розыгрыш")


CONVENTIONS_RU = {
    "classic-1992": "по энциклопедии 1992 года",
    "sochi": "по-сочински",
    "leningrad": "по-ленинградски",
    "rostov": "по-ростовски",
}
"""How a Russian sentence says the score sheet's convention (the presets' «Сочинка», …)."""

MISERE_OPEN_EN = {"defenders": "defenders' hands are", "declarer": "declarer's hand is"}
"""Whose hands an English sentence says a misère opens (``misere_open``), with the verb: the
defenders hold two hands, the declarer one."""

MISERE_OPEN_RU = {"defenders": "ловящих", "declarer": "играющего"}
"""Whose hands a Russian sentence says a misère opens (``misere_open``)."""


def _score(writer: Writer, rules: PreferansRules) -> None:
    pool = match_scoring(rules).pool
    writer.say(
        ["convention", "pool"],
        "The pulka is kept by the {convention} convention, the pool to {pool_size}: made games "
        "go in the pool, remizes on the mountain, whists on the declarer.",
        "Пулька пишется {kept}, пуля до {pool_size}: сыгранные игры в пулю, "
        "ремизы в гору, висты на играющего.",
        pool_size=pool,
        kept=CONVENTIONS_RU[rules.convention],
    )
    if rules.deals:
        writer.say(
            ["deals"],
            "The match closes after {deals} deals, each pool's shortfall going to the mountain.",
            "Пулька закрывается после {deals} сдач, недостача пули идёт в гору.",
        )
    else:
        writer.say(
            ["deals"],
            "The match goes on until the pools are closed.",
            "Игра идёт до закрытия пуль.",
        )
    writer.section("over", "The score", "Запись")


SPANS = {
    "en": {"auction": "a bid from `{0}` to `{1}`", "contract": "a contract from `{0}` to `{1}`"},
    "ru": {"auction": "заявка от `{0}` до `{1}`", "contract": "игра от `{0}` до `{1}`"},
}
"""How a hint names the span of the bids (the auction) or of the contracts (after the talon)."""


def move_hint(rules: PreferansRules, phase: str, texts: Sequence[str], language: str = "en") -> str:
    """How to make the move now; the auction's bids are told as the lowest and highest.

    >>> move_hint(PreferansRules(), "auction", ["pass", "6♠", "6♣", "misère"])
    '`pass`; or a bid from `6♠` to `misère`'
    >>> move_hint(PreferansRules(), "contract", ["7♠", "7♣", "10NT"])
    'a contract from `7♠` to `10NT`'
    """
    return hint_text(move_hint_parts(rules, phase, texts), language, SPANS)


def move_hint_parts(
    rules: PreferansRules, phase: str, texts: Sequence[str]
) -> tuple[HintPart, ...]:
    """The kinds of move of :func:`move_hint`: in the auction or the contract, a span of bids.

    >>> move_hint_parts(PreferansRules(), "auction", ["pass", "6♠", "misère"])[1].span
    'auction'
    """
    if phase not in ("auction", "contract"):
        return hint_parts(texts)
    words = [HintPart((text,)) for text in texts if not _is_bid(text)]
    bids = [text for text in texts if _is_bid(text)]
    if len(bids) == 1:
        words.append(HintPart((bids[0],)))
    elif bids:
        words.append(HintPart((bids[0], bids[-1]), span=phase))
    return tuple(words)


def _is_bid(text: str) -> bool:
    return text[0].isdigit() or text == "misère"
