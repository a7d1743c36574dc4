"""The WebSocket protocol: every frame as a pydantic model, the source of its JSON Schema.

A client opens ``/ws/tables/{table}`` and sends ``hello`` first; then ``act``, ``offer``,
``reply``, ``chat`` and ``ping``. The server answers with ``welcome``, then either the missed
``ev`` frames or a ``snapshot``, and afterwards one ``ev`` per entry of the table's log,
``ack`` for each ``act``, ``clock`` when a clocked turn starts, ``presence`` when a seat comes,
goes or is played by a bot, ``offer`` for each offer and its answer, ``end`` when the table
finishes, ``chat``, ``pong`` and ``error``. Every frame carries ``v``, the protocol version.
"""

from __future__ import annotations

import json
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter
from pydantic_core import PydanticCustomError

VERSION = 1
"""The protocol version this server speaks."""

CLOSE_POLICY = 1008
"""Close code: the connection broke the protocol's policy (a flood, too many bad frames)."""
CLOSE_BAD_TOKEN = 4001
"""Close code: the seat token is not one of this table's."""
CLOSE_PRIVATE = 4003
"""Close code: the table is private and the connection brought no invite, token or seated cookie."""
CLOSE_NO_TABLE = 4004
"""Close code: there is no such table."""
CLOSE_REPLACED = 4009
"""Close code: the same seat connected again elsewhere; the newer connection holds the seat."""

REFUSAL_CODES = (
    "stale_seq",
    "duplicate_id",
    "not_your_turn",
    "illegal",
    "rate",
    "auth",
    "finished",
    "storage",
)
"""The codes an ``ack`` with ``ok: false`` carries."""


def plain_text(text: str) -> str:
    r"""``text`` if it holds no control character or lone surrogate, which no database keeps.

    PostgreSQL's text refuses NUL and neither database encodes a lone surrogate, so such a
    frame is refused naming them rather than failing at the store.

    >>> plain_text("hi all")
    'hi all'
    >>> plain_text("a\x00b\x07")
    Traceback (most recent call last):
    ...
    pydantic_core._pydantic_core.PydanticCustomError: holds control characters U+0000, U+0007
    """
    found = sorted({c for c in text if unicodedata.category(c) in {"Cc", "Cs"}})
    if found:
        raise PydanticCustomError(
            "control_characters",
            "holds control characters {found}",
            {"found": ", ".join(f"U+{ord(c):04X}" for c in found)},
        )
    return text


PlainText = Annotated[str, AfterValidator(plain_text)]
"""A client's text: no control characters, no lone surrogates."""


class _Frame(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    v: Literal[1] = 1


class Hello(_Frame):
    """The first frame of a connection: the seat token (``null`` to watch) and the last seq."""

    type: Literal["hello"]
    token: Annotated[PlainText | None, Field(max_length=200)] = None
    since: Annotated[int | None, Field(ge=0)] = None


class Act(_Frame):
    """An action for the seat the connection holds, at the table seq the client last saw."""

    type: Literal["act"]
    id: Annotated[PlainText, Field(min_length=1, max_length=64)]
    seq: Annotated[int, Field(ge=0)]
    # Room for a poker dealer's own variant, a move too (``choose-own JSON``).
    a: Annotated[PlainText, Field(min_length=1, max_length=4000)]


class Ping(_Frame):
    """A ping with the client's clock in milliseconds."""

    type: Literal["ping"]
    c: int = 0


class Say(_Frame):
    """A line of chat: a seat's reaches everyone, a spectator's only the spectators."""

    type: Literal["chat"]
    text: Annotated[PlainText, Field(min_length=1, max_length=500)]


OfferKind = Literal["undo", "abort", "rematch", "claim"]
"""What may be offered: take back one's last move, end the table, play again, claim the rest."""


class MakeOffer(_Frame):
    """An offer to the other seats, taken only with their consent."""

    type: Literal["offer"]
    kind: OfferKind


class Reply(_Frame):
    """A seat's answer to the pending offer ``id``: consent or not."""

    type: Literal["reply"]
    id: Annotated[int, Field(ge=1)]
    accept: bool


ClientFrame = Annotated[Hello | Act | Ping | Say | MakeOffer | Reply, Field(discriminator="type")]
"""Any frame a client sends."""

AnyClientFrame = Hello | Act | Ping | Say | MakeOffer | Reply
"""The union of the client's frames."""

CLIENT_FRAME: TypeAdapter[AnyClientFrame] = TypeAdapter(ClientFrame)
"""Reads a client frame from JSON text, refusing unknown types and fields."""


class SeatData(BaseModel):
    """A seat as every connection sees it."""

    seat: int
    name: str | None
    bot: str | None
    connected: bool


class EventData(BaseModel):
    """An engine event as one seat saw it: ``cards`` is empty where they were hidden from it.

    ``key`` and ``values`` say ``text`` for a page in its own language (the game's phrase
    book; docs/web.md, "Events in the page's language"); empty from an older server.
    """

    kind: str
    seat: int | None
    text: str
    cards: list[str]
    key: str = ""
    values: dict[str, str | int] = Field(default_factory=dict)


class ClockData(BaseModel):
    """A table's clock: seconds for each move, then a bank of seconds for the whole table."""

    move: float
    bank: float


class ChoiceData(BaseModel):
    """A move made of a set of cards, built card by card: its text is the verb and the cards.

    Choose one of the ``counts`` (ascending) of ``cards``, write them after ``verb`` in the
    order of ``cards`` (``discard 7♠ 9♥``); the server validates the whole move. ``note`` is
    the rule in words. docs/architecture.md, "Moves that are sets of cards".
    """

    verb: str
    cards: list[str]
    counts: list[int]
    note: str


class Welcome(_Frame):
    """The answer to ``hello``: the table, its rules, clock and seats, and the seat held here."""

    type: Literal["welcome"] = "welcome"
    proto: list[int] = Field(default_factory=lambda: [VERSION])
    server_ms: int
    table: str
    game: str
    seat: int | None
    rules: dict[str, Any]
    seats: list[SeatData]
    clock: ClockData | None = None
    offer: Offer | None = None
    """The offer pending at the table now, or ``null``: a client shows this one and no other
    (an offer it saw before it reconnected may have ended meanwhile, or with a restart)."""


class Chat(_Frame):
    """A line of the table's chat, with who said it (``seat`` ``null``: a spectator)."""

    type: Literal["chat"] = "chat"
    seat: int | None
    name: str
    text: str
    ts: int
    scope: Literal["table", "spectators"]


class Snapshot(_Frame):
    """Where the table is now, as this seat may know it (a spectator's ``view``: the public one)."""

    type: Literal["snapshot"] = "snapshot"
    seq: int
    status: str
    deal: int
    commitment: str | None = None
    """The commitment to the deal's deck and seed, revealed and checkable in its record."""
    view: Any
    events: list[EventData]
    to_move: int | None
    legal: list[str] | None
    """The moves of the seat to move, but those its ``choices`` build."""
    score: dict[str, str]
    chat: list[Chat] = Field(default_factory=list)
    """The chat's last lines this connection may see (spectators' lines only to spectators)."""
    choices: list[ChoiceData] | None = None
    """The moves of the seat to move that are sets of cards, to build card by card."""


class Ev(_Frame):
    """One entry of the table's log as this seat saw it: a deal dealt or an action played."""

    type: Literal["ev"] = "ev"
    seq: int
    kind: Literal["deal", "act", "between", "undo", "abort", "notice"]
    seat: int | None
    commitment: str | None = None
    """For a new deal: the commitment to its deck and seed (checkable in the record later)."""
    back_to: int | None = None
    """For an ``undo``: the seq whose state the table is back at (what came after is undone)."""
    d: list[EventData]
    to_move: int | None
    legal: list[str] | None
    """The moves of the seat to move, but those its ``choices`` build (newest entry only)."""
    view: Any = None
    """The seat's view after this entry, on the newest entry only (a spectator's: the public
    view)."""
    choices: list[ChoiceData] | None = None
    """The moves of the seat to move that are sets of cards, to build card by card."""


class Ack(_Frame):
    """The answer to ``act``: committed at ``seq``, or refused with a code and the reason."""

    type: Literal["ack"] = "ack"
    id: str
    ok: bool
    seq: int | None = None
    code: str | None = None
    msg: str | None = None


class End(_Frame):
    """The table has finished: the final score and where its record is downloaded."""

    type: Literal["end"] = "end"
    seq: int
    result: dict[str, str]
    record: str


class Pong(_Frame):
    """The answer to ``ping``: the client's clock echoed and the server's."""

    type: Literal["pong"] = "pong"
    c: int
    s: int


class Clock(_Frame):
    """The clock of the seat to move (``seat`` ``null``: no clock runs) and every seat's bank."""

    type: Literal["clock"] = "clock"
    seq: int
    seat: int | None
    move_ms: int
    """The move time left to ``seat`` for this move; the bank runs after it."""
    bank_ms: list[int]
    """Each seat's time bank left."""


PresenceState = Literal["open", "bot", "connected", "away", "bot-played"]
"""A seat: nobody's yet, a bot's, its person connected, gone (within the grace), or played by a
bot until its person returns."""


class SeatPresence(BaseModel):
    """Who is at a seat now."""

    seat: int
    state: PresenceState


class Presence(_Frame):
    """Who is at each seat now, and how many watch."""

    type: Literal["presence"] = "presence"
    seats: list[SeatPresence]
    spectators: int


OfferState = Literal["pending", "accepted", "declined", "refused", "lapsed"]
"""An offer waiting for consent, taken, declined by a seat, refused by the rules, or overtaken
by a move."""


class Offer(_Frame):
    """An offer and how it stands; a rematch's ``table`` and this seat's ``token`` at it."""

    type: Literal["offer"] = "offer"
    id: int
    kind: OfferKind
    by: int
    state: OfferState
    waiting: list[int]
    """The seats whose consent is still awaited."""
    msg: str | None = None
    """Why the offer was refused or declined, in one sentence."""
    declined_by: int | None = None
    """The seat that declined it, when it was declined (a page says it in its own words)."""
    table: str | None = None
    token: str | None = None


class Error(_Frame):
    """A frame the server could not take, with a code and a one-line reason."""

    type: Literal["error"] = "error"
    code: str
    msg: str


ServerFrame = Annotated[
    Welcome | Snapshot | Ev | Ack | End | Pong | Chat | Clock | Presence | Offer | Error,
    Field(discriminator="type"),
]
"""Any frame the server sends."""


def schema() -> dict[str, Any]:
    """The JSON Schema of both directions of the protocol."""
    return {
        "title": f"cardtable WebSocket protocol, version {VERSION}",
        "client": TypeAdapter(ClientFrame).json_schema(),
        "server": TypeAdapter(ServerFrame).json_schema(),
    }


def schema_text() -> str:
    """:func:`schema` as the text of the checked-in ``protocol.schema.json``."""
    return json.dumps(schema(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
