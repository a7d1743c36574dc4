"""Each game's observation layout: every field of its seat view and how it is encoded.

The layouts name the view's fields (``PreferansView``, ``PiquetView``, ``PokerView``) and the
values their texts take; they hold no rule. docs/rl.md prints them as tables
(``python -m cardtable.rl.layouts``). Beside the view, every layout ends with the ``picked``
field: the cards of an open run of picks (:mod:`cardtable.rl.actions`), the one fact of the
observation that is the environment's own.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardtable.cards import Card, DeckSpec
from cardtable.rl.actions import action_space
from cardtable.rl.encoding import (
    BySeat,
    CardSet,
    Each,
    Field,
    Group,
    Layout,
    OneCard,
    OneOf,
    Rows,
    Text,
    Whole,
)

PICKED = "picked"
"""The field of the cards picked so far in an open run of picks."""

MOST_CALLS = 80
"""Room for the auction's calls: bids only rise, so no auction comes near it."""
LOG_LINES = 240
LINE_LENGTH = 120
"""Room for piquet's log of the deal's sentences (docs/rl.md, "Piquet")."""


def _seats(players: int, *, none: bool = False) -> OneOf:
    return OneOf([*range(players), *([None] if none else [])])


def preferans(players: int) -> Layout:
    """The preferans view for ``players`` (3 or 4) seats."""
    deck = DeckSpec.named("32").cards()
    texts = action_space("preferans").texts
    bids = [text for text in texts if text[:1].isdigit() and "without" not in text] + ["misère"]
    calls = OneOf([text for text in texts if not text.startswith(("play", "pick", "done"))])
    seat, maybe_seat = _seats(players), _seats(players, none=True)
    seat_card = Group(seat, OneCard(deck))
    return Layout(
        [
            Field("seat", seat),
            Field("players", OneOf((3, 4))),
            Field("dealer", seat),
            Field("first_hand", seat),
            Field("phase", OneOf(_PREFERANS_PHASES)),
            Field("to_move", maybe_seat),
            Field("playing_for", maybe_seat),
            Field("hand", CardSet(deck)),
            Field("open_hands", Rows(players, Group(seat, CardSet(deck)))),
            Field("talon", CardSet(deck)),
            Field("discard", CardSet(deck)),
            Field("calls", Rows(MOST_CALLS, Group(seat, calls))),
            Field("high_bid", OneOf([*dict.fromkeys(bids), *_WITHOUT_TALON, None])),
            Field("min_bid_level", Whole()),
            Field("declarer", maybe_seat),
            Field("contract", OneOf([*dict.fromkeys(bids), None])),
            Field("whist", Rows(2 * players, Group(seat, OneOf(_WHIST_WORDS)))),
            Field("defence", OneOf(("closed", "open", "checked", "none", None))),
            Field("trick", Rows(3, seat_card)),
            Field("talon_lead", OneCard(deck)),
            Field("last_trick", Rows(3, seat_card)),
            Field("tricks", Each(players, Whole())),
            Field("allpass_series", Whole()),
            Field(PICKED, CardSet(deck)),
        ],
        own=[PICKED],
    )


_PREFERANS_PHASES = ("auction", "discard", "contract", "whist", "lone", "answer", "play", "over")
_WITHOUT_TALON = tuple(f"{level} without talon" for level in range(6, 11))
_WHIST_WORDS = ("pass", "whist", "half-whist", "open", "closed", "claim", "agree", "refuse")


def piquet(players: int) -> Layout:
    """The piquet view for ``players`` (2 or 3) seats."""
    deck = DeckSpec.named("32").cards()
    seat, maybe_seat = _seats(players), _seats(players, none=True)
    return Layout(
        [
            Field("seat", seat),
            Field("dealer", seat),
            Field("players", Rows(players, seat)),
            Field(
                "phase", OneOf(("deal", "misdeal", "exchange", "look", "declare", "play", "over"))
            ),
            Field("to_move", maybe_seat),
            Field("hand", CardSet(deck)),
            Field("discarded", CardSet(deck)),
            Field("talon_left", Rows(players, Whole())),
            Field("category", Text(16)),
            Field("standing", Text(LINE_LENGTH)),
            Field("offer", Text(LINE_LENGTH)),
            Field("counts", BySeat(players, Whole())),
            Field("tricks", BySeat(players, Whole())),
            Field("trick", Rows(players, OneCard(deck))),
            Field("shown", Rows(len(deck), OneCard(deck))),
            Field("played", Rows(len(deck), OneCard(deck))),
            Field("sheet", Rows(players, Text(LINE_LENGTH))),
            Field("log", Rows(LOG_LINES, Text(LINE_LENGTH))),
            Field(PICKED, CardSet(deck)),
        ],
        own=[PICKED],
    )


MOST_CARDS = 10
"""Room for one seat's down or up cards, and for the board, at poker."""


def poker(players: int) -> Layout:
    """The poker view for ``players`` seats (2 to 14, as the preset seats them)."""
    deck: Sequence[Card] = DeckSpec.named("54").cards()
    seat, maybe_seat = _seats(players), _seats(players, none=True)
    cards = Rows(MOST_CARDS, OneCard(deck))
    return Layout(
        [
            Field("seat", seat),
            Field("variant", Text(48)),
            Field("win", Text(24)),
            Field(
                "phase", OneOf(("steps", "bet", "draw", "expose", "name-wild", "declare", "over"))
            ),
            Field("down", cards),
            Field("up", Each(players, cards)),
            Field("board", cards),
            Field("board_down", Whole()),
            Field("shown", Each(players, cards)),
            Field("stacks", Each(players, Whole())),
            Field("bets", Each(players, Whole())),
            Field("pot", Whole()),
            Field("in_hand", Rows(players, seat)),
            Field("to_move", maybe_seat),
            Field("round_index", Whole()),
            Field("declarations", Rows(players, Group(seat, OneOf(("high", "low", "both"))))),
            Field("seating", Rows(players, seat)),
            Field("dealer", seat),
            Field("pots", Rows(players + 1, Whole())),
            Field("wild", CardSet(deck)),
            Field("down_counts", Each(players, Whole())),
            Field(PICKED, CardSet(deck)),
        ],
        own=[PICKED],
    )


LAYOUTS = {"preferans": preferans, "piquet": piquet, "poker": poker}
"""Each game's layout, by registry name, as a function of the number of seats."""

SEEN = "seen"
"""The information state's field of every event of the deal as the seat saw it."""
KIND_LENGTH = 16
"""Room for an event's kind (``deal``, ``call``, ``play``…: the longest is 13 letters)."""
EVENT_LENGTH = {"preferans": 96, "piquet": 96, "poker": 128}
"""Room for one event's sentence, by game: about half again the longest met in random deals."""


def most_events(game: str, players: int) -> int:
    """Room for a deal's events: about twice the most met in many random deals."""
    return {"preferans": 160, "piquet": 200}.get(game, 64 + 16 * players)


def information(game: str, players: int) -> Layout:
    """``game``'s information state at ``players`` seats: the observation, then what was seen.

    The ``seen`` field holds every event of the deal as the seat saw it, in order: its kind,
    its seat (if any), the cards it showed the seat (none it was not shown) and its sentence.
    So the tensor recalls all the seat was ever shown, which the view alone forgets (the
    tricks before the last, the calls of an auction).
    """
    view = LAYOUTS[game](players)
    event = Group(
        Text(KIND_LENGTH),
        _seats(players, none=True),
        CardSet(action_space(game).deck),
        Text(EVENT_LENGTH[game]),
    )
    seen = Field(SEEN, Rows(most_events(game, players), event))
    return Layout([*view.fields, seen], own=[*view.own, SEEN])


def markdown(game: str, players: int) -> str:
    """The layout of ``game`` at ``players`` seats as a Markdown table (docs/rl.md's)."""
    layout = LAYOUTS[game](players)
    lines = [
        f"{game}, {players} seats: {layout.size} floats",
        "",
        "| field | first | size | encoding |",
        "| --- | ---: | ---: | --- |",
    ]
    for name, first, size, words in layout.describe():
        lines.append(f"| `{name}` | {first} | {size} | {words} |")
    return "\n".join(lines)


if __name__ == "__main__":
    for _game, _players in (("preferans", 3), ("piquet", 2), ("poker", 2)):
        print(markdown(_game, _players), end="\n\n")
