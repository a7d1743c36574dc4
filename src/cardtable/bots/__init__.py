"""Players that are programs: one :class:`Bot` protocol for every game, and a registry.

A bot sees what its seat's view shows and the legal actions, never the deal itself. Every
game has the ``random`` bot; a game's own bots register under the game's name, and the game's
strongest sensible bot is registered as its ``default``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, TypeVar

from cardtable.errors import UnknownGame, names_hint

A = TypeVar("A", bound=Hashable)


class Bot(Protocol):
    """Anything that chooses an action from a seat's view and the legal actions."""

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """The action to play, one of ``legal``."""
        ...


class RandomBot:
    """Plays a legal action chosen uniformly at random: the baseline every bot must beat."""

    def choose(self, view: Any, legal: Sequence[A], rng: random.Random) -> A:
        """A uniformly random element of ``legal``."""
        return rng.choice(legal)


BotFactory = Callable[[Any], Bot]
"""Makes a bot for a game's rules."""

LazyFactory = str
"""A factory named ``"module:function"``, imported only when its bot is made (a heavy bot)."""

BUILTIN_BOT_MODULES: dict[str, str] = {
    "piquet": "cardtable.bots.piquet",
    "preferans": "cardtable.bots.preferans",
    "poker": "cardtable.bots.poker",
}
"""For each game, the module that registers its bots when imported."""

_bots: dict[str, dict[str, BotFactory | LazyFactory]] = {}


def register_bot(game: str, name: str, factory: BotFactory | LazyFactory) -> None:
    """Make ``factory`` available as bot ``name`` for ``game`` (a game's registry name).

    A factory given as ``"module:function"`` is imported when the bot is first made, so a
    heavy bot costs nothing to a program that never plays it.
    """
    _bots.setdefault(game, {})[name] = factory


def _resolved(factory: BotFactory | LazyFactory) -> BotFactory:
    if not isinstance(factory, str):
        return factory
    module, _, function = factory.partition(":")
    made: BotFactory = getattr(importlib.import_module(module), function)
    return made


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game``: ``random`` and the game's own."""
    return ["random", *sorted(_game_bots(game))]


def make_bot(game: str, name: str, rules: Any) -> Bot:
    """A bot called ``name`` for ``game`` under ``rules``; ``default`` is the game's best."""
    if name == "random":
        return RandomBot()
    factories = _game_bots(game)
    if name == "default" and "default" not in factories:
        return RandomBot()
    try:
        factory = factories[name]
    except KeyError:
        hint = names_hint(name, bot_names(game), "bots", f"cardtable play {game} --help")
        raise UnknownGame(f"{game} has no bot {name!r} ({hint})") from None
    return _resolved(factory)(rules)


def _game_bots(game: str) -> dict[str, BotFactory | LazyFactory]:
    module = BUILTIN_BOT_MODULES.get(game)
    if module is not None:
        importlib.import_module(module)
    return _bots.get(game, {})
