"""The words poker's help shares: the rulebook's name, a pair of words, the steps in Russian."""

from __future__ import annotations

from cardtable.engine.help import Writer
from cardtable.poker.rules import SEED
from cardtable.poker.variants import Step

BOOK = "«Покер»"
"""The poker rulebook (002_053e85955f9a4108.txt), cited by its headings."""

OPENS_RU = {
    "left": "слева от сдающего",
    "first-bettor": "первый поставивший",
    "high-showing": "лучшая открытая рука",
    "low-showing": "худшая открытая рука",
}
"""Who opens a betting round, in Russian (``step_text`` says it in English)."""

TITLES_RU = {
    "blind-opening": "Покер с досдачей, начало втёмную",
    "cincinnati": "Цинциннати",
    "crisscross": "Перекрестье",
    "crisscross-lines": "Перекрестье, линии из трёх карт",
    "deuce-to-seven-triple-draw": "Лоуболл 2–7, три обмена",
    "double-barrel-shotgun": "Дробовик с двойным барабаном",
    "draw": "Покер с досдачей",
    "draw-high-low": "Покер с досдачей «Больше-меньше»",
    "five-card-stud": "Пятикарточный гвоздь",
    "five-card-stud-down-on-request": "Пятикарточный гвоздь, последняя карта втёмную по просьбе",
    "five-card-stud-last-down": "Пятикарточный гвоздь, последняя карта втёмную",
    "holdem": "Техасский холдем",
    "jacks-or-better": "Валеты и выше",
    "jacks-or-bobtail": "Валет или бобтейл",
    "jacks-or-lowball": "Валеты и выше, лоуболл, если никто не открыл",
    "jacks-progressive": "Валеты и выше, прогрессивное открытие",
    "lame-brain-pete": "Пит-простак",
    "lowball": "Лоуболл",
    "mexican-stud": "Мексиканский гвоздь",
    "mexican-stud-hole-wild": "Мексиканский гвоздь, козырь — «забивная» карта",
    "no-limit-holdem": "Техасский холдем без лимита",
    "omaha": "Омаха",
    "omaha-hi-lo": "Омаха «Больше-меньше», младшая до восьмёрки",
    "pass-and-out": "Пас и аут",
    "pig-in-a-poke": "Свинья в мешке",
    "pot-limit-holdem": "Техасский холдем, лимит банка",
    "pot-limit-omaha": "Омаха, лимит банка",
    "razz": "Разз",
    "seven-card-stud": "Семикарточный гвоздь",
    "seven-card-stud-chosen-hole-wild": "Семикарточный гвоздь, козырь — «забивная» карта на выбор",
    "seven-card-stud-high-low": "Семикарточный гвоздь «Больше-меньше»",
    "seven-card-stud-last-down": "Семикарточный гвоздь, последняя карта втёмную",
    "seven-card-stud-low-hole-wild": "Семикарточный гвоздь, козырь — младшая «забивная» карта",
    "shotgun": "Дробовик",
    "six-card-stud": "Шестикарточный гвоздь",
    "spit-in-the-ocean": "Плюнь в океан",
    "stormy-weather": "Штормовая погода",
    "straight-poker": "Покер с прямым вскрытием",
    "stud-lowball": "Гвоздь-мизер",
    "three-card": "Трёхкарточный покер",
    "two-card": "Двухкарточный покер",
}
"""Each shipped variant's name in Russian, as a Russian page names it (web/static/names.js):
the seed's heading where it has the game, else the name Russian players use."""

HANDS_RU = {
    "high card": "старшая карта",
    "pair": "пара",
    "one pair": "пара",
    "four flush": "четыре до флеша",
    "two pairs": "две пары",
    "two pair": "две пары",
    "three of a kind": "тройка",
    "straight": "стрит",
    "flush": "флеш",
    "double-ace flush": "флеш с двумя тузами",
    "full house": "фулл-хаус",
    "four of a kind": "каре",
    "straight flush": "стрит-флеш",
    "royal flush": "роял-флеш",
    "five of a kind": "покер",
    "blaze": "блейз",
}
"""The kinds of hand as Russian players name them, by each name an option gives them (``CATEGORIES``
of ``house.bonus_hands`` and ``house.kitty_hand``; ``blaze_above``'s ``one_pair`` and
``two_pair`` with spaces). The page's create form names them alike (web/static/names.js,
``HANDS_RU``: a test keeps the two equal)."""


def hands_ru(value: str | tuple[str, ...]) -> str:
    """Kinds of hand named by an option (``full house``, ``two_pair``, or several) in Russian.

    >>> hands_ru(("royal flush", "four of a kind"))
    '«роял-флеш» или «каре»'
    """
    names = (value,) if isinstance(value, str) else value
    said = [f"«{HANDS_RU.get(name.replace('_', ' '), name)}»" for name in names]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} или {said[-1]}"


def said(writer: Writer, words: tuple[str, str]) -> str:
    """The English or the Russian of a pair of words, as the writer's language asks."""
    return words[1] if writer.language == "ru" else words[0]


CITED_RU = (
    (
        "Omaha (outside the seed): two hole cards and three of the board",
        "Омаха (вне «Покера»): две карты с руки и три общие",
    ),
    (
        "Omaha hi-lo eight or better (outside the seed)",
        "Омаха «Больше-меньше», младшая до восьмёрки (вне «Покера»)",
    ),
    ("Omaha hold'em (outside the seed)", "Омаха (вне «Покера»)"),
    ("Texas hold'em (outside the seed)", "Техасский холдем (вне «Покера»)"),
    ("Razz (outside the seed)", "Разз (вне «Покера»)"),
    (
        "deuce-to-seven lowball triple draw (outside the seed)",
        "Лоуболл 2–7, три обмена (вне «Покера»)",
    ),
    (
        "seven-card stud (outside the seed; the seed deals the seventh card up)",
        "семикарточный гвоздь в нынешней сдаче (в «Покере» седьмая карта сдаётся открытой)",
    ),
    ("simulation: Betting", "моделирование: ставки"),
    ("WSOP Tournament Rules", "правила турниров Мировой серии покера"),
    (
        "simulation: Blinds and straddles (heads-up)",
        "моделирование: блайнды и стрэддлы (один на один)",
    ),
    ("simulation: Bring-In", "моделирование: бринг-ин"),
    (
        "simulation: min completion/betting/raising amount",
        "моделирование: наименьшие доплата, ставка и повышение",
    ),
    ("PokerKit docs, Rake", "PokerKit docs, рейк"),
    ("PokerKit docs", "документация PokerKit"),
    ("(one chip before the draw, two after)", "(одна фишка до обмена, две после)"),
    (
        ": the place of a local hand is agreed before play",
        ": место местной комбинации оговаривается до игры",
    ),
)
"""The English words of the options' and variants' sources and the Russian a Russian help cites
them by: the games outside the seed by the names the page gives them (names.js), the sections of
PokerKit's documentation by what they are about; the library's name stays as it is, having no
Russian form (docs/web.md, the help panel)."""


def cite(source: str) -> str:
    """A source as a player looks it up: the rulebook by its name, not its file.

    >>> cite("002_053e85955f9a4108.txt, Козырные карты")
    '«Покер», Козырные карты'
    """
    return source.replace(SEED, BOOK)


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
