"""The generic harness: random playouts of any registered game with every invariant checked.

For each decision of each deal it checks that the seat to move has legal actions, that an
illegal action is refused and leaves the state unchanged, that every action's canonical text
reads back to the same action, that no seat's view names a card no event showed it and the
public view none that no public event showed, and that the deal's card choices and its legal
list agree (every move built from a choice is legal, every legal set of cards is built by a
choice). After
every deal it checks that the ledger sums to zero; after every match, that the record written
as JSON replays to the same events and ledger; and it plays the first match twice from the
same seed to check that the same seed gives the same match.

Those checks cost many times the play itself, so a simulation may check only a seeded sample
of its deals fully (``checks="sample"``, ``cardtable simulate``'s default): the first deal
and one in :data:`SAMPLE_EVERY`, drawn from the seed, get every per-decision check, and the
records of one match in :data:`SAMPLE_EVERY` are replayed; every ledger is summed and the
first match is played twice whatever is sampled. ``checks="all"`` (or ``True``) checks every
deal and match.
"""

from __future__ import annotations

import json
import pickle
import random
import time
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, Literal, TypeVar, cast

from cardtable.bots import Bot, make_bot, reads_view
from cardtable.cards import Card, DeckSpec, by_index, cards_text
from cardtable.engine.choices import CardChoice
from cardtable.engine.deal import Deal
from cardtable.engine.game import Game
from cardtable.engine.match import Match
from cardtable.engine.record import parse_record, record_text
from cardtable.engine.replay import replay
from cardtable.engine.rng import seeded_rng
from cardtable.engine.views import cards_in, view_to_data
from cardtable.errors import CardtableError, IllegalAction, RulesError

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

CHECKS = (
    "legal_actions_until_over",
    "illegal_actions_refused",
    "action_text_round_trips",
    "views_hide_unseen_cards",
    "public_view_hides_private_cards",
    "views_serialize",
    "choices_agree_with_legal",
    "ledger_sums_to_zero",
    "records_replay",
    "same_seed_same_match",
)
"""The names of the harness's checks, as reported."""

CHOICE_SAMPLES = 6
"""Moves built from each card choice and checked at each decision (the smallest, the largest
and random ones between)."""

CARD_TEXTS = frozenset(card.text() for card in DeckSpec.named("54").cards())
"""Every card as a canonical action text writes it, to count the cards a legal move names."""

CheckMode = Literal["all", "sample", "none"]
"""Which deals a simulation checks fully: every one, a seeded sample, or none."""

CHECK_MODES: tuple[CheckMode, ...] = ("sample", "all", "none")
"""The modes as ``cardtable simulate --checks`` takes them, its default first."""

SAMPLE_EVERY = 100
"""A sampled simulation checks one deal in this many fully, and replays one match in as many:
the checks cost some 15 to 30 plays of the deal they check, so the sample keeps them within
the play's own time (docs/architecture.md, harness)."""

MAX_ACTIONS_PER_DEAL = 10_000
"""A deal still going after this many actions is reported as never ending."""

SEAT_NAMES = tuple("ABCDEFGHIJ")
"""The names given to simulated seats."""


@dataclass
class Checker:
    """Collects failures by check name; a check holds when it has none.

    ``enabled`` says whether the deal in play is checked fully; under a sample it is turned on
    and off deal by deal.
    """

    enabled: bool = True
    failures: dict[str, list[str]] = field(default_factory=lambda: {name: [] for name in CHECKS})

    def fail(self, check: str, message: str) -> None:
        """Note that ``check`` failed, with what happened."""
        self.failures[check].append(message)

    def verdict(self) -> dict[str, bool]:
        """Each check's name and whether it held."""
        return {name: not messages for name, messages in self.failures.items()}


@dataclass(frozen=True)
class SimulationReport:
    """What a simulation played, how fast, and whether every check held."""

    game: str
    preset: str | None
    players: int
    deals: int
    matches: int
    seconds: float
    checks: dict[str, bool]
    failures: dict[str, list[str]]
    tally: dict[str, int]
    check_mode: CheckMode = "all"
    checked: int = 0
    """How many deals were checked fully (every deal under ``all``, the sample's under
    ``sample``)."""
    replayed: int = 0
    """How many matches' records were replayed."""
    sample_every: int = SAMPLE_EVERY

    @property
    def deals_per_second(self) -> float:
        """Deals played per second of wall-clock time."""
        return self.deals / self.seconds if self.seconds > 0 else float("inf")

    @property
    def ok(self) -> bool:
        """Whether every check held."""
        return all(self.checks.values())

    def to_data(self) -> dict[str, object]:
        """The report as JSON-shaped data."""
        return {
            "game": self.game,
            "preset": self.preset,
            "players": self.players,
            "deals": self.deals,
            "matches": self.matches,
            "seconds": round(self.seconds, 6),
            "deals_per_second": round(self.deals_per_second, 3),
            "check_mode": self.check_mode,
            "checked_deals": self.checked,
            "replayed_matches": self.replayed,
            "sample_every": self.sample_every if self.check_mode == "sample" else None,
            "checks": self.checks,
            "failures": {name: found[:5] for name, found in self.failures.items() if found},
            "tally": dict(sorted(self.tally.items())),
        }


@dataclass
class _Run(Generic[A, V, R]):
    """One simulation's fixed parts: the game, its table and where results go."""

    game: Game[A, V, R]
    rules: R
    seats: tuple[str, ...]
    preset: str | None
    bots: Sequence[Bot[V, A]]
    seed: int
    checker: Checker
    tally: Counter[str] = field(default_factory=Counter)
    progress: Callable[[int], None] | None = None
    sample: CheckSample | None = None
    checked: int = 0
    replayed: int = 0

    def new_match(self) -> Match[A, V, R]:
        return self.game.new_match(self.rules, self.seats, self.preset)


class CheckSample:
    """The seeded draw of the deals (and matches) that a sampled simulation checks fully.

    The first deal is always checked, so that a short run checks one deal at least.

    Deals and matches are drawn in the order they are played, from generators seeded by the
    simulation's seed alone, so the same seed checks the same deals.
    """

    def __init__(self, seed: int, every: int = SAMPLE_EVERY) -> None:
        self.every = every
        self._deals = seeded_rng(f"{seed}/checks/deals")
        self._matches = seeded_rng(f"{seed}/checks/matches")
        self._first = True

    def next_deal(self) -> bool:
        """Whether the next deal is checked fully: the first always, then one in ``every``."""
        first = self._first
        self._first = False
        return self._deals.randrange(self.every) == 0 or first

    def next_match(self) -> bool:
        """Whether the next match's record is replayed."""
        return self._matches.randrange(self.every) == 0


def sampled_deals(seed: int, deals: int, every: int = SAMPLE_EVERY) -> list[int]:
    """The numbers (from 0, in the order played) of the deals a sample of ``seed`` checks."""
    sample = CheckSample(seed, every)
    return [number for number in range(deals) if sample.next_deal()]


def check_mode(checks: bool | str) -> CheckMode:
    """``checks`` as a mode: ``True`` is every deal, ``False`` none."""
    if checks is True:
        return "all"
    if checks is False:
        return "none"
    for mode in CHECK_MODES:
        if checks == mode:
            return mode
    raise CardtableError(f"checks are {', '.join(CHECK_MODES)}, not {checks!r}")


def simulate(
    game: Game[A, V, R],
    rules: R,
    *,
    players: int,
    deals: int,
    seed: int,
    preset: str | None = None,
    bots: Sequence[Bot[V, A]] | None = None,
    checks: bool | CheckMode = True,
    progress: Callable[[int], None] | None = None,
    sample_every: int = SAMPLE_EVERY,
) -> SimulationReport:
    """Play ``deals`` deals of ``game`` bot against bot, in as many matches as that takes.

    ``checks``: every deal checked fully (``True``, ``"all"``), a seeded sample of one deal
    in ``sample_every`` (``"sample"``), or none (``False``, ``"none"``).
    """
    game.check_players(players)
    mode = check_mode(checks)
    seats = SEAT_NAMES[:players]
    table: Sequence[Bot[V, A]] = bots or [make_bot(game.name, "default", rules) for _ in seats]
    checker = Checker(enabled=mode == "all")
    run = _Run(game, rules, seats, preset, table, seed, checker, progress=progress)
    if mode == "sample":
        run.sample = CheckSample(seed, sample_every)
    played = matches = 0
    started = time.perf_counter()
    while played < deals:
        match = run.new_match()
        count = _play_match(run, match, matches, deals - played)
        if count == 0:
            raise RulesError(f"a {game.title} match under these rules ends before its first deal")
        if mode == "all" or (run.sample is not None and run.sample.next_match()):
            _check_replay(match, checker)
            run.replayed += 1
        if mode != "none" and matches == 0:
            _check_same_seed(run, match, count)
        played += count
        matches += 1
    seconds = time.perf_counter() - started
    return SimulationReport(
        game.name,
        preset,
        players,
        played,
        matches,
        seconds,
        checker.verdict(),
        checker.failures,
        dict(run.tally),
        mode,
        run.checked,
        run.replayed,
        sample_every,
    )


@dataclass
class _DealContext(Generic[A]):
    """The generators and vocabulary one match's deals share."""

    bot_rng: random.Random
    probe_rng: random.Random
    vocabulary: dict[A, None] = field(default_factory=dict)


def _play_match(run: _Run[A, V, R], match: Match[A, V, R], index: int, limit: int) -> int:
    deal_rng = seeded_rng(f"{run.seed}/deals/{index}")
    context: _DealContext[A] = _DealContext(
        seeded_rng(f"{run.seed}/bots/{index}"), seeded_rng(f"{run.seed}/probes/{index}")
    )
    played = 0
    while played < limit and not match.is_over:
        deal = match.start_deal(deal_rng)
        if run.sample is not None:
            run.checker.enabled = run.sample.next_deal()
        run.checked += run.checker.enabled
        finished = _play_deal(run, match, deal, context)
        played += 1
        if run.progress is not None:
            run.progress(1)
        if not finished:
            break
        if run.checker.enabled or run.sample is not None:
            _check_ledger(match, run.checker)
        run.tally.update(run.game.deal_tags(deal.outcome()))
    return played


def _play_deal(
    run: _Run[A, V, R], match: Match[A, V, R], deal: Deal[A, V], context: _DealContext[A]
) -> bool:
    """Play one deal to its end; ``False`` if it could not be finished."""
    checker = run.checker
    for _ in range(MAX_ACTIONS_PER_DEAL):
        seat = deal.to_move
        if checker.enabled:
            _check_views(match, deal, checker)
        if seat is None:
            return True
        legal = deal.legal_actions()
        if not legal:
            checker.fail("legal_actions_until_over", f"seat {seat} to move has no legal action")
            return False
        if checker.enabled:
            context.vocabulary.update(dict.fromkeys(legal))
            _check_illegal_probe(match, deal, legal, context, checker)
            _check_choices(run.game, deal, legal, context.probe_rng, checker)
        bot = run.bots[seat]
        # A bot that reads no view is handed none: making it was a quarter of a deal's time.
        view = deal.view(seat) if reads_view(bot) else cast("V", None)
        action = bot.choose(view, legal, context.bot_rng)
        if checker.enabled:
            _check_text(run.game, action, checker)
            # The engine trusts a move taken from its own list; the checks ask the rules.
            reason = deal.why_illegal(action)
            if reason is not None:
                checker.fail("legal_actions_until_over", f"listed action {action!r}: {reason}")
                return False
        try:
            match.apply(action)
        except IllegalAction as error:
            checker.fail("legal_actions_until_over", f"listed action {action!r} refused: {error}")
            return False
    checker.fail(
        "legal_actions_until_over", f"deal still going after {MAX_ACTIONS_PER_DEAL} actions"
    )
    return False


def _check_views(match: Match[A, V, R], deal: Deal[A, V], checker: Checker) -> None:
    for seat in range(len(match.seats)):
        view = deal.view(seat)
        leaked = cards_in(view) - deal.cards_known_to(seat)
        if leaked:
            checker.fail("views_hide_unseen_cards", f"seat {seat} sees {_listed(leaked)}")
        _check_serializes(view, f"view of seat {seat}", checker)
    public = deal.public_view()
    leaked = cards_in(public) - deal.public_cards()
    if leaked:
        checker.fail("public_view_hides_private_cards", f"a spectator sees {_listed(leaked)}")
    _check_serializes(public, "the public view", checker)


def _listed(cards: set[Card]) -> str:
    return cards_text(sorted(cards, key=by_index))


def _check_serializes(view: object, what: str, checker: Checker) -> None:
    try:
        json.dumps(view_to_data(view))
    except (TypeError, ValueError) as error:
        checker.fail("views_serialize", f"{what}: {error}")


def _check_choices(
    game: Game[A, V, R], deal: Deal[A, V], legal: Sequence[A], rng: random.Random, checker: Checker
) -> None:
    """Every move built from a choice is legal; every legal set of cards comes from a choice.

    A legal move is a set of cards when it names two or more, or has a choice's verb.
    """
    choices = deal.choices()
    for choice in choices:
        if not choice.counts or choice.least < 1 or choice.most > len(choice.cards):
            found = f"{choice.verb} {list(choice.counts)} of {len(choice.cards)} cards"
            checker.fail("choices_agree_with_legal", f"a choice that cannot be made: {found}")
            continue
        for text in _built(choice, rng):
            reason = _why_refused(game, deal, text)
            if reason is not None:
                checker.fail("choices_agree_with_legal", f"{text!r} built from a choice: {reason}")
    verbs = {choice.verb for choice in choices}
    for action in legal:
        text = game.action_text(action)
        if text.partition(" ")[0] not in verbs and _cards_named(text) < 2:
            continue
        if not any(choice.builds(text) for choice in choices):
            checker.fail("choices_agree_with_legal", f"legal {text!r} is built by no choice")


def _built(choice: CardChoice, rng: random.Random) -> list[str]:
    """The smallest and the largest move of ``choice``, and random ones between."""
    cards = list(choice.cards)
    sets = [cards[: choice.least], cards[len(cards) - choice.most :]]
    sets += [rng.sample(cards, rng.choice(choice.counts)) for _ in range(CHOICE_SAMPLES - 2)]
    return [choice.text(chosen) for chosen in sets]


def _why_refused(game: Game[A, V, R], deal: Deal[A, V], text: str) -> str | None:
    try:
        action = game.parse_action(text)
    except CardtableError as error:
        return str(error)
    return deal.why_illegal(action)


def _cards_named(text: str) -> int:
    return sum(word in CARD_TEXTS for word in text.split())


def _check_illegal_probe(
    match: Match[A, V, R],
    deal: Deal[A, V],
    legal: Sequence[A],
    context: _DealContext[A],
    checker: Checker,
) -> None:
    allowed = set(legal)
    candidates = [action for action in context.vocabulary if action not in allowed]
    if not candidates:
        return
    probe = context.probe_rng.choice(candidates)
    if deal.can_apply(probe):
        return  # a range's inner amount may be legal though not listed
    before = pickle.dumps(deal)
    try:
        match.apply(probe)
    except IllegalAction:
        if pickle.dumps(deal) != before:
            checker.fail("illegal_actions_refused", f"refusing {probe!r} changed the state")
        return
    checker.fail("illegal_actions_refused", f"{probe!r} was accepted though it is illegal")


def _check_text(game: Game[A, V, R], action: A, checker: Checker) -> None:
    text = game.action_text(action)
    try:
        again = game.parse_action(text)
    except CardtableError as error:
        checker.fail("action_text_round_trips", f"{text!r} does not read back: {error}")
        return
    if again != action:
        checker.fail("action_text_round_trips", f"{text!r} reads back as {again!r}, not {action!r}")


def _check_ledger(match: Match[A, V, R], checker: Checker) -> None:
    ledger = match.ledger()
    if sum(ledger.values()) != 0:
        checker.fail("ledger_sums_to_zero", f"after deal {len(match.deals)}: {ledger}")


def _check_replay(match: Match[A, V, R], checker: Checker) -> None:
    try:
        again = replay(parse_record(record_text(match.record())))
    except CardtableError as error:
        checker.fail("records_replay", str(error))
        return
    for number, (first, second) in enumerate(zip(match.deals, again.deals, strict=True), start=1):
        if first.events != second.events:
            checker.fail("records_replay", f"deal {number} replays to other events")
    if again.ledger() != match.ledger():
        checker.fail("records_replay", "the replayed ledger differs")


def _check_same_seed(run: _Run[A, V, R], first: Match[A, V, R], count: int) -> None:
    second = run.new_match()
    quiet = _Run(run.game, run.rules, run.seats, run.preset, run.bots, run.seed, Checker(False))
    _play_match(quiet, second, 0, count)
    if record_text(second.record()) != record_text(first.record()):
        run.checker.fail("same_seed_same_match", f"seed {run.seed} gave two different matches")
