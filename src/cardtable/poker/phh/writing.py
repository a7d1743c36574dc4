"""Writing a finished deal as PHH text, ``p1`` left of the dealer (:func:`phh_text`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardtable.cards import Card
from cardtable.engine.deal import Event
from cardtable.errors import IllegalAction
from cardtable.poker.actions import AllIn, Bet, Call, Check, Discard, Fold, RaiseTo, TableAction
from cardtable.poker.betting import clockwise
from cardtable.poker.deal import PokerDeal
from cardtable.poker.phh.hand import phh_cards
from cardtable.poker.phh.stock import CardQueue, play_stacked, stacked
from cardtable.poker.phh.variants import NO_LIMIT, POT_LIMIT, STUD, phh_code
from cardtable.poker.table_rules import PokerRules


def phh_text(
    deal: PokerDeal,
    stacks: Sequence[int] | None = None,
    names: Sequence[str] = (),
    *,
    bring_in: int | None = None,
) -> str:
    """A finished deal as a PHH hand; ``p1`` sits left of the dealer, the dealer is last.

    ``stacks`` are the seats' chips before the deal (by default the deal's own); ``names``
    the seats' names, written as ``players``. ``bring_in`` is the stud bring-in to write
    when the table's forced one was a completion (``pN cbr``, as a PHH hand read here plays
    it): the forced bet is then written as that completion. A variant without a PHH code is
    refused; :func:`export_phh` also reads the text back.
    """
    rules = deal.rules
    code = phh_code(rules)
    stacks = deal.start_stacks if stacks is None else stacks
    if not deal.is_over:
        raise IllegalAction("only a finished deal is written as PHH")
    dealt = _dealt(deal)
    playing = [
        seat for seat in clockwise(deal.ring, deal.left_of(deal.setup.dealer)) if seat in dealt
    ]
    if deal.setup.dealer != playing[-1]:
        raise IllegalAction("PHH seats the dealer last: the dealer must be in the deal")
    number = {seat: place + 1 for place, seat in enumerate(playing)}
    dealing = CardQueue.of_events(deal.events, deal.setup.deck)

    def again(deck: Sequence[Card]) -> PokerDeal:
        return PokerDeal(
            deal.seats,
            replace(deal.setup, deck=tuple(deck)),
            rules,
            deal.judge,
            stacks=deal.start_stacks,
            in_deal=[seat in number for seat in range(deal.seats)],
            order=deal.ring,
        )

    # The deal is played again to know each action's bets; its stock is stacked as the
    # first one's was dealt (a deal read from PHH had its stock stacked as it went).
    replayed = again(stacked(dealing, list(deal.setup.deck), again(deal.setup.deck).events)[0])
    lines = _dealt_lines(replayed.events, number)
    forced = rules.forced.bring_in
    bring_in = forced if bring_in is None else bring_in
    if code in STUD and replayed.first_bettor is not None:
        low = number[replayed.first_bettor]
        lines.append(f"p{low} pb" if bring_in == forced else f"p{low} cbr {forced}")
    drawn: list[str] = []  # PHH deals a draw's cards after every discard of it
    draw_step = replayed.step
    for action in deal.history:
        seat = replayed.to_move
        assert seat is not None
        if not isinstance(action, Discard) or replayed.step != draw_step:
            lines, drawn, draw_step = lines + drawn, [], replayed.step
        lines.append(_notation(replayed, seat, number[seat], action))
        new = _dealt_lines(play_stacked(replayed, dealing, action), number)
        if isinstance(action, Discard):
            drawn += new
        else:
            lines += new
    lines += drawn
    lines += _shown_lines(replayed, number)
    text = _fields(rules, code, [stacks[seat] for seat in playing], lines, bring_in)
    finishing = [stacks[seat] + deal.outcome().changes[seat] for seat in playing]
    text += f"finishing_stacks = {finishing}\n"
    if names:
        text += f"players = [{', '.join(_quoted(names[seat]) for seat in playing)}]\n"
    return text


def _dealt(deal: PokerDeal) -> set[int]:
    return {event.seat for event in deal.events if event.kind == "deal" and event.seat is not None}


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _fields(
    rules: PokerRules, code: str, stacks: list[int], lines: list[str], bring_in: int
) -> str:
    players = len(stacks)
    forced = rules.forced
    fields = [f'variant = "{code}"', f"antes = {_antes_field(rules, players)}"]
    if code in STUD:
        fields.append(f"bring_in = {bring_in}")
    else:
        blinds = [*forced.blinds, *([0] * (players - len(forced.blinds)))][:players]
        fields.append(f"blinds_or_straddles = {blinds}")
    limits = rules.limits
    if code in NO_LIMIT or code in POT_LIMIT:
        fields.append(f"min_bet = {limits.minimum}")
    else:
        sizes = limits.round_maximum or (limits.maximum,)
        fields += [f"small_bet = {sizes[0]}", f"big_bet = {sizes[-1]}"]
    fields.append(f"starting_stacks = {stacks}")
    quoted = ",\n".join(f'  "{line}"' for line in lines)
    fields.append(f"actions = [\n{quoted},\n]")
    return "\n".join(fields) + "\n"


def _antes_field(rules: PokerRules, players: int) -> list[int]:
    seats = rules.forced.ante_seats(players, players - 1)
    return [rules.forced.ante if seat in seats else 0 for seat in range(players)]


def _dealt_lines(events: Sequence[Event], number: dict[int, int]) -> list[str]:
    lines = []
    for event in events:
        if event.kind in ("deal", "draw") and event.cards and event.seat is not None:
            lines.append(f"d dh p{number[event.seat]} {phh_cards(event.cards)}")
        elif event.kind in ("board", "reveal") and event.cards:
            lines.append(f"d db {phh_cards(event.cards)}")
    return lines


def _shown_lines(deal: PokerDeal, number: dict[int, int]) -> list[str]:
    """The showdown: every player still in shows his cards (the cards speak)."""
    if len(deal.betting.in_hand) < 2:
        return []
    return [
        f"p{number[seat]} sm {phh_cards(deal.hands[seat].cards)}"
        for seat in clockwise(deal.ring, deal.left_of(deal.setup.dealer))
        if seat in deal.betting.in_hand and seat in number
    ]


def _notation(deal: PokerDeal, seat: int, number: int, action: TableAction) -> str:
    """The PHH notation of ``action`` by ``seat`` (PHH's ``p{number}``), before it is played."""
    actor = f"p{number}"
    match action:
        case Fold():
            return f"{actor} f"
        case Check() | Call():
            return f"{actor} cc"
        case Bet(amount):
            return f"{actor} cbr {amount}"
        case RaiseTo(total):
            return f"{actor} cbr {total}"
        case AllIn():
            current = deal.betting.round
            assert current is not None
            total = current.bets[seat] + deal.betting.stacks[seat]
            return f"{actor} cc" if total <= current.high else f"{actor} cbr {total}"
        case Discard(cards):
            return f"{actor} sd {phh_cards(cards)}" if cards else f"{actor} sd"
    raise IllegalAction(f"PHH has no notation for {action!r}")
