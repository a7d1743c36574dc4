"""The terminal's screens at a server's table, driven by the server instead of a local match.

Any :class:`~cardtable.cli.play.Screen` serves: it is told each deal's start and each event
as the seat saw it, and asked for a move when the server hands the seat one, with the
server's legal moves (those its card choices build listed too, as at a local table), the
choices, and the seat's view read back into the game's view dataclass.

An answer is a menu number, a move in any spelling the game reads (sent in its canonical
text), ``q`` to stop, or a table command: ``/say TEXT``, ``/offer KIND`` (undo, abort,
claim, rematch), ``/yes`` or ``/no``. The server judges every move; its refusal reaches the
screen with its sentence. Chat, presence, offers, the seat's clock and the connection's news
reach a screen that has ``table_news`` as they are, and any other as events of their own
kinds (``chat``, ``presence``, ``offer``, ``clock``, ``connection``).
"""

from __future__ import annotations

import itertools
from typing import Any, Protocol, runtime_checkable

from cardtable.cli.play import STOP_WORDS, Screen
from cardtable.client.connection import Notice, RemoteTable, TableClient, Update
from cardtable.engine import Event
from cardtable.engine.reading import whole_number
from cardtable.errors import CardtableError
from cardtable.server.protocol import Ack, Chat, Clock, End, Ev, Offer, Presence

OFFER_KINDS = ("undo", "abort", "rematch", "claim")
"""What ``/offer`` may offer."""

ENTRY_OFFERS = frozenset({"undo", "abort", "claim"})
"""The offers whose acceptance the server follows with an entry of the log (docs/server.md,
"Offers"): until it comes, the table as the seat knows it is about to change."""


@runtime_checkable
class TableNews(Protocol):
    """A screen that shows the table's news itself (the chat, presence, offers, clock)."""

    def table_news(self, update: Update, table: RemoteTable) -> None:
        """``update`` reached the seat; ``table`` is the table after it."""


def play_remote(client: TableClient, screen: Screen[Any]) -> None:
    """Play the client's seat through ``screen`` until the table ends or the person stops."""
    Remote(client, screen).run()


class Remote:
    """The loop of :func:`play_remote`: the server's frames in, the person's moves out."""

    def __init__(self, client: TableClient, screen: Screen[Any]) -> None:
        self.client = client
        self.screen = screen
        self.table = client.table
        self.pending: str | None = None
        """The client id of the move sent and not yet answered."""
        self.presence: dict[int, str] = {}
        self.lost = False
        """Whether the connection is down (no move is asked for until it is back)."""
        self.carrying_out = False
        """Whether an offer was accepted whose entry (an undo, a claim granted, an abort) is
        still to come: the table before it is stale, so no move is asked for meanwhile."""

    def run(self) -> None:
        """Draw the table as it stands, then follow it frame by frame.

        The frames :meth:`TableClient.connect` read (the welcome and the snapshot, whose
        events are the deal's so far) are the first updates.
        """
        if self.table.view is not None and not self._deal_started():
            return self._stop()
        for update in self.client.updates():
            if not self._take(update) or not self._maybe_move():
                return self._stop()
            if isinstance(update.frame, End):
                self.client.close()
                self.screen.finished(dict(update.frame.result), stopped=False, saved=True)
                return
        return None

    def _take(self, update: Update) -> bool:
        frame = update.frame
        if isinstance(frame, Ev) and frame.kind == "deal" and not self._deal_started():
            return False
        self._tell(update.new_events)
        if isinstance(frame, Ack) and frame.id == self.pending:
            self.pending = None
            if not frame.ok:
                self.screen.refused(frame.msg or frame.code or "refused")
        if isinstance(frame, Offer):
            self.carrying_out = frame.state == "accepted" and frame.kind in ENTRY_OFFERS
        if isinstance(frame, (Ev, End)):
            self.carrying_out = False
        if isinstance(frame, Notice):
            self.lost = frame.kind == "lost"
            # A move sent into the dropped connection got no answer; the table as it stands
            # once connected again says whether it was played.
            self.pending = None
        self._news(update)
        return True

    def _deal_started(self) -> bool:
        dealer = getattr(self.table.view, "dealer", None)
        commitment = self.table.commitment or ""
        return self.screen.deal_started(self.table.deal, self.table.name(dealer), commitment)

    def _tell(self, events: list[Event]) -> None:
        me = self.table.name(self.table.seat)
        for event in events:
            self.screen.event(me, event, False)

    def _maybe_move(self) -> bool:
        """Ask for a move if the seat has one and none is on its way; ``False`` to stop."""
        waiting = self.pending is not None or self.lost or self.carrying_out
        if waiting or not self.table.my_turn or self._offering():
            return True
        while True:
            table = self.table
            menu = self._menu()
            answer = self.screen.prompt(
                table.name(table.seat), table.view, menu, table.choices
            ).strip()
            if answer.lower() in STOP_WORDS:
                return False
            if answer.startswith("/"):
                if self._command(answer):
                    # Sent: the server's answer comes as frames, read before asking again.
                    return True
                continue
            try:
                move = self._move(answer, menu)
            except CardtableError as error:
                self.screen.refused(str(error))
                continue
            self.pending = self.client.act(move)
            return True

    def _menu(self) -> list[str]:
        # As at a local table, the menu lists every move, those the choices build too
        # (built from the server's structure; the server judges each).
        built = [
            choice.text(cards)
            for choice in self.table.choices
            for count in choice.counts
            for cards in itertools.combinations(choice.cards, count)
        ]
        return [*self.table.legal, *built]

    def _move(self, answer: str, legal: list[str]) -> str:
        number = whole_number(answer)
        if number is not None:
            if not 1 <= number <= len(legal):
                raise CardtableError(f"choose a number from 1 to {len(legal)}")
            return legal[number - 1]
        game = self.table.game
        if game is None or self.table.view is None:
            return answer
        try:
            return game.action_text(game.parse_typed(answer, self.table.view))
        except CardtableError:
            # Unreadable here: the server reads it and refuses it with its own sentence.
            return answer

    def _offering(self) -> bool:
        """Whether an offer of this seat waits for the others: no move is asked meanwhile."""
        offer = self.table.offer
        return offer is not None and offer.by == self.table.seat and offer.state == "pending"

    def _command(self, answer: str) -> bool:
        """Carry out a table command; whether a frame was sent to the server."""
        word, _, rest = answer[1:].partition(" ")
        offer = self.table.offer
        if word == "say" and rest.strip():
            self.client.chat(rest.strip())
        elif word == "offer" and rest.strip() in OFFER_KINDS:
            self.client.offer(rest.strip())
        elif word in {"yes", "no"} and offer is not None:
            self.client.reply(offer.id, word == "yes")
        elif word in {"yes", "no"}:
            self.screen.refused("no offer is waiting for an answer")
            return False
        else:
            kinds = "|".join(OFFER_KINDS)
            self.screen.refused(f"table commands: /say TEXT, /offer {kinds}, /yes, /no")
            return False
        return True

    def _news(self, update: Update) -> None:
        if isinstance(self.screen, TableNews):
            self.screen.table_news(update, self.table)
            return
        for event in self._news_events(update.frame):
            self.screen.event(self.table.name(self.table.seat), event, False)

    def _news_events(self, frame: Any) -> list[Event]:
        table = self.table
        if isinstance(frame, Offer):
            self.carrying_out = frame.state == "accepted" and frame.kind in ENTRY_OFFERS
        if isinstance(frame, (Ev, End)):
            self.carrying_out = False
        if isinstance(frame, Notice):
            return [Event("connection", None, frame.text)]
        if isinstance(frame, Chat):
            return [Event("chat", frame.seat, f"{frame.name} says: {frame.text}")]
        if isinstance(frame, Offer):
            return [Event("offer", frame.by, offer_sentence(frame, table))]
        if isinstance(frame, Clock) and frame.seat is not None and frame.seat == table.seat:
            bank = frame.bank_ms[frame.seat] / 1000
            text = f"your clock: {frame.move_ms / 1000:.0f} s for this move, then {bank:.0f} s"
            return [Event("clock", frame.seat, text)]
        if isinstance(frame, Presence):
            return self._presence(frame)
        return []

    def _presence(self, frame: Presence) -> list[Event]:
        told = []
        for seat in frame.seats:
            before = self.presence.get(seat.seat)
            self.presence[seat.seat] = seat.state
            if before is None or before == seat.state or seat.seat == self.table.seat:
                continue
            text = PRESENCE_SENTENCES.get(seat.state)
            if text is not None:
                told.append(Event("presence", seat.seat, text.format(self.table.name(seat.seat))))
        return told

    def _stop(self) -> None:
        self.client.close()
        self.screen.finished(dict(self.table.score), stopped=True, saved=True)


PRESENCE_SENTENCES = {
    "connected": "{} is at the table",
    "away": "{} has gone away",
    "bot-played": "a bot plays for {} until they come back",
}
"""How a seat's new state is told."""


def offer_sentence(offer: Offer, table: RemoteTable) -> str:
    """An offer and how it stands, in one sentence for the seat."""
    who = table.name(offer.by)
    if offer.state == "pending":
        asked = table.seat in offer.waiting
        return f"{who} offers {offer.kind}" + (": answer /yes or /no" if asked else "")
    if offer.state == "refused":
        return f"the {offer.kind} offer was refused: {offer.msg or 'not now'}"
    return f"{who}'s {offer.kind} offer was {offer.state}" + (f": {offer.msg}" if offer.msg else "")
