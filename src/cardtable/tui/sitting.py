"""A table the app's person sits at: a local match with bots, or a seat at a server's table.

The Textual app draws and asks through a :class:`Sitting` and nothing else, so the same keys,
card widgets, bid ladder and dialogues play a local :class:`~cardtable.cli.play.Table` (the
match loop of :mod:`cardtable.cli.play`: bots, saving after every move) and a seat at a table
of ``cardtable serve`` (:class:`~cardtable.client.TableClient`: the server's views, legal
moves, events, chat and offers). Neither holds a rule: a view, the events as the seat saw
them, and the legal moves are all the app is given (docs/tui.md, "How it is built").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from rich.console import RenderableType
from rich.text import Text

from cardtable.cli.play import UNDO_WORDS, Screen, Table, play_match
from cardtable.engine import Event, Game
from cardtable.engine.aids import hint
from cardtable.engine.forced import forced_move
from cardtable.engine.help import rules_in_force
from cardtable.engine.rules import rules_from_mapping
from cardtable.errors import CardtableError
from cardtable.tui.adapter import Adapter
from cardtable.tui.paint import Painter

if TYPE_CHECKING:
    from cardtable.client import TableClient
    from cardtable.client.connection import TableState
    from cardtable.server.protocol import Offer

A = TypeVar("A", bound=Hashable)
V = TypeVar("V")
R = TypeVar("R")

NEWS_KINDS = frozenset({"chat", "presence", "offer", "clock", "connection"})
"""The kinds of a server table's news, told to the screen as events of the log."""


class Sitting(Protocol):
    """A table as the app's person sits at it: what to draw, and where the answers go."""

    game: Game[Any, Any, Any]
    auto_play: bool

    @property
    def names(self) -> list[str]:
        """Each seat's name as the screen writes it (a person at this terminal is "you")."""

    @property
    def preset(self) -> str | None:
        """The preset the table plays, if it names one."""

    @property
    def deal_number(self) -> int:
        """The number of the deal in progress (1 for the first), 0 before any."""

    @property
    def to_move(self) -> int | None:
        """The seat to move now."""

    @property
    def watching(self) -> bool:
        """Whether a spectator watches the table here: no seat is played, nothing is asked."""

    def people(self) -> list[int]:
        """The seats played at this terminal."""

    def seat_of(self, name: str) -> int:
        """The seat of the person the loop asks by ``name``."""

    def dealer(self, deal: int) -> int | None:
        """The dealer of deal number ``deal``."""

    def view(self, seat: int | None, deal: int) -> Any:
        """Deal ``deal`` as ``seat`` sees it, or a spectator (``None``): ``None`` if not known."""

    def events(self, seat: int | None, deal: int) -> list[Event]:
        """The events of deal ``deal`` as ``seat`` (or a spectator) saw them, news among them."""

    def rules(self) -> Any:
        """The rules in force for the deal on the table."""

    def reminders(
        self, adapter: Adapter[Any], deal: int, view: Any, painter: Painter, full: bool
    ) -> list[Text]:
        """What a player keeps in mind of the deal (poker's board and wild cards)."""

    def score(
        self, adapter: Adapter[Any], painter: Painter, width: int, height: int, deal: int
    ) -> RenderableType:
        """The score as the players keep it, for deal number ``deal``."""

    def move_hint(self, view: Any) -> str:
        """How the seat to move types its move now."""

    def hint_work(self, seat: int) -> Callable[[], Sequence[str]]:
        """Work (for a worker thread) that gives the aid's hint for ``seat``, as lines.

        Whatever the work reads is taken now, on the app's thread.
        """

    def claim(self, seat: int) -> str:
        """The answer that claims the remaining tricks for ``seat``.

        Raises :class:`CardtableError` when the game has no claims.
        """

    def undo(self) -> str:
        """The answer that asks to take back the person's last move."""

    def forced(self) -> str | None:
        """The person's move when it is forced (played for him with auto-play on)."""

    def told(self, event: Event) -> Offer | None:
        """The loop told the screen ``event``; an offer the person is asked to answer, if any."""

    def reply(self, offer: Offer, accept: bool) -> None:
        """Answer another seat's offer."""

    def deal_over(self) -> int | None:
        """The finished deal to keep on the screen before the next one, if any."""

    def end_words(self) -> str:
        """What the last screen says of the end."""

    def play(self, screen: Screen[Any]) -> None:
        """Run the table's loop, asking ``screen`` (on the loop's thread) until it ends."""

    def leave(self) -> None:
        """The app is closing: let a loop that waits on anything but the person end too."""


class LocalSitting(Generic[A, V, R]):
    """A local match: the people at this terminal and the bots of ``table``."""

    def __init__(self, table: Table[A, V, R], rng: random.Random, deals: int | None) -> None:
        self.table = table
        self.game: Game[Any, Any, Any] = table.game
        self.rng = rng
        self.deals = deals

    @property
    def auto_play(self) -> bool:
        """Whether forced moves are played for the person."""
        return self.table.auto_play

    @auto_play.setter
    def auto_play(self, value: bool) -> None:
        self.table.auto_play = value

    @property
    def names(self) -> list[str]:
        """The match's seat names."""
        return list(self.table.match.seats)

    @property
    def preset(self) -> str | None:
        """The match's preset."""
        return self.table.match.preset

    @property
    def deal_number(self) -> int:
        """The deals dealt so far."""
        return len(self.table.match.deals)

    @property
    def to_move(self) -> int | None:
        """The match's seat to move."""
        return self.table.match.to_move

    @property
    def watching(self) -> bool:
        """Never: a local table is played (one of bots alone plays through unwatched)."""
        return False

    def people(self) -> list[int]:
        """The seats that are no bot."""
        return self.table.people()

    def seat_of(self, name: str) -> int:
        """The seat of ``name``."""
        return self.table.match.seats.index(name)

    def dealer(self, deal: int) -> int | None:
        """The dealer of deal ``deal``."""
        return self.table.match.deals[deal - 1].setup.dealer

    def view(self, seat: int | None, deal: int) -> Any:
        """The engine's view (a spectator's: the public view)."""
        shown = self.table.match.deals[deal - 1]
        return shown.public_view() if seat is None else shown.view(seat)

    def events(self, seat: int | None, deal: int) -> list[Event]:
        """The engine's events as the seat (or a spectator) saw them."""
        return list(self.table.match.deals[deal - 1].events_seen_by(seat))

    def rules(self) -> Any:
        """The rules of the deal on the table."""
        return rules_in_force(self.table.match)

    def reminders(
        self, adapter: Adapter[Any], deal: int, view: Any, painter: Painter, full: bool
    ) -> list[Text]:
        """The adapter's reminders of the local deal."""
        return adapter.reminders(self.table.match.deals[deal - 1], view, painter, full=full)

    def score(
        self, adapter: Adapter[Any], painter: Painter, width: int, height: int, deal: int
    ) -> RenderableType:
        """The adapter's score of the match."""
        return adapter.score(self.table.match, painter, width, height, deal)

    def move_hint(self, view: Any) -> str:
        """The game's move hint from the match's legal moves."""
        match = self.table.match
        return self.game.move_hint(self.rules(), view, match.legal_actions())

    def hint_work(self, seat: int) -> Callable[[], Sequence[str]]:
        """The engine's hint over a copy of the deal, with a fresh generator.

        Never the match's generator, which deals the cards: a hint changes no deal to come.
        """
        deal = self.table.match.current
        if deal is None:
            raise CardtableError("no deal is in progress")
        copy = deal.copy()
        return lambda: hint(self.game.name, copy, seat, random.Random()).lines

    def claim(self, seat: int) -> str:
        """The deal's claim, which the match loop has the cards judge."""
        deal = self.table.match.current
        claim = deal.claim_action(seat) if deal is not None else None
        if claim is None:
            raise CardtableError(f"{self.game.title} has no claims of the rest")
        return self.game.action_text(claim)

    def undo(self) -> str:
        """The match loop's undo word."""
        return min(UNDO_WORDS)

    def forced(self) -> str | None:
        """The engine's forced move."""
        deal = self.table.match.current
        forced = forced_move(deal) if deal is not None else None
        return None if forced is None else self.game.action_text(forced)

    def told(self, event: Event) -> Offer | None:
        """Nothing: the app draws the events from the deal itself."""
        return None

    def reply(self, offer: Offer, accept: bool) -> None:
        """No offers at a local table (hot-seat consent is asked by the loop)."""

    def deal_over(self) -> int | None:
        """The last deal, when it is over and the next has not begun."""
        deals = self.table.match.deals
        if len(deals) < 2 or deals[-1].history or not deals[-2].is_over:
            return None
        return len(deals) - 1

    def end_words(self) -> str:
        """Whether the match or the deals asked for are done."""
        if self.table.match.is_over:
            return "The match is over."
        return "The deals asked for are played."

    def play(self, screen: Screen[Any]) -> None:
        """The match loop."""
        play_match(self.table, self.rng, screen, self.deals)

    def leave(self) -> None:
        """Nothing: the match loop waits only on the person, who is answered "stop"."""


class RemoteSitting:
    """A seat at a server's table: everything drawn is what the server sent this seat."""

    def __init__(self, client: TableClient) -> None:
        self.client = client
        game = client.table.game
        if game is None:
            raise CardtableError("the table is not known yet: connect first")
        self.game = game
        self.auto_play = False
        self.news: list[Event] = []
        """The table's news of the deal in progress (chat, presence, offers, the clock)."""
        self._news_deal = client.state.deal
        self._rules: tuple[tuple[tuple[str, Any], ...], Any] | None = None
        self._sheets: dict[tuple[int, int], dict[str, Any]] = {}
        """The server's sheet data, by the deal asked for and the seq it was asked at."""
        self._held = 0
        """The last finished deal held on the screen before the next."""

    @property
    def names(self) -> list[str]:
        """The names the server's frames give, this seat's written "you"."""
        state = self.client.state
        return ["you" if seat == state.seat else name for seat, name in enumerate(state.names)]

    @property
    def preset(self) -> str | None:
        """The preset the server's welcome names, if any."""
        preset = dict(self.client.state.rules).get("preset")
        return preset if isinstance(preset, str) else None

    @property
    def deal_number(self) -> int:
        """The server's deal number."""
        return self.client.state.deal

    @property
    def to_move(self) -> int | None:
        """The server's seat to move."""
        return self.client.state.to_move

    @property
    def watching(self) -> bool:
        """Whether the connection holds no seat: a spectator's, sent the public view."""
        return self.client.state.seat is None

    def people(self) -> list[int]:
        """The one seat played at this terminal."""
        seat = self.client.state.seat
        return [] if seat is None else [seat]

    def seat_of(self, name: str) -> int:
        """Whoever the loop names, it asks this seat."""
        seat = self.client.state.seat
        if seat is None:
            raise CardtableError("a spectator has no seat to play")
        return seat

    def dealer(self, deal: int) -> int | None:
        """The dealer the view names."""
        dealer = getattr(self._state(deal).view, "dealer", None)
        return dealer if isinstance(dealer, int) else None

    def view(self, seat: int | None, deal: int) -> Any:
        """The seat's view of deal ``deal`` as the server last sent it (a spectator's: public)."""
        state = self._state(deal)
        return state.view if seat == state.seat else None

    def events(self, seat: int | None, deal: int) -> list[Event]:
        """The deal's events the server sent, then the news told since the deal began."""
        state = self._state(deal)
        news = self.news if state is self.client.state else []
        return [*state.events, *news]

    def _state(self, deal: int) -> TableState:
        """The table after the last frame, or the finished deal ``deal`` held on the screen."""
        finished = self.client.finished
        if finished is not None and finished.deal == deal:
            return finished
        return self.client.state

    def rules(self) -> Any:
        """The table's rules, read from the welcome's mapping into the game's rules."""
        sent = self.client.state.rules
        if self._rules is None or self._rules[0] != sent:
            fields = {k: v for k, v in sent if k != "preset"}
            rules = rules_from_mapping(self.game.rules_type, fields, where="the table")
            self._rules = (sent, rules)
        return self._rules[1]

    def reminders(
        self, adapter: Adapter[Any], deal: int, view: Any, painter: Painter, full: bool
    ) -> list[Text]:
        """The adapter's reminders from the view and the table's rules (no local deal)."""
        return adapter.reminders(None, view, painter, full=full, rules=self.rules())

    def score(
        self, adapter: Adapter[Any], painter: Painter, width: int, height: int, deal: int
    ) -> RenderableType:
        """The server's score sheet (``GET /api/tables/{id}/sheet``), drawn as at a local table.

        Asked again only when the table has moved on; while the server cannot be asked, the
        score lines its frames carry.
        """
        try:
            data = self.sheet_data(deal)
        except CardtableError:
            lines = [Text(f"{name}: {value}") for name, value in self._state(deal).score]
            return Text("\n").join(lines) if lines else Text("—", style="dim")
        return adapter.sheet(data, self.names, painter, width, height)

    def sheet_data(self, deal: int) -> dict[str, Any]:
        """The server's sheet data with deal ``deal``, asked once for each seq of the table."""
        key = (deal, self.client.state.seq)
        if key not in self._sheets:
            self._sheets = {key: self._get(f"sheet?deal={deal}")}
        return self._sheets[key]

    def move_hint(self, view: Any) -> str:
        """The server's move hint (``GET /api/tables/{id}/hint``)."""
        answer = self._get("hint")
        return str(answer.get("hint") or "not your move")

    def hint_work(self, seat: int) -> Callable[[], Sequence[str]]:
        """The server's aid for this seat (``GET /api/tables/{id}/aid``), worked out there."""
        return lambda: tuple(str(line) for line in self._get("aid").get("lines", ()))

    def claim(self, seat: int) -> str:
        """A claim is an offer to the other seats."""
        return "/offer claim"

    def undo(self) -> str:
        """An undo is an offer to the other seats."""
        return "/offer undo"

    def forced(self) -> str | None:
        """The server's only legal move, when it offers one and no choice."""
        state = self.client.state
        legal = state.legal
        return legal[0] if len(legal) == 1 and not state.choices else None

    def told(self, event: Event) -> Offer | None:
        """Keep the table's news for the log; an offer this seat must answer."""
        state = self.client.state
        if self._news_deal != state.deal:
            self.news, self._news_deal = [], state.deal
        if event.kind not in NEWS_KINDS:
            return None
        self.news.append(event)
        offer = state.offer
        if event.kind == "offer" and offer is not None and state.seat in offer.waiting:
            return offer
        return None

    def reply(self, offer: Offer, accept: bool) -> None:
        """Send the answer."""
        self.client.reply(offer.id, accept)

    def deal_over(self) -> int | None:
        """The deal just finished, once, when the server has dealt the next.

        The server deals on at once; the screen holds the finished deal (its last trick or
        showdown and its result) until the person goes on, as at a local table.
        """
        finished = self.client.finished
        if finished is None or finished.deal <= self._held:
            return None
        self._held = finished.deal
        return finished.deal

    def end_words(self) -> str:
        """The server's end."""
        return "The table has finished."

    def play(self, screen: Screen[Any]) -> None:
        """The remote loop: the server's frames in, the person's moves out."""
        from cardtable.client import play_remote  # noqa: PLC0415

        play_remote(self.client, screen)

    def leave(self) -> None:
        """Hang up, so that the loop reading the server's frames ends."""
        self.client.close()

    def _get(self, what: str) -> dict[str, Any]:
        table = self.client.address.table
        token = self.client.token
        answer = self.client.address.request("GET", f"/api/tables/{table}/{what}", None, token)
        return dict(answer)
