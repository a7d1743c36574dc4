"""The ``cardtable`` command line: games, rules, replay and simulate.

Every command takes ``--json`` for machine-readable output. Bad input (an unknown game, a
malformed record or card) prints one line on standard error and exits with status 2.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cardtable.cli import preferans
from cardtable.cli.common import (
    chosen_rules,
    lazy_progress,
    one_line_errors,
    out,
    print_json,
    read_text,
    root_app,
)
from cardtable.cli.games import games_command
from cardtable.cli.listing import print_rules, print_summary
from cardtable.cli.piquet import app as piquet_app
from cardtable.cli.play import play_command
from cardtable.cli.playthrough import playthrough_command
from cardtable.cli.poker import app as poker_app
from cardtable.cli.scale import (
    AddressOption,
    BackendOption,
    ChunkOption,
    WorkersOption,
    tournament_command,
)
from cardtable.cli.server import db_app, serve_command
from cardtable.engine import (
    Record,
    SomeMatch,
    describe_rules,
    get_game,
    view_to_data,
)
from cardtable.engine.replay import options_changed
from cardtable.engine.rules import MOST_DEALS
from cardtable.engine.signing import key_fingerprint, verify_record
from cardtable.errors import CardtableError, RecordError
from cardtable.keys import SIGNING_KEY_FILE, club_key, data_dir

if TYPE_CHECKING:
    from cardtable.engine.registry import SomeGame
    from cardtable.scale.backends import Backend

app = root_app()
app.add_typer(preferans.app)
app.add_typer(piquet_app)
app.add_typer(poker_app, name="poker")
app.add_typer(db_app, name="db")
app.command("serve")(serve_command)
app.command("games")(games_command)

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


@app.command("rules")
def rules_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game's name or alias.")],
    preset: Annotated[
        str | None, typer.Argument(metavar="[PRESET]", help="A preset of the game.")
    ] = None,
    rules_file: Annotated[
        Path | None, typer.Option("--rules", help="A TOML file of rule options over the preset.")
    ] = None,
    summary: Annotated[
        bool,
        typer.Option("--summary", help="The rules in force as short sentences, phase by phase."),
    ] = False,
    language: Annotated[
        str, typer.Option("--language", help="The summary's language: en or ru.")
    ] = "en",
    as_json: JsonFlag = False,
) -> None:
    """Print every rule option of a game (or one of its presets) with its value and source.

    ``--summary`` prints the rules in force as the table's help tells them instead: each
    sentence with the clause it comes from.
    """
    with one_line_errors():
        game = get_game(game_name)
        chosen = preset or game.default_preset
        rules = chosen_rules(game, preset, rules_file)
        help = game.rules_help(rules, language) if summary else None
        options = describe_rules(rules)
    title = f"{game.title} — {chosen}" if chosen else game.title
    if help is not None:
        if as_json:
            print_json({"game": game.name, "preset": chosen, **help.to_data()})
            return
        print_summary(out, help, title)
        return
    if as_json:
        print_json(
            {
                "game": game.name,
                "preset": chosen,
                "options": [
                    {
                        "name": o.name,
                        "value": o.value,
                        "range": o.range,
                        "doc": o.doc,
                        "source": o.source,
                    }
                    for o in options
                ],
            }
        )
        return
    print_rules(out, rules, title)


PHH_SUFFIXES = (".phh", ".phhs")
"""Files ``replay`` reads as PHH hand histories (one hand, or several in ``.phhs``)."""


@app.command("replay")
def replay_command(
    path: Annotated[
        Path,
        typer.Argument(metavar="FILE", help="A match record (JSON) or PHH hands (.phh, .phhs)."),
    ],
    as_json: JsonFlag = False,
    show: Annotated[
        bool, typer.Option("--show", help="Step through the match deal by deal.")
    ] = False,
) -> None:
    """Check that a match record (or a PHH hand) replays; print its summary or show it."""
    with one_line_errors():
        if show and as_json:
            raise RecordError("give --show or --json, not both")
        if show and path.suffix in PHH_SUFFIXES:
            raise RecordError("--show steps through a match record, not a PHH hand")
    if path.suffix in PHH_SUFFIXES:
        _replay_phh(path, as_json)
        return
    with one_line_errors():
        verified = verify_record(read_text(path), refuse_altered=True)
        record, match = verified.record, verified.match
        if show:
            show_record(record)
            return
    sealed = record.sealed is not None
    summary = {
        "game": record.game,
        "preset": record.preset,
        "seats": list(record.seats),
        "deals": len(record.deals) + sealed,
        "actions": sum(len(entry.actions) for entry in record.deals),
        "finished": match.is_over,
        "in_progress": match.current is not None or sealed,
        "sealed": sealed,
        "ledger": view_to_data(match.ledger()),
        "valid": True,
        "integrity": verified.integrity.status,
        "signed_by": verified.integrity.key,
        "options_changed": options_changed(match),
    }
    if as_json:
        print_json(summary)
        return
    state = _state(match, sealed)
    out.print(
        f"{path}: a valid {record.game} record — {_count(summary['deals'], 'deal')}, "
        f"{_count(summary['actions'], 'action')}, {state}.",
        soft_wrap=True,
    )
    said = str(verified.integrity)
    out.print(f"{said[:1].upper()}{said[1:]}.", soft_wrap=True)
    out.print(_rules_line(record.preset, summary["options_changed"]), soft_wrap=True)
    for seat, amount in summary["ledger"].items():
        out.print(f"  {seat}: {amount}")


@app.command("keys")
def keys_command(
    folder: Annotated[
        Path | None, typer.Option(help="The data folder (default: $CARDTABLE_HOME or the user's).")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """Show the club's record-signing key (made on first use): its file and fingerprint."""
    with one_line_errors():
        where = (folder or data_dir()) / SIGNING_KEY_FILE
        fingerprint = key_fingerprint(club_key(folder).public_key())
    if as_json:
        print_json({"signing_key": str(where), "fingerprint": fingerprint})
        return
    out.print(f"{where}: {fingerprint}", soft_wrap=True)


@app.command("simulate")
def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game's name or alias.")],
    preset: Annotated[
        str | None, typer.Option("--preset", "--variant", help="A preset (poker: a variant).")
    ] = None,
    rules_file: Annotated[
        Path | None,
        typer.Option("--rules", help="Rule options over the preset (TOML).", metavar="FILE"),
    ] = None,
    players: Annotated[int | None, typer.Option(help="Seats at the table.")] = None,
    deals: Annotated[int, typer.Option(min=1, max=MOST_DEALS * 100, help="Deals to play.")] = 1000,
    seed: Annotated[int, typer.Option(min=0, help="Seed of the deals and the bots.")] = 1,
    bot: Annotated[
        str,
        typer.Option(
            "--bot", "--policy", help="The bot in every seat: default, random, check-down, ..."
        ),
    ] = "default",
    checks: Annotated[
        bool, typer.Option("--checks/--no-checks", help="Check every invariant as it plays.")
    ] = True,
    fast: Annotated[
        bool, typer.Option("--fast", help="The game's lean loop, no checks (poker: speed).")
    ] = False,
    backend: BackendOption = "local",
    workers: WorkersOption = None,
    address: AddressOption = None,
    chunk: ChunkOption = None,
    as_json: JsonFlag = False,
) -> None:
    """Play bot against bot (with every check of the harness on), and report the speed.

    ``--rules FILE`` changes the preset's rules as ``play --rules`` does; ``--fast`` plays
    them by the game's lean loop, which refuses, with the reason, rules it cannot play.

    The deals are played in chunks, each seeded by its own spawned seed, so the summary is
    the same for the same seed on every backend with any number of workers (docs/scale.md).
    """
    from cardtable.scale.backends import check_backend  # noqa: PLC0415 - keeps start-up fast
    from cardtable.scale.simulation import simulate_in_chunks  # noqa: PLC0415

    with one_line_errors():
        game = get_game(game_name)
        rules = chosen_rules(game, preset, rules_file)
        seats = players if players is not None else game.players[0]
        chosen = preset or game.default_preset
        kind = check_backend(backend, workers, address)
    if fast:
        where = (kind, workers, address, chunk)
        _fast_simulate(game, rules, seats, deals, seed, bot, as_json, where)
        return
    with one_line_errors(), lazy_progress(deals) as advance:
        report = simulate_in_chunks(
            game,
            rules,
            players=seats,
            deals=deals,
            seed=seed,
            preset=chosen,
            bot=bot,
            checks=checks,
            backend=kind,
            workers=workers,
            address=address,
            chunk=chunk,
            progress=advance,
        )
    if as_json:
        print_json(report.to_data())
    else:
        out.print(
            f"{report.deals} deals of {game.title} in {report.matches} matches: "
            f"{report.seconds:.2f} s, {report.deals_per_second:,.0f} deals/s"
        )
        for name, held in report.checks.items():
            out.print(f"  {'ok  ' if held else 'FAIL'} {name}")
        for tag, count in sorted(report.tally.items()):
            out.print(f"  {tag}: {count}")
    if not report.ok:
        raise typer.Exit(1)


def _rules_line(preset: str | None, changed: list[str]) -> str:
    named = f"the {preset} preset" if preset else "the default rules"
    if not changed:
        return f"Rules: {named}, unchanged."
    return f"Rules: {named} with {_count(len(changed), 'option')} changed: {', '.join(changed)}."


def _state(match: SomeMatch, sealed: bool) -> str:
    if match.is_over:
        return "finished"
    if sealed:
        return "a deal in progress, sealed"
    return "in progress" if match.current else "between deals"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def show_record(record: Record) -> None:
    """Step through ``record`` deal by deal on the whole terminal."""
    from cardtable.tui.replay import show_replay  # noqa: PLC0415 - keeps start-up fast

    def ask(prompt: str) -> str:
        try:
            return out.input(prompt)
        except (EOFError, KeyboardInterrupt):
            return "q"

    show_replay(record, out, ask)


def _replay_phh(path: Path, as_json: bool) -> None:
    from cardtable.poker.phh import parse_phh_all, replay_phh  # noqa: PLC0415 - poker only

    with one_line_errors():
        hands = parse_phh_all(read_text(path))
        played = []
        for number, hand in enumerate(hands, start=1):
            try:
                played.append(replay_phh(hand))
            except CardtableError as error:
                where = f"hand {number}: " if len(hands) > 1 else ""
                raise RecordError(f"{where}{error}") from None
    summaries = [
        {
            "variant": one.hand.variant,
            "played_as": one.deal.rules.variant.name,
            "players": len(one.hand.starting_stacks),
            "chip": _number(one.hand.unit),
            "starting_stacks": [_number(one.hand.amount(c)) for c in one.hand.starting_stacks],
            "finishing_stacks": [_number(amount) for amount in one.finishing_amounts],
            "checked_against_file": one.hand.finishing_stacks is not None,
            "valid": True,
        }
        for one in played
    ]
    if as_json:
        print_json(summaries[0] if path.suffix == ".phh" and len(summaries) == 1 else summaries)
        return
    for number, (summary, one) in enumerate(zip(summaries, played, strict=True), start=1):
        where = f"{path}" if len(summaries) == 1 else f"{path} [{number}]"
        out.print(f"{where}: a valid {summary['variant']} hand played as {summary['played_as']}.")
        stacks = ", ".join(str(amount) for amount in one.finishing_amounts)
        out.print(f"  finishing stacks: {stacks}")


def _number(amount: Decimal) -> int | float:
    """An exact decimal amount as a JSON number (a whole one as an integer)."""
    return int(amount) if amount == amount.to_integral_value() else float(amount)


def _fast_simulate(
    game: SomeGame,
    rules: object,
    seats: int,
    deals: int,
    seed: int,
    bot: str,
    as_json: bool,
    where: tuple[Backend, int | None, str | None, int | None],
) -> None:
    from cardtable.scale.simulation import fast_in_chunks  # noqa: PLC0415 - keeps start-up fast
    from cardtable.warm import NOTICES, notice_if_cold  # noqa: PLC0415 - numba loads lazily

    backend, workers, address, chunk = where
    with one_line_errors():
        # no deal: the rules and the bot are refused, if they are, before anything compiles
        game.fast_simulate(rules, players=seats, deals=0, seed=seed, bot=bot)
    if game.name in NOTICES:
        notice_if_cold(game.name)
    with one_line_errors(), lazy_progress(deals) as advance:
        found = fast_in_chunks(
            game,
            rules,
            players=seats,
            deals=deals,
            seed=seed,
            bot=bot,
            backend=backend,
            workers=workers,
            address=address,
            chunk=chunk,
            progress=advance,
        )
    if as_json:
        print_json(found)
    else:
        out.print(
            f"{found['deals']} deals of {game.title} (lean loop, no checks): "
            f"{found['seconds']:.2f} s, {found['deals_per_second']:,.0f} deals/s"
        )


app.command("play")(play_command)
app.command("playthrough")(playthrough_command)
app.command("tournament")(tournament_command)


@app.command("warm")
def warm_command() -> None:
    """Compile every numba kernel into the cache now, so no later command waits on it."""
    from cardtable.warm import warm  # noqa: PLC0415 - numba loads lazily

    warm()


def run() -> None:
    """Run the whole command line (``cardtable.cli.run`` is the console script)."""
    app()
