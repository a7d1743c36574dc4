"""The Ray backend: the only test module that starts Ray, once (docs/scale.md, "Ray").

Skipped when the ``ray`` extra is not installed; ``.ci/run`` installs it.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardtable.engine import get_game
from cardtable.scale.backends import Backend
from cardtable.scale.simulation import fast_in_chunks, simulate_in_chunks
from cardtable.scale.tournament import play_tournament
from toygame.game import ToyGame

ray: Any = pytest.importorskip("ray")


@pytest.fixture(scope="module", autouse=True)
def _local_ray() -> Iterator[None]:
    """One local Ray of two CPUs for the whole module (it takes seconds to start).

    Its workers find the toy game where the tests do (cardtable itself is installed).
    """
    tests = str(Path(__file__).resolve().parents[1])
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        logging_level=logging.WARNING,
        runtime_env={"env_vars": {"PYTHONPATH": tests}},
    )
    yield
    ray.shutdown()


def test_a_tournament_on_ray_has_the_summary_it_has_here(toy: ToyGame) -> None:
    """docs/scale.md, "Backends".

    The same seed gives the same summary, float for float, on Ray as in this process.
    """
    rules = toy.rules("marathon")
    here = play_tournament(toy, rules, ["random", "random"], decks=30, seed=8, chunk=4)
    assert (
        play_tournament(toy, rules, ["random", "random"], decks=30, seed=8, chunk=4, backend="ray")
        == here
    )


def test_a_piquet_tournament_on_ray_has_the_summary_it_has_here() -> None:
    """docs/scale.md, "Backends", with a registered game and its own bot."""
    game = get_game("piquet")
    bots = ["default", "random"]
    here = play_tournament(game, game.rules(), bots, decks=6, seed=2, chunk=2)
    assert play_tournament(game, game.rules(), bots, decks=6, seed=2, chunk=2, backend="ray") == (
        here
    )


def test_a_simulation_on_ray_has_the_report_it_has_here(toy: ToyGame) -> None:
    """docs/scale.md, "Backends": ``simulate``'s report, but for its timing, is the same."""

    def summary(on_ray: bool) -> dict[str, object]:
        report = simulate_in_chunks(
            toy,
            toy.rules(),
            players=2,
            deals=30,
            seed=6,
            chunk=7,
            backend="ray" if on_ray else "local",
        )
        assert report.ok
        data = report.to_data()
        del data["seconds"], data["deals_per_second"]
        return data

    assert summary(on_ray=True) == summary(on_ray=False)


def test_a_lean_poker_simulation_on_ray_has_the_summary_it_has_here() -> None:
    """docs/scale.md, "Backends": ``simulate --fast``'s summary, but for its timing, is the same."""
    game = get_game("poker")
    rules = game.rules("holdem")

    def summary(on_ray: bool) -> dict[str, object]:
        backend: Backend = "ray" if on_ray else "local"
        found = fast_in_chunks(
            game, rules, players=3, deals=2500, seed=4, bot="random", chunk=1000, backend=backend
        )
        del found["seconds"], found["deals_per_second"]
        return found

    assert summary(on_ray=True) == summary(on_ray=False)


def test_the_ray_backend_joins_a_running_cluster_at_address_auto(tmp_path: Path) -> None:
    """docs/scale.md, "Ray": ``--backend ray --address auto`` runs on a cluster already up.

    The cluster is this module's local Ray; the command is another process that finds it
    (through ``RAY_ADDRESS``, as Ray's ``auto`` looks there first: so no other Ray on the
    machine is taken for it).
    """
    args = ["tournament", "piquet", "--bots", "default,random", "--deals", "4", "--chunk", "2"]
    command = [sys.executable, "-m", "cardtable", *args, "--json"]
    environment = {**os.environ, "RAY_ADDRESS": ray.get_runtime_context().gcs_address}
    on_cluster = subprocess.run(
        [*command, "--backend", "ray", "--address", "auto"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=environment,
        cwd=tmp_path,
    )
    assert on_cluster.returncode == 0, on_cluster.stderr
    here = subprocess.run(command, capture_output=True, text=True, timeout=300, check=True)
    assert json.loads(on_cluster.stdout)["standings"] == json.loads(here.stdout)["standings"]
    assert json.loads(on_cluster.stdout)["backend"] == "ray"
