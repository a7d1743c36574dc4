"""What several benchmarks share: the line that names the machine, pokerkit's random bettor."""

from __future__ import annotations

import os
import platform
import random
from collections.abc import Callable
from functools import partial
from typing import Any


def machine_line() -> str:
    """The processor, the cores, Python's version and the load average, as the figures' heading."""
    return (
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, load average {os.getloadavg()[0]:.1f}"
    )


def pokerkit_random_bet(state: Any, rng: random.Random) -> None:
    """One betting move of pokerkit's ``state`` drawn at random: check or call (or the
    bring-in where it is due), fold where allowed, or the least bet or raise."""
    choices: list[Callable[[], object]] = [state.check_or_call]
    if state.can_post_bring_in():
        choices = [state.post_bring_in]
    if state.can_fold():
        choices.append(state.fold)
    if state.can_complete_bet_or_raise_to():
        amount = state.min_completion_betting_or_raising_to_amount
        choices.append(partial(state.complete_bet_or_raise_to, amount))
    rng.choice(choices)()
