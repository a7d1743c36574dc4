"""The help on the forced bets: antes, blinds, straddles and the bring-in."""

from __future__ import annotations

from cardtable.engine.help import Writer
from cardtable.poker.help.words import said
from cardtable.poker.table_rules import PokerRules

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


def write_forced_bets(writer: Writer, rules: PokerRules) -> None:
    """The forced bets in force, in the order they are put in."""
    forced = rules.forced
    if forced.ante and forced.ante_kind.value != "none":
        left = forced.ante_kind.value == "dealer-and-left"
        writer.say(
            ["forced.ante_kind", "forced.ante", *(["forced.ante_left"] if left else [])],
            "Before the deal {who} antes {ante} (dead: it does not count to call).",
            "Перед сдачей {who} ставит {ante} (эта ставка не идёт в счёт уравнивания).",
            who=said(writer, ANTES[forced.ante_kind.value]).format(ante_left=forced.ante_left),
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
