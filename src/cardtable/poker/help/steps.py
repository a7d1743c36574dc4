"""The help on the deal's steps: what is dealt, and the draw, exposing, naming and declaring."""

from __future__ import annotations

from cardtable.engine.help import Writer
from cardtable.poker.help.words import TITLES_RU, said, step_text_ru
from cardtable.poker.rules import SEED
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import step_text

DECLARING = {
    "in-turn": ("in turn", "по очереди"),
    "chips": ("all at once, with chips in the hand", "все разом, фишками в руке"),
    "cards-speak": ("by the cards alone (cards speak)", "по самим картам"),
}


def write_variant(writer: Writer, rules: PokerRules) -> None:
    """The variant's name and players, and each step of its deal."""
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
        "{named}: от {players_min} до {players_max} игроков.",
        source=spec.source,
        named=TITLES_RU.get(spec.name, spec.title),
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


def write_phases(writer: Writer, rules: PokerRules) -> None:
    """The draw, turning a card up, naming a wild card and the high-low declarations."""
    spec = rules.variant
    for number, step in enumerate(spec.steps):
        if step.do != "draw":
            continue
        few = said(
            writer,
            (
                f", {step.most_few} with four players or fewer",
                f", при четырёх игроках и меньше — до {step.most_few}",
            ),
        )
        burn = said(writer, ("; the dealer burns a card first", "; сдающий сначала сжигает карту"))
        writer.say(
            [f"variant.steps.{number}.most", f"variant.steps.{number}.most_few"],
            "Each player still in discards up to {most} cards{few} and is dealt as many "
            "(`discard 7♥ 2♣`), or keeps them (`stand pat`){burn}.",
            "Каждый оставшийся сбрасывает до {most} карт{few} и получает столько же "
            "или остаётся при своих{burn}.",
            few=few if step.most_few else "",
            burn=burn if step.burn else "",
        )
    writer.section("draw", "The draw", "Прикуп")
    for number, step in enumerate(spec.steps):
        if step.do != "expose":
            continue
        choice = said(
            writer,
            (
                "; he may instead keep them all down (`stand pat`)",
                "; можно не открывать ни одной",
            ),
        )
        writer.say(
            [f"variant.steps.{number}.keep_down", f"variant.steps.{number}.optional"],
            "Each player still in turns one down card face up (`expose 9♠`), keeping {keep_down} "
            "down{choice}.",
            "Каждый оставшийся открывает одну закрытую карту, оставляя закрытыми "
            "не меньше {keep_down}{choice}.",
            choice=choice if step.optional else "",
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
        writer.say(
            ["variant.declarations"],
            "Each player still in declares `declare high`, `declare low` or `declare both`, "
            "{how}; the pot is shared between the best of each side.",
            "Каждый оставшийся объявляет, идёт он на высший расклад, на низший или на оба, "
            "{how}; банк делят лучшие на каждой стороне.",
            how=said(writer, DECLARING[str(spec.declarations.value)]),
        )
    writer.section("declare", "High-low declarations", "Заявка")
