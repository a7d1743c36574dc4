"""The bet control of the poker table: steps, min, pot, all-in, a typed amount (issue 21).

docs/tui.md, "The screen": a verb offered with several amounts is chosen at one control, its
amounts the legal moves' own; an amount the game does not take is refused in its words.
"""

from __future__ import annotations

import asyncio

from textual.pilot import Pilot
from textual.widgets import Button, Input, Static

from cardtable.cli.play import Table
from cardtable.engine import seeded_rng
from cardtable.poker.game import POKER
from cardtable.poker.table_bots import PassiveBot
from cardtable.tui.amounts import AmountControl, Step, amounts_by_verb
from cardtable.tui.app import TableApp
from cardtable.tui.sitting import LocalSitting
from tui.pilot import asked


def _send(control: AmountControl) -> str:
    return str(control.query_one(".send", Button).name)


async def _step_through(
    pilot: Pilot[None], control: AmountControl, seen: dict[str, object]
) -> None:
    """Click each step and preset in turn; keep the move the send button makes after each."""
    steps = {step.step: step for step in control.query(Step).results()}
    for name, step in [
        ("plus", "+1"),
        ("all-in", "all-in"),
        ("past all-in", "+1"),
        ("min", "min"),
        ("below min", "-1"),
        ("pot", "pot"),
    ]:
        await pilot.click(steps[step])
        seen[name] = _send(control)


def test_a_bet_is_chosen_by_steps_and_presets_and_a_refused_amount_says_the_engines_reason() -> (
    None
):
    """The amounts the limit accepts are the control's; an amount above it is refused.

    Draw poker's first bet (002_053e85955f9a4108.txt, «Лимиты ставок»): − + min pot all-in
    move among the legal amounts; an amount typed above the limit is refused with the
    engine's sentence and changes nothing; the send button bets.
    """
    match = POKER.new_match(POKER.rules("draw"), ["you", "bot 2", "bot 3"], "draw")
    table = Table(POKER, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    app: TableApp[object] = TableApp(LocalSitting(table, seeded_rng(2), 1))
    seen: dict[str, object] = {}

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while await asked(pilot):
                controls = list(app.query(AmountControl).results())
                if controls:
                    break
                await pilot.press(
                    "enter" if app.question and app.question.kind != "move" else "down", "enter"
                )
            control = controls[0]
            amounts = amounts_by_verb(app.legal)[control.verb]
            seen["amounts"] = amounts
            assert _send(control) == f"{control.verb} {amounts[0]}"
            await _step_through(pilot, control, seen)
            history = len(match.current.history) if match.current else 0
            typed = control.query_one(Input)
            typed.focus()
            too_much = amounts[-1] + 1000
            await pilot.press(*str(too_much), "enter")
            assert await asked(pilot)
            seen["message"] = str(app.query_one("#message", Static).render())
            seen["history"] = (history, len(match.current.history) if match.current else 0)
            action = POKER.parse_typed(f"{control.verb} {too_much}", match.view(0))
            seen["reason"] = match.current.why_illegal(action) if match.current else None
            control = next(iter(app.query(AmountControl).results()))
            await pilot.click(control.query_one(".send", Button))
            assert await asked(pilot)
            seen["played"] = match.record().deals[0].actions
            await pilot.press("q")

    asyncio.run(run())
    amounts = seen["amounts"]
    assert isinstance(amounts, list)
    assert len(amounts) > 1
    verb = str(seen["min"]).rsplit(" ", 1)[0]
    assert seen["plus"] == f"{verb} {amounts[1]}"
    assert seen["all-in"] == seen["past all-in"] == f"{verb} {amounts[-1]}"
    assert seen["min"] == seen["below min"] == f"{verb} {amounts[0]}"
    assert seen["pot"] in {f"{verb} {amount}" for amount in amounts}
    reason = seen["reason"]
    assert isinstance(reason, str)
    assert reason in str(seen["message"])
    history = seen["history"]
    assert isinstance(history, tuple)
    assert history[0] == history[1], "the refused amount changed nothing"
    assert f"{verb} {amounts[0]}" in list(seen["played"])  # type: ignore[call-overload]


def test_pot_at_a_pot_limit_table_is_the_largest_bet_or_raise_the_limit_allows() -> None:
    """`pot` chooses the pot-sized move: at pot limit, the largest the engine offers.

    002_053e85955f9a4108.txt, «Банковский лимит»: the largest bet or raise is the sum in the
    pot at the moment, into which the raiser may count what he must put in to stay in. The
    blinds are in the pot already (they are bets of the round), and are not counted twice.
    """
    variant = "pot-limit-holdem"
    match = POKER.new_match(POKER.rules(variant), ["you", "bot 2", "bot 3"], variant)
    table = Table(POKER, match, {1: PassiveBot(), 2: PassiveBot()}, None)
    app: TableApp[object] = TableApp(LocalSitting(table, seeded_rng(2), 1))
    chosen: list[tuple[str, str]] = []

    async def run() -> None:
        async with app.run_test(size=(80, 24)) as pilot:
            while await asked(pilot) and len(chosen) < 3:
                controls = list(app.query(AmountControl).results())
                if not controls:
                    await pilot.press(
                        "enter" if app.question and app.question.kind != "move" else "down",
                        "enter",
                    )
                    continue
                control = controls[0]
                largest = f"{control.verb} {control.amounts[-1]}"
                pot = next(s for s in control.query(Step).results() if s.step == "pot")
                await pilot.click(pot)
                chosen.append((_send(control), largest))
                await pilot.click(control.query_one(".send", Button))
            await pilot.press("q")

    asyncio.run(run())
    assert chosen, "the person was offered a bet or a raise"
    for sent, largest in chosen:
        assert sent == largest
    actions = match.record().deals[0].actions
    assert chosen[0][0] in actions
