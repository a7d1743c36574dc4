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

from cardtable.cards import Card, Suit, parse_cards
from cardtable.engine import Event, Match
from cardtable.errors import CardParseError
from cardtable.poker.pots import Pot
from cardtable.poker.rules import HandRules
from cardtable.poker.view import PokerView
from cardtable.tui.adapter import Adapter, names_in, signed
from cardtable.tui.paint import Painter

BOOK = "«Покер»"
"""The poker rulebook (002_053e85955f9a4108.txt), cited by its headings."""

HELP = {
    "bet": (
        f"A betting round ({BOOK}: «Круги ставок»). In turn each player checks "
        "(nothing owed), bets, calls what is owed, raises, or folds; the round ends when every "
        "player still in has put in the same or is all-in. Raises are capped and the bet sizes "
        "are set by the limit system of the table («Пределы ставок»)."
    ),
    "draw": (
        f"The draw ({BOOK}: «Покер с досдачей»). Each player still in discards the cards he "
        "does not want and is dealt as many: 'discard 7♥ 2♣', or 'stand pat' to keep them all."
    ),
    "expose": (
        f"Turning a card up ({BOOK}: «Мексиканский гвоздь»; «Дробовик с двойным барабаном»). "
        "Each player still in turns one of his down cards face up: 'expose 9♠'; where the "
        "variant allows it, 'stand pat' keeps them all down."
    ),
    "name-wild": (
        f"Naming your wild card ({BOOK}: «Семикарточный гвоздь»: козырь — младшая «забивная» "
        "карта; иногда игрокам разрешено выбирать любую). Each player names one of his down "
        "cards: it and every card of its rank are wild for him alone: 'wild 9♠'."
    ),
    "declare": (
        f"High-low declarations ({BOOK}: Покер «Больше-меньше»). Each player still in "
        "declares 'declare high', 'declare low' or both; the pot is shared between the best "
        "of each side."
    ),
}
"""The phases of a poker deal in a few sentences, with the rulebook's headings."""


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


WILD_WORDS = {
    "jokers": "jokers",
    "deuce-of-spades": "the 2 of spades",
    "deuces": "2s",
    "deuces-treys": "2s and 3s",
    "red-tens": "red 10s",
}
"""The seed's wild cards ("Козырные карты") in words."""

DEAL_WILD_WORDS = {
    "board-card-and-rank": "the last board card up and its rank",
    "board-rank": "the other cards of the last board card's rank",
    "lowest-board-and-rank": "the lowest board card and its rank",
    "lowest-hole": "each one's lowest hole card",
    "last-hole-and-rank": "each one's last hole card and its rank",
}
"""The wild cards a deal fixes (``deal_wild``), in words."""

NAMED_WILD = "the hole card each one names, and its rank"
"""The wild cards of a ``name-wild`` step, in words."""

SUIT_NAMES = {
    Suit.CLUBS: "clubs",
    Suit.DIAMONDS: "diamonds",
    Suit.HEARTS: "hearts",
    Suit.SPADES: "spades",
}


def wild_cards_text(hands: HandRules, named: bool) -> str:
    """The variant's wild cards in a few words; empty when it has none.

    >>> wild_cards_text(HandRules(wild=("deuces", "K♠", "Q")), False)
    '2s, the K of spades, Qs'
    >>> wild_cards_text(HandRules(deal_wild="lowest-hole"), True)
    "each one's lowest hole card, the hole card each one names, and its rank"
    """
    parts = [_wild_words(name) for name in hands.wild]
    if hands.deal_wild != "none":
        parts.append(DEAL_WILD_WORDS[hands.deal_wild])
    if named:
        parts.append(NAMED_WILD)
    return ", ".join(parts)


def wild_rule(hands: HandRules, named: bool) -> str:
    """The variant's wild cards as a sentence of the rules, for ``?``; empty without any.

    >>> wild_rule(HandRules(wild=("jokers",), wild_mode="any"), False).split(" (")[0]
    'Wild cards: jokers; each stands for any card, even one its holder has'
    """
    listed = wild_cards_text(hands, named)
    if not listed:
        return ""
    if hands.wild_mode == "any":
        stands = "any card, even one its holder has"
        clause = "(б)"
    else:
        stands = "a card its holder does not have"
        clause = "(а)"
    return f"Wild cards: {listed}; each stands for {stands} ({BOOK}: «Козырные карты» {clause})."


def _wild_words(name: str) -> str:
    if name.lower() in WILD_WORDS:
        return WILD_WORDS[name.lower()]
    try:
        cards = parse_cards(name, allow_duplicates=True)
    except CardParseError:
        cards = ()
    if len(cards) == 1 and cards[0].suit is not None:
        return f"the {cards[0].rank.text()} of {SUIT_NAMES[cards[0].suit]}"
    return f"{name.upper()}s"


def _wild_now(deal: Any, view: PokerView, painter: Painter) -> Text | None:
    """The wild cards the deal has fixed for the seat so far, rank by rank.

    A whole rank is named ("every 7"); single cards are the seat's own or on the board, so
    they are drawn; a rank but the card that fixed it is "every 7 but 7♠".
    """
    wild_for = getattr(deal, "wild_for", None)
    fixed: frozenset[Card] = wild_for(view.seat) if wild_for is not None else frozenset()
    if not fixed:
        return None
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


class PokerAdapter(Adapter):
    """Poker: the hand by rank, every seat's chips and up cards, the pots."""

    help_source = BOOK
    score_width = 32

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Highest rank first, as poker hands are read."""
        return -int(card.rank), -1 if card.suit is None else int(card.suit)

    def hand(self, view: Any) -> list[Card]:
        """The seat's down cards and its own up cards."""
        if not isinstance(view, PokerView):
            return super().hand(view)
        return sorted([*view.down, *view.up[view.seat]], key=self.sort_key)

    def hand_line(self, view: Any, painter: Painter) -> Text:
        """The down cards, and apart from them the seat's own up cards (stud)."""
        if not isinstance(view, PokerView) or not view.up[view.seat]:
            return super().hand_line(view, painter)
        line = Text("down ", style="dim")
        line.append_text(self.hand_text(sorted(view.down, key=self.sort_key), painter))
        line.append("   up ", style="dim")
        return line + self.hand_text(sorted(view.up[view.seat], key=self.sort_key), painter)

    def reminders(
        self, deal: Any, view: Any, painter: Painter, *, full: bool = False
    ) -> list[Text]:
        """The board, the variant's wild cards, and those the deal has fixed for the seat.

        The wild cards are named by rank in words (a card of a rank is not drawn as a card,
        so no hidden card is shown); the seat's own card that is wild is drawn.
        """
        if not isinstance(view, PokerView):
            return []
        lines = []
        if view.board or view.board_down:
            line = Text("board ", style="bold")
            line.append_text(painter.cards(view.board) if view.board else Text(""))
            if view.board_down:
                line.append((" " if view.board else "") + " ".join(["▒▒"] * view.board_down))
                line.append(f"  ({view.board_down} down)", style="dim")
            lines.append(line)
        spec = getattr(deal, "spec", None)
        if spec is not None:
            named = any(step.do == "name-wild" for step in spec.steps)
            listed = wild_cards_text(spec.hands, named)
            if listed and full:
                lines.append(Text(wild_rule(spec.hands, named)))
            elif listed:
                lines.append(Text("wild: ", style="bold magenta") + Text(listed))
            now = _wild_now(deal, view, painter) if listed else None
            if now is not None:
                lines.append(Text("wild for you now: ", style="magenta") + now)
        return lines

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
        self, match: Match[Any, Any], painter: Painter, width: int, height: int, deal: int
    ) -> RenderableType:
        """Stacks, the pots of the deal on the table, and the session's ledger."""
        text = Text()
        names = match.seats
        shown = match.deals[deal - 1] if deal else None
        betting = getattr(shown, "betting", None)
        if shown is not None and betting is not None:
            # The view's stacks: once the deal is over, with the pots paid.
            for name, stack in zip(names, shown.view(0).stacks, strict=False):
                text.append(f"{name[:10]:<10} ", style="bold")
                text.append(f"{stack:>5}\n", style="green")
            text.append(f"pot {betting.pot}", style="bold")
            pots = pots_so_far(betting.contributed, betting.folded, betting.all_in)
            for number, pot in enumerate(pots if len(pots) > 1 else []):
                label = "main pot" if number == 0 else f"side pot {number}"
                who = ", ".join(names[seat] for seat in pot.eligible)
                text.append(f"\n{label} {pot.amount + (betting.dead if number == 0 else 0)}")
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
