"""Players that are programs: one :class:`Bot` protocol for every game, and a registry.

A bot sees what its seat's view shows and the legal actions, never the deal itself. Every
game has the ``random`` bot; a game's own bots register under the game's name, and the game's
strongest sensible bot is registered as its ``default``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Protocol, TypeVar, cast

from cardtable.errors import UnknownGame, names_hint

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
V_contra = TypeVar("V_contra", contravariant=True)
R = TypeVar("R")


class Bot(Protocol[V_contra, A]):
    """Anything that chooses an action (an ``A``) from a seat's view and the legal actions."""

    def choose(self, view: V_contra, legal: Sequence[A], rng: random.Random) -> A:
        """The action to play, one of ``legal``."""
        ...


class SomeBot(Protocol):
    """A bot from the registry, its game's view type forgotten: it answers one of ``legal``.

    The registry hands a bot out to play the game it is registered for; that game's views are
    the only ones it is given.
    """

    def choose(self, view: object, legal: Sequence[A], rng: random.Random) -> A:
        """The action to play, one of ``legal``."""
        ...


def reads_view(bot: object) -> bool:
    """Whether ``bot`` reads the view it is given.

    A bot that says it does not (``reads_view = False``: the random bot) may be given
    ``None``, and the view's making is spared.

    >>> reads_view(RandomBot()), reads_view(object())
    (False, True)
    """
    return bool(getattr(bot, "reads_view", True))


class RandomBot:
    """Plays a legal action chosen uniformly at random: the baseline every bot must beat."""

    reads_view = False
    """It chooses from the legal actions alone, so a player of bots need make it no view."""

    def choose(self, view: object, legal: Sequence[A], rng: random.Random) -> A:
        """A uniformly random element of ``legal``."""
        return rng.choice(legal)


BotFactory = Callable[[object], SomeBot]
"""Makes a bot for a game's rules, with the game's types forgotten (as the registry keeps it)."""

LazyFactory = str
"""A factory named ``"module:function"``, imported only when its bot is made (a heavy bot)."""

BUILTIN_BOT_MODULES: dict[str, str] = {
    "piquet": "cardtable.bots.piquet",
    "preferans": "cardtable.bots.preferans",
    "poker": "cardtable.bots.poker",
}
"""For each game, the module that registers its bots when imported."""

_bots: dict[str, dict[str, BotFactory | LazyFactory]] = {}


def register_bot(game: str, name: str, factory: Callable[[R], Bot[V, A]] | LazyFactory) -> None:
    """Make ``factory`` available as bot ``name`` for ``game`` (a game's registry name).

    A factory given as ``"module:function"`` is imported when the bot is first made, so a
    heavy bot costs nothing to a program that never plays it.
    """
    # Forgetting the types is safe: the bot is only given the rules and views of ``game``.
    kept = factory if isinstance(factory, str) else cast(BotFactory, factory)
    _bots.setdefault(game, {})[name] = kept


def _resolved(factory: BotFactory | LazyFactory) -> BotFactory:
    if not isinstance(factory, str):
        return factory
    module, _, function = factory.partition(":")
    made: BotFactory = getattr(importlib.import_module(module), function)
    return made


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game``: ``random`` and the game's own."""
    return ["random", *sorted(_game_bots(game))]


def make_bot(game: str, name: str, rules: object) -> SomeBot:
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
