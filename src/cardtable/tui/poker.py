"""The poker adapter: stacks, the pot and side pots, each seat's bet and last action.

A poker table is kept in chips, not on paper: the score panel lists each seat's stack, the
pots of the deal in progress (the main pot and every side pot with the seats that may win it,
002_053e85955f9a4108.txt, "Пределы ставок", table stakes) and the session's ledger.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from cardtable.cards import Card
from cardtable.engine import Event, Match
from cardtable.poker.pots import build_pots
from cardtable.poker.view import PokerView
from cardtable.tui.adapter import Adapter, names_in, signed
from cardtable.tui.paint import Painter

SEED = "002_053e85955f9a4108.txt"

HELP = {
    "bet": (
        f"A betting round ({SEED}, the betting round and its end). In turn each player checks "
        "(nothing owed), bets, calls what is owed, raises, or folds; the round ends when every "
        "player still in has put in the same or is all-in. Raises are capped and the bet sizes "
        "are set by the limit system of the table ('Пределы ставок')."
    ),
    "draw": (
        f"The draw ({SEED}, draw poker). Each player still in discards the cards he does not "
        "want and is dealt as many: 'discard 7♥ 2♣', or 'stand pat' to keep them all."
    ),
    "declare": (
        f"High-low declarations ({SEED}, high-low). Each player still in declares 'declare "
        "high', 'declare low' or both; the pot is shared between the best of each side."
    ),
}
"""The phases of a poker deal in a few sentences, with the rulebook's headings."""


class PokerAdapter(Adapter):
    """Poker: the hand by rank, every seat's chips and up cards, the pots."""

    help_source = SEED
    score_width = 32

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Highest rank first, as poker hands are read."""
        return -int(card.rank), -1 if card.suit is None else int(card.suit)

    def hand(self, view: Any) -> list[Card]:
        """The seat's down cards and its own up cards."""
        if not isinstance(view, PokerView):
            return super().hand(view)
        return sorted([*view.down, *view.up[view.seat]], key=self.sort_key)

    def hand_text(self, cards: Sequence[Card], painter: Painter) -> Text:
        """A poker hand by rank, without gaps between suits."""
        return painter.cards(cards, gap="  ")

    def table(
        self, view: Any, names: Sequence[str], events: Sequence[Event], painter: Painter
    ) -> list[Text]:
        """Each seat clockwise from the first: stack, bet, up cards, shown cards, last action.

        A view of another shape (a poker game registered with views of its own) is listed
        field by field, as the generic adapter does.
        """
        if not isinstance(view, PokerView):
            return super().table(view, names, events, painter)
        lines = [
            Text(f"{view.variant} · {view.phase} · round {view.round_index + 1}", style="bold")
            + Text(f" · pot {view.pot}")
        ]
        last: dict[int, str] = {}
        for event in events:
            if event.seat is not None and event.audience is None:
                last[event.seat] = names_in(event.text, names)
        width = max(len(name) for name in names)
        # Clockwise as they sit (seated by cards, chairs and seats differ), absent last.
        around = [*view.seating, *(seat for seat in range(len(names)) if seat not in view.seating)]
        for seat in around:
            name = names[seat]
            line = Text("▸ " if seat == view.to_move else "  ", style="bold yellow")
            line.append(name.ljust(width), style="bold" if seat == view.seat else "")
            line.append(f" {view.stacks[seat]:>5}", style="green")
            bet = view.bets[seat] if seat < len(view.bets) else 0
            line.append(f"  bet {bet:<4}" if bet else "          ", style="cyan")
            if seat not in view.in_hand:
                line.append(" folded ", style="dim")
            up = view.up[seat] if seat < len(view.up) else ()
            if up and seat != view.seat:
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

    def score(
        self, match: Match[Any, Any], painter: Painter, width: int, height: int
    ) -> RenderableType:
        """Stacks, the pots of the deal in progress, and the session's ledger."""
        text = Text()
        names = match.seats
        deal = match.deals[-1] if match.deals else None
        betting = getattr(deal, "betting", None)
        if betting is not None:
            for name, stack in zip(names, betting.stacks, strict=False):
                text.append(f"{name[:10]:<10} ", style="bold")
                text.append(f"{stack:>5}\n", style="green")
            text.append(f"pot {betting.pot}", style="bold")
            pots, _ = build_pots(betting.contributed, betting.folded)
            for number, pot in enumerate(pots if len(pots) > 1 else []):
                label = "main pot" if number == 0 else f"side pot {number}"
                who = ", ".join(names[seat] for seat in pot.eligible)
                text.append(f"\n{label} {pot.amount}", style="bold")
                text.append(f" ({who})", style="dim")
            text.append("\n")
        text.append("± ", style="dim")
        text.append(" ".join(f"{n} {signed(a)}" for n, a in match.ledger().items()))
        return text

    def help(self, phase: str) -> str:
        """The phase's rules with their heading in the rulebook."""
        return HELP.get(phase, super().help(phase))


ADAPTER = PokerAdapter()
"""The adapter the table uses for poker."""
