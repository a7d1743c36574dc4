"""The piquet adapter: the hand by suit, the declarations, the running counts, the korolik sheet.

For two the score panel is the seed's sheet: each player's column of games written deal by
deal and his korolik column (001_776ed664a35a376f.txt, piquet rules 46–50), above the running
counts of the deal in progress (rules 30–31). The rubicon partie and the game for three show
the match's own sheet lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from cardtable.cards import Card, Suit
from cardtable.engine import Event, Match
from cardtable.piquet.deal import PiquetView
from cardtable.piquet.game import PiquetMatch
from cardtable.piquet.scoring import KOROLIK_DEALS
from cardtable.tui.adapter import Adapter, names_in, signed
from cardtable.tui.paint import Painter

BOOK = "Энциклопедия игр (1992), пикет"
"""Where a player reads the rules: the book and the game, by rule (001_776ed664a35a376f.txt)."""

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""Suits held black, red, black, red, so that neighbours differ in colour; piquet ranks none."""

HELP = {
    "deal": (
        f"The deal ({BOOK}, правила 5, 6, 12; the 'irregularities' option). The dealer says "
        "'deal', or reports a dealing error: 'misdeal exposed seat N', 'misdeal exposed "
        "talon', 'misdeal extra seat N'."
    ),
    "misdeal": (
        f"A dealing error ({BOOK}, правила 6, 12): the player it concerns says 'redeal' to have "
        "the same dealer deal again, or 'accept deal' to play on."
    ),
    "exchange": (
        f"The exchange ({BOOK}, правила 7–16). The elder hand discards up to five cards (at least "
        "one) and takes as many from the talon, or refuses the talon; then the dealer discards "
        "up to the three that are left. Type e.g. 'discard 7♥ 8♣' or 'refuse talon'."
    ),
    "look": (
        f"The talon left over ({BOOK}, правило 11): each player in turn may 'look' at the cards "
        "nobody took, for himself, or say 'no look'."
    ),
    "declare": (
        f"The declarations ({BOOK}, правила 20–29). Category by category — the point (most cards "
        "of a suit), the sequence, then fourteens and trios — the elder calls and the dealer "
        "answers 'good', 'not good' or 'equal'; only the best of each category counts. A "
        "counted combination may be demanded to be shown (rule 23); a false call left standing "
        "at the first lead is punished (rule 33). Sinking a combination is allowed."
    ),
    "play": (
        f"The play ({BOOK}, правила 30–40). Follow suit if you can; the highest card of the suit "
        "led takes the trick. Each lead counts one, each trick taken by a higher card one more; "
        "the last trick counts two, most tricks ten, all tricks (capot) forty. A player may "
        "announce the open capot before the first lead (rule 38)."
    ),
    "over": (
        f"The deal is over and written down ({BOOK}, правила 46–50): the difference of the counts "
        "goes in the winner's games column; two deals close a korolik, three koroliks the partie."
    ),
}
"""Each phase of a piquet deal in a few sentences, with the seed's rules."""


class PiquetAdapter(Adapter):
    """Piquet: suits alternating in colour, ranks upwards, the counts and the korolik sheet."""

    help_source = BOOK
    score_width = 36

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Suit by suit (♠ ♥ ♣ ♦), seven to ace."""
        assert card.suit is not None
        return SUITS.index(card.suit), int(card.rank)

    def table(
        self, view: Any, names: Sequence[str], events: Sequence[Event], painter: Painter
    ) -> list[Text]:
        """The phase's state, each seat's count and tricks, the trick and the shown cards."""
        assert isinstance(view, PiquetView)
        lines = [self._headline(view, names)]
        width = max(len(names[seat]) for seat in view.players)
        for seat in view.players:
            line = Text("▸ " if seat == view.to_move else "  ", style="bold yellow")
            line.append(names[seat].ljust(width), style="bold" if seat == view.seat else "")
            line.append(" (deals)" if seat == view.dealer else "        ", style="dim")
            line.append(
                f" count {view.counts.get(seat, 0)}, tricks {view.tricks.get(seat, 0)}",
                style="cyan",
            )
            lines.append(line)
        if view.trick:
            lines.append(Text("trick: ", style="dim") + painter.cards(view.trick))
        if view.shown:
            lines.append(Text("shown: ", style="dim") + painter.cards(view.shown))
        if view.discarded:
            lines.append(Text("your discard: ", style="dim") + painter.cards(view.discarded))
        return lines

    def _headline(self, view: PiquetView, names: Sequence[str]) -> Text:
        text = Text(view.phase, style="bold")
        if view.phase == "exchange":
            elder, dealer = view.talon_left
            text.append(f" · talon left: elder {elder}, dealer {dealer}")
        if view.category:
            text.append(f" · calling the {view.category}")
        if view.standing:
            text.append(f" · standing: {view.standing}")
        if view.offer:
            text.append(f" · {names_in(view.offer, names)} may be demanded")
        return text

    def score(
        self, match: Match[Any, Any], painter: Painter, width: int, height: int, deal: int
    ) -> RenderableType:
        """The korolik sheet for two (games and koroliks), else the match's sheet lines."""
        assert isinstance(match, PiquetMatch)
        names = match.seats
        text = Text()
        if deal and not match.three:
            counts = match.deals[deal - 1].view(0).counts
            text.append("this deal: ", style="dim")
            text.append("  ".join(f"{names[s]} {c}" for s, c in counts.items()))
            text.append("\n")
        if match.three or match.rules.scoring == "rubicon":
            text.append("\n".join(match.sheet_lines()))
        else:
            sheet = match.sheet
            text.append(
                f"partie {match.parties_done + 1} · korolik {sheet.closed + 1} · "
                f"deal {sheet.deals_in_korolik + 1}/{KOROLIK_DEALS}",
                style="bold",
            )
            if sheet.doubled:
                text.append(" · doubled (refet)", style="red")
            text.append(f"\n{'':<8} {'games':<12} koroliks", style="dim")
            for seat in (0, 1):
                games = ".".join(str(n) for n in sheet.games[seat]) or "—"
                koroliks = ".".join(str(n) for n in sheet.koroliks[seat]) or "—"
                text.append(f"\n{names[seat][:8]:<8} ", style="bold")
                text.append(f"{games:<12} ")
                text.append(koroliks, style="green")
        text.append("\n± ", style="dim")
        text.append(
            "  ".join(f"{name} {signed(amount)}" for name, amount in match.ledger().items())
        )
        return text

    def help(self, phase: str) -> str:
        """The phase's rules with their clause."""
        return HELP.get(phase, super().help(phase))


ADAPTER = PiquetAdapter()
"""The adapter the table uses for piquet."""
