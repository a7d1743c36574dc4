"""Duplicate tournaments: every seating on the same deck, one sample per deck (docs/scale.md)."""

from __future__ import annotations

import statistics
from fractions import Fraction

import pytest

from cardtable.engine import get_game
from cardtable.scale import ScaleError
from cardtable.scale.chunks import plan_chunks
from cardtable.scale.tournament import Tournament, play_tournament
from toygame.game import ToyGame


def test_every_seating_of_the_bots_is_dealt_the_same_deck(toy: ToyGame) -> None:
    """docs/scale.md, "Duplicate format".

    Each deck is dealt once per seating of the bots, the same dealer and cards at the same seats,
    the bots moved round.
    """
    tournament = Tournament(toy, toy.rules(), ("random", "random", "random"))
    played = tournament.play_deck("7/0", tournament.make_bots())
    records = [one.match.record() for one in played]
    assert len(records) == 6
    assert len({record.seats for record in records}) == 6
    assert {frozenset(record.seats) for record in records} == {
        frozenset({"random#1", "random#2", "random#3"})
    }
    first = records[0].deals[0]
    for record in records:
        (deal,) = record.deals
        assert (deal.dealer, deal.deck, deal.seed) == (first.dealer, first.deck, first.seed)


def test_two_decks_of_a_run_are_dealt_differently(toy: ToyGame) -> None:
    """docs/scale.md, "Duplicate format": the decks are shuffled one by one from the seed."""
    tournament = Tournament(toy, toy.rules(), ("random", "random"))
    bots = tournament.make_bots()
    decks = {tournament.play_deck(f"7/{n}", bots)[0].match.record().deals[0].deck for n in range(5)}
    assert len(decks) == 5


def test_a_bot_against_itself_scores_exactly_nothing_in_duplicate(toy: ToyGame) -> None:
    """docs/scale.md, "Duplicate format".

    A bot against itself plays every seating alike, so in a game whose ledger sums to zero its mean
    is exactly nought, with no error at all.
    """
    summary = play_tournament(toy, toy.rules(), ["random"] * 3, decks=40, seed=2, chunk=9)
    assert [standing.mean for standing in summary.standings] == [0.0, 0.0, 0.0]
    assert [standing.standard_error for standing in summary.standings] == [0.0, 0.0, 0.0]


def test_the_default_piquet_bot_against_itself_scores_exactly_nothing() -> None:
    """docs/scale.md, "Duplicate format", with a bot that thinks: piquet's default bot."""
    game = get_game("piquet")
    summary = play_tournament(game, game.rules(), ["default", "default"], decks=6, seed=3)
    assert [standing.mean for standing in summary.standings] == [0.0, 0.0]


def test_the_standard_error_takes_each_deck_as_one_sample(toy: ToyGame) -> None:
    """docs/scale.md, "The standard error".

    A bot's result on a deck is the mean of its seatings' results, and the error is those per-deck
    results' deviation over √decks.
    """
    rules = toy.rules("marathon")
    bots = ("random", "random")
    summary = play_tournament(toy, rules, bots, decks=30, seed=5, chunk=8, preset="marathon")
    tournament = Tournament(toy, rules, bots, "marathon")
    players = tournament.make_bots()
    per_deck = [
        tournament.deck_results(tournament.play_deck(f"{chunk.seed}/{number}", players))
        for chunk in plan_chunks(30, seed=5, size=8)
        for number in range(chunk.count)
    ]
    for bot, standing in enumerate(summary.standings):
        samples = [float(results[bot]) for results in per_deck]
        assert standing.mean == pytest.approx(statistics.fmean(samples))
        error = statistics.stdev(samples) / len(samples) ** 0.5
        assert standing.standard_error == pytest.approx(error)
        assert standing.low == pytest.approx(standing.mean - 1.959964 * error)
        assert standing.high == pytest.approx(standing.mean + 1.959964 * error)
    assert summary.deals == 60


def test_the_default_piquet_bot_beats_the_random_one_beyond_its_interval() -> None:
    """docs/scale.md, "Duplicate format".

    The seatings cancel the cards' luck, so thirty decks tell the piquet bot
    (:mod:`cardtable.bots.piquet`) from random play.
    """
    game = get_game("piquet")
    summary = play_tournament(game, game.rules(), ["default", "random"], decks=30, seed=1)
    best, worst = summary.standings
    assert best.low is not None
    assert best.low > 0
    assert worst.high is not None
    assert worst.high < 0
    assert best.mean == -worst.mean


def test_a_piquet_deal_is_scored_by_its_points_against_the_other_player() -> None:
    """docs/scale.md, "What a deal is worth".

    Piquet's stakes change hands when a partie ends (001_776ed664a35a376f.txt, piquet rules 46–50),
    so a tournament deal scores its points.
    """
    game = get_game("piquet")
    tournament = Tournament(game, game.rules(), ("default", "random"))
    for one in tournament.play_deck("1/0", tournament.make_bots()):
        outcome = one.match.deals[0].outcome()
        counts = [outcome.counts[seat] for seat in (0, 1)]  # type: ignore[attr-defined]
        seats = one.match.seats
        assert one.results == {
            seats[0]: Fraction(counts[0] - counts[1]),
            seats[1]: Fraction(counts[1] - counts[0]),
        }
        assert one.match.ledger() == {seats[0]: 0, seats[1]: 0}


def test_a_preferans_deal_is_scored_by_the_whists_its_pulka_settles_to() -> None:
    """docs/scale.md, "What a deal is worth".

    A preferans deal is worth the settlement of its pulka after it (000_75e337bfe099b695.txt,
    "ПОДСЧЕТЫ И РАСЧЕТЫ").
    """
    game = get_game("preferans")
    tournament = Tournament(game, game.rules(), ("default", "random", "random"))
    for one in tournament.play_deck("4/0", tournament.make_bots()):
        assert one.results == one.match.ledger()
        assert sum(one.results.values()) == 0


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["random"], "a tournament needs two bots or more, not 1"),
        (["random"] * 5, "Toy tricks is played by 2, 3, 4 players, not 5"),
        (["random", "genius"], "toy has no bot 'genius'"),
    ],
)
def test_a_tournament_the_game_cannot_seat_is_refused_in_one_line(
    toy: ToyGame, bots: list[str], message: str
) -> None:
    """The project's rule: bad input gets one line naming what is wrong (docs/scale.md)."""
    with pytest.raises(ValueError, match=message) as refused:
        play_tournament(toy, toy.rules(), bots, decks=3, seed=1)
    assert "\n" not in str(refused.value)


def test_a_negative_seed_is_refused(toy: ToyGame) -> None:
    """docs/scale.md, "Chunks and seeds": a seed is a whole number from 0 (SeedSequence's)."""
    with pytest.raises(ScaleError, match="the seed is a whole number from 0, not -1"):
        play_tournament(toy, toy.rules(), ["random", "random"], decks=3, seed=-1)
