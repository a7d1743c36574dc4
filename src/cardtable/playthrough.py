"""Playthroughs: a seeded match of any game written out step by step, to catch regressions.

Like OpenSpiel's playthrough files, a playthrough is a deterministic, human-readable text of a
few deals played by the random bot from fixed seeds: at every step the seat to move, its view
(as :func:`~cardtable.engine.views.view_to_data` makes it JSON), the legal actions' texts,
the action chosen and the events it caused with their audience; after every deal the outcome
and the ledger. One file per game, preset and player count lives in
``tests/vectors/playthroughs/``; a test plays each again and compares, so any change in what a
game deals, offers, shows or scores shows up as a diff. The texts are made here without I/O;
``cardtable playthrough --write DIR`` (``make playthroughs``) writes them.

>>> spec = PlaythroughSpec("poker", "holdem", players=2, deals=1, seed=1)
>>> spec.file_name
'poker-holdem-2p.txt'
>>> read_spec(playthrough(spec)) == spec
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from cardtable.bots import RandomBot
from cardtable.cards import cards_text
from cardtable.engine.deal import Event
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.registry import SomeGame, games, get_game
from cardtable.engine.rng import seeded_rng
from cardtable.engine.views import view_to_data
from cardtable.errors import CardtableError, RecordError

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

REGENERATE = "make playthroughs"
"""The one command that rewrites every playthrough file (after an intended change)."""

FOLDER = "tests/vectors/playthroughs"
"""Where the playthrough files live, relative to the repository."""

SEAT_NAMES = tuple("ABCDEFGHIJ")
"""The names of the seats, in seating order."""

LEGAL_SHOWN = 24
"""Up to this many legal actions are listed in full; longer lists are cut (see ``HEAD``)."""

HEAD, TAIL = 16, 4
"""A cut list shows its first ``HEAD`` and last ``TAIL`` actions and how many lie between."""

MAX_STEPS = 10_000
"""A deal still going after this many actions is an error, not an endless file."""

DEALS: dict[str, int] = {"poker": 1}
"""Deals per playthrough where a game wants other than ``DEFAULT_DEALS``: poker has 36
variants at two table sizes, and one deal each already walks every street."""

DEFAULT_DEALS = 2
"""Deals per playthrough: a piquet korolik, two preferans deals."""

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"poker": (2, 6)}
"""Player counts where a game's every count would be too many files: poker heads-up (its
own blind and betting order) and a six-handed table, which every variant seats."""

SEED = 1
"""The seed of every planned playthrough."""


@dataclass(frozen=True)
class PlaythroughSpec:
    """What one playthrough plays: a game's preset at a player count, for some deals."""

    game: str
    preset: str | None
    players: int
    deals: int
    seed: int

    @property
    def file_name(self) -> str:
        """The playthrough's file name: ``game-preset-Np.txt``."""
        return f"{self.game}-{self.preset or 'rules'}-{self.players}p.txt"


def plan(chosen: Iterable[SomeGame] | None = None) -> list[PlaythroughSpec]:
    """The playthroughs kept for ``chosen`` games (by default every game cardtable ships).

    Every preset at every player count the game (and the preset's rules) can seat, except
    where :data:`PLAYER_COUNTS` picks fewer counts.
    """
    listed = builtin_games() if chosen is None else list(chosen)
    specs = []
    for game in listed:
        deals = DEALS.get(game.name, DEFAULT_DEALS)
        presets: list[str | None] = [*game.presets] or [None]
        for preset in presets:
            rules = game.rules(preset)
            for players in PLAYER_COUNTS.get(game.name, game.players):
                if _seats(game, rules, players):
                    specs.append(PlaythroughSpec(game.name, preset, players, deals, SEED))
    return specs


def builtin_games() -> list[SomeGame]:
    """The registered games that cardtable itself ships (not games tests register)."""
    return [game for game in games() if type(game).__module__.startswith("cardtable.")]


def _seats(game: Game[A, V, R], rules: R, players: int) -> bool:
    try:
        game.new_match(rules, SEAT_NAMES[:players])
    except CardtableError:
        return False
    return True


def playthrough(spec: PlaythroughSpec) -> str:
    """The text of ``spec``'s match played by the random bot from its seed."""
    game = get_game(spec.game)
    rules = game.rules(spec.preset)
    match = game.new_match(rules, SEAT_NAMES[: spec.players], spec.preset)
    deal_rng = seeded_rng(f"{spec.seed}/deals")
    bot_rng = seeded_rng(f"{spec.seed}/bots")
    lines = [
        f"# cardtable playthrough of {game.title}: the random bot in every seat.",
        f"# An intended change is one command away: {REGENERATE}",
        f"game: {spec.game}",
        f"preset: {spec.preset or '-'}",
        f"players: {spec.players}",
        f"deals: {spec.deals}",
        f"seed: {spec.seed}",
        "seats: " + " ".join(match.seats),
    ]
    for number in range(1, spec.deals + 1):
        if match.is_over:
            break
        lines += _deal_lines(game, match, number, deal_rng, bot_rng)
    lines += ["", f"match over: {'yes' if match.is_over else 'no'}"]
    return "\n".join(lines) + "\n"


def _deal_lines(
    game: Game[A, V, R],
    match: Match[A, V, R],
    number: int,
    deal_rng: random.Random,
    bot_rng: random.Random,
) -> list[str]:
    deal = match.start_deal(deal_rng)
    setup = deal.setup
    lines = [
        "",
        f"== deal {number}: dealt by {match.seats[setup.dealer]} (seat {setup.dealer}), "
        f"seed {setup.seed}",
        f"deck: {cards_text(setup.deck)}",
        *_event_lines(deal.events),
    ]
    bot = RandomBot()
    step = 0
    while (seat := deal.to_move) is not None:
        step += 1
        if step > MAX_STEPS:
            raise CardtableError(f"deal {number} still going after {MAX_STEPS} actions")
        view = deal.view(seat)
        legal = deal.legal_actions()
        action = bot.choose(view, legal, bot_rng)
        lines += [
            "",
            f"step {step}: {match.seats[seat]} (seat {seat}) to move",
            f"view: {_json(view)}",
            f"legal ({len(legal)}): {_legal_text(game, legal)}",
            f"chosen: {game.action_text(action)}",
            *_event_lines(match.apply(action)),
        ]
    tags = " ".join(game.deal_tags(deal.outcome())) or "-"
    lines += [
        "",
        f"outcome: {_json(deal.outcome())}",
        f"tags: {tags}",
        f"ledger: {_json(match.ledger())}",
    ]
    return lines


def _event_lines(events: Iterable[Event]) -> list[str]:
    """One line per event: its kind, seat and audience, then its sentence and cards."""
    lines = []
    for event in events:
        seat = "-" if event.seat is None else str(event.seat)
        to = "all" if event.audience is None else ",".join(map(str, sorted(event.audience)))
        lines.append(f"event {event.kind} seat {seat} to {to}: {event}")
    return lines


def _legal_text(game: Game[A, V, R], legal: Sequence[A]) -> str:
    """The legal actions' texts, the middle of a long list cut to a count."""
    if len(legal) <= LEGAL_SHOWN:
        return " | ".join(game.action_text(action) for action in legal)
    head = [game.action_text(action) for action in legal[:HEAD]]
    tail = [game.action_text(action) for action in legal[-TAIL:]]
    return " | ".join([*head, f"… {len(legal) - HEAD - TAIL} more …", *tail])


def _json(value: object) -> str:
    return json.dumps(view_to_data(value), ensure_ascii=False, separators=(",", ":"))


def read_spec(text: str) -> PlaythroughSpec:
    r"""The spec a playthrough's header names, to play it again.

    >>> read_spec("game: piquet\npreset: seed\nplayers: 2\ndeals: 2\nseed: 1\n").file_name
    'piquet-seed-2p.txt'
    """
    fields: dict[str, str] = {}
    for line in text.splitlines():
        if line.startswith("== deal"):
            break
        key, colon, value = line.partition(": ")
        if colon and not line.startswith("#"):
            fields[key] = value
    try:
        return PlaythroughSpec(
            game=fields["game"],
            preset=None if fields["preset"] == "-" else fields["preset"],
            players=int(fields["players"]),
            deals=int(fields["deals"]),
            seed=int(fields["seed"]),
        )
    except (KeyError, ValueError) as error:
        raise RecordError(f"not a playthrough header: {error}") from None
