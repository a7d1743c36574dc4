"""The conventions as presets (issue 4 item 2): classic-1992, sochi, leningrad, rostov."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine.rules import describe_rules
from cardtable.errors import RulesError
from cardtable.preferans.contracts import parse_contract
from cardtable.preferans.deal_score import DealScore, ScoreError, Whist
from cardtable.preferans.ledger import Entry
from cardtable.preferans.scorer import read_document, score
from cardtable.preferans.scoring import CONVENTIONS, ScoringRules, convention, convention_preset
from cardtable.preferans.sheet import Sheet

VECTORS = Path(__file__).resolve().parents[1] / "vectors" / "preferans"
W, P, H = Whist.WHIST, Whist.PASS, Whist.HALF


def six(declarer: str, tricks: int, whist: dict[str, Whist], **extra: Any) -> DealScore:
    return DealScore(
        declarer=declarer, contract=parse_contract("6♠"), tricks=tricks, whist=whist, **extra
    )


@pytest.mark.parametrize("name", CONVENTIONS)
def test_every_convention_loads_and_every_option_names_its_source(name: str) -> None:
    """Each option's docstring cites its seed clause or outside source.

    See docs/architecture.md, protocol.
    """
    preset = convention_preset(name)
    assert preset.description
    for info in describe_rules(convention(name)):
        assert info.doc, info.name
        assert info.source, info.name


def test_the_classic_preset_is_the_seeds_own_defaults() -> None:
    """001 rules 38–48: the defaults of ScoringRules are the seed's; the preset changes none."""
    assert convention("classic-1992") == ScoringRules()
    assert convention_preset("classic-1992").overrides == {}


def test_an_unknown_convention_or_option_is_refused() -> None:
    """docs/architecture.md, protocol: rules read strictly, naming the option."""
    with pytest.raises(RulesError, match="moscow"):
        convention("moscow")
    with pytest.raises(RulesError, match="'pool_size'"):
        convention("sochi", {"pool_size": 3})


@pytest.mark.parametrize("name", ["sochi", "leningrad", "rostov"])
def test_the_codes_conventions_price_six_to_ten_at_two_to_ten_and_misere_at_ten(
    name: str,
) -> None:
    """Кодекс преферанса 4.1: 6/7/8/9/10 = 2/4/6/8/10, misère 10."""
    sheet = Sheet(list("ABC"), convention(name))
    for level, player in zip((6, 7, 8), "ABC", strict=True):
        sheet.write(
            DealScore(
                declarer=player,
                contract=parse_contract(f"{level}♥"),
                tricks=level,
                whist={q: P for q in "ABC" if q != player},
            )
        )
    assert [sheet.pool(p) for p in "ABC"] == [2, 4, 6]
    assert convention(name).misere_points == 10


def test_sochi_writes_remiz_and_consolation_at_the_price_per_trick() -> None:
    """Кодекс 4.2.1 and 3.8.1.2.

    remiz is the price times the tricks short; every other player, the passer too, writes
    consolation for each.
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write(six("A", 4, {"B": W, "C": P}))
    assert sheet.mountain("A") == 2 * 2
    assert sheet.whists("B", "A") == 6 * 2 + 2 * 2
    assert sheet.whists("C", "A") == 2 * 2


def test_sochi_whist_is_not_shared_on_a_remiz_the_passer_writes_only_consolation() -> None:
    """Lesnoy, «Русский преферанс», 'Сочинка': 'вист жлобский'.

    When the declarer goes down against one whister, only the whister writes whists for the
    defence's tricks; the passer writes only his consolation.
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write(six("A", 5, {"B": W, "C": P}))
    assert sheet.whists("B", "A") == 5 * 2 + 2
    assert sheet.whists("C", "A") == 2


@pytest.mark.parametrize("name", ["sochi", "leningrad", "rostov"])
def test_a_whister_short_writes_the_contracts_price_per_missing_trick(name: str) -> None:
    """003_b655b01c110fd414.txt 4.2.1 (the Code): a whister short of the obligation.

    He writes on the mountain the contract's price for each trick he did not take: against a
    six, two defence tricks of four cost him 2 x 2.
    """
    sheet = Sheet(list("ABC"), convention(name))
    sheet.write(six("A", 8, {"B": W, "C": P}))
    assert sheet.mountain("B") == 2 * 2


@pytest.mark.parametrize(("share", "fined"), [("each_half", ["C"]), ("each_half_up", ["B", "C"])])
def test_an_eight_neither_whister_took_fines_the_second_or_both(
    share: str, fined: list[str]
) -> None:
    """001_776ed664a35a376f.txt rule 46: on an eight or a nine the second whister is fined.

    'each_half_up' is the other table practice (preferans.pro's server test 'both whisters did
    not fulfill'; refinishru-Andre/pulka's reading of the FSPR code): both answer for the odd
    trick. Either way nobody is fined when the pair took its one trick.
    """
    rules = dataclasses.replace(convention("sochi"), obligation_share=share)  # type: ignore[arg-type]
    eight = parse_contract("8♠")
    sheet = Sheet(list("ABC"), rules)
    sheet.write(DealScore("A", eight, 10, {"B": W, "C": W}, defender_tricks={"B": 0, "C": 0}))
    assert [p for p in "BC" if sheet.mountain(p)] == fined
    assert all(sheet.mountain(p) == 6 for p in fined)
    sheet.write(DealScore("A", eight, 9, {"B": W, "C": W}, defender_tricks={"B": 1, "C": 0}))
    assert all(sheet.mountain(p) == 6 for p in fined)


def test_leningrad_doubles_the_declarers_remiz() -> None:
    """Скуратов, «Преферанс. История, стратегия, тактика»: a Leningrad six one down.

    It costs the declarer 62 whists among four, which needs the remiz, the whists and the
    consolation all at twice the Sochi price: 2 x 2 on the mountain per trick short.
    """
    sheet = Sheet(list("ABC"), convention("leningrad"))
    sheet.write(six("A", 5, {"B": W, "C": W}, defender_tricks={"B": 3, "C": 2}))
    assert sheet.mountain("A") == 2 * 2
    assert sheet.whists("C", "A") == 2 * 2 * 2 + 2 * 2


@pytest.mark.parametrize(
    ("level", "made", "whist_trick", "short", "whister_short"),
    [(6, 2, 4, 4, 2), (7, 4, 8, 8, 4), (8, 6, 12, 12, 6), (9, 8, 16, 16, 8), (10, 10, 20, 20, 10)],
)
def test_leningrad_writes_the_shram_table(
    level: int, made: int, whist_trick: int, short: int, whister_short: int
) -> None:
    """shram.kiev.ua «Ленинградка», 'Запись в пульку и в гору' (one row per contract).

    A made contract writes its price in the pool, a whister's trick twice the price, a trick the
    declarer lacks twice the price on his mountain, a trick the whister lacks the price on his.
    """
    name = f"{level}♥"
    made_sheet = Sheet(list("ABC"), convention("leningrad"))
    made_sheet.write(
        DealScore(
            declarer="A",
            contract=parse_contract(name),
            tricks=level,
            whist={"B": W, "C": P},
        )
    )
    assert made_sheet.pool("A") == made
    assert made_sheet.whists("B", "A") == whist_trick * (10 - level)
    down = Sheet(list("ABC"), convention("leningrad"))
    down.write(
        DealScore(
            declarer="A",
            contract=parse_contract(name),
            tricks=level - 1,
            whist={"B": W, "C": W},
            defender_tricks={"B": 11 - level, "C": 0},
        )
    )
    assert down.mountain("A") == short
    # A lone whister one trick short of the obligation (4, 2, 1, 1, 1).
    obligation = convention("leningrad").whist_obligation[level - 6]
    whister = Sheet(list("ABC"), convention("leningrad"))
    whister.write(
        DealScore(
            declarer="A",
            contract=parse_contract(name),
            tricks=11 - obligation,
            whist={"B": W, "C": P},
        )
    )
    assert whister.mountain("B") == whister_short


def test_a_leningrad_misere_writes_ten_made_and_twenty_a_trick_taken() -> None:
    """shram.kiev.ua «Ленинградка»: misère 10 in the pool, 20 on the mountain per trick taken."""
    sheet = Sheet(list("ABC"), convention("leningrad"))
    sheet.write(DealScore(declarer="A", contract=parse_contract("misère"), tricks=0))
    sheet.write(DealScore(declarer="B", contract=parse_contract("misère"), tricks=2))
    assert sheet.pool("A") == 10
    assert sheet.mountain("B") == 2 * 20


def test_leningrad_gentlemans_whist_shares_the_whists_with_the_passer_on_a_remiz() -> None:
    """shram.kiev.ua «Ленинградка», 'вист джентльменский'.

    When the declarer goes down against one whister, the whister and the passer write all the
    whists on him in halves: here five defence tricks at 4 and a consolation of 4 each.
    """
    sheet = Sheet(list("ABC"), convention("leningrad"))
    sheet.write(six("A", 5, {"B": W, "C": P}))
    assert sheet.whists("B", "A") == sheet.whists("C", "A") == 5 * 4 / 2 + 4
    made = Sheet(list("ABC"), convention("leningrad"))
    made.write(six("A", 6, {"B": W, "C": P}))
    assert made.whists("B", "A") == 4 * 4
    assert made.whists("C", "A") == 0


def test_sochi_half_whist_only_against_a_six() -> None:
    """Кодекс 3.8 'полвиста': against a six the half-whister writes two tricks' whists."""
    sheet = Sheet(list("ABC"), convention("sochi"))
    sheet.write(six("A", 6, {"B": P, "C": H}))
    assert sheet.whists("C", "A") == 2 * 2
    assert sheet.pool("A") == 2


def test_rostov_all_pass_the_fewest_tricks_write_five_whists_per_partners_trick() -> None:
    """Кодекс преферанса 3.7.2.2 (Lesnoy, «Русский преферанс»).

    In Rostov the player who took fewer tricks than the others writes, commonly, five whists on
    each partner for every trick that partner took; nobody else writes, and nothing goes on a
    mountain.
    """
    sheet = Sheet(list("ABC"), convention("rostov"))
    sheet.write(DealScore(allpass={"A": 1, "B": 3, "C": 6}))
    assert [sheet.mountain(p) for p in "ABC"] == [0, 0, 0]
    assert sheet.whists("A", "B") == 5 * 3
    assert sheet.whists("A", "C") == 5 * 6
    assert sheet.whists("B", "C") == 0
    assert sheet.whists("C", "A") == 0


def test_rostov_all_pass_two_tied_at_the_fewest_both_write_on_the_third() -> None:
    """Кодекс преферанса 3.7.2.2: two players tied at the fewest tricks write on the third."""
    sheet = Sheet(list("ABC"), convention("rostov"))
    sheet.write(DealScore(allpass={"A": 2, "B": 2, "C": 6}))
    assert sheet.whists("A", "C") == sheet.whists("B", "C") == 5 * 6
    assert sheet.whists("A", "B") == sheet.whists("B", "A") == 0


def test_rostov_all_pass_the_fewest_tricks_write_wherever_their_taker_sits() -> None:
    """Кодекс преферанса 3.7.2.2: the fewest tricks write, whoever took them.

    Here the last player listed took the fewest, after two who took more.
    """
    sheet = Sheet(list("ABC"), convention("rostov"))
    sheet.write(DealScore(allpass={"A": 6, "B": 3, "C": 1}))
    assert sheet.whists("C", "A") == 5 * 6
    assert sheet.whists("C", "B") == 5 * 3
    assert sheet.whists("A", "C") == sheet.whists("B", "C") == 0


def test_a_clean_all_pass_writes_a_pool_point_in_rostov_a_tricks_price_in_sochi() -> None:
    """Кодекс преферанса 3.7.2.1 and 3.7.2.2.

    A player who took no trick on an all-pass writes in his pool the price of one trick (Sochi,
    Leningrad: 1 on the first all-pass) or, in Rostov, one point; in Rostov he also has the fewest
    tricks and writes whists on both partners.
    """
    rostov = Sheet(list("ABC"), convention("rostov"))
    rostov.write(DealScore(allpass={"A": 0, "B": 4, "C": 6}))
    assert rostov.pool("A") == 1
    assert rostov.whists("A", "B") == 5 * 4
    sochi = Sheet(list("ABC"), convention("sochi"))
    sochi.write(DealScore(allpass={"A": 0, "B": 4, "C": 6}))
    assert sochi.pool("A") == 1
    assert sochi.mountain("B") == 4


def test_sochi_all_pass_progression_grows_then_stops_and_resets_after_a_game() -> None:
    """Кодекс 3.7; Lesnoy, «Русский преферанс», 'Сочинка' (1 a trick, progressing 1–2–3).

    consecutive all-passes cost 1, 2, 3, 3… a trick; a played game resets it; a player who takes
    no trick writes the step in his pool.
    """
    sheet = Sheet(list("ABC"), convention("sochi"))
    for _ in range(4):
        sheet.write(DealScore(allpass={"A": 1, "B": 0, "C": 9}))
    assert sheet.mountain("A") == 1 + 2 + 3 + 3
    assert sheet.pool("B") == 1 + 2 + 3 + 3
    sheet.write(six("A", 6, {"B": P, "C": P}))
    sheet.write(DealScore(allpass={"A": 1, "B": 0, "C": 9}))
    assert sheet.mountain("A") == 10
    assert sheet.pool("B") == 10


def test_an_all_pass_line_names_its_multiplier_only_from_the_second_in_a_row() -> None:
    """Кодекс 3.7 and 3.7.2: the progression multiplies the second all-pass in a row and on.

    A first all-pass is written at its plain price and says no multiplier, in each column it
    writes (the takers' mountains and the clean pool in Sochi, the fewest tricks' whists in
    Rostov, here with a progression of 1–2); the second in a row says "x2" on every line.
    """
    sochi = Sheet(list("ABC"), convention("sochi"))
    lines = []
    for _ in range(2):
        lines += [str(e) for e in sochi.write(DealScore(allpass={"A": 1, "B": 0, "C": 9}))]
    assert lines == [
        "deal 1: A mountain +1 (all-pass, 1 tricks)",
        "deal 1: C mountain +9 (all-pass, 9 tricks)",
        "deal 1: B pool +1 (all-pass, no trick)",
        "deal 2: A mountain +2 (all-pass x2, 1 tricks)",
        "deal 2: C mountain +18 (all-pass x2, 9 tricks)",
        "deal 2: B pool +2 (all-pass x2, no trick)",
    ]
    progressing = dataclasses.replace(convention("rostov"), allpass_progression=(1, 2))
    rostov = Sheet(list("ABC"), progressing)
    lines = []
    for _ in range(2):
        lines += [str(e) for e in rostov.write(DealScore(allpass={"A": 0, "B": 4, "C": 6}))]
    assert lines == [
        "deal 1: A whists on B +20 (all-pass, fewest tricks; B took 4)",
        "deal 1: A whists on C +30 (all-pass, fewest tricks; C took 6)",
        "deal 1: A pool +1 (all-pass, no trick)",
        "deal 2: A whists on B +40 (all-pass x2, fewest tricks; B took 4)",
        "deal 2: A whists on C +60 (all-pass x2, fewest tricks; C took 6)",
        "deal 2: A pool +2 (all-pass x2, no trick)",
    ]


def test_the_classic_mountain_point_is_one_whist_the_codes_ten() -> None:
    """001 ПОДСЧЕТЫ И РАСЧЕТЫ (1300 points .

    4 = 325 whists) against 003 4.1.1 b (6 points are 15 whists each among four).
    """
    assert convention("classic-1992").mountain_point_whists == 1
    assert {convention(n).mountain_point_whists for n in ("sochi", "leningrad", "rostov")} == {10}


def test_help_is_ten_whists_a_point_except_in_leningrad() -> None:
    """003 4.2.3 and 4.2.3.3: ten whists per point of help; Leningrad has no help."""
    assert convention("sochi").help
    assert convention("sochi").help_whists_per_point == 10
    assert convention("rostov").help
    assert not convention("leningrad").help
    assert dataclasses.replace(convention("leningrad")).overplayed_factor == 2


def vectors() -> list[Path]:
    return sorted(VECTORS.glob("*.json"))


def deal_written(entries: list[Entry]) -> dict[str, dict[str, Any]]:
    """What one deal wrote, per player, as the vectors state it.

    Pool and mountain totals and the whists written on each other player; columns that total
    zero are left out.
    """
    written: dict[str, dict[str, Any]] = {}
    for entry in entries:
        columns = written.setdefault(entry.player, {})
        if entry.on is None:
            columns[entry.column.value] = columns.get(entry.column.value, 0) + entry.amount
        else:
            whists = columns.setdefault("whists", {})
            whists[entry.on] = whists.get(entry.on, 0) + entry.amount
    for columns in written.values():
        whists = {on: amount for on, amount in columns.pop("whists", {}).items() if amount}
        for column in [c for c, amount in columns.items() if not amount]:
            del columns[column]
        if whists:
            columns["whists"] = whists
    return written


KINDS = ("pulka", "settlement", "deal")
"""A vector is a whole pulka, a settlement of written totals, or the value of single deals."""


@pytest.mark.parametrize("path", vectors(), ids=[p.stem for p in vectors()])
def test_hand_worked_pulkas_from_public_sources_come_out(path: Path) -> None:
    """tests/vectors/preferans/*.json: each cites its source and what it states.

    ``balance_of`` checks only the players the source names; ``last_deal_balance_of`` is what
    the file's last deal is worth to a player: the settlement with it less the settlement
    without it, both closed as if the pulka stopped there (how players value one deal).
    ``deal_written`` is everything the file's last deal wrote for each player the source
    names, column by column (``{}``: nothing at all); ``deal_written_partly`` only the columns
    the source states.
    """
    vector = json.loads(path.read_text("utf-8"))
    assert vector.get("source"), "every vector cites where it comes from"
    assert vector.get("kind") in KINDS
    assert isinstance(vector.get("public"), bool)
    document = vector.get("file", vector)
    result = score(read_document({k: v for k, v in document.items() if k != "source"}))
    expect = vector.get("expect", {})
    data = result.to_data()
    for key in ("sheet", "balance", "money", "closed"):
        if key in expect:
            assert data[key] == expect[key]
    for player, amount in expect.get("balance_of", {}).items():
        assert result.settlement.balance[player] == amount
    if "last_deal_balance_of" in expect:
        before = score(read_document({**document, "deals": document["deals"][:-1]}))
        for player, amount in expect["last_deal_balance_of"].items():
            after = result.settlement.balance[player]
            assert after - before.settlement.balance[player] == amount
    for winner, losers in expect.get("pairwise", {}).items():
        for loser, amount in losers.items():
            assert result.settlement.pairwise[winner][loser] == amount
    for player, amount in expect.get("deal_mountain", {}).items():
        deal = [e for e in result.sheet.entries_of(1) if e.column.value == "mountain"]
        assert sum(e.amount for e in deal if e.player == player) == amount
    declarer = next(iter(expect.get("deal_mountain", {})), None)
    for player, amount in expect.get("deal_whists_on_declarer", {}).items():
        deal = result.sheet.entries_of(1)
        assert sum(e.amount for e in deal if e.player == player and e.on == declarer) == amount
    for player, written in expect.get("converted", {}).items():
        for other, amount in written.items():
            assert result.settlement.whists[player][other] == amount
    for player, amount in expect.get("mountain_whists_each", {}).items():
        assert result.settlement.mountain_whists[player] == amount
    if "deal_written" in expect:
        written = deal_written(result.sheet.entries_of(len(document["deals"])))
        for player, columns in expect["deal_written"].items():
            assert written.get(player, {}) == columns, f"{player} wrote {written.get(player)}"
    if "deal_written_partly" in expect:
        written = deal_written(result.sheet.entries_of(len(document["deals"])))
        for player, columns in expect["deal_written_partly"].items():
            for column, amount in columns.items():
                empty: dict[str, int] | int = {} if column == "whists" else 0
                assert written.get(player, {}).get(column, empty) == amount, f"{player} {column}"
    assert sum(result.settlement.balance.values()) == 0


def test_coefficients_multiply_what_a_deal_writes_and_are_off_by_default() -> None:
    """003_b655b01c110fd414.txt 4.1.2.

    With coefficients (dark games, bombs, refets) the value of a game, made or not, grows with
    the coefficient; qualifying tournaments should avoid them, so they are off by default.
    """
    doubled = DealScore(
        declarer="A", contract=parse_contract("7♠"), tricks=6, whist={"B": W, "C": P}, coefficient=2
    )
    with pytest.raises(ScoreError, match="deal 1: field 'coefficient'"):
        Sheet(list("ABC"), convention("sochi")).write(doubled)
    plain = Sheet(list("ABC"), convention("sochi", {"coefficients": True}))
    twice = Sheet(list("ABC"), convention("sochi", {"coefficients": True}))
    plain.write(dataclasses.replace(doubled, coefficient=1))
    twice.write(doubled)
    assert twice.mountain("A") == 2 * plain.mountain("A") == 2 * 4
    assert twice.whists("B", "A") == 2 * plain.whists("B", "A")


def test_an_unknown_convention_is_refused_naming_the_ones_there_are() -> None:
    """docs/rules/preferans-scoring.md: the conventions are named presets of the score sheet."""
    with pytest.raises(RulesError) as caught:
        convention("moscow")
    assert str(caught.value) == (
        "no convention 'moscow' (conventions: classic-1992, sochi, leningrad, rostov)"
    )


def test_options_changed_on_a_convention_keep_its_other_prices_and_name_it_when_wrong() -> None:
    """003_b655b01c110fd414.txt, 4.2.2: the pool is agreed («пулька до 50»); Sochi's prices stay."""
    rules = convention("sochi", {"pool": 30})
    assert (rules.pool, rules.contract_points) == (30, (2, 4, 6, 8, 10))
    with pytest.raises(RulesError) as caught:
        convention("sochi", {"pool": 0})
    assert str(caught.value).startswith("sochi rules: option 'pool': 0 is outside its range")


def test_the_all_pass_progression_needs_at_least_one_multiplier() -> None:
    """The Code, 3.7: the all-pass in a row is priced by its multiplier; none is no price."""
    with pytest.raises(RulesError) as caught:
        ScoringRules(allpass_progression=())
    assert str(caught.value) == "option 'allpass_progression': needs at least one multiplier"
