"""Every game and preset as a PettingZoo AEC environment: the API, seeding, rewards, text.

docs/rl.md, "PettingZoo".
"""

from __future__ import annotations

import random
import warnings
from fractions import Fraction

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from cardtable import rl
from rl.cases import CASES, IDS


@pytest.mark.parametrize(("game", "preset", "players"), CASES, ids=IDS)
def test_pettingzoo_api_and_seed_tests_pass(game: str, preset: str, players: int) -> None:
    """docs/rl.md, "PettingZoo": PettingZoo's own api_test and seed_test, two deals an episode."""
    with warnings.catch_warnings():
        # The API test warns about every Dict observation, PettingZoo's classic games' too.
        warnings.simplefilter("ignore", UserWarning)
        api_test(rl.env(game, preset, players, deals=2), num_cycles=400)
        seed_test(lambda: rl.env(game, preset, players, deals=2), num_cycles=400)


def _episode(env: rl.CardtableEnv, seed: int) -> dict[str, float]:
    """Play one episode with random legal numbers; each agent's summed rewards."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = [n for n, flag in enumerate(observation["action_mask"]) if flag]
        env.step(rng.choice(legal))
    return total


@pytest.mark.parametrize(("game", "preset"), [("preferans", "sochi"), ("poker", "holdem")])
def test_rewards_add_up_to_the_ledger_of_the_match(game: str, preset: str) -> None:
    """docs/architecture.md, "The engine protocol": the ledger's accounts; rewards are its moves."""
    env = rl.env(game, preset, deals=3)
    total = _episode(env, seed=4)
    ledger = env.table.match.ledger()
    assert total == {agent: float(ledger.get(agent, Fraction(0))) for agent in total}
    assert any(total.values())


def test_the_bots_play_their_seats_and_the_agent_the_rest() -> None:
    """docs/rl.md, "PettingZoo": seats given to bots are no agents of the environment."""
    env = rl.env("preferans", "sochi", bots={1: "default", 2: "default"}, deals=2)
    assert env.possible_agents == ["player_0"]
    _episode(env, seed=2)
    assert len(env.table.match.deals) == 2


def test_render_shows_the_seat_to_move_and_its_legal_moves() -> None:
    """docs/rl.md, "PettingZoo": render() is the table as text."""
    env = rl.env("piquet", "seed", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None
    assert f"seat {env.table.to_move} to move" in text
    legal = text.splitlines()[-1]
    assert legal.startswith("  legal: ")
    assert "pick 7♣" in legal or "pick 7♠" in legal
