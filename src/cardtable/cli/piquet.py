"""``cardtable piquet``: piquet's own commands, such as checking the declarations of a deal."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from cardtable.cards import parse_cards
from cardtable.cli.common import one_line_errors, out, print_json

app = typer.Typer(name="piquet", help="Piquet's own commands.", no_args_is_help=True)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


@app.command("declare")
def declare_command(
    elder_hand: Annotated[str, typer.Argument(metavar="ELDER_HAND", help="Twelve cards.")],
    younger_hand: Annotated[str, typer.Argument(metavar="YOUNGER_HAND", help="Twelve cards.")],
    preset: Annotated[str | None, typer.Option(help="A preset of piquet.")] = None,
    as_json: JsonFlag = False,
) -> None:
    """The declarations of two hands after the exchange, as the players would call them."""
    from cardtable.piquet.declarations import reckon  # noqa: PLC0415
    from cardtable.piquet.game import PIQUET  # noqa: PLC0415 - keeps start-up fast

    with one_line_errors():
        rules = PIQUET.rules(preset)
        hands = [parse_cards(elder_hand), parse_cards(younger_hand)]
        result = reckon(hands, rules)
    bonus = (
        "repique" if result.repique is not None else "pique" if result.pique is not None else None
    )
    data: dict[str, Any] = {}
    for player, name in enumerate(("elder", "younger")):
        data[name] = {
            "score": result.scores[player],
            "calls": [
                {
                    "kind": call.kind,
                    "call": call.text,
                    "status": call.status,
                    "score": call.score,
                    "cards": [card.text() for card in call.cards],
                }
                for call in result.calls
                if call.player == player
            ],
        }
    data["bonus"] = bonus
    if as_json:
        print_json(data)
        return
    for name in ("elder", "younger"):
        out.print(f"{name}: {data[name]['score']}")
        for call in data[name]["calls"]:
            cards = f" [{' '.join(call['cards'])}]" if call["cards"] else ""
            out.print(f"  {call['call']}: {call['status']}, {call['score']}{cards}")
    if bonus is not None:
        who = "elder" if 0 in (result.repique, result.pique) else "younger"
        out.print(f"{bonus} to the {who}")
