"""``why_illegal`` and ``apply`` never disagree, in every game, to the end of the stock.

A rule of the engine (docs/architecture.md, the deal protocol; issue 14, poker item 7):
every action ``legal_actions`` lists applies, every action ``why_illegal`` names a reason
for is refused by ``apply`` with :class:`IllegalAction`, and a refused action changes
nothing (the pickled deal is the same before and after). Seeded loops drive every poker
preset at its largest table, preferans and piquet at each of their tables, to the end of a
deal; the poker players stay in and draw the most cards they may, so that draws reach the
bottom of the stock and its reshuffle ("Нижняя карта колоды не используется ...",
002_053e85955f9a4108.txt, досдача).
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Hashable, Sequence
from typing import Any

import pytest

from cardtable.engine.deal import Deal
from cardtable.engine.game import Game
from cardtable.engine.registry import get_game
from cardtable.errors import IllegalAction
from cardtable.poker.actions import Call, Check, Discard
from cardtable.poker.game import POKER

PROBES_PER_STEP = 3
"""How many listed and how many refused actions are tried at each step."""


def tables() -> list[tuple[str, str | None, int]]:
    """Every (game, preset, players) the test drives: poker presets at their largest table."""
    found: list[tuple[str, str | None, int]] = []
    for name in sorted(POKER.presets):
        found.append(("poker", name, POKER.rules(name).variant.players_max))
    for game in ("preferans", "piquet"):
        found += [(game, None, players) for players in get_game(game).players]
    return found


def stay_in(legal: Sequence[Any], rng: random.Random) -> Any:
    """Mostly call or check and draw the most cards; now and then anything listed."""
    if rng.random() < 0.2:
        return rng.choice(legal)
    for wanted in (Call(), Check()):
        if wanted in legal:
            return wanted
    draws = [action for action in legal if isinstance(action, Discard)]
    if draws:
        return max(draws, key=lambda action: len(action.cards))
    return rng.choice(legal)


def check_listed_actions_apply(
    deal: Deal[Any, Any], legal: Sequence[Any], rng: random.Random
) -> None:
    for action in rng.sample(legal, min(PROBES_PER_STEP, len(legal))):
        assert deal.why_illegal(action) is None, action
        copy: Deal[Any, Any] = pickle.loads(pickle.dumps(deal))
        copy.apply(action)


def check_refusals_change_nothing(
    deal: Deal[Any, Any], candidates: list[Hashable], rng: random.Random
) -> None:
    for action in rng.sample(candidates, min(PROBES_PER_STEP, len(candidates))):
        if deal.why_illegal(action) is None:
            # Legal though not listed (an inner bet amount): it must then apply.
            copy: Deal[Any, Any] = pickle.loads(pickle.dumps(deal))
            copy.apply(action)
            continue
        before = pickle.dumps(deal)
        with pytest.raises(IllegalAction):
            deal.apply(action)
        assert pickle.dumps(deal) == before, f"refusing {action!r} changed the deal"


def drive(game: Game[Any, Any, Any], preset: str | None, players: int, seed: str) -> int:
    """Play one deal by ``stay_in``, probing every step; the number of steps played."""
    rng = random.Random(seed)
    match = game.new_match(game.rules(preset), [f"P{seat}" for seat in range(players)], preset)
    deal = match.start_deal(rng)
    vocabulary: dict[Hashable, None] = {}
    steps = 0
    while not deal.is_over:
        legal = deal.legal_actions()
        assert legal, f"seat {deal.to_move} to move has no legal action"
        vocabulary.update(dict.fromkeys(legal))
        check_listed_actions_apply(deal, legal, rng)
        others = [action for action in vocabulary if action not in set(legal)]
        check_refusals_change_nothing(deal, others, rng)
        match.apply(stay_in(legal, rng))
        steps += 1
    return steps


@pytest.mark.parametrize(("game", "preset", "players"), tables())
def test_listed_actions_apply_and_refused_ones_change_nothing(
    game: str, preset: str | None, players: int
) -> None:
    """docs/architecture.md (the deal protocol): why_illegal and apply agree, in every game."""
    for number in range(2):
        assert drive(get_game(game), preset, players, f"{game}/{preset}/{number}") > 0
