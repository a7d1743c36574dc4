"""cardtable's games as OpenSpiel games: the type, random simulation, observation, resampling.

docs/rl.md, "OpenSpiel".
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pyspiel")

import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from cardtable.engine.registry import get_game
from cardtable.rl import openspiel
from cardtable.rl.layouts import LAYOUTS, SEEN, information

POKER = ("holdem", "draw", "seven-card-stud-chosen-hole-wild", "double-barrel-shotgun")
"""Poker presets with each kind of move (bets, the draw, naming a wild card, exposing); the
PettingZoo tests drive every preset through the same table of numbers."""
PRESETS = [
    *((name, preset) for name in ("preferans", "piquet") for preset in get_game(name).presets),
    *(("poker", preset) for preset in POKER),
]


def _load(name: str, preset: str, players: int | None = None) -> Any:
    seats = players or min(get_game(name).players)
    return pyspiel.load_game(f"cardtable_{name}(preset={preset},players={seats})")


def _dealt(game: Any, seed: int, moves: int = 0) -> Any:
    """A state with the deck dealt by chance and ``moves`` random moves played."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=[f"{n}-{p}" for n, p in PRESETS])
def test_openspiel_random_simulation_test_passes(name: str, preset: str) -> None:
    """docs/rl.md, "OpenSpiel": pyspiel.random_sim_test, for every game."""
    pyspiel.random_sim_test(_load(name, preset), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", openspiel.GAMES)
def test_the_game_is_sequential_with_imperfect_information_and_chance_dealing(name: str) -> None:
    """docs/rl.md, "OpenSpiel": the game type, and the deck dealt card by card by chance."""
    game = pyspiel.load_game(f"cardtable_{name}")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    state = game.new_initial_state()
    first = state.chance_outcomes()
    state.apply_action(first[0][0])
    assert len(state.chance_outcomes()) == len(first) - 1


def test_the_observation_tensor_is_the_views_layout_and_reads_back_to_its_string() -> None:
    """docs/rl.md, "Observations": OpenSpiel's tensor and string are the layout's."""
    game = _load("preferans", "sochi")
    state = _dealt(game, seed=3, moves=4)
    layout = LAYOUTS["preferans"](3)
    for seat in range(3):
        tensor = np.asarray(state.observation_tensor(seat), np.float32)
        assert tensor.shape == (layout.size,)
        assert layout.text(layout.read(tensor)) == state.observation_string(seat)


def _decisions(game: Any, seed: int) -> Any:
    """A deal dealt by chance and played by random legal numbers, stopping at every decision."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([card for card, _ in state.chance_outcomes()]))
    while not state.is_terminal():
        yield state
        state.apply_action(rng.choice(state.legal_actions()))
    yield state


@pytest.mark.parametrize(("name", "preset"), PRESETS, ids=[f"{n}-{p}" for n, p in PRESETS])
def test_the_information_state_tensor_rebuilds_the_information_state_of_every_seat(
    name: str, preset: str
) -> None:
    """docs/rl.md, "OpenSpiel": the information state string, read back from its tensor alone."""
    game = _load(name, preset)
    layout = information(name, game.num_players())
    assert game.information_state_tensor_shape() == [layout.size]
    checked = 0
    for state in _decisions(game, seed=11):
        for seat in range(game.num_players()):
            tensor = np.asarray(state.information_state_tensor(seat), np.float32)
            assert layout.text(layout.read(tensor)) == state.information_state_string(seat)
            checked += 1
    assert checked > game.num_players()


def test_the_information_state_recalls_the_tricks_the_view_has_forgotten() -> None:
    """docs/rl.md, "OpenSpiel": the first trick's cards stay in the information state."""
    game = _load("preferans", "sochi")
    layout = information("preferans", 3)
    for state in _decisions(game, seed=3):  # a deal that is played (seed 2's is passed out)
        plays = [entry for entry in state.deal.events if entry.kind == "play"]
        if len(plays) > 6:  # the third trick is under way: the first is in no view
            break
    assert len(plays) > 6
    first = {card.text() for entry in plays[:3] for card in entry.cards}
    assert len(first) == 3
    seen = layout.read(np.asarray(state.information_state_tensor(0), np.float32))[SEEN]
    assert first <= {card for _, _, cards, _ in seen for card in cards}
    observed = LAYOUTS["preferans"](3).read(np.asarray(state.observation_tensor(0), np.float32))
    assert not first & {card for _, card in observed["trick"] + observed["last_trick"]}


def test_a_resampled_state_keeps_the_seats_information_and_deals_the_rest_anew() -> None:
    """docs/rl.md, "OpenSpiel": the resample of an information state is one the seat cannot tell."""
    state = _dealt(_load("preferans", "sochi"), seed=5, moves=3)
    seat = state.current_player()
    decks = set()
    for _ in range(6):
        again = state.resample_from_infostate(seat, None)
        assert again.information_state_string(seat) == state.information_state_string(seat)
        assert again.information_state_tensor(seat) == state.information_state_tensor(seat)
        assert again.legal_actions() == state.legal_actions()
        decks.add(again.deal.setup.deck)
    assert len(decks) > 1


def test_information_set_mcts_plays_a_preferans_deal_to_its_end() -> None:
    """docs/rl.md, "OpenSpiel": OpenSpiel's IS-MCTS plays seat 0 (a few simulations a move)."""
    game = _load("preferans", "sochi")
    state = _dealt(game, seed=1)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, 2.0, 8, max_world_samples=4, random_state=np.random.RandomState(2)
    )
    rng = random.Random(4)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    assert sum(state.returns()) == 0
