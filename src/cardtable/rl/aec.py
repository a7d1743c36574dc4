"""Every cardtable game as a PettingZoo AEC environment (the ``rl`` extra).

:func:`env` makes one for a game, preset and number of seats; seats may be left to
cardtable's bots. Each agent observes ``{"observation": float32 tensor, "action_mask": int8}``
over its game's fixed action space (:mod:`cardtable.rl.actions`, docs/rl.md); rewards are what
the match's ledger moved for the seat at the end of each deal; ``render()`` returns text.

No parallel form is offered: a card game is strictly one seat at a time, so a parallel step
would have every agent but one pass (PettingZoo's classic card games are AEC only, too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from cardtable.rl.table import SEAT_NAMES, Table


class LazilySeeded(spaces.Discrete):
    """A discrete space whose generator is made from its seed when first sampled.

    ``reset(seed=...)`` seeds every agent's action space; making a NumPy generator costs more
    than a whole turn of some games, and a learner that never samples the space never needs it.
    """

    def seed(self, seed: int | None = None) -> int | None:
        """Keep ``seed`` for the generator made on the first sample."""
        self._np_random = None  # type: ignore[assignment]  # made on the first sample
        self._pending_seed = seed
        return seed

    @property
    def np_random(self) -> np.random.Generator:
        """The generator, made from the seed last given (or from fresh entropy)."""
        if self._np_random is None:
            self._np_random, _ = seeding.np_random(getattr(self, "_pending_seed", None))
        generator: np.random.Generator = self._np_random
        return generator


class CardtableEnv(AECEnv[str, dict[str, np.ndarray], int | None]):  # type: ignore[misc]
    """A cardtable match as an AEC environment; its agents are ``player_0``, ``player_1`` and on."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it as a class attribute
        "render_modes": ["ansi"],
        "name": "cardtable_v0",
        "is_parallelizable": False,
    }

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        super().__init__()
        self.table = table
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"cardtable_{table.game.name}_v0"}
        self.possible_agents = [SEAT_NAMES[seat] for seat in table.agents]
        self._seat = {
            name: seat for seat, name in zip(table.agents, self.possible_agents, strict=True)
        }
        size = table.space.size
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(table.layout.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {agent: LazilySeeded(size) for agent in self.possible_agents}
        self.agents: list[str] = []
        self._rewarded = False
        """Whether some agent's last reward is not zero (then the next step clears it)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same for all)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: its game's fixed numbers."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new match; the same ``seed`` deals the same cards and the same bot moves."""
        if seed is not None:
            for number, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + number)
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._rewarded = True
        self._settle()

    def _settle(self) -> None:
        """Hand out the rewards of deals just ended; name the next agent or end the episode."""
        if self.table.paid or self._rewarded:
            earned = self.table.take_rewards()
            for agent in self.agents:
                self.rewards[agent] = earned[self._seat[agent]]
            self._accumulate_rewards()
            self._rewarded = any(self.rewards.values())
        seat = self.table.to_move
        if seat is None:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = SEAT_NAMES[seat]

    def step(self, action: int | None) -> None:
        """Play ``action`` (a number of the action space) for the agent to move."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.table.step(int(action))  # type: ignore[arg-type]
        self._settle()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation tensor and action mask (all zero when not to move)."""
        seat = self._seat[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.mask(seat)}

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return self.table.render()

    def close(self) -> None:
        """Nothing to release."""


def env(
    game: str,
    preset: str | None = None,
    players: int | None = None,
    *,
    bots: Mapping[int, str] | None = None,
    deals: int = 1,
    render_mode: str | None = None,
) -> CardtableEnv:
    """A PettingZoo AEC environment of ``game`` under ``preset`` for ``players`` seats.

    ``bots`` gives seats to cardtable's bots (``{1: "default", 2: "default"}``: the game's
    rule bot); the other seats are the agents. An episode is ``deals`` deals of one match.
    """
    return CardtableEnv(Table(game, preset, players, bots, deals), render_mode)
