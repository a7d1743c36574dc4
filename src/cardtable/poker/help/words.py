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


def said(writer: Writer, words: tuple[str, str]) -> str:
    """The English or the Russian of a pair of words, as the writer's language asks."""
    return words[1] if writer.language == "ru" else words[0]


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
