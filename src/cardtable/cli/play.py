"""``cardtable play GAME``: play any registered game at a plain prompt, against bots or friends.

The seat that is to move is shown its view and the legal actions as a numbered menu; it may
answer with a number or with the action typed in any spelling the game reads. Bots play the
other seats. With ``--save FILE`` the match record is rewritten atomically after every action,
so that ``--load FILE`` resumes exactly where play stopped.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from cardtable.bots import Bot, make_bot
from cardtable.cli.common import one_line_errors
from cardtable.engine import (
    Game,
    Match,
    get_game,
    parse_record,
    record_text,
    replay,
    seeded_rng,
    system_rng,
    view_to_data,
)
from cardtable.errors import CardtableError, IllegalAction

HUMAN = "you"
"""The word that seats a person in ``--seats``."""


@dataclass
class Table:
    """A match with who sits where: people by name, bots by their bot."""

    game: Game[Any]
    match: Match[Any, Any]
    bots: dict[int, Bot]
    save: Path | None

    def people(self) -> list[int]:
        """The seats played by people."""
        return [seat for seat in range(len(self.match.seats)) if seat not in self.bots]


def seat_table(game: Game[Any], rules: Any, spec: str) -> tuple[list[str], dict[int, Bot]]:
    """Seat names and bots from ``you,bot,bot`` (a bot may be named: ``you,random,default``)."""
    words = [word.strip() for word in spec.split(",") if word.strip()]
    game.check_players(len(words))
    names: list[str] = []
    bots: dict[int, Bot] = {}
    for seat, word in enumerate(words):
        if word == HUMAN:
            names.append(HUMAN if words.count(HUMAN) == 1 else f"{HUMAN} {seat + 1}")
            continue
        bots[seat] = make_bot(game.name, "default" if word == "bot" else word, rules)
        names.append(f"{word} {seat + 1}")
    return names, bots


def save_record(table: Table) -> None:
    """Write the match record beside its file and move it into place, so a crash loses nothing."""
    if table.save is None:
        return
    folder = table.save.parent
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".cardtable-", suffix=".json")
    with os.fdopen(handle, "w", encoding="utf-8") as stream:
        stream.write(record_text(table.match.record()))
    os.replace(temporary, table.save)


def describe_view(view: Any) -> list[str]:
    """A view as ``name: value`` lines, cards written as players write them."""
    data = view_to_data(view)
    if not isinstance(data, dict):
        return [str(data)]
    return [f"  {key}: {_plain(value)}" for key, value in data.items()]


def _plain(value: Any) -> str:
    if isinstance(value, list):
        return " ".join(_plain(item) for item in value) if value else "—"
    if isinstance(value, dict):
        return ", ".join(f"{key} {_plain(item)}" for key, item in value.items()) or "—"
    return "—" if value is None else str(value)


def play_match(
    table: Table,
    rng: Any,
    ask: Callable[[str], str],
    say: Callable[[str], None],
    deals: int | None,
) -> None:
    """Play until the match ends, ``deals`` more deals have been played, or a person quits."""
    seen = {seat: sum(len(d.events) for d in table.match.deals) for seat in table.people()}
    played = 0
    while not table.match.is_over and (deals is None or played < deals):
        deal = table.match.current or table.match.start_deal(rng)
        say(f"— deal {len(table.match.deals)}, dealt by {table.match.seats[deal.setup.dealer]} —")
        save_record(table)
        while not deal.is_over:
            _tell(table, seen, say)
            if not _one_move(table, rng, ask, say):
                return
            save_record(table)
        _tell(table, seen, say)
        played += 1
    ledger = ", ".join(
        f"{name} {amount}" for name, amount in view_to_data(table.match.ledger()).items()
    )
    say(f"Score: {ledger}")


def _tell(table: Table, seen: dict[int, int], say: Callable[[str], None]) -> None:
    events = [event for deal in table.match.deals for event in deal.events]
    for seat in table.people():
        for event in events[seen[seat] :]:
            prefix = f"[{table.match.seats[seat]}] " if len(seen) > 1 else ""
            say(prefix + str(event.seen_by(seat)))
        seen[seat] = len(events)


def _one_move(
    table: Table, rng: Any, ask: Callable[[str], str], say: Callable[[str], None]
) -> bool:
    match = table.match
    seat = match.to_move
    assert seat is not None
    legal = match.legal_actions()
    bot = table.bots.get(seat)
    if bot is not None:
        match.apply(bot.choose(match.view(seat), legal, rng))
        return True
    say(f"{match.seats[seat]} to move:")
    for line in describe_view(match.view(seat)):
        say(line)
    for number, action in enumerate(legal, start=1):
        say(f"  {number}. {table.game.action_text(action)}")
    while True:
        answer = ask("your move (number or text, q to stop)").strip()
        if answer in {"q", "quit"}:
            say("Stopped; the record holds every move so far." if table.save else "Stopped.")
            return False
        try:
            action = _read_answer(table.game, legal, answer)
            match.apply(action)
        except CardtableError as error:
            say(f"refused: {error}")
            continue
        return True


def _read_answer(game: Game[Any], legal: Sequence[Any], answer: str) -> Any:
    if answer.isdigit():
        number = int(answer)
        if not 1 <= number <= len(legal):
            raise IllegalAction(f"choose a number from 1 to {len(legal)}")
        return legal[number - 1]
    return game.parse_action(answer)


def play_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="A game's name or alias.")],
    preset: Annotated[str | None, typer.Option(help="A preset of the game.")] = None,
    rules_file: Annotated[
        Path | None, typer.Option("--rules", help="A TOML file of rule options.")
    ] = None,
    seats: Annotated[
        str | None, typer.Option(help="Who sits where, e.g. you,bot,bot (bots by name too).")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for reproducible deals.")] = None,
    deals: Annotated[int | None, typer.Option(min=1, help="Stop after this many deals.")] = None,
    save: Annotated[Path | None, typer.Option(help="Keep the match record in this file.")] = None,
    load: Annotated[Path | None, typer.Option(help="Resume the match of this record.")] = None,
) -> None:
    """Play a game at the prompt against bots (or friends at the same keyboard)."""
    console = Console(highlight=False)
    with one_line_errors():
        table = _open_table(game_name, preset, rules_file, seats, save, load)
        rng = seeded_rng(seed) if seed is not None else system_rng()
        play_match(
            table,
            rng,
            _ask,
            lambda line: console.print(line, markup=False),
            deals,
        )


def _ask(prompt: str) -> str:
    try:
        answer: str = typer.prompt(prompt, prompt_suffix="> ")
    except typer.Abort:
        return "q"
    return answer


def _open_table(
    game_name: str,
    preset: str | None,
    rules_file: Path | None,
    seats: str | None,
    save: Path | None,
    load: Path | None,
) -> Table:
    if load is not None:
        match = replay(parse_record(load.read_text(encoding="utf-8")))
        game = match.game
        if get_game(game_name) is not game:
            raise IllegalAction(f"{load} is a record of {game.name}, not of {game_name}")
        spec = seats or ",".join([HUMAN] + ["bot"] * (len(match.seats) - 1))
        _, bots = seat_table(game, match.rules, spec)
        return Table(game, match, bots, save or load)
    game = get_game(game_name)
    chosen = preset or game.default_preset
    if rules_file is not None:
        rules = game.rules_from_toml(
            rules_file.read_text(encoding="utf-8"), str(rules_file), chosen
        )
    else:
        rules = game.rules(chosen)
    spec = seats or ",".join([HUMAN] + ["bot"] * (game.players[0] - 1))
    names, bots = seat_table(game, rules, spec)
    return Table(game, game.new_match(rules, names, chosen), bots, save)
