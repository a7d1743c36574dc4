"""The variant language: a player's own TOML variant, its refusals, the commands."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardtable.cli.main import app
from cardtable.engine.deal import DealSetup
from cardtable.engine.record import parse_record, record_text
from cardtable.engine.replay import replay
from cardtable.errors import IllegalAction, RulesError
from cardtable.harness import simulate
from cardtable.poker.deal import PokerDeal
from cardtable.poker.game import POKER
from cardtable.poker.variants import check_variant

GAME = POKER
RUNNER = CliRunner()

TUTORIAL = """\
description = "Spit in the ocean with a second round and deuces wild"

[rules.variant]
name = "my-spit"
title = "My spit in the ocean"
players_max = 8
board_exactly = 1
steps = [
  { do = "deal", down = 4 },
  { do = "board", up = 1 },
  { do = "bet", opens = "left" },
  { do = "draw", most = 2 },
  { do = "bet", opens = "first-bettor" },
]

[rules.variant.hands]
wild = ["deuces"]
"""


def test_a_variant_written_by_a_player_plays_end_to_end(tmp_path: Path) -> None:
    """Выбор сдающего: "любой новый и легко объяснимый вариант, который разработал он сам".

    The docs' tutorial file loads, passes the checks, and random deals of it keep every
    invariant of the harness.
    """
    rules = GAME.rules_from_toml(TUTORIAL, "my-spit.toml")
    spec = check_variant(rules.variant)
    assert [step.do for step in spec.steps] == ["deal", "board", "bet", "draw", "bet"]
    report = simulate(GAME, rules, players=4, deals=6, seed=3)
    assert report.ok, report.failures
    path = tmp_path / "my-spit.toml"
    path.write_text(TUTORIAL, encoding="utf-8")
    result = RUNNER.invoke(app, ["poker", "variant", str(path), "--deals", "3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["ok"] is True


def test_a_malformed_variant_is_refused_naming_the_key_and_its_line() -> None:
    """Rules are data: a wrong value is refused with the option and the line it stands on."""
    broken = TUTORIAL.replace('{ do = "draw", most = 2 }', '{ do = "draw", most = "two" }')
    with pytest.raises(RulesError, match=r"steps.3.most.*\(line 12\)"):
        GAME.rules_from_toml(broken, "my-spit.toml")
    unknown = TUTORIAL.replace("board_exactly = 1", "board_exactly = 1\nboard_cards = 2")
    with pytest.raises(RulesError, match=r"unknown option 'variant\.board_cards'"):
        GAME.rules_from_toml(unknown, "my-spit.toml")


def test_a_variant_that_cannot_be_dealt_is_refused_in_one_sentence() -> None:
    """Виды «Покера»: a draw before any card is dealt names its step, when the file is read."""
    early = TUTORIAL.replace('{ do = "deal", down = 4 },\n', "").replace(
        '{ do = "board", up = 1 },', '{ do = "draw", most = 2 },\n  { do = "deal", down = 4 },'
    )
    with pytest.raises(RulesError, match=r"step 1 \(draw\) comes before any cards are dealt"):
        GAME.rules_from_toml(early, "early.toml")


def test_a_variant_refuses_more_players_than_it_seats() -> None:
    """«Семикарточный гвоздь»: "Эта игра рассчитана на двух — восемь игроков"."""
    with pytest.raises(IllegalAction, match="2 to 8 players, not 9"):
        GAME.new_match(GAME.rules("seven-card-stud"), list("ABCDEFGHI"))


def test_the_dealer_names_any_catalogue_variant_but_not_another_deck() -> None:
    """Выбор сдающего: any game and any wild cards, never another deck.

    "Он назначает любые козыри. Однако он не может ... добавить карты к колоде или убрать их
    из нее" (lowball here is played with a joker, so it is refused at a 52-card table).
    """
    rules = GAME.rules("draw", {"session": {"dealers_choice": "deal"}})
    match = GAME.new_match(rules, ["А", "Б", "В"])
    with pytest.raises(IllegalAction, match="the limits or the deck"):
        match.apply_between("choose lowball")
    match.apply_between("choose crisscross wild deuces")
    deal = match.start_deal_from(DealSetup(match.next_dealer(), match.deck(), 1))
    assert isinstance(deal, PokerDeal)
    assert deal.rules.variant.name == "crisscross"
    assert deal.rules.variant.hands.wild == ("deuces",)


def test_the_variants_command_lists_the_catalogue_and_rules_prints_one() -> None:
    """`cardtable poker variants`; `cardtable rules poker NAME`."""
    listed = RUNNER.invoke(app, ["poker", "variants", "--json"])
    assert listed.exit_code == 0, listed.output
    names = {item["name"] for item in json.loads(listed.output)["variants"]}
    assert {"draw", "seven-card-stud", "crisscross", "holdem", "razz"} <= names
    shown = RUNNER.invoke(app, ["rules", "poker", "mexican-stud", "--json"])
    assert shown.exit_code == 0, shown.output
    options = {o["name"]: o["value"] for o in json.loads(shown.output)["options"]}
    assert options["variant.name"] == "mexican-stud"


def test_simulate_takes_a_variant_and_a_policy_and_reports_the_speed() -> None:
    """The speed workload from the command line (the full table, and the lean loop)."""
    for extra in ([], ["--fast"]):
        result = RUNNER.invoke(
            app,
            [
                "simulate",
                "poker",
                "--variant",
                "holdem",
                "--players",
                "6",
                "--deals",
                "20",
                "--policy",
                "check-down",
                "--seed",
                "1",
                "--json",
                *extra,
            ],
        )
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["deals_per_second"] > 0


def test_the_dealer_may_deal_a_variant_of_his_own_and_the_record_replays_it() -> None:
    """Выбор сдающего: "любой новый и легко объяснимый вариант, который разработал он сам".

    The dealer's own variant is a move between deals (its ``[rules.variant]`` as JSON), so
    the record holds it and the replay deals it again; a shipped name is refused.
    """
    rules = GAME.rules("draw", {"session": {"dealers_choice": "deal"}})
    match = GAME.new_match(rules, ["А", "Б", "В"])
    own = tomllib.loads(TUTORIAL)["rules"]["variant"]
    match.apply_between("choose-own " + json.dumps(own, ensure_ascii=False))
    deal = match.start_deal_from(DealSetup(match.next_dealer(), match.deck(), 1))
    assert isinstance(deal, PokerDeal)
    assert deal.rules.variant.name == "my-spit"
    assert deal.rules.variant.hands.wild == ("deuces",)
    while not deal.is_over:
        match.apply(deal.legal_actions()[0])
    again = replay(parse_record(record_text(match.record())))
    assert again.deals[0].events == match.deals[0].events
    shipped = dict(own, name="draw")
    next_match = GAME.new_match(rules, ["А", "Б", "В"])
    with pytest.raises(IllegalAction, match="is a shipped variant"):
        next_match.apply_between("choose-own " + json.dumps(shipped, ensure_ascii=False))


def test_a_deal_that_ends_as_it_is_dealt_is_booked_and_its_record_replays() -> None:
    """A variant of one dealing step ends its deal before any move; the match books it.

    docs/architecture.md, Record: every finished deal states its result, so the record
    replays (found by the variant fuzz test, docs/reliability.md).
    """
    game = POKER
    text = (
        '[rules.variant]\nname = "deal-only"\ntitle = "Deal only"\nsource = "a test"\n'
        'steps = [{ do = "deal", down = 5 }]\n'
    )
    rules = game.rules_from_toml(text, "deal-only.toml")
    report = simulate(game, rules, players=3, deals=4, seed=1)
    assert report.failures["records_replay"] == []
    assert report.ok
