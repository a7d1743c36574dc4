"""The nightly-size fuzz run: a seeded mutational loop over every parser players' input reaches.

docs/reliability.md, "The million-case run": ``python fuzz/million.py TARGET --cases N`` feeds
TARGET N mutated inputs, each grown from a real one (a legal move, a preset, a played record,
a PHH hand…) by one to four edits: a span cut, a hostile token or random characters
inserted, a number swapped for a huge or odd one, two inputs spliced, or, for JSON and TOML,
one value of the parsed document replaced, removed or doubled. Every case must end in a value
or a one-line ``CardtableError`` within :data:`CASE_SECONDS` (an alarm fails it as a hang),
and the working folder (a fresh temporary one) must hold no file afterwards; what reads must
read back (cards, moves), rules read must play a deal with every harness check on, records
and PHH hands read must replay. The same checks as ``tests/test_fuzz.py`` and its
neighbours, without Hypothesis' per-case bookkeeping, so a million cases fit in a night.

It prints one JSON line per target: cases, values, refusals, crashes, hangs, seconds; each
crash or hang is written (input and error) to ``--out``.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import hashlib
import json
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from cardtable.cards import cards_text, parse_card, parse_cards, parse_move_cards
from cardtable.engine import Match, get_game, record_text, seeded_rng
from cardtable.engine.integrity import canonical_json
from cardtable.engine.rules import rules_to_mapping
from cardtable.engine.signing import verify_record
from cardtable.errors import CardtableError
from cardtable.harness import simulate
from cardtable.poker.phh import parse_phh_all, replay_phh
from cardtable.preferans.scorer import parse_score_file, score

ROOT = Path(__file__).resolve().parent.parent
CASE_SECONDS = 10
"""The most CPU time one case may take before it counts as a hang (as in tests/fuzzing.py)."""

WALL_SECONDS = 600
"""The most wall time one case may take: a backstop for a case that waits without computing.

A hang is counted in this process's CPU time, because at nice 19 on shared cores a case gets
only a small share of a core and its wall time says more about the load than about the case.
"""

HOSTILE = (
    "²", "³", "٣", "-1", "0", "9" * 30, "9" * 5000, "1e5000", "NaN", "nan", "inf", "-inf",
    "\x00", "\u202e", "♠", "♥♥", "10", "Jo", "NT", ",,", "", "true", "[]", "{}", "[[[[[[",
    '"', "'", "\\", "\n", "=", "#", "-0", "1/0", "0.0000001", "2**63", str(2**63), "𝟗",
)  # fmt: skip
"""Tokens that broke parsers before: digits int() refuses, huge numbers, NaN, controls."""

HOSTILE_VALUES: tuple[Any, ...] = (
    None, True, False, 0, -1, 1, 2**63, -(2**70), 10**30, 0.5, -0.0, 1e300, "", "x", "9" * 40,
    [], {}, [None], {"": None}, "♠", "A♠", [1, 2, 3], "-1",
)  # fmt: skip
"""Values put in place of one value of a parsed JSON or TOML document."""


class Hang(Exception):
    """A case past its CPU-time limit or the wall-clock backstop."""


@dataclass(frozen=True)
class Alarm:
    """The time limits of one case: ``cpu`` seconds of this process's CPU, ``wall`` seconds.

    ``ITIMER_PROF`` counts the CPU time the process spends (user and system, every thread) and
    rings SIGPROF; ``ITIMER_REAL`` counts wall time and rings SIGALRM.
    """

    cpu: float = CASE_SECONDS
    wall: float = WALL_SECONDS

    def install(self) -> None:
        """Make either timer's ring raise :class:`Hang` in the running case."""
        signal.signal(signal.SIGPROF, self._ring_cpu)
        signal.signal(signal.SIGALRM, self._ring_wall)

    def start(self) -> None:
        """Arm both timers for one case."""
        signal.setitimer(signal.ITIMER_PROF, self.cpu)
        signal.setitimer(signal.ITIMER_REAL, self.wall)

    @staticmethod
    def stop() -> None:
        """Disarm both timers."""
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)

    def _ring_cpu(self, _signal: int, _frame: Any) -> None:
        raise Hang(f"more than {self.cpu} s of CPU time")

    def _ring_wall(self, _signal: int, _frame: Any) -> None:
        raise Hang(f"still running after {self.wall} s of wall time")


# --- mutation ------------------------------------------------------------------------------


def _random_text(rng: random.Random, size: int) -> str:
    pool = "♠♥♦♣ 0123456789abcdefghijklmnopqrstuvwxyzAKQJTБК[]{}=,.:\"'#-+/\n\t\x00é²"
    return "".join(rng.choice(pool) if rng.random() < 0.9 else chr(rng.randrange(0x30000))
                   for _ in range(size))  # fmt: skip


def _edit(rng: random.Random, text: str, words: tuple[str, ...], corpus: list[str]) -> str:
    at = rng.randint(0, len(text))
    end = min(len(text), at + rng.randint(0, 12))
    kind = rng.randrange(6)
    if kind == 0:
        return text[:at] + text[end:]
    if kind == 1:
        return text[:at] + rng.choice(words + HOSTILE) + text[end:]
    if kind == 2:
        return text[:at] + _random_text(rng, rng.randint(1, 6)) + text[at:]
    if kind == 3:
        i = _some_digit(rng, text)
        if i is not None:
            odd = rng.choice(("9" * 25, "-1", "0", "1e5000", "²", "nan"))
            return text[:i] + odd + text[i + 1 :]
        return text + rng.choice(HOSTILE)
    if kind == 4:
        other = rng.choice(corpus)
        cut = rng.randint(0, len(other))
        return text[:at] + other[cut : cut + rng.randint(1, 40)] + text[at:]
    return text[:at] + text[at:end] * 2 + text[end:]


def _some_digit(rng: random.Random, text: str) -> int | None:
    """The place of a digit of ``text`` chosen evenly, or None if it has none.

    Random places are tried first (a record is tens of thousands of characters, and listing
    its digits took a seventh of a case); each digit is as likely as with the full list.
    """
    for _ in range(64):
        at = rng.randrange(len(text)) if text else 0
        if at < len(text) and text[at].isdigit():
            return at
    digits = [i for i, c in enumerate(text) if c.isdigit()]
    return rng.choice(digits) if digits else None


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _mutate_document(rng: random.Random, data: Any) -> Any:
    """One value of a parsed document replaced, removed or doubled."""
    paths = _paths(data)[1:]
    if not paths:
        return rng.choice(HOSTILE_VALUES)
    path = rng.choice(paths)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    kind = rng.randrange(3)
    if kind == 0:
        parent[path[-1]] = rng.choice(HOSTILE_VALUES)
    elif kind == 1:
        del parent[path[-1]]
    elif isinstance(parent, list):
        parent.insert(path[-1], parent[path[-1]])
    else:
        parent[path[-1]] = [parent[path[-1]]]
    return data


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return '""'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


def _toml_document(data: dict[str, Any]) -> str:
    return "\n".join(f"{json.dumps(key)} = {_toml(value)}" for key, value in data.items())


# --- targets -------------------------------------------------------------------------------


@dataclass
class Target:
    """A parser, the real inputs its cases grow from, and what a value it returns must hold."""

    check: Callable[[str], object]
    corpus: list[str]
    words: tuple[str, ...] = ()
    document: str | None = None
    """``"json"`` or ``"toml"``: half the cases mutate the parsed document instead."""
    parse: Callable[[str], Any] = field(default=json.loads)
    pure: bool = True
    """Whether an input's outcome depends on the input alone, so a repeated one is not rerun."""

    def case(self, rng: random.Random) -> str:
        """One mutated input."""
        text = rng.choice(self.corpus)
        if self.document is not None and rng.random() < 0.5:
            data = _mutate_document(rng, self.parse(text))
            if self.document == "json":
                return json.dumps(data, ensure_ascii=False)
            return _toml_document(data) if isinstance(data, dict) else _toml(data)
        for _ in range(rng.randint(1, 4)):
            text = _edit(rng, text, self.words, self.corpus)
        return text


def _corpus(name: str) -> list[str]:
    folder = ROOT / "fuzz" / "corpus" / name
    return [path.read_text("utf-8") for path in sorted(folder.iterdir())]


def _cards(text: str) -> object:
    for read in (parse_card, parse_move_cards):
        try:
            read(text)
        except CardtableError as error:
            _one_line(error)
    cards = parse_cards(text)
    assert parse_cards(cards_text(cards)) == cards, "cards do not read back"
    assert parse_cards(cards_text(cards, style="ascii")) == cards, "ASCII does not read back"
    return cards


@functools.cache
def _played(game_name: str, preset: str | None, seats: int, seed: int) -> Match[Any, Any]:
    game = get_game(game_name)
    match = game.new_match(game.rules(preset), [f"P{n}" for n in range(seats)], preset)
    rng = seeded_rng(seed)
    for number in range(2):
        if match.is_over:
            break
        deal = match.start_deal(rng, bytes([number]) * 16)
        while deal.to_move is not None and len(deal.history) < 400:
            match.apply(rng.choice(match.legal_actions()))
    return match


SEATS = {"preferans": 3, "piquet": 2, "poker": 4}
PRESETS = {"preferans": "sochi", "piquet": "seed", "poker": "holdem"}


def _move_texts(game_name: str) -> list[str]:
    game = get_game(game_name)
    match = _played(game_name, PRESETS[game_name], SEATS[game_name], 7)
    texts = {game.action_text(action) for deal in match.deals for action in deal.history}
    return sorted(texts) + _corpus(f"moves-{game_name}")


def _moves(game_name: str) -> Callable[[str], object]:
    game = get_game(game_name)

    def check(text: str) -> object:
        action = game.parse_action(text)
        assert game.parse_action(game.action_text(action)) == action, "move does not read back"
        return action

    return check


def _between() -> Callable[[str], object]:
    game = get_game("poker")
    table: list[Match[Any, Any]] = []

    def check(text: str) -> object:
        if not table:  # a fresh match after each accepted move, the same one after refusals
            table.append(game.new_match(game.rules(), ["A", "B", "C"]))
        match = table[0]
        before = match.ledger()
        try:
            value = match.apply_between(text)
        except CardtableError:
            assert match.between[-1] == [], "a refused move between deals was kept"
            assert match.ledger() == before, "a refused move between deals changed the ledger"
            raise
        table.clear()
        return value

    return check


def _digest(value: object) -> bytes:
    """A short fingerprint of ``value``'s repr, so that a million of them fit in memory."""
    return hashlib.blake2b(repr(value).encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _as_played(rules: Any) -> Any:
    """The rule set as a deal sees it: poker's ``variant.source`` is read by no deal.

    ``source`` says where a variant is described; only ``cardtable rules`` and the help print
    it, so rule sets that differ in it alone play the same deal.
    """
    variant = getattr(rules, "variant", None)
    if variant is None:
        return rules
    return dataclasses.replace(rules, variant=dataclasses.replace(variant, source=""))


def _rules(game_name: str) -> Callable[[str], object]:
    game = get_game(game_name)
    seen: set[bytes] = set()
    played: set[bytes] = set()

    def check(text: str) -> object:
        rules = game.rules_from_toml(text, "rules.toml")
        key = _digest(rules)
        if key in seen:
            return rules
        seen.add(key)  # each distinct rule set reads back as a record stores it
        stored = json.loads(canonical_json(rules_to_mapping(rules)))  # as a record hashes it
        assert game.rules(overrides=stored) == rules, "rules do not read back"
        as_played = _digest(_as_played(rules))
        if as_played not in played:  # and, unless it plays as one before it, plays a deal
            played.add(as_played)
            players = rules.variant.players_min if game_name == "poker" else game.players[0]
            report = simulate(game, rules, players=players, deals=1, seed=1)
            assert report.ok, report.failures
        return rules

    return check


def _preset_texts(package: str, folder: str = "presets") -> list[str]:
    files = resources.files(package).joinpath(folder)
    return [item.read_text("utf-8") for item in sorted(files.iterdir(), key=lambda i: i.name)
            if item.name.endswith(".toml")]  # fmt: skip


def _rules_corpus(game_name: str) -> list[str]:
    return _preset_texts(f"cardtable.{game_name}") + _corpus(f"rules-{game_name}")


def _variant_corpus() -> list[str]:
    return [text for text in _preset_texts("cardtable.poker") if "[rules.variant]" in text]


def _records() -> list[str]:
    matches = [
        _played("preferans", "sochi", 3, 1),
        _played("piquet", "seed", 2, 2),
        _played("poker", "holdem", 3, 3),
    ]
    return [record_text(match.record()) for match in matches]


def _record(text: str) -> object:
    return verify_record(text)  # reads the text with read_record first, then replays it


def _phh(text: str) -> object:
    return [replay_phh(hand).finishing_stacks for hand in parse_phh_all(text)]


def _phh_corpus() -> list[str]:
    folder = ROOT / "tests" / "vectors" / "poker" / "phh"
    return [path.read_text("utf-8") for path in sorted(folder.glob("*.phh*"))]


def _scorer_corpus() -> list[str]:
    texts = _corpus("scorer")
    doc = (ROOT / "docs" / "scorer.md").read_text("utf-8")
    for block in doc.split("```")[1::2]:
        head, _, body = block.partition("\n")
        if "file=" in head:
            texts.append(body)
    return texts


def _parse_toml(text: str) -> Any:
    import tomllib  # noqa: PLC0415

    return tomllib.loads(text)


def targets() -> dict[str, Callable[[], Target]]:
    """Every target by name, built when chosen (building one plays a few deals)."""
    made: dict[str, Callable[[], Target]] = {
        "cards": lambda: Target(_cards, [*_corpus("cards"), "A♠ K♥ 10♦ 7♣", "Jo", "as kd"]),
        "moves-between-poker": lambda: Target(
            _between(),
            ["buy A 50", "sell B 10", "join Z", "leave C", "choose holdem", "time-up"],
            pure=False,
        ),
        "variants": lambda: Target(
            _rules("poker"), _variant_corpus(), document="toml", parse=_parse_toml
        ),
        "scorer": lambda: Target(
            lambda text: score(parse_score_file(text)).to_data(), _scorer_corpus()
        ),
        "records": lambda: Target(_record, _records(), document="json"),
        "phh": lambda: Target(_phh, _phh_corpus()),
    }
    for game_name in SEATS:
        made[f"moves-{game_name}"] = functools.partial(
            lambda g: Target(_moves(g), _move_texts(g)), game_name
        )
        made[f"rules-{game_name}"] = functools.partial(
            lambda g: Target(_rules(g), _rules_corpus(g), document="toml", parse=_parse_toml),
            game_name,
        )
    return made


# --- the loop ------------------------------------------------------------------------------


def _one_line(error: CardtableError) -> None:
    message = str(error).strip()
    assert message, "a refusal that says nothing"
    assert "\n" not in message, f"a refusal of more than one line: {message[:200]}"


@dataclass
class Tally:
    """What one target's run found."""

    target: str
    cases: int = 0
    values: int = 0
    refusals: int = 0
    repeats: int = 0
    """Cases whose input was one tried before: counted with its value or refusal, not rerun."""
    crashes: int = 0
    hangs: int = 0
    seconds: float = 0.0
    """Wall time, the warm-up included."""
    cpu_seconds: float = 0.0
    """This process's CPU time for the counted cases."""
    warm_up_cpu_seconds: float = 0.0
    """This process's CPU time for the warm-up (each real input run once)."""
    found: list[dict[str, str]] = field(default_factory=list)


def run(
    name: str,
    target: Target,
    cases: int,
    seed: int,
    until: float | None,
    *,
    alarm: Alarm = Alarm(),
) -> Tally:
    """Feed ``target`` up to ``cases`` mutated inputs (stopping at wall time ``until``)."""
    rng = random.Random(seed)
    tally = Tally(name)
    start = time.monotonic()
    cpu_start = time.process_time()
    outcomes: dict[bytes, str] = {}  # each input tried, by digest: its outcome
    alarm.install()
    with tempfile.TemporaryDirectory(prefix="cardtable-fuzz-") as folder:
        os.chdir(folder)
        for text in target.corpus:  # warm-up, not counted: loads the numba kernels it uses
            with contextlib.suppress(CardtableError):
                target.check(text)
        tally.warm_up_cpu_seconds = round(time.process_time() - cpu_start, 1)
        cpu_start = time.process_time()
        for number in range(cases):
            if until is not None and number % 100 == 0 and time.time() > until:
                break
            text = target.case(rng)
            tally.cases += 1
            known = _digest(text) if target.pure else None
            if known is not None and known in outcomes:
                tally.repeats += 1
                _count(tally, outcomes[known])
            else:
                outcome = _try(target, text, tally, alarm)
                if known is not None and outcome is not None:
                    outcomes[known] = outcome
            if number % 10_000 == 0:
                _progress(tally, start)
            if number % 10_000 == 0 and os.listdir(folder):
                _found(tally, "crashes", text, AssertionError(f"wrote {os.listdir(folder)}"))
        if os.listdir(folder):
            _found(tally, "crashes", "", AssertionError(f"wrote {os.listdir(folder)}"))
        os.chdir(ROOT)
    tally.seconds = round(time.monotonic() - start, 1)
    tally.cpu_seconds = round(time.process_time() - cpu_start, 1)
    return tally


def _try(target: Target, text: str, tally: Tally, alarm: Alarm) -> str | None:
    """Check one input and count what it ended in: ``"values"``, ``"refusals"`` or None."""
    alarm.start()
    try:
        target.check(text)
    except CardtableError as error:
        try:
            _one_line(error)
        except AssertionError as wrong:
            _count(tally, "refusals")
            _found(tally, "crashes", text, wrong)
            return None
        outcome = "refusals"
    except Hang as hang:
        _found(tally, "hangs", text, hang)
        return None
    except Exception as error:  # any other exception is what the run looks for
        _found(tally, "crashes", text, error)
        return None
    else:
        outcome = "values"
    finally:
        alarm.stop()
    _count(tally, outcome)
    return outcome


def _count(tally: Tally, outcome: str) -> None:
    setattr(tally, outcome, getattr(tally, outcome) + 1)


def _progress(tally: Tally, start: float) -> None:
    """The figures so far on stderr, so a run stopped from outside still says how far it got."""
    figures = (tally.cases, tally.crashes, tally.hangs, time.monotonic() - start)
    sys.stderr.write("{} cases, {} crashes, {} hangs, {:.0f} s\n".format(*figures))
    sys.stderr.flush()


def _found(tally: Tally, kind: str, text: str, error: BaseException) -> None:
    setattr(tally, kind, getattr(tally, kind) + 1)
    where = "".join(traceback.format_exception(error)[-3:])
    tally.found.append({"kind": kind, "input": text[:5000], "error": where})
    sys.stderr.write(json.dumps(tally.found[-1]) + "\n")  # at once, for a run stopped early


def main() -> None:
    """Run the targets named on the command line (all by default) and print their tallies."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", help=f"any of {', '.join(targets())}")
    parser.add_argument("--cases", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--until", type=float, help="stop at this Unix time, figures so far")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"))
    arguments = parser.parse_args()
    chosen = arguments.targets or list(targets())
    out = arguments.out.resolve()
    for name in chosen:
        tally = run(name, targets()[name](), arguments.cases, arguments.seed, arguments.until)
        if tally.found:
            out.mkdir(parents=True, exist_ok=True)
            (out / f"{name}.json").write_text(json.dumps(tally.found))  # \ud800 is no UTF-8
        summary: dict[str, object] = {k: v for k, v in vars(tally).items() if k != "found"}
        summary["per_second"] = round(tally.cases / max(tally.seconds, 0.1))
        summary["per_cpu_second"] = round(tally.cases / max(tally.cpu_seconds, 0.1))
        summary["load"] = [round(load, 1) for load in os.getloadavg()]
        print(json.dumps(summary), flush=True)


if __name__ == "__main__":
    main()
