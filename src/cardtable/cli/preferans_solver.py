"""``cardtable preferans solve`` and ``analyse``: the double-dummy solver at the command line."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cardtable.cli.common import one_line_errors, out, print_json, read_text


def solve_command(
    hand0: Annotated[
        str, typer.Argument(metavar="HAND0", help="Seat 0's cards, e.g. '♠7 8 A, ♥K'.")
    ],
    hand1: Annotated[str, typer.Argument(metavar="HAND1", help="Seat 1's cards (on 0's left).")],
    hand2: Annotated[str, typer.Argument(metavar="HAND2", help="Seat 2's cards.")],
    declarer: Annotated[int, typer.Option("--declarer", help="The declarer's seat: 0, 1 or 2.")],
    lead: Annotated[int, typer.Option("--lead", help="The seat that leads the first card.")],
    contract: Annotated[str, typer.Option("--contract", help="6♠ … 10NT, or misère.")],
    played: Annotated[
        str, typer.Option("--played", metavar="CARDS", help="Cards already played, in order.")
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """The declarer's tricks under best play, and after each legal card of the seat to move.

    Seats 0, 1, 2 sit clockwise and play in that order; the two defenders cooperate.
    """
    from cardtable.cards import parse_cards  # noqa: PLC0415
    from cardtable.preferans.contracts import contract_text, parse_contract  # noqa: PLC0415
    from cardtable.preferans.solver import analyse, replay  # noqa: PLC0415
    from cardtable.warm import notice_if_cold  # noqa: PLC0415

    with one_line_errors():
        hands = [parse_cards(text) for text in (hand0, hand1, hand2)]
        bid = parse_contract(contract)
        position = replay(hands, declarer, lead, bid, parse_cards(played) if played else ())
        notice_if_cold("preferans")
        solution = analyse(position)
        tricks, cards = solution.declarer_tricks, solution.cards
    if as_json:
        print_json({"declarer_tricks": tricks, "cards": {str(c): n for c, n in cards.items()}})
        return
    out.print(
        f"{contract_text(bid)} by seat {declarer}: {tricks} tricks under best play", markup=False
    )
    if cards:
        out.print(f"seat {position.to_move} to play:", markup=False)
        for card, value in cards.items():
            out.print(f"  {card}: {value}", markup=False)


def analyse_command(
    path: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A preferans match record (JSON).")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """Mark every card of the play that cost its side a trick (double dummy).

    RECORD is a match record as ``cardtable`` saves it, or a worked example holding one under
    ``"record"``.
    """
    import json  # noqa: PLC0415

    from cardtable.engine.record import record_from_data  # noqa: PLC0415
    from cardtable.errors import RecordError  # noqa: PLC0415
    from cardtable.preferans.analysis import judge_record  # noqa: PLC0415

    with one_line_errors():
        try:
            data = json.loads(read_text(path))
        except json.JSONDecodeError as error:
            raise RecordError(f"record: not JSON ({error.msg}, line {error.lineno})") from None
        if isinstance(data, dict) and "record" in data:
            data = data["record"]
        judged = judge_record(record_from_data(data))
    if as_json:
        print_json(
            {
                "cards": [
                    {
                        "deal": j.deal,
                        "trick": j.trick,
                        "seat": j.seat,
                        "card": str(j.card),
                        "declarer_tricks": j.declarer_tricks,
                        "best_tricks": j.best_tricks,
                        "best": [str(card) for card in j.best],
                        "cost": j.cost,
                        "paranoid": j.paranoid,
                    }
                    for j in judged
                ]
            }
        )
        return
    for j in judged:
        mark = f"  cost {j.cost} trick{'s' if j.cost > 1 else ''}" if j.cost else ""
        better = f" (best: {' '.join(str(c) for c in j.best)})" if j.cost else ""
        out.print(
            f"deal {j.deal} trick {j.trick}: seat {j.seat} {j.card} -> "
            f"{'his own (all-pass)' if j.paranoid else 'declarer'} {j.declarer_tricks}"
            f"{mark}{better}",
            markup=False,
        )
    costly = sum(1 for j in judged if j.cost)
    out.print(f"{len(judged)} cards judged, {costly} cost a trick", markup=False)


def register(app: typer.Typer) -> None:
    """Add ``solve`` and ``analyse`` to the ``preferans`` sub-app."""
    app.command("solve")(solve_command)
    app.command("analyse")(analyse_command)
