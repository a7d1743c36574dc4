"""A game as the registry knows it: its name, rules type, presets, seats and action notation."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import Any, Generic, TypeVar

from cardtable.engine.catalogue import read_presets
from cardtable.engine.help import HintPart, RulesHelp, generic_help, hint_parts, hint_text
from cardtable.engine.match import Match
from cardtable.engine.reading import holds_lone_surrogate
from cardtable.engine.record import Record
from cardtable.engine.rules import Preset, rules_from_mapping, rules_from_toml
from cardtable.errors import IllegalAction, UnknownGame, names_hint

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Export:
    """A form besides the record in which a game writes its match down (PHH, a pulka as SVG)."""

    name: str
    """The download's name in URLs (``phh``, ``pulka``)."""
    media_type: str
    suffix: str
    """The file name's ending, with its dot."""
    public: bool
    """Whether it shows only what every seat has seen (a score sheet), so that it may be given
    out while the table plays; a form with cards nobody was shown waits for the table's end."""


class Game(ABC, Generic[A, V, R]):
    """One registered game. Subclasses set the class attributes and the three methods.

    ``A`` is the game's action type, ``V`` the type of a seat's view, ``R`` its rules.
    """

    name: str
    """The game's registry name, lowercase ASCII."""
    title: str
    """The game's name as players say it."""
    aliases: tuple[str, ...] = ()
    """Other names the game is found by (Russian and English spellings)."""
    players: tuple[int, ...]
    """The numbers of seats the game can be played with."""
    rules_type: type[R]
    """The frozen dataclass of the game's rule options."""
    public_view_type: type[Any]
    """The frozen dataclass of a spectator's view (what ``Deal.public_view`` returns)."""
    presets_package: str | None = None
    """The package whose ``presets/*.toml`` files are the game's named presets."""
    default_preset: str | None = None
    """The preset used when none is named."""
    presets_listed_by: str = "cardtable games"
    """The command that lists the presets, named when a preset is unknown and they are many."""
    exports: tuple[Export, ...] = ()
    """The forms :meth:`export` writes."""

    @abstractmethod
    def new_match(
        self, rules: R, seats: Sequence[str], preset: str | None = None
    ) -> Match[A, V, R]:
        """A new match under ``rules`` with players named ``seats``, in seating order."""

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Read an action in any spelling players use; raise ``IllegalAction`` if unreadable."""

    def parse_typed(self, text: str, view: V) -> A:
        """Read a move a player types at the table, in the light of what ``view`` shows him.

        A record's text is read by :meth:`parse_action` alone; a game whose typed spellings
        mean different moves in different phases (preferans: ``9♠`` is a bid in the auction
        and a card in the play) reads them here by the phase. By default, as a record.
        """
        return self.parse_action(text)

    @abstractmethod
    def action_text(self, action: A) -> str:
        """The canonical text of ``action``, which :meth:`parse_action` reads back."""

    def deal_tags(self, outcome: object) -> Iterable[str]:
        """Words that sort a finished deal for a simulation's tally (its contract, say)."""
        return ()

    def export(self, match: Match[A, V, R], name: str, deal: int | None) -> str:
        """``match`` written in the form ``name`` (one of :attr:`exports`).

        ``match`` stands where the download wants it (a server replays its record that far);
        ``deal`` is the number (from 1) of the one finished deal to write, or ``None`` for the
        whole match as it stands. Raises ``IllegalAction`` for a form the game does not write.
        """
        raise IllegalAction(f"{self.title} has no {name!r} download")

    def deal_statistics(self, match: Match[A, V, R], number: int) -> list[dict[str, Any]]:
        """What finished deal ``number`` (from 1) of ``match`` came to at each seat, as facts.

        One mapping per seat, of JSON-shaped facts a player's statistics add up: ``played``
        (whether the seat took part: a four-handed preferans dealer or a poker player sitting
        out did not), and the game's own — counts (``True``), amounts (numbers or fractions)
        and names (text, counted by value). By default every seat played and nothing more.
        """
        return [{"played": True} for _ in match.seats]

    def deal_analysis(
        self, record: Record, number: int, shown: Collection[str] | None = None
    ) -> list[dict[str, Any]] | None:
        """Finished deal ``number`` (from 1) of ``record`` judged move by move, or ``None``.

        JSON-shaped, one mapping per move judged; ``None`` where the game has no analysis (by
        default). ``shown``, when given, is the cards (as text) the asker was shown in the
        deal: the analysis then names no other card.
        """
        return None

    def deal_result(
        self, match: Match[A, V, R], before: Mapping[str, Fraction]
    ) -> dict[str, Fraction]:
        """What each seat of ``match`` won (positive) or lost by the deal it has just finished.

        ``before`` is the ledger as it stood when the deal began. A tournament scores each deal
        by this (docs/scale.md). By default the change of the ledger over the deal; a game whose
        ledger moves only when a match ends scores a deal by its own points instead.
        """
        after = match.ledger()
        return {name: after[name] - before.get(name, Fraction(0)) for name in match.seats}

    def rules_help(self, rules: R, language: str = "en") -> RulesHelp:
        """The rules in force as sections of short sentences, each naming its options.

        By default one sentence per option (its doc and value); a game writes its own help
        phase by phase (:mod:`cardtable.engine.help`).
        """
        return generic_help(self.name, self.title, rules, language)

    def move_hint(self, rules: R, view: V, legal: Sequence[A], language: str = "en") -> str:
        """How to type the move now, from the legal moves (``discard 2 cards: `discard …```)."""
        return hint_text(self.move_hint_parts(rules, view, legal), language)

    def move_hint_parts(self, rules: R, view: V, legal: Sequence[A]) -> tuple[HintPart, ...]:
        """The kinds of move of :meth:`move_hint`, for an interface to say in its own words."""
        return hint_parts([self.action_text(action) for action in legal])

    def fast_simulate(
        self, rules: R, *, players: int, deals: int, seed: int, bot: str
    ) -> dict[str, object] | None:
        """Deals played by a lean loop without the harness's checks, for speed.

        Returns a summary with ``deals``, ``seconds`` and ``deals_per_second``; ``None`` when
        the game has no fast path (the default).
        """
        return None

    @cached_property
    def presets(self) -> dict[str, Preset]:
        """The game's named presets, read from its package (checked when their rules are made)."""
        return read_presets(self.presets_package)

    def rules(self, preset: str | None = None, overrides: Mapping[str, object] | None = None) -> R:
        """The rules of ``preset`` (or the default preset) with ``overrides`` applied."""
        base = self._preset_rules(preset or self.default_preset)
        if not overrides:
            return base
        return rules_from_mapping(self.rules_type, overrides, base=base)

    def _preset_rules(self, name: str | None) -> R:
        """The rules of preset ``name`` (the defaults for None), built once per process.

        Rule sets are frozen, so every caller may share one; building them is the costly part
        of reading a rules file, a record or a PHH hand.
        """
        built = self._built_presets
        if name not in built:
            base = self.rules_type()
            if name is not None:
                overrides = self.preset(name).overrides
                base = rules_from_mapping(self.rules_type, overrides, where=f"preset {name!r}")
            built[name] = base
        return built[name]

    @cached_property
    def _built_presets(self) -> dict[str | None, R]:
        return {}

    def rules_from_toml(self, text: str, where: str, preset: str | None = None) -> R:
        """The rules of ``preset`` changed by a player's TOML file."""
        return rules_from_toml(self.rules_type, text, base=self.rules(preset), where=where)

    def preset(self, name: str) -> Preset:
        """The preset called ``name``; an unknown name raises :class:`UnknownGame`."""
        try:
            return self.presets[name]
        except KeyError:
            hint = names_hint(name, list(self.presets), "presets", self.presets_listed_by)
            raise UnknownGame(f"{self.name} has no preset {name!r} ({hint})") from None

    def check_players(self, count: int) -> None:
        """Raise ``IllegalAction`` unless the game can seat ``count`` players."""
        if count not in self.players:
            allowed = ", ".join(str(n) for n in self.players)
            raise IllegalAction(f"{self.title} is played by {allowed} players, not {count}")

    def check_seats(self, seats: Sequence[str]) -> None:
        """Raise ``IllegalAction`` unless the game can seat ``seats``, each named differently.

        The names are the ledger's accounts and the score sheet's columns, so two players of
        one name could not be told apart; an empty name names nobody, and one holding a lone
        surrogate could not be written to a record.
        """
        self.check_players(len(seats))
        for number, name in enumerate(seats):
            if not name:
                raise IllegalAction(f"seat {number + 1} has no name")
            if holds_lone_surrogate(name):
                raise IllegalAction(
                    f"seat {number + 1}'s name holds a lone surrogate (U+D800 to U+DFFF), "
                    "which is no character"
                )
            if name in seats[:number]:
                raise IllegalAction(f"two seats are named {name!r}: give each player his own name")
