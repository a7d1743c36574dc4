"""``cardtable play GAME``: play any registered game at a plain prompt, against bots or friends.

The seat that is to move is shown its view and the legal actions as a numbered menu; it may
answer with a number or with the action typed in any spelling the game reads. Bots play the
other seats. With ``--save FILE`` the match record is rewritten atomically after every action,
so that ``--load FILE`` resumes exactly where play stopped.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import sys
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Generic, Protocol, TypeVar, cast, runtime_checkable

import typer
from rich.console import Console

from cardtable.bots import Bot, make_bot
from cardtable.cli.common import chosen_rules, one_line_errors, read_text
from cardtable.durable import remove_stale_temporaries, write_durably
from cardtable.engine import (
    CardChoice,
    Event,
    Game,
    Match,
    Record,
    get_game,
    parse_record,
    record_text,
    seeded_rng,
    system_rng,
    view_to_data,
)
from cardtable.engine.aids import judge_claim
from cardtable.engine.forced import forced_move
from cardtable.engine.help import rules_in_force
from cardtable.engine.integrity import fresh_salt
from cardtable.engine.reading import whole_number
from cardtable.engine.replay import replay
from cardtable.engine.rules import MOST_DEALS
from cardtable.engine.sealing import seal_deal_in_progress, unseal_deal_in_progress
from cardtable.engine.undo import UndoRefused, plan_undo
from cardtable.errors import CardtableError, IllegalAction
from cardtable.keys import seal_key

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)
R = TypeVar("R")

HUMAN = "you"
"""The word that seats a person in ``--seats``."""

STOP_WORDS = frozenset({"q", "quit"})
"""Answers that stop play at any prompt (every move made is already in the record)."""

UNDO_WORDS = frozenset({"undo"})
"""Answers that take back the person's last move of the deal, and every move after it."""

MENU_LENGTH = 40
"""Legal moves listed by number; past that (a piquet discard has ~1,500) the move is typed."""


@dataclass
class Table(Generic[A, V, R]):
    """A match with who sits where: people by name, bots by their bot."""

    game: Game[A, V, R]
    match: Match[A, V, R]
    bots: dict[int, Bot[V, A]]
    save: Path | None
    auto_play: bool = False
    """Whether a person's forced move (:func:`~cardtable.engine.forced.forced_move`) is played
    for him without asking (docs/tui.md, "Aids")."""

    def people(self) -> list[int]:
        """The seats played by people."""
        return [seat for seat in range(len(self.match.seats)) if seat not in self.bots]


def seat_table(game: Game[A, V, R], rules: R, spec: str) -> tuple[list[str], dict[int, Bot[V, A]]]:
    """Seat names and bots from ``you,bot,bot`` (a bot may be named: ``you,random,default``)."""
    words = [word.strip() for word in spec.split(",") if word.strip()]
    game.check_players(len(words))
    names: list[str] = []
    bots: dict[int, Bot[V, A]] = {}
    for seat, word in enumerate(words):
        if word == HUMAN:
            names.append(HUMAN if words.count(HUMAN) == 1 else f"{HUMAN} {seat + 1}")
            continue
        bots[seat] = make_bot(game.name, "default" if word == "bot" else word, rules)
        names.append(f"{word} {seat + 1}")
    return names, bots


def save_record(table: Table[A, V, R]) -> None:
    """Rewrite the match record durably after a move, so that a crash or a kill loses nothing.

    The deal in progress is sealed (docs/records.md, "The save file"): the file shows the
    finished deals and the current deal's commitment, not its cards or moves.
    """
    if table.save is None:
        return
    write_durably(table.save, record_text(saved_record(table.match)), _NEW_FILE_MODE)


def saved_record(match: Match[A, V, R]) -> Record:
    """The record a local table saves: the match's, with its deal in progress sealed."""
    record = match.record()
    if match.current is None:
        return record
    return seal_deal_in_progress(record, seal_key())


def read_saved_record(path: Path) -> Record:
    """The record saved at ``path``, its deal in progress unsealed with this table's key."""
    record = parse_record(read_text(path))
    if record.sealed is None:
        return record
    return unseal_deal_in_progress(record, seal_key())


def _new_file_mode() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


_NEW_FILE_MODE = _new_file_mode()


class Screen(Protocol[V_contra]):
    """How a table talks to the people at it: the plain prompt, JSON lines, the Textual table."""

    def deal_started(self, number: int, dealer: str, commitment: str) -> bool:
        """A new deal (or a resumed one) begins; ``commitment`` binds its deck (docs/records.md).

        ``False`` if the person stops here.
        """
        ...

    def event(self, seat: str, event: Event, several: bool) -> None:
        """``seat`` sees ``event`` (already reduced to what it may see)."""

    def prompt(
        self, seat: str, view: V_contra, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """Show ``seat`` its view, legal actions and card choices; return its answer."""
        ...

    def refused(self, reason: str) -> None:
        """The last answer was refused."""

    def finished(self, ledger: dict[str, object], stopped: bool, saved: bool) -> None:
        """Play ended: the match is over, the deals asked for are played, or a person stopped."""


@runtime_checkable
class Consenting(Protocol):
    """A screen that can ask a person at a hot-seat table whether he agrees to another's request."""

    def consents(self, person: str, request: str) -> bool:
        """Ask ``person`` (with no hand on the screen) whether he agrees to ``request``."""
        ...


CONSENT_WORDS = frozenset({"y", "yes"})
"""Answers that agree to another person's request; any other answer refuses it."""


class PlainScreen(Generic[A, V, R]):
    """The plain prompt: sentences and a numbered menu.

    With the ``table`` it serves, a line says how to type the move now and ``?`` (or
    ``help``) prints the rules of the phase, both written from the rules in force.
    """

    def __init__(
        self,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        table: Table[A, V, R] | None = None,
    ) -> None:
        self.ask = ask
        self.say = say
        self.table = table

    def deal_started(self, number: int, dealer: str, commitment: str) -> bool:
        """Announce the deal, its dealer and the commitment to its deck."""
        self.say(f"— deal {number}, dealt by {dealer} —")
        self.say(f"  deck commitment: {commitment}")
        return True

    def event(self, seat: str, event: Event, several: bool) -> None:
        """Print the event, naming the seat when several people share the screen."""
        self.say((f"[{seat}] " if several else "") + str(event))

    def prompt(
        self, seat: str, view: V, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """Print the view as ``name: value`` lines and the menu; read the answer.

        The menu numbers every legal move, those the ``choices`` build among them.
        """
        self.say(f"{seat} to move:")
        data = view_to_data(view)
        items = data.items() if isinstance(data, dict) else [("view", data)]
        for key, value in items:
            self.say(f"  {key}: {_plain(value)}")
        for number, text in enumerate(legal[:MENU_LENGTH], start=1):
            self.say(f"  {number}. {text}")
        if len(legal) > MENU_LENGTH:
            self.say(f"  … {len(legal) - MENU_LENGTH} more: type the move, e.g. {legal[-1]!r}")
        if self.table is not None:
            self.say(f"  how: {move_hint_now(self.table, view)}  (? for the rules)")
        while True:
            answer = self.ask("your move (number or text, q to stop)")
            if self.table is None or answer.strip().lower() not in HELP_WORDS:
                return answer
            for line in phase_help(self.table, view):
                self.say(line)

    def refused(self, reason: str) -> None:
        """Say why the answer was refused."""
        self.say(f"refused: {reason}")

    def consents(self, person: str, request: str) -> bool:
        """Ask ``person`` whether he agrees; ``y`` or ``yes`` agrees."""
        self.say(f"{request}.")
        return self.ask(f"{person}, do you agree? (y/n)").strip().lower() in CONSENT_WORDS

    def finished(self, ledger: dict[str, object], stopped: bool, saved: bool) -> None:
        """Print the score, or that play stopped."""
        if stopped:
            self.say("Stopped; the record holds every move so far." if saved else "Stopped.")
            return
        self.say("Score: " + ", ".join(f"{name} {amount}" for name, amount in ledger.items()))


HELP_WORDS = frozenset({"?", "help"})
"""Answers at the plain prompt that print the rules of the phase instead of moving."""


def move_hint_now(table: Table[A, V, R], view: V) -> str:
    """How the seat to move types its move now, from the rules in force and the legal moves."""
    match = table.match
    return table.game.move_hint(rules_in_force(match), view, match.legal_actions())


def phase_help(table: Table[A, V, R], view: V) -> list[str]:
    """The rules of the phase ``view`` shows, as the rules in force tell them, one a line."""
    help = table.game.rules_help(rules_in_force(table.match))
    return help.lines(str(getattr(view, "phase", "")) or None)


class JsonScreen(Generic[A, V, R]):
    """One JSON object per line, for programs that play: each prompt carries view and legal."""

    def __init__(
        self,
        ask: Callable[[str], str],
        say: Callable[[str], None],
        table: Table[A, V, R] | None = None,
    ) -> None:
        self.ask = ask
        self.say = say
        self.table = table

    def _write(self, data: dict[str, object]) -> None:
        self.say(json.dumps(data, ensure_ascii=False))

    def deal_started(self, number: int, dealer: str, commitment: str) -> bool:
        """``{"deal": n, "dealer": name, "commitment": hex}``."""
        self._write({"deal": number, "dealer": dealer, "commitment": commitment})
        return True

    def event(self, seat: str, event: Event, several: bool) -> None:
        """``{"event": kind, "seat": n, "text": ..., "cards": [...], "to": name}``."""
        self._write(
            {
                "event": event.kind,
                "seat": event.seat,
                "text": event.text,
                "cards": [card.text() for card in event.cards],
                "to": seat,
            }
        )

    def prompt(
        self, seat: str, view: V, legal: list[str], choices: Sequence[CardChoice] = ()
    ) -> str:
        """``{"to_move": name, "view": {...}, "legal": [...], "hint": ...}``, then read one line.

        ``hint`` says how a person would type the move (:func:`move_hint_now`). With card
        choices, also ``"choices": [{"verb", "cards", "counts", "note"}]``.
        """
        prompt: dict[str, object] = {"to_move": seat, "view": view_to_data(view), "legal": legal}
        if self.table is not None:
            prompt["hint"] = move_hint_now(self.table, view)
        if choices:
            prompt["choices"] = view_to_data(list(choices))
        self._write(prompt)
        return self.ask("")

    def refused(self, reason: str) -> None:
        """``{"refused": reason}``."""
        self._write({"refused": reason})

    def finished(self, ledger: dict[str, object], stopped: bool, saved: bool) -> None:
        """``{"finished": bool, "stopped": bool, "ledger": {...}}``."""
        self._write({"finished": not stopped, "stopped": stopped, "ledger": ledger})


def _plain(value: object) -> str:
    if isinstance(value, list):
        return " ".join(_plain(item) for item in value) if value else "—"
    if isinstance(value, dict):
        return ", ".join(f"{key} {_plain(item)}" for key, item in value.items()) or "—"
    return "—" if value is None else str(value)


def play_match(
    table: Table[A, V, R], rng: random.Random, screen: Screen[V], deals: int | None
) -> None:
    """Play until the match ends, ``deals`` more deals have been played, or a person quits.

    An undo swaps a new match into ``table.match``, so the match is read from the table anew.
    """
    seen = {seat: sum(len(d.events) for d in table.match.deals) for seat in table.people()}
    played = 0
    while not table.match.is_over and (deals is None or played < deals):
        match = table.match
        deal = match.current or match.start_deal(rng, fresh_salt())
        dealer = match.seats[deal.setup.dealer]
        going_on = screen.deal_started(len(match.deals), dealer, deal.setup.commitment)
        save_record(table)
        if not going_on:
            _stopped(table, screen)
            return
        while table.match.current is not None and not table.match.current.is_over:
            _tell(table, seen, screen)
            if not _one_move(table, rng, screen, seen):
                _stopped(table, screen)
                return
            save_record(table)
        _tell(table, seen, screen)
        played += 1
    screen.finished(view_to_data(table.match.ledger()), stopped=False, saved=bool(table.save))


def _stopped(table: Table[A, V, R], screen: Screen[V]) -> None:
    screen.finished(view_to_data(table.match.ledger()), stopped=True, saved=bool(table.save))


def _tell(table: Table[A, V, R], seen: dict[int, int], screen: Screen[V]) -> None:
    events = [event for deal in table.match.deals for event in deal.events]
    for seat in table.people():
        for event in events[seen[seat] :]:
            screen.event(table.match.seats[seat], event.seen_by(seat), len(seen) > 1)
        seen[seat] = len(events)


def _one_move(
    table: Table[A, V, R], rng: random.Random, screen: Screen[V], seen: dict[int, int]
) -> bool:
    match = table.match
    seat = match.to_move
    assert seat is not None
    legal = match.legal_actions()
    bot = table.bots.get(seat)
    if bot is not None:
        match.apply(bot.choose(match.view(seat), legal, rng))
        return True
    deal = match.current
    assert deal is not None
    if table.auto_play:
        forced = forced_move(deal)
        if forced is not None:
            match.apply(forced)
            return True
    menu = [table.game.action_text(action) for action in legal]
    choices = deal.choices()
    answer = screen.prompt(match.seats[seat], match.view(seat), menu, choices)
    while True:
        answer = answer.strip()
        if answer.lower() in STOP_WORDS:
            return False
        try:
            if answer.lower() in UNDO_WORDS:
                _undo(table, seat, seen, screen)
                return True
            action = _read_answer(table.game, legal, answer, match.view(seat))
            if action == deal.claim_action(seat):
                _claim(table, seat, action)
            else:
                match.apply(action)
        except CardtableError as error:
            screen.refused(str(error))
            answer = screen.prompt(match.seats[seat], match.view(seat), menu, choices)
            continue
        return True


def _undo(table: Table[A, V, R], seat: int, seen: dict[int, int], screen: Screen[V]) -> None:
    """Take back ``seat``'s last move of the deal, with every other person's consent.

    The engine's rule (no card seen since) is asked first, so nobody is asked to agree to an
    undo it refuses; a screen that cannot ask for consent leaves a hot-seat undo refused.
    """
    plan = plan_undo(table.match, seat)
    names = table.match.seats
    others = [names[person] for person in table.people() if person != seat]
    if others and not isinstance(screen, Consenting):
        raise UndoRefused("undo at a hot-seat table needs every other person's consent")
    taken = "move" if plan.taken_back == 1 else f"move and the {plan.taken_back - 1} after it"
    request = f"{names[seat]} asks to take back his last {taken}"
    for other in others:
        assert isinstance(screen, Consenting)
        if not screen.consents(other, request):
            raise UndoRefused(f"{other} does not agree to take the moves back")
    # Replayed from this match's own record: the same game, so the same types.
    table.match = cast("Match[A, V, R]", plan.match)
    events = sum(len(deal.events) for deal in table.match.deals)
    for person, told in seen.items():
        seen[person] = min(told, events)


def _claim(table: Table[A, V, R], seat: int, claim: A) -> None:
    """Lay down ``seat``'s claim of the rest and grant it, if the cards prove it; else refuse.

    A claim the cards do not prove is refused before it is laid down, so it changes nothing
    (docs/tui.md, "Aids"): the engine, which knows every hand, judges it.
    """
    deal = table.match.current
    assert deal is not None
    reason = deal.why_illegal(claim)
    if reason is not None:
        raise IllegalAction(reason)
    verdict = judge_claim(table.game.name, deal, seat)
    if not verdict.proved:
        raise IllegalAction(f"the claim is refused: {verdict.reason}")
    grant = deal.grant_action(seat)
    assert grant is not None
    table.match.apply(claim)
    table.match.apply(grant)


def _read_answer(game: Game[A, V, R], legal: Sequence[A], answer: str, view: V) -> A:
    number = whole_number(answer)
    if number is not None:
        if not 1 <= number <= len(legal):
            raise IllegalAction(f"choose a number from 1 to {len(legal)}")
        return legal[number - 1]
    return game.parse_typed(answer, view)


def play_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="A game's name or alias.")
    ] = None,
    preset: Annotated[
        str | None, typer.Option("--preset", "--variant", help="A preset (poker: a variant).")
    ] = None,
    rules_file: Annotated[
        Path | None, typer.Option("--rules", help="A TOML file of rule options.")
    ] = None,
    seats: Annotated[
        str | None, typer.Option(help="Who sits where, e.g. you,bot,bot (bots by name too).")
    ] = None,
    players: Annotated[
        int | None, typer.Option(min=2, help="Seats when --seats is not given: you and bots.")
    ] = None,
    bots: Annotated[
        str, typer.Option(help="The bot in the other seats when --seats is not given.")
    ] = "bot",
    seed: Annotated[int | None, typer.Option(help="Seed for reproducible deals.")] = None,
    deals: Annotated[
        int | None, typer.Option(min=1, max=MOST_DEALS, help="Stop after this many deals.")
    ] = None,
    save: Annotated[Path | None, typer.Option(help="Keep the match record in this file.")] = None,
    load: Annotated[Path | None, typer.Option(help="Resume the match of this record.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Talk in JSON lines: a program plays the seats.")
    ] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="The plain prompt even on a terminal.")
    ] = False,
    auto_play: Annotated[
        bool,
        typer.Option(
            "--auto-play/--no-auto-play", help="Play a person's forced moves without asking."
        ),
    ] = False,
    connect: Annotated[
        str | None,
        typer.Option(metavar="URL", help="Sit at a server's table: its invite link."),
    ] = None,
    name: Annotated[str | None, typer.Option(help="With --connect: the name to sit under.")] = None,
    seat: Annotated[
        int | None, typer.Option(min=0, help="With --connect: the seat to take.")
    ] = None,
    token: Annotated[
        str | None, typer.Option(help="With --connect: come back to the seat of this token.")
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="With --connect: watch as a spectator, taking no seat.")
    ] = False,
) -> None:
    """Play a game against bots (or friends at the same keyboard): full-screen on a terminal.

    With ``--connect URL`` sit at a table of ``cardtable serve`` instead (docs/tui.md).
    """
    console = Console(highlight=False)
    with one_line_errors():
        if as_json and plain:
            raise IllegalAction("give --json or --plain, not both")
        if connect is not None:
            _check_connect_alone(game_name, preset, rules_file, seats, players, save, load, deals)
            from cardtable.cli.connect import Joining, play_connected  # noqa: PLC0415

            full_screen = not (as_json or plain) and sys.stdin.isatty() and sys.stdout.isatty()
            with _sigterm_stops_play():
                face = "app" if full_screen else "json" if as_json else "plain"
                joining = Joining(name, seat, token, watch)
                play_connected(connect, joining, _ask, face, auto_play)
            return
        if game_name is None:
            raise IllegalAction("name a GAME to play, or --connect URL to sit at a server's table")
        if name is not None or seat is not None or token is not None or watch:
            raise IllegalAction("--name, --seat, --token and --watch go with --connect URL")
        if seats is not None and players is not None:
            raise IllegalAction("give --seats or --players, not both")
        table = _open_table(
            game_name, preset, rules_file, Seating(seats, players, bots), save, load
        )
        table.auto_play = auto_play
        rng = seeded_rng(seed) if seed is not None else system_rng()
        with _sigterm_stops_play():
            if not (as_json or plain) and sys.stdin.isatty() and sys.stdout.isatty():
                _play_full_screen(table, rng, deals)
                return
            say: Callable[[str], None] = (
                (lambda line: print(line, flush=True))
                if as_json
                else (lambda line: console.print(line, markup=False))
            )
            kind = JsonScreen if as_json else PlainScreen
            screen: Screen[object] = kind(_ask, say, table)
            play_match(table, rng, screen, deals)


def _check_connect_alone(game: str | None, *given: object) -> None:
    """The server's table has its own game, rules, seats and record: refuse local options."""
    if game is not None:
        raise IllegalAction(f"--connect plays the server's table's game: drop {game!r}")
    if any(value is not None for value in given):
        raise IllegalAction(
            "--connect plays the server's table as it is: drop --preset, --rules, --seats, "
            "--players, --save, --load and --deals"
        )


STOPPED_BY_SIGNAL = 128 + signal.SIGTERM
"""The exit status of a table stopped by ``SIGTERM``, as a shell reports a signal's."""


@contextlib.contextmanager
def _sigterm_stops_play() -> Iterator[None]:
    # Python's default SIGTERM ends the process at once, skipping the save's clean-up; as an
    # exception it unwinds, so a record being written is finished or its temporary removed.
    def stop(number: int, frame: object) -> None:
        raise SystemExit(STOPPED_BY_SIGNAL)

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _play_full_screen(table: Table[A, V, R], rng: random.Random, deals: int | None) -> None:
    # Imported here so that the plain and JSON prompts start without the app's code.
    from cardtable.tui.app import TableApp, score_line  # noqa: PLC0415
    from cardtable.tui.sitting import LocalSitting  # noqa: PLC0415

    TableApp(LocalSitting(table, rng, deals)).run()
    console = Console(highlight=False)
    console.print(score_line(table), markup=False)
    if table.save is not None:
        console.print(f"The record is in {table.save}; resume with --load {table.save}.")


def _ask(prompt: str) -> str:
    try:
        answer: str = typer.prompt(prompt, prompt_suffix="> " if prompt else "")
    except typer.Abort:
        return "q"
    return answer


@dataclass(frozen=True)
class Seating:
    """Who sits where: ``--seats`` as given, or a person and ``players - 1`` bots."""

    seats: str | None
    players: int | None
    bot: str

    def spec(self, default_players: int) -> str:
        """The seats as ``you,bot,bot``."""
        if self.seats is not None:
            return self.seats
        return ",".join([HUMAN] + [self.bot] * ((self.players or default_players) - 1))


def _open_table(
    game_name: str,
    preset: str | None,
    rules_file: Path | None,
    seating: Seating,
    save: Path | None,
    load: Path | None,
) -> Table[Hashable, object, object]:
    if save is not None and save.is_dir():
        raise CardtableError(f"{save} is a folder: --save takes the name of a file")
    if save is not None and not save.parent.is_dir():
        raise CardtableError(f"{save}: there is no folder {save.parent} to save in")
    if save is not None and save.exists() and (load is None or save.resolve() != load.resolve()):
        raise CardtableError(f"{save} already holds a record: resume it with --load {save}")
    for target in (save, load):
        if target is not None:
            remove_stale_temporaries(target)
    if load is not None:
        if preset is not None or rules_file is not None:
            raise CardtableError(
                "--load resumes the match under its own rules: drop --preset/--rules"
            )
        match = replay(read_saved_record(load))
        game = get_game(game_name)
        if match.game is not game:
            raise IllegalAction(f"{load} is a record of {match.game.name}, not of {game_name}")
        spec = seating.spec(len(match.seats))
        given = len([word for word in spec.split(",") if word.strip()])
        if given != len(match.seats):
            raise CardtableError(f"{load} seats {len(match.seats)} players, not {given}")
        _, bots = seat_table(game, match.rules, spec)
        return Table(game, match, bots, save or load)
    game = get_game(game_name)
    chosen = preset or game.default_preset
    rules = chosen_rules(game, preset, rules_file)
    names, bots = seat_table(game, rules, seating.spec(game.players[0]))
    return Table(game, game.new_match(rules, names, chosen), bots, save)
