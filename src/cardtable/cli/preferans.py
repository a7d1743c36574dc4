"""``cardtable preferans``: the offline scorer of a pulka played with paper cards."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cardtable.cli.common import one_line_errors, out, print_json, read_text
from cardtable.cli.preferans_solver import register as register_solver_commands
from cardtable.errors import CardtableError

app = typer.Typer(
    name="preferans",
    help="Preferans tools: score and settle a pulka played offline, solve and analyse deals.",
    no_args_is_help=True,
)


@app.command("score")
def score_command(
    path: Annotated[
        Path, typer.Argument(metavar="FILE", help="The pulka as JSON or TOML (docs/scorer.md).")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
    svg: Annotated[
        Path | None, typer.Option("--svg", metavar="OUT", help="Also draw the sheet as SVG.")
    ] = None,
    png: Annotated[
        Path | None,
        typer.Option(
            "--png", metavar="OUT", help="Also draw the sheet as PNG (needs the extra 'png')."
        ),
    ] = None,
) -> None:
    """Write every deal on the sheet, close it, and print the sheet and the settlement."""
    from cardtable.preferans.png import pulka_png  # noqa: PLC0415
    from cardtable.preferans.scorer import parse_score_file, score, sheet_text  # noqa: PLC0415
    from cardtable.preferans.svg import pulka_svg  # noqa: PLC0415

    with one_line_errors():
        if svg is not None:
            _check_drawing_target(svg, path, "--svg", (b"<svg", b"<?xml"))
        if png is not None:
            _check_drawing_target(png, path, "--png", (b"\x89PNG",))
        result = score(parse_score_file(read_text(path)))
        # Paint before writing anything, so a missing extra leaves no file half done.
        painted = pulka_png(result.sheet) if png is not None else None
        if svg is not None:
            svg.write_text(pulka_svg(result.sheet), encoding="utf-8")
        if png is not None and painted is not None:
            png.write_bytes(painted)
    if as_json:
        print_json(result.to_data())
    else:
        out.print(sheet_text(result), markup=False, soft_wrap=True)


def _check_drawing_target(
    target: Path, source: Path, flag: str, signatures: tuple[bytes, ...]
) -> None:
    """Refuse a drawing path that would overwrite the pulka itself or any file not a drawing."""
    if not target.is_file():
        return
    if target.resolve() == source.resolve():
        raise CardtableError(f"{flag} {target} would overwrite the pulka it scores")
    with target.open("rb") as stream:
        start = stream.read(64).lstrip()
    if not start.startswith(signatures):
        raise CardtableError(f"{flag} {target}: the file holds something else than a drawing")


@app.command("conventions")
def conventions_command(
    name: Annotated[
        str | None, typer.Argument(metavar="[NAME]", help="classic-1992, sochi, leningrad, rostov.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")] = False,
) -> None:
    """List the scoring conventions, or every option of one with its value and source."""
    from rich.table import Table  # noqa: PLC0415

    from cardtable.engine.rules import describe_rules  # noqa: PLC0415
    from cardtable.preferans.scoring import (  # noqa: PLC0415
        CONVENTIONS,
        convention,
        convention_preset,
    )

    with one_line_errors():
        if name is None:
            listed = {n: convention_preset(n).description for n in CONVENTIONS}
        else:
            options = describe_rules(convention(name))
    if name is None:
        if as_json:
            print_json({"conventions": listed})
        else:
            for key, description in listed.items():
                out.print(f"{key}: {description}", markup=False)
        return
    if as_json:
        print_json(
            {
                "convention": name,
                "options": [
                    {"name": o.name, "value": o.value, "doc": o.doc, "source": o.source}
                    for o in options
                ],
            }
        )
        return
    table = Table("option", "value", "meaning", "source", title=f"Preferans scoring — {name}")
    for o in options:
        table.add_row(o.name, str(o.value), o.doc, o.source)
    out.print(table)


register_solver_commands(app)
