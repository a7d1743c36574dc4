"""A match driven by numbers: the core of the PettingZoo and OpenSpiel faces.

:class:`Table` holds one match of a game and preset, plays the seats given to cardtable's
bots itself, and offers every other seat its observation (a tensor from ``view(seat)``
alone), its legal numbers of the game's action space and, after each deal, its reward: what
the match's ledger moved for that seat's account. It knows the game only through the engine
protocol (``legal_actions``, ``choices``, ``view``, ``action_text``, ``parse_action``, the
ledger), so it plays every game and preset alike.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction

import numpy as np

from cardtable.bots import SomeBot, make_bot, reads_view
from cardtable.cards import Card
from cardtable.engine.deal import Deal
from cardtable.engine.match import Match
from cardtable.engine.registry import SomeGame, get_game
from cardtable.engine.rng import seeded_rng
from cardtable.engine.views import view_to_data
from cardtable.errors import IllegalAction
from cardtable.rl.actions import ActionSpace, Turn, action_space, turn
from cardtable.rl.encoding import Layout, Vector
from cardtable.rl.layouts import LAYOUTS, PICKED

SEAT_NAMES = tuple(f"player_{seat}" for seat in range(14))
"""The seats' names in the match's ledger (and PettingZoo's agent names)."""


def default_players(game: SomeGame) -> int:
    """The number of seats a game is played by when none is named: its fewest."""
    return min(game.players)


class Table:
    """One match of ``game`` under ``preset``, for agents at the seats no bot plays.

    ``bots`` maps seats to cardtable bot names (``default``: the game's best bot); the
    episode is ``deals`` deals (fewer if the match ends first).
    """

    def __init__(
        self,
        game: str,
        preset: str | None = None,
        players: int | None = None,
        bots: Mapping[int, str] | None = None,
        deals: int = 1,
    ) -> None:
        self.game: SomeGame = get_game(game)
        self.preset = preset or self.game.default_preset
        self.rules = self.game.rules(self.preset)
        self.players = players or default_players(self.game)
        self.game.check_players(self.players)
        if deals < 1:
            raise IllegalAction(f"an episode is one deal or more, not {deals}")
        self.deals = deals
        self.bot_names = dict(bots or {})
        strangers = sorted(set(self.bot_names) - set(range(self.players)))
        if strangers:
            raise IllegalAction(f"there is no seat {strangers[0]} at {self.players} players")
        self.bots: dict[int, SomeBot] = {
            seat: make_bot(self.game.name, name, self.rules)
            for seat, name in self.bot_names.items()
        }
        self.agents = tuple(seat for seat in range(self.players) if seat not in self.bots)
        if not self.agents:
            raise IllegalAction("every seat is a bot's: leave at least one to the agents")
        self.space: ActionSpace = action_space(self.game.name)
        self.layout: Layout = LAYOUTS[self.game.name](self.players)
        self.match = self._new_match()
        self._deal_rng = random.Random()
        self._bot_rng = random.Random()
        self.picked: tuple[Card, ...] = ()
        self._turn: Turn | None = None
        self._legal: Sequence[Hashable] = ()
        """The deal's legal list behind :attr:`_turn`: the very objects the deal kept."""
        self.rewards = dict.fromkeys(range(self.players), 0.0)
        self.paid = False
        """Whether a deal has ended since the rewards were last taken."""
        self.played = 0
        self._ledger: dict[str, Fraction] = self.match.ledger()
        self._to_move: int | None = None

    def _new_match(self) -> Match[Hashable, object, object]:
        return self.game.new_match(self.rules, SEAT_NAMES[: self.players], self.preset)

    # ------------------------------------------------------------------ the episode
    def reset(self, seed: int | None = None) -> None:
        """Start a new match (seeded: the same seed deals the same cards and bots' choices)."""
        root = random.SystemRandom().getrandbits(64) if seed is None else seed
        self._deal_rng = seeded_rng(f"{root}/deals")
        if self.bots:  # seeding a generator costs as much as a turn: none without bots
            self._bot_rng = seeded_rng(f"{root}/bots")
        self.match = self._new_match()
        self.played = 0
        self.picked = ()
        self._turn = None
        self.rewards = dict.fromkeys(range(self.players), 0.0)
        self.paid = False
        self._ledger = {}  # a match before its first deal owes nothing
        self._start_deal()
        self._to_move = self.match.to_move

    @property
    def deal(self) -> Deal[Hashable, object]:
        """The deal in progress (or the last one, once the episode is over)."""
        return self.match.deals[-1]

    @property
    def over(self) -> bool:
        """Whether the episode has ended."""
        return self._to_move is None

    @property
    def to_move(self) -> int | None:
        """The agent's seat to move, or ``None`` when the episode is over."""
        return self._to_move

    def _start_deal(self) -> None:
        while self.played < self.deals and not self.match.is_over:  # the count is cheaper
            deal = self.match.start_deal(self._deal_rng)
            self.played += 1
            self._play_bots()
            if not deal.is_over:
                return

    def _play_bots(self) -> None:
        """Let the bots move until an agent is to move or the deal ends."""
        deal = self.deal
        while (seat := deal.to_move) in self.bots:
            bot = self.bots[seat]
            view = deal.view(seat) if reads_view(bot) else None
            self.match.apply(bot.choose(view, deal.legal_actions(), self._bot_rng))
        if deal.is_over:
            self._pay()

    def _pay(self) -> None:
        ledger = self.match.ledger()
        before = self._ledger
        for seat in range(self.players):
            name = SEAT_NAMES[seat]
            self.rewards[seat] += float(ledger.get(name, 0) - before.get(name, 0))
        self._ledger = ledger
        self.paid = True

    # ------------------------------------------------------------------ a decision
    def current_turn(self) -> Turn:
        """The legal numbers of the seat to move now, and what each plays."""
        if self._turn is None:
            deal = self.deal
            moving = self._to_move is not None
            choices = deal.choices() if moving else []
            self._legal = deal.legal_actions() if moving else []
            self._turn = turn(self.game, self.space, self._legal, choices, self.picked)
        return self._turn

    def mask(self, seat: int) -> np.ndarray:
        """The legal numbers of ``seat`` as 0/1 (int8): none unless it is to move."""
        if seat != self._to_move:
            return np.zeros(self.space.size, np.int8)
        return np.frombuffer(bytearray(self.current_turn().mask(self.space.size)), np.int8)

    def step(self, number: int) -> None:
        """Play ``number`` for the seat to move (a pick only adds to the run of picks)."""
        if self.over:
            raise IllegalAction("the episode is over")
        now = self.current_turn()
        if number in now.picks:
            self.picked = (*self.picked, now.picks[number])
            self._turn = None
            return
        action = now.moves.get(number)
        if action is None:
            text = self.space.texts[number] if 0 <= number < self.space.size else str(number)
            raise IllegalAction(f"{text!r} (number {number}) is not legal now")
        self.picked = ()
        self._turn = None
        self.match.apply(self._as_listed(action))
        if self.deal.is_over:
            self._pay()
        else:
            self._play_bots()
        if self.deal.is_over:
            self._start_deal()
        self._to_move = self.match.to_move

    def _as_listed(self, action: Hashable) -> Hashable:
        """The deal's own object equal to ``action``, which the deal knows legal unasked.

        A turn shared between positions (:func:`~cardtable.rl.actions.turn`) holds equal
        actions from an earlier legal list, which the deal would check again.
        """
        legal = self._legal
        return legal[legal.index(action)] if action in legal else action

    def take_rewards(self) -> dict[int, float]:
        """The rewards earned since the last call, by seat (and clear them)."""
        earned, self.rewards = self.rewards, dict.fromkeys(range(self.players), 0.0)
        self.paid = False
        return earned

    # ------------------------------------------------------------------ what a seat sees
    def data(self, seat: int) -> dict[str, object]:
        """The seat's view as JSON-shaped data, with the cards it has picked (if to move)."""
        data: dict[str, object] = view_to_data(self.deal.view(seat))
        mine = seat == self.to_move
        data[PICKED] = [card.text() for card in self.picked] if mine else []
        return data

    def observe(self, seat: int) -> Vector:
        """The seat's observation tensor (docs/rl.md has each game's layout)."""
        out = np.zeros(self.layout.size, np.float32)
        picked = self.picked if seat == self.to_move else ()
        self.layout.write(self.deal.view(seat), {PICKED: picked}, out)
        return out

    def render(self) -> str:
        """The table as text: the seat to move, its view's facts and its legal moves."""
        seat = self.to_move
        lines = [f"{self.game.title} ({self.preset}), deal {self.played}"]
        if seat is None:
            lines.append(f"over; ledger {view_to_data(self.match.ledger())}")
            return "\n".join(lines)
        lines.append(f"seat {seat} to move")
        for name, value in self.data(seat).items():
            if name != "log":
                lines.append(f"  {name}: {value}")
        legal = ", ".join(self.space.texts[n] for n in self.current_turn().legal)
        lines.append(f"  legal: {legal}")
        return "\n".join(lines)
