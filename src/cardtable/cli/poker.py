"""``cardtable poker``: rank one hand, compare hands at a showdown, and compute equity.

Every command takes the hand-rule options (or ``--rules FILE`` in TOML, which the options
then override) and ``--json``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, TypedDict

import typer

from cardtable.cards import Card, cards_text, parse_cards
from cardtable.cli.common import lazy_progress, one_line_errors, out, print_json, read_text
from cardtable.engine.reading import parse_toml, whole_number
from cardtable.engine.rules import MOST_DEALS
from cardtable.errors import CardParseError, IllegalAction, RulesError
from cardtable.poker import (
    Evaluation,
    HandRules,
    equity,
    evaluate,
    evaluate_low,
    hand_rules,
    hand_rules_from_toml,
    showdown,
)
from cardtable.poker.hands import HighLow, high_low_readings, spoken
from cardtable.poker.variants import VariantSpec

app = typer.Typer(
    name="poker",
    help="Poker by the rulebook: rank a hand, hold a showdown, compute equity, list variants.",
    no_args_is_help=True,
)

Wild = Annotated[
    list[str] | None,
    typer.Option(
        "--wild",
        help="Wild cards: jokers, deuce-of-spades, deuces, deuces-treys, red-tens, or cards "
        "(K♠,Q♥) or ranks; repeat to combine.",
    ),
]
WildMode = Annotated[
    str | None, typer.Option("--wild-mode", help="missing: a card not held; any: any card.")
]
FiveOfAKind = Annotated[
    bool | None,
    typer.Option("--five-of-a-kind/--no-five-of-a-kind", help="Five of a kind with wild cards."),
]
DoubleAceFlush = Annotated[
    bool | None,
    typer.Option("--double-ace-flush/--no-double-ace-flush", help="The flush with two aces."),
]
FourFlush = Annotated[
    bool, typer.Option("--four-flush", help="A four flush beats a pair, loses to two pair.")
]
Blaze = Annotated[bool, typer.Option("--blaze", help="Five court cards make a blaze.")]
Low = Annotated[str | None, typer.Option("--low", help="lowball or high-low.")]
ThreeCard = Annotated[bool, typer.Option("--three-card", help="Three-card poker.")]
TwoCard = Annotated[bool, typer.Option("--two-card", help="Two-card poker.")]
Stripped = Annotated[
    str | None, typer.Option("--stripped", help="Ranks taken out of the deck, e.g. 2,3.")
]
RulesFile = Annotated[
    Path | None, typer.Option("--rules", help="Hand rules from a TOML file.", metavar="FILE")
]
MOST_TRIALS = 100_000_000
"""The most boards ``poker equity --sample`` draws: minutes of work, a margin far below 0.1 %."""

JsonFlag = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]


def build_rules(
    *,
    rules_file: Path | None,
    wild: list[str] | None,
    wild_mode: str | None,
    five_of_a_kind: bool | None,
    double_ace_flush: bool | None,
    four_flush: bool,
    blaze: bool,
    low: str | None,
    three_card: bool,
    two_card: bool,
    stripped: str | None,
    base: HandRules | None = None,
) -> HandRules:
    """The hand rules of a file (or ``base``), changed by the options on the command line."""
    base = base or HandRules()
    if rules_file is not None:
        base = hand_rules_from_toml(read_text(rules_file), where=str(rules_file))
    changes: dict[str, object] = {}
    if wild:
        changes["wild"] = [part for entry in wild for part in _split(entry)]
    if wild_mode is not None:
        changes["wild_mode"] = wild_mode
    if five_of_a_kind is not None:
        changes["five_of_a_kind"] = five_of_a_kind
    if double_ace_flush is not None:
        changes["double_ace_flush"] = double_ace_flush
    for name, flag in (
        ("four_flush", four_flush),
        ("blaze", blaze),
        ("three_card", three_card),
        ("two_card", two_card),
    ):
        if flag:
            changes[name] = True
    if low is not None:
        changes["low"] = low
    if stripped is not None:
        changes["stripped"] = [_rank_number(part) for part in _split(stripped)]
    return hand_rules(changes, base=base)


def _split(text: str) -> list[str]:
    return [part for part in text.replace(",", " ").split() if part]


def _rank_number(text: str) -> int:
    number = whole_number(text)
    if number is None:
        raise CardParseError(f"--stripped takes rank numbers such as 2,3, not {text!r}")
    return number


def _card_list(cards: Sequence[Card]) -> list[str]:
    return [card.text() for card in cards]


def hand_data(cards: Sequence[Card], hand: Evaluation) -> dict[str, object]:
    """One evaluated hand as the JSON of ``poker hand`` and ``poker showdown``."""
    return {
        "cards": cards_text(cards),
        "category": hand.category.value,
        "best": _card_list(hand.cards),
        "wild": {wild.text(): stands.text() for wild, stands in hand.wild},
    }


@contextmanager
def _errors() -> Iterator[None]:

    with one_line_errors():
        yield


def _print_json(data: object) -> None:

    print_json(data)


def _out(text: str) -> None:

    out.print(text, soft_wrap=True)


@app.command("hand")
def hand_command(
    cards: Annotated[list[str], typer.Argument(metavar="CARDS...", help="The hand's cards.")],
    wild: Wild = None,
    wild_mode: WildMode = None,
    five_of_a_kind: FiveOfAKind = None,
    double_ace_flush: DoubleAceFlush = None,
    four_flush: FourFlush = False,
    blaze: Blaze = False,
    low: Low = None,
    three_card: ThreeCard = False,
    two_card: TwoCard = False,
    stripped: Stripped = None,
    rules_file: RulesFile = None,
    as_json: JsonFlag = False,
) -> None:
    """Print the category and the best cards of one hand, with what each wild card stands for.

    In high-low the best high and the best low are printed, and, when a wild card would
    stand for different cards in them, the ways to show both halves with one card for it.
    """
    with _errors():
        rules = build_rules(
            rules_file=rules_file,
            wild=wild,
            wild_mode=wild_mode,
            five_of_a_kind=five_of_a_kind,
            double_ace_flush=double_ace_flush,
            four_flush=four_flush,
            blaze=blaze,
            low=low,
            three_card=three_card,
            two_card=two_card,
            stripped=stripped,
        )
        held = parse_cards(" ".join(cards))
        if rules.low == "lowball":
            primary, second = evaluate_low(held, rules), None
        else:
            primary = evaluate(held, rules)
            second = evaluate_low(held, rules) if rules.low == "high-low" else None
    data: dict[str, object] = hand_data(held, primary)
    readings: tuple[HighLow, ...] = ()
    if second is not None:
        data["low"] = hand_data(held, second)
        readings = high_low_readings([held], rules)
        data["readings"] = [
            {"high": hand_data(held, r.high), "low": hand_data(held, r.low)} for r in readings
        ]
    if as_json:
        _print_json(data)
        return
    _out(primary.describe())
    if second is not None:
        _out(second.describe())
    if len(readings) > 1:
        _out("shown for both halves, each wild card one card in both:")
        for reading in readings:
            _out(f"  {spoken(reading.high)} | {spoken(reading.low)}")


@app.command("showdown")
def showdown_command(
    hands: Annotated[
        list[str], typer.Argument(metavar="HAND HAND...", help='Hands, each quoted: "A♠ K♠ …".')
    ],
    wild: Wild = None,
    wild_mode: WildMode = None,
    five_of_a_kind: FiveOfAKind = None,
    double_ace_flush: DoubleAceFlush = None,
    four_flush: FourFlush = False,
    blaze: Blaze = False,
    low: Low = None,
    three_card: ThreeCard = False,
    two_card: TwoCard = False,
    stripped: Stripped = None,
    rules_file: RulesFile = None,
    as_json: JsonFlag = False,
) -> None:
    """Rank several hands and name the winners (several on a split; high and low in high-low)."""
    with _errors():
        rules = build_rules(
            rules_file=rules_file,
            wild=wild,
            wild_mode=wild_mode,
            five_of_a_kind=five_of_a_kind,
            double_ace_flush=double_ace_flush,
            four_flush=four_flush,
            blaze=blaze,
            low=low,
            three_card=three_card,
            two_card=two_card,
            stripped=stripped,
        )
        held = [parse_cards(text) for text in hands]
        result = showdown(held, rules)
    entries = [hand_data(cards, hand) for cards, hand in zip(held, result.hands, strict=True)]
    if rules.low == "high-low":
        for entry, cards, hand in zip(entries, held, result.lows, strict=True):
            entry["low"] = hand_data(cards, hand)
    data = {
        "hands": entries,
        "winners": list(result.winners),
        "low_winners": list(result.low_winners),
    }
    if as_json:
        _print_json(data)
        return
    for index, (cards, hand) in enumerate(zip(held, result.hands, strict=True)):
        marks = ("high " if index in result.winners else "") + (
            "low " if rules.low == "high-low" and index in result.low_winners else ""
        )
        _out(f"{index}: {cards_text(cards)} — {hand.describe()} {marks.strip()}".rstrip())
    names = ", ".join(str(i) for i in result.winners)
    _out(f"winners: {names}" + ("" if len(result.winners) == 1 else " (split)"))
    if rules.low == "high-low":
        _out("low winners: " + ", ".join(str(i) for i in result.low_winners))


@app.command("equity")
def equity_command(
    hands: Annotated[
        list[str], typer.Argument(metavar="HAND HAND...", help="Two to ten hands, each quoted.")
    ],
    board: Annotated[str, typer.Option(help="Board cards known so far.")] = "",
    dead: Annotated[str, typer.Option(help="Cards out of play (folded, burnt).")] = "",
    board_size: Annotated[
        int | None,
        typer.Option(min=0, max=52, help="Board cards at the showdown (5, or the variant's)."),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            metavar="NAME",
            help="Settle each board as this variant's showdown does (`poker variants`).",
        ),
    ] = None,
    trials: Annotated[
        int | None,
        typer.Option(
            min=1,
            max=MOST_TRIALS,
            help="Boards to sample if not exact (by default 200,000, or 5,000 "
            "when the rules need the rule-by-rule evaluator).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the sampled boards.")] = 1,
    exact: Annotated[
        bool | None, typer.Option("--exact/--sample", help="Force enumeration or sampling.")
    ] = None,
    range_vs_range: Annotated[
        bool,
        typer.Option(
            "--range-vs-range",
            help="Each HAND is a range (QQ+, AKs, T9s-65s, 22+,A2s+, AKs:0.5); equity of "
            "the ranges, combos weighted, with its standard error when sampled.",
        ),
    ] = False,
    wild: Wild = None,
    wild_mode: WildMode = None,
    five_of_a_kind: FiveOfAKind = None,
    double_ace_flush: DoubleAceFlush = None,
    four_flush: FourFlush = False,
    blaze: Blaze = False,
    low: Low = None,
    three_card: ThreeCard = False,
    two_card: TwoCard = False,
    stripped: Stripped = None,
    rules_file: RulesFile = None,
    as_json: JsonFlag = False,
) -> None:
    """Win, tie and equity of each hand over every board (or a seeded sample of boards).

    With ``--variant`` the variant's showdown settles each board: the cards a hand may use
    (Omaha's two and three), its hand rules, lows and high-low halves (the cards speak).
    """
    from cardtable.warm import notice_if_cold  # noqa: PLC0415 - numba loads lazily

    with _errors():
        spec = _variant(variant)
        rules = build_rules(
            base=None if spec is None else spec.hands,
            rules_file=rules_file,
            wild=wild,
            wild_mode=wild_mode,
            five_of_a_kind=five_of_a_kind,
            double_ace_flush=double_ace_flush,
            four_flush=four_flush,
            blaze=blaze,
            low=low,
            three_card=three_card,
            two_card=two_card,
            stripped=stripped,
        )
        if range_vs_range:
            if spec is not None:
                raise RulesError("--range-vs-range takes two-card ranges, not a --variant")
            _range_equity(
                hands, board=board, dead=dead, rules=rules, exact=exact, seed=seed, as_json=as_json
            )
            return
        held = [parse_cards(text) for text in hands]
        with lazy_progress(100) as advance:
            result = equity(
                held,
                board=parse_cards(board),
                dead=parse_cards(dead),
                rules=rules,
                board_size=board_size,
                trials=trials,
                seed=seed,
                exact=exact,
                progress=_percent(advance),
                variant=None if spec is None else replace(spec, hands=rules),
                starting=lambda: notice_if_cold("poker"),
            )
    data = {
        "boards": result.boards,
        "exact": result.exact,
        "hands": [
            {"cards": cards_text(h.cards), "win": h.win, "tie": h.tie, "equity": h.equity}
            for h in result.hands
        ],
    }
    if as_json:
        _print_json(data)
        return
    how = "every board" if result.exact else f"{result.boards:,} sampled boards (seed {seed})"
    _out(f"{result.boards:,} boards — {how}")
    for h in result.hands:
        _out(
            f"{cards_text(h.cards):<16} win {h.win:8.4%}  tie {h.tie:8.4%}  equity {h.equity:8.4%}"
        )


def _range_equity(
    texts: Sequence[str],
    *,
    board: str,
    dead: str,
    rules: HandRules,
    exact: bool | None,
    seed: int,
    as_json: bool,
) -> None:
    """Print (or write as JSON) the equity of the ranges ``texts``."""
    from cardtable.poker.ranges import parse_range, range_equity, range_text  # noqa: PLC0415

    result = range_equity(
        [parse_range(text) for text in texts],
        board=parse_cards(board),
        dead=parse_cards(dead),
        rules=rules,
        exact=exact,
        seed=seed,
    )
    rows = [
        {
            "range": range_text(r.range),
            "combos": len(r.range),
            "win": r.win,
            "tie": r.tie,
            "equity": r.equity,
            "standard_error": r.standard_error,
        }
        for r in result.ranges
    ]
    if as_json:
        _print_json({"matchups": result.matchups, "exact": result.exact, "ranges": rows})
        return
    how = "every board of each" if result.exact else f"random boards, seed {seed}"
    _out(f"{result.matchups:,} matchups of combos — {how}")
    for row in rows:
        error = "" if result.exact else f" ± {row['standard_error']:.4%}"
        _out(
            f"{row['range']:<24} win {row['win']:8.4%}  tie {row['tie']:8.4%}  "
            f"equity {row['equity']:8.4%}{error}"
        )


def _variant(name: str | None) -> VariantSpec | None:
    """The variant named on the command line, from the poker game's presets."""
    if name is None:
        return None
    from cardtable.poker.game import POKER  # noqa: PLC0415 - keeps start-up fast

    spec: VariantSpec = POKER.rules(name).variant
    return spec


def _percent(advance: Callable[[int], None]) -> Callable[[int, int], None]:
    """Turn (done, total) reports into percentage steps of a progress bar of 100."""
    shown = 0

    def report(done: int, total: int) -> None:
        nonlocal shown
        reached = done * 100 // max(total, 1)
        if reached > shown:
            advance(reached - shown)
            shown = reached

    return report


class _VariantItem(TypedDict):
    """One variant as ``cardtable poker variants`` lists it."""

    name: str
    title: str
    players: list[int]
    description: str
    source: str
    steps: list[str]


@app.command("variants")
def variants_command(
    name: Annotated[
        str | None, typer.Argument(metavar="[NAME]", help="One variant: its steps in words.")
    ] = None,
    as_json: JsonFlag = False,
) -> None:
    """List the variants the table deals (`cardtable rules poker NAME`: every option)."""
    from rich.table import Table  # noqa: PLC0415 - keeps start-up fast
    from rich.text import Text  # noqa: PLC0415

    from cardtable.cli.listing import add_name_column  # noqa: PLC0415
    from cardtable.poker.game import POKER  # noqa: PLC0415
    from cardtable.poker.variants import step_text  # noqa: PLC0415

    with _errors():
        game = POKER
        listed: list[_VariantItem] = []
        for preset_name, preset in game.presets.items():
            if name is not None and preset_name != name:
                continue
            spec = game.rules(preset_name).variant
            listed.append(
                {
                    "name": preset_name,
                    "title": spec.title,
                    "players": [spec.players_min, spec.players_max],
                    "description": preset.description,
                    "source": spec.source,
                    "steps": [step_text(step) for step in spec.steps],
                }
            )
        if name is not None and not listed:
            game.preset(name)
    if as_json:
        _print_json({"variants": listed})
        return
    if name is not None:
        item = listed[0]
        _out(f"{item['title']} ({item['name']}), {item['players'][0]}–{item['players'][1]} players")
        _out(f"{item['description']}\nsource: {item['source']}")
        for number, text in enumerate(item["steps"], start=1):
            _out(f"  {number}. {text}")
        return
    table = Table()
    add_name_column(table, "variant", [item["name"] for item in listed])
    table.add_column("players")
    table.add_column("what it is (and where the rules say so)")
    for item in listed:
        low, high = item["players"]
        about = Text(item["description"])
        about.append(f"\n{item['source']}", style="dim")
        table.add_row(item["name"], f"{low}–{high}", about)
    out.print(table)


@app.command("export")
def export_command(
    path: Annotated[Path, typer.Argument(metavar="RECORD", help="A poker match record (JSON).")],
    deal: Annotated[
        int | None, typer.Option("--deal", min=1, help="Only this deal (from 1).")
    ] = None,
) -> None:
    """Write a poker match's finished deals as PHH hand histories (PokerKit's format).

    One deal is a ``.phh`` hand; several are a ``.phhs`` file of ``[1]``, ``[2]``… hands.
    A deal PHH cannot express (a variant without a PHH code) is refused in one line.
    """
    from cardtable.engine import parse_record  # noqa: PLC0415 - keeps start-up fast
    from cardtable.engine.replay import replay  # noqa: PLC0415 - keeps start-up fast
    from cardtable.poker.game import phh_of_match  # noqa: PLC0415
    from cardtable.poker.match import PokerMatch  # noqa: PLC0415

    with _errors():
        record = parse_record(read_text(path))
        if record.game != "poker":
            raise RulesError(f"{path}: a {record.game} record; PHH holds poker hands")
        match = replay(record)
        assert isinstance(match, PokerMatch)
        try:
            text = phh_of_match(match, deal)
        except IllegalAction as error:
            raise RulesError(f"{path}: {error}") from None
    sys.stdout.write(text)


@app.command("variant")
def variant_command(
    path: Annotated[Path, typer.Argument(metavar="FILE", help="A variant of your own (TOML).")],
    players: Annotated[int, typer.Option(help="Seats for the trial deals.")] = 4,
    deals: Annotated[
        int, typer.Option(min=0, max=MOST_DEALS, help="Trial deals played by random bots.")
    ] = 20,
    seed: Annotated[int, typer.Option(help="Seed of the trial deals.")] = 1,
    as_json: JsonFlag = False,
) -> None:
    """Read a variant of your own, check it, and play trial deals with every check on.

    The file is rules for the ``poker`` game: ``[rules.variant]`` with its steps (and any
    other table rule). A malformed file is refused with the option and its line.
    """
    from cardtable.harness import simulate  # noqa: PLC0415
    from cardtable.poker.game import POKER  # noqa: PLC0415 - keeps start-up fast
    from cardtable.poker.variants import check_variant  # noqa: PLC0415

    with _errors():
        game = POKER
        text = read_text(path)
        rules = game.rules_from_toml(text, str(path))
        _require_variant(text, path)
        spec = check_variant(rules.variant)
        report = simulate(game, rules, players=players, deals=deals, seed=seed) if deals else None
    data: dict[str, Any] = {
        "name": spec.name,
        "title": spec.title,
        "steps": [step.do for step in spec.steps],
        "deals": report.deals if report else 0,
        "ok": report.ok if report else True,
        "failures": {k: v[:3] for k, v in report.failures.items() if v} if report else {},
        "tally": report.tally if report else {},
    }
    if as_json:
        _print_json(data)
    else:
        _out(f"{spec.title} ({spec.name}): {', '.join(data['steps'])}")
        if report is not None:
            verdict = "every check held" if report.ok else f"FAILED: {data['failures']}"
            _out(f"{report.deals} trial deals: {verdict}")
    if report is not None and not report.ok:
        raise typer.Exit(1)


def _require_variant(text: str, path: Path) -> None:
    """Refuse a file that describes no variant (it would check the default one instead)."""
    document = parse_toml(text, what=str(path))
    table = document.get("rules", document)
    if not isinstance(table, dict) or "variant" not in table:
        raise RulesError(f"{path}: no [rules.variant] table: the file describes no variant")
