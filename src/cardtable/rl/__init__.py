"""cardtable's games for learning agents: fixed action spaces, observation tensors, environments.

* :mod:`cardtable.rl.actions`: each game's fixed action space (a set of cards as picks).
* :mod:`cardtable.rl.layouts` over :mod:`cardtable.rl.encoding`: the observation tensor of
  a seat's view, which reads back to the view's facts.
* :mod:`cardtable.rl.table`: a match driven by numbers, the seats not given to bots.
* :func:`env`: a PettingZoo AEC environment (the ``rl`` extra).
* :mod:`cardtable.rl.openspiel`: the games registered with OpenSpiel (the ``openspiel`` extra).

docs/rl.md tells the spaces and layouts and how to train on them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from cardtable.rl.aec import CardtableEnv

__all__ = ["CardtableEnv", "env"]


def env(
    game: str,
    preset: str | None = None,
    players: int | None = None,
    *,
    bots: Mapping[int, str] | None = None,
    deals: int = 1,
    render_mode: str | None = None,
) -> CardtableEnv:
    """A PettingZoo AEC environment of ``game`` (:func:`cardtable.rl.aec.env`; needs ``rl``)."""
    from cardtable.rl.aec import env as make  # noqa: PLC0415 - PettingZoo is an optional extra

    return make(game, preset, players, bots=bots, deals=deals, render_mode=render_mode)
