"""The poker adapter: stacks, the pot and side pots, each seat's bet and last action.

A poker table is kept in chips, not on paper: the score panel lists each seat's stack, the
pots of the deal in progress (the main pot and every side pot with the seats that may win it,
002_053e85955f9a4108.txt, "Пределы ставок", table stakes) and the session's ledger.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, TypeVar

from rich.console import RenderableType
from rich.text import Text

from cardtable.cards import Card, Suit
from cardtable.engine import Deal, Event
from cardtable.engine.help import sentence_line
from cardtable.poker.deal import PokerDeal
from cardtable.poker.help import wild_cards_text, wild_sentences
from cardtable.poker.phases.phase import Phase
from cardtable.poker.pots import Pot
from cardtable.poker.rules import deal_wild_cards, wild_cards
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import VariantSpec
from cardtable.poker.view import PokerPublicView, PokerView
from cardtable.tui.adapter import Adapter, ledger_items, names_in, signed, view_seat
from cardtable.tui.paint import Painter

A = TypeVar("A", bound=Hashable)
R = TypeVar("R")


def pots_so_far(
    contributed: Sequence[int], folded: Sequence[bool], all_in: Sequence[bool]
) -> list[Pot]:
    """The main pot and the side pots as they stand while the betting goes on.

    A pot is closed only at an all-in player's total («Все ставки других игроков сверх
    поставленной им суммы вносятся в дополнительный банк», 002_053e85955f9a4108.txt,
    "Настольные ставки"); a bet the others have still to answer stays in the last pot. Each
    pot may be won by the seats still in that have paid up to it or may still pay.

    >>> [(p.amount, p.eligible) for p in pots_so_far([2, 6, 2], [False] * 3, [False] * 3)]
    [(10, (0, 1, 2))]
    >>> [(p.amount, p.eligible) for p in pots_so_far([4, 9, 9], [False] * 3, [True, 0, 0])]
    [(12, (0, 1, 2)), (10, (1, 2))]
    """
    live = [seat for seat, out in enumerate(folded) if not out]
    levels = sorted({contributed[seat] for seat in live if all_in[seat]})
    pots: list[Pot] = []
    previous = 0
    for level in levels:
        chips = sum(min(amount, level) - min(amount, previous) for amount in contributed)
        eligible = tuple(s for s in live if contributed[s] >= level or not all_in[s])
        pots.append(Pot(chips, eligible))
        previous = level
    rest = sum(amount - min(amount, previous) for amount in contributed)
    if rest or not pots:
        pots.append(Pot(rest, tuple(s for s in live if not all_in[s])))
    return pots


def _wild_fixed(view: Shown, spec: VariantSpec) -> frozenset[Card]:
    """The wild cards the deal has fixed so far, worked out from the view by the hand rules.

    The cards they are fixed by are in the view: the seat's hole cards (none in a spectator's
    view) and the board turned up. A rank a player named wild (a ``name-wild`` step) is read
    from the view's wild cards: the card he named is his own, seen by him alone.
    """
    hole = view.down if isinstance(view, PokerView) else ()
    fixed = deal_wild_cards(spec.hands, hole, view.board)
    if any(step.do == "name-wild" for step in spec.steps):
        by_rules = wild_cards(spec.hands)
        named = {card.rank for card in view.wild if card not in by_rules | fixed}
        fixed |= {Card(rank, suit) for rank in named for suit in Suit}
    return frozenset(fixed)


def _wild_text(fixed: frozenset[Card], painter: Painter) -> Text:
    """The fixed wild cards rank by rank, highest first.

    A whole rank is named ("every 7"); single cards are the seat's own or on the board, so
    they are drawn; a rank but the card that fixed it is "every 7 but 7♠".
    """
    parts = []
    for rank in sorted({card.rank for card in fixed}, reverse=True):
        held = [card for card in fixed if card.rank == rank]
        missing = [Card(rank, suit) for suit in Suit if Card(rank, suit) not in fixed]
        if not missing:
            parts.append(Text(f"every {rank.text()}"))
        elif len(held) < len(missing):
            parts.append(painter.cards(sorted(held, key=lambda card: int(card.suit or 0))))
        else:
            parts.append(Text(f"every {rank.text()} but ") + painter.cards(missing))
    return Text(", ").join(parts)


Shown = PokerView | PokerPublicView
"""A view the table draws: a seat's, or a spectator's public view (no down cards, no seat)."""


class PokerAdapter(Adapter[Shown]):
    """Poker: the hand by rank, every seat's chips and up cards, the pots."""

    score_width = 32
    bet_control = True

    def pot(self, view: Shown, verb: str) -> int | None:
        """The pot-sized ``bet`` or ``raise to``: a bet of the pot, a raise by the pot after a call.

        The view's pot holds every chip put in, the round's bets too (002_053e85955f9a4108.txt,
        «Банковский лимит»: the raiser counts in what he must put in to stay in).
        """
        if not isinstance(view, PokerView):
            return None
        if verb == "bet":
            return view.pot
        high = max(view.bets, default=0)
        owed = high - view.bets[view.seat]
        return high + view.pot + owed if verb == "raise to" else None

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Highest rank first, as poker hands are read."""
        return -int(card.rank), -1 if card.suit is None else int(card.suit)

    def hand(self, view: Shown) -> list[Card]:
        """The seat's down cards and its own up cards."""
        if not isinstance(view, PokerView):
            return super().hand(view)
        return sorted([*view.down, *view.up[view.seat]], key=self.sort_key)

    def hand_groups(self, view: Shown) -> list[tuple[str, list[Card]]]:
        """The down cards, and apart from them the seat's own up cards (stud)."""
        if not isinstance(view, PokerView) or not view.up[view.seat]:
            return super().hand_groups(view)
        return [
            ("down", sorted(view.down, key=self.sort_key)),
            ("up", sorted(view.up[view.seat], key=self.sort_key)),
        ]

    def reminders(
        self,
        deal: Deal[A, Shown] | None,
        view: Shown,
        painter: Painter,
        *,
        full: bool = False,
        rules: Any = None,
    ) -> list[Text]:
        """The board, the variant's wild cards, and those the deal has fixed (for the seat).

        The wild cards are named by rank in words (a card of a rank is not drawn as a card,
        so no hidden card is shown); the seat's own card that is wild is drawn. A spectator
        is told the wild cards the board fixed for everyone ("wild now: every 7").
        """
        if not isinstance(view, (PokerView, PokerPublicView)):
            return []
        lines = []
        if view.board or view.board_down:
            line = Text("board ", style="bold")
            line.append_text(painter.cards(view.board) if view.board else Text(""))
            if view.board_down:
                line.append((" " if view.board else "") + " ".join(["▒▒"] * view.board_down))
                line.append(f"  ({view.board_down} down)", style="dim")
            lines.append(line)
        in_force = deal.rules if isinstance(deal, PokerDeal) else rules
        if isinstance(in_force, PokerRules):
            spec = in_force.variant
            named = any(step.do == "name-wild" for step in spec.steps)
            listed = wild_cards_text(spec.hands, named)
            if listed and full:
                lines += [Text(sentence_line(said)) for said in wild_sentences(in_force)]
            elif listed:
                lines.append(Text("wild: ", style="bold magenta") + Text(listed))
            fixed = _wild_fixed(view, spec) if listed else frozenset()
            if fixed:
                said = "wild for you now: " if isinstance(view, PokerView) else "wild now: "
                lines.append(Text(said, style="magenta") + _wild_text(fixed, painter))
        return lines

    def table(
        self, view: Shown, names: Sequence[str], events: Sequence[Event], painter: Painter
    ) -> list[Text]:
        """Each seat clockwise from the first: stack, bet, up cards, shown cards, last action.

        A view of another shape (a poker game registered with views of its own) is listed
        field by field, as the generic adapter does.
        """
        if not isinstance(view, (PokerView, PokerPublicView)):
            return super().table(view, names, events, painter)
        lines = [
            Text(f"{view.phase} · round {view.round_index + 1}", style="bold")
            + Text(f" · pot {view.pot}")
        ]
        last: dict[int, str] = {}
        for event in events:
            if event.seat is not None and event.audience is None:
                last[event.seat] = names_in(event.text, names)
        width = max(len(name) for name in names)
        # Clockwise as they sit (seated by cards, chairs and seats differ), absent last.
        around = [*view.seating, *(seat for seat in range(len(names)) if seat not in view.seating)]
        mine = view_seat(view)
        betting = view.phase == Phase.BET
        for seat in around:
            name = names[seat]
            line = Text("▸ " if seat == view.to_move else "  ", style="bold yellow")
            line.append(name.ljust(width), style="bold" if seat == mine else "")
            line.append(f" {view.stacks[seat]:>5}", style="green")
            # The view keeps a round's bets after it ends; by then they are in the pot.
            bet = view.bets[seat] if betting and seat < len(view.bets) else 0
            line.append(f"  bet {bet:<4}" if bet else "          ", style="cyan")
            if seat not in view.in_hand:
                line.append(" folded ", style="dim")
            up = view.up[seat] if seat < len(view.up) else ()
            if up and seat != mine:
                line.append(" ")
                line.append_text(painter.cards(up))
            shown = view.shown[seat] if seat < len(view.shown) else ()
            if shown:
                line.append(" shows ")
                line.append_text(painter.cards(shown))
            if seat in last:
                line.append(f"  {last[seat]}", style="dim")
            lines.append(line)
        return lines

    def sheet(
        self,
        data: Mapping[str, Any],
        names: Sequence[str],
        painter: Painter,
        width: int,
        height: int,
    ) -> RenderableType:
        """Stacks, the pots of the deal on the table, and the session's ledger."""
        if data.get("kind") != "pots":
            return super().sheet(data, names, painter, width, height)
        text = Text()
        shown = data.get("betting")
        if shown is not None:
            for name, stack in zip(names, shown["stacks"], strict=False):
                text.append(f"{name[:10]:<10} ", style="bold")
                text.append(f"{stack:>5}\n", style="green")
            text.append(f"pot {shown['pot']}", style="bold")
            pots = pots_so_far(shown["contributed"], shown["folded"], shown["all_in"])
            for number, pot in enumerate(pots if len(pots) > 1 else []):
                label = "main pot" if number == 0 else f"side pot {number}"
                who = ", ".join(names[seat] for seat in pot.eligible)
                text.append(f"\n{label} {pot.amount + (shown['dead'] if number == 0 else 0)}")
                text.append(f" ({who})", style="dim")
            text.append("\n")
        text.append("± ", style="dim")
        ledger = ledger_items(data, names)
        text.append(" ".join(f"{name} {signed(amount)}" for name, amount in ledger))
        return text


ADAPTER = PokerAdapter()
"""The adapter the table uses for poker."""
