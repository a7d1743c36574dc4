"""cardtable's games registered with OpenSpiel as Python games (the ``openspiel`` extra).

Importing this module registers ``cardtable_preferans``, ``cardtable_piquet`` and
``cardtable_poker``, each taking the parameters ``preset`` and ``players``::

    import pyspiel
    import cardtable.rl.openspiel  # registers the games
    game = pyspiel.load_game("cardtable_preferans(preset=sochi,players=3)")

An OpenSpiel game is one deal, the first of a new match (seat 0 deals). Chance is explicit:
the deck is dealt card by card, each chance outcome one of the cards not yet placed, all
equally likely; the deal's own seed (for chance inside a deal: poker's reshuffled discards) is
0. The players' actions are the game's fixed action space (:mod:`cardtable.rl.actions`), a
set of cards made by picks and ``done``; the returns are what the deal moved on the match's
ledger. The observation is the seat's view as :mod:`cardtable.rl.layouts` encodes it (string
and tensor); the information state is, in addition, every event of the deal as the seat saw
it, so it recalls everything the seat ever saw. The state can be resampled from a seat's
information (:meth:`CardtableState.resample_from_infostate`), as information-set MCTS asks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel

from cardtable.cards import Card
from cardtable.engine.deal import Deal, DealSetup
from cardtable.engine.match import Match
from cardtable.engine.registry import SomeGame, get_game
from cardtable.engine.views import view_to_data
from cardtable.errors import IllegalAction
from cardtable.rl.actions import ActionSpace, Turn, action_space, turn
from cardtable.rl.encoding import Layout
from cardtable.rl.layouts import LAYOUTS, PICKED, SEEN, information
from cardtable.rl.table import SEAT_NAMES, default_players

GAMES = ("preferans", "piquet", "poker")
"""The games registered, as ``cardtable_<name>``."""

MOST_MOVES = 2_000
"""A bound on the players' moves in one deal (picks included), for OpenSpiel's game length."""

UTILITY_BOUND = {"preferans": 2_000.0, "piquet": 500.0, "poker": 100_000.0}
"""A loose bound on what one deal moves on a seat's account (whists, points, chips)."""

RESAMPLE_TRIES = 5_000
"""Deals tried before resampling gives up (each replays the deal's moves)."""


def _game_type(name: str) -> pyspiel.GameType:
    game = get_game(name)
    # A poker preset may give the house a rake, so that the seats' results need not sum to 0.
    utility = (
        pyspiel.GameType.Utility.GENERAL_SUM
        if name == "poker"
        else pyspiel.GameType.Utility.ZERO_SUM
    )
    return pyspiel.GameType(
        short_name=f"cardtable_{name}",
        long_name=f"cardtable {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.players),
        min_num_players=min(game.players),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "preset": game.default_preset or "",
            "players": default_players(game),
        },
    )


class CardtableGame(pyspiel.Game):  # type: ignore[misc]
    """One of cardtable's games under a preset and a number of seats, as OpenSpiel's game."""

    name: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        kind = _game_type(self.name)
        given = {**kind.parameter_specification, **(params or {})}
        table_game = get_game(self.name)
        players = int(given["players"])
        table_game.check_players(players)
        space = action_space(self.name)
        bound = UTILITY_BOUND[self.name]
        info = pyspiel.GameInfo(
            num_distinct_actions=space.size,
            max_chance_outcomes=len(space.deck),
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if self.name != "poker" else None,
            max_game_length=len(space.deck) + MOST_MOVES,
        )
        super().__init__(kind, info, given)
        self.setting = Setting(table_game, str(given["preset"]) or None, players)

    def new_initial_state(self) -> CardtableState:
        """The state before the first card is dealt."""
        return CardtableState(self, self.setting)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CardtableObserver:
        """The observer of a seat's view, or (perfect recall) of its information state."""
        if params:
            raise pyspiel.SpielError(f"no observation parameters are taken, not {params}")
        recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        layout = self.setting.information if recall else self.setting.layout
        return CardtableObserver(layout, recall)


class Setting:
    """What every state of one game shares (never copied with a state): rules, space, layout."""

    def __init__(self, game: SomeGame, preset: str | None, players: int) -> None:
        self.game = game
        self.preset = preset or game.default_preset
        self.players = players
        self.rules = game.rules(self.preset)
        self.space: ActionSpace = action_space(game.name)
        self.layout: Layout = LAYOUTS[game.name](players)
        self.information: Layout = information(game.name, players)
        """The information state's layout: the observation's, then every event seen."""

    def new_match(self) -> Match[Hashable, object, object]:
        """A new match of these rules and seats."""
        return self.game.new_match(self.rules, SEAT_NAMES[: self.players], self.preset)

    def __deepcopy__(self, memo: dict[int, object]) -> Setting:
        return self


class CardtableState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress: the deck being dealt by chance, then the seats' moves."""

    def __init__(self, game: CardtableGame, setting: Setting) -> None:
        super().__init__(game)
        self.setting = setting
        self.match = setting.new_match()
        self.deck_cards = frozenset(self.match.deck())
        self.dealt: list[Card] = []
        self.picked: tuple[Card, ...] = ()
        self._turn: Turn | None = None

    # ------------------------------------------------------------------ the deal
    @property
    def deal(self) -> Deal[Hashable, object] | None:
        """The deal, once every card is dealt."""
        return self.match.deals[-1] if self.match.deals else None

    def current_player(self) -> int:
        """The seat to move, chance while the deck is dealt, or terminal."""
        deal = self.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = deal.to_move
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each as likely."""
        left = [n for n, card in enumerate(self.setting.space.deck) if self._undealt(card)]
        return [(number, 1.0 / len(left)) for number in left]

    def _undealt(self, card: Card) -> bool:
        return card in self.deck_cards and card not in self.dealt

    def _turn_now(self) -> Turn:
        if self._turn is None:
            deal = self.deal
            assert deal is not None
            space = self.setting.space
            legal = deal.legal_actions()
            self._turn = turn(self.setting.game, space, legal, deal.choices(), self.picked)
        return self._turn

    def _legal_actions(self, player: int) -> list[int]:
        """The legal numbers of ``player`` (the seat to move), ascending."""
        return self._turn_now().legal

    def _apply_action(self, action: int) -> None:
        if self.deal is None:
            self._deal_card(self.setting.space.deck[action])
            return
        now = self._turn_now()
        self._turn = None
        if action in now.picks:
            self.picked = (*self.picked, now.picks[action])
            return
        self.picked = ()
        self.match.apply(now.moves[action])

    def _deal_card(self, card: Card) -> None:
        if not self._undealt(card):
            raise IllegalAction(f"{card} is dealt already or no card of this deck")
        self.dealt.append(card)
        if len(self.dealt) == len(self.deck_cards):
            dealer = self.match.next_dealer()
            self.match.start_deal_from(DealSetup(dealer, tuple(self.dealt)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self.setting.space.deck[action]}"
        return self.setting.space.texts[action]

    def is_terminal(self) -> bool:
        """Whether the deal is over."""
        deal = self.deal
        return deal is not None and deal.is_over

    def returns(self) -> list[float]:
        """What the deal moved on each seat's account (0 until it is over)."""
        if not self.is_terminal():
            return [0.0] * self.setting.players
        ledger = self.match.ledger()
        return [float(ledger.get(name, Fraction(0))) for name in SEAT_NAMES[: self.setting.players]]

    def __str__(self) -> str:
        deal = self.deal
        if deal is None:
            return f"dealing: {len(self.dealt)} of {len(self.deck_cards)} cards dealt"
        actions = [self.setting.game.action_text(action) for action in deal.history]
        return f"deck {' '.join(c.text() for c in deal.setup.deck)}; moves {actions}"

    # ------------------------------------------------------------------ what a seat sees
    def view_data(self, player: int) -> dict[str, Any] | None:
        """``player``'s view as data, with its picks (``None`` while the deck is dealt)."""
        deal = self.deal
        if deal is None:
            return None
        data: dict[str, Any] = view_to_data(deal.view(player))
        data[PICKED] = [card.text() for card in self.picked] if deal.to_move == player else []
        return data

    def seen(self, player: int) -> tuple[tuple[str, int | None, tuple[Card, ...], str], ...]:
        """Every event of the deal as ``player`` saw it: kind, seat, cards shown, sentence."""
        deal = self.deal
        if deal is None:
            return ()
        events = deal.events_seen_by(player)
        return tuple((event.kind, event.seat, event.cards, event.text) for event in events)

    def information_text(self, player: int) -> str:
        """All ``player`` has seen: its view now, then every event as it saw it."""
        data = self.view_data(player)
        if data is None:
            return f"seat {player}; {len(self.dealt)} cards dealt"
        data[SEEN] = [
            [kind, seat, [card.text() for card in cards], text]
            for kind, seat, cards, text in self.seen(player)
        ]
        layout = self.setting.information
        return layout.text(layout.canonical(data))

    def resample_from_infostate(
        self, player: int, probability_sampler: Callable[..., Any] | None = None
    ) -> CardtableState:
        """A state ``player`` cannot tell from this one: the cards it has not seen dealt anew.

        The cards ``player`` was shown stay where they are; the others are shuffled among the
        other places of the deck, and the deal's moves are replayed, until they all are legal
        again (the seats' plays tell on their hands: a seat that did not follow suit has none).
        """
        deal = self.deal
        if deal is None or self.is_terminal():
            return self._cloned()
        rng = random.Random()
        known = deal.cards_known_to(player)
        deck = list(deal.setup.deck)
        places = [n for n, card in enumerate(deck) if card not in known]
        hidden = [deck[n] for n in places]
        for _ in range(RESAMPLE_TRIES):
            rng.shuffle(hidden)
            for place, card in zip(places, hidden, strict=True):
                deck[place] = card
            again = self._replayed(tuple(deck))
            if again is not None:
                return again
        raise pyspiel.SpielError(f"no deal consistent with seat {player}'s view was found")

    def _replayed(self, deck: tuple[Card, ...]) -> CardtableState | None:
        """The moves of this state played again on ``deck``, or ``None`` if one is illegal."""
        state = CardtableState(self.get_game(), self.setting)
        space = self.setting.space
        for card in deck:
            state.apply_action(space.deck.index(card))
        for entry in self.full_history()[len(self.dealt) :]:
            if entry.action not in state.legal_actions():
                return None
            state.apply_action(entry.action)
        return state

    def _cloned(self) -> CardtableState:
        clone: CardtableState = self.clone()
        return clone


class CardtableObserver:
    """OpenSpiel's observer of a seat: its view, or (``recall``) its information state.

    Either is a tensor and a text of one layout (:mod:`cardtable.rl.layouts`); the information
    state's is the view's followed by every event the seat saw.
    """

    def __init__(self, layout: Layout, recall: bool) -> None:
        self.layout = layout
        self.recall = recall
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {"information_state" if recall else "observation": self.tensor}

    def set_from(self, state: CardtableState, player: int) -> None:
        """Write ``player``'s view (and what it saw) into :attr:`tensor`; zero while dealing."""
        self.tensor.fill(0)
        deal = state.deal
        if deal is None:
            return
        extra: dict[str, Any] = {PICKED: state.picked if deal.to_move == player else ()}
        if self.recall:
            extra[SEEN] = state.seen(player)
        self.layout.write(deal.view(player), extra, self.tensor)

    def string_from(self, state: CardtableState, player: int) -> str:
        """``player``'s observation (or information state) as text."""
        if self.recall:
            return state.information_text(player)
        data = state.view_data(player)
        if data is None:
            return f"dealing: {len(state.dealt)} cards dealt"
        return self.layout.text(self.layout.canonical(data))


def _register(name: str) -> None:
    game_class = type(f"Cardtable{name.title()}Game", (CardtableGame,), {"name": name})
    pyspiel.register_game(_game_type(name), game_class)


for _name in GAMES:
    _register(_name)
