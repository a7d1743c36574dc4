"""The English sentence of every poker event, by its key (the phrase book).

An event's ``text`` is ``PHRASES[event.key].format_map(event.values)``; a page says the same
key and values in its own language (docs/web.md, "Events in the page's language"). The poker
engine still writes its sentences itself (its event making is on the hot path of the table);
``tests/test_event_phrases.py`` checks that the two agree for every event of every preset.
"""

from __future__ import annotations

from cardtable.engine.deal import Value

BETS: dict[str, str] = {
    "folds": "seat {seat} folds",
    "checks": "seat {seat} checks",
    "calls": "seat {seat} calls {amount}",
    "calls-all-in": "seat {seat} calls {amount} all-in",
    "bets": "seat {seat} bets {amount}",
    "raises": "seat {seat} raises to {amount}",
    "all-in": "seat {seat} goes all-in for {amount}",
    "no-straddle": "seat {seat} does not straddle",
    "straddles": "seat {seat} straddles {amount} blind",
    "freezes": "seat {seat} freezes the raising at {amount}",
}
"""Each bet's key and its English template: the betting's own sentences
(:meth:`cardtable.poker.betting.round.Betting.play`)."""

_BET_VERBS = {
    "folds": "folds",
    "checks": "checks",
    "calls": "calls",
    "bets": "bets",
    "raises": "raises",
    "goes": "all-in",
    "does": "no-straddle",
    "straddles": "straddles",
    "freezes": "freezes",
}

PHRASES: dict[str, str] = BETS | {
    "ante": "seat {seat} antes {amount}",
    "ante-jackpot": "seat {seat} antes {amount} (jackpot)",
    "blind": "seat {seat} posts a blind of {amount}",
    "round": "betting round {round}",
    "bring-in": "seat {seat} brings it in for {amount}",
    "declare": "seat {seat} declares {side}",
    "declare-chip": "seat {seat} holds a chip in his hand",
    "chips-shown": "the chips are shown: {sides}",
    "declarations": "declarations, from the dealer's left",
    "reshuffle": "the dealer shuffles the bottom card with the discards and deals on",
    "draw": "the draw",
    "burn": "the dealer burns a card",
    "stands-pat": "seat {seat} stands pat",
    "discards": "seat {seat} discards {count}",
    "draws": "seat {seat} draws {count}",
    "void": "everyone checked: the deal is void",
    "board-turned": "the board is turned up",
    "shows": "seat {seat} shows {hand}",
    "openers": "seat {seat} proves his openers",
    "wins": "seat {seat} wins {amount} ({pot})",
    "wins-with": "seat {seat} wins {amount} ({pot}) with {hand}",
    "wins-side-with": "seat {seat} wins {amount} ({pot}, {side}) with {hand}",
    "too-few": "too few cards for everyone: one card face up to the centre, for all",
    "dealt": "seat {seat} is dealt {count}",
    "dealt-up": "seat {seat} is dealt face up",
    "board-down": "{count} cards to the centre, down",
    "board-up": "cards to the centre, face up",
    "dealer-turns": "the dealer turns up",
    "keeps-down": "seat {seat} keeps his cards down",
    "expose": "every player turns up a card",
    "turns-up": "seat {seat} turns up a card",
    "names-wild": "seat {seat} names his wild card",
    "wild": "every player names a hole card wild",
    "lowball": "nobody opened: the deal is played as lowball",
    "seat-card": "{name} is dealt face up",
    "seating": "the players sit clockwise: {names}",
    "bonus": "seat {seat} collects {amount}",
    "kitty": "the kitty is shared",
    "buy": "{name} buys {chips} chips",
    "sell": "{name} sells {chips} chips",
    "hour": "the house charges {amount} for the hour",
    "leave": "{name} leaves with {chips} chips",
    "choose": "the dealer chooses {variant}",
    "choose-own": "the dealer chooses his own {variant}",
    "time-up": "the agreed time is up: the session ends",
    "join": "{name} sits down and buys {chips} chips",
    "sits-left": "{name} sits left of {neighbour}",
    "first-dealer": "{name} gets the first jack and deals",
}
"""Each poker event key and its English template."""


def bet_said(seat: int, text: str) -> tuple[str, dict[str, Value]]:
    """The key and values of the betting's sentence ``text`` of ``seat``'s bet (:data:`BETS`).

    The betting writes each bet's sentence itself (on the hot path of the table); its verb
    names the key and its one number is the amount.

    >>> bet_said(2, "seat 2 raises to 40")
    ('raises', {'seat': 2, 'amount': 40})
    >>> bet_said(0, "seat 0 calls 7 all-in")
    ('calls-all-in', {'seat': 0, 'amount': 7})
    """
    words = text.split()
    key = _BET_VERBS[words[2]]
    if key == "calls" and words[-1] == "all-in":
        key = "calls-all-in"
    values: dict[str, Value] = {"seat": seat}
    amounts = [int(word) for word in words[3:] if word.isdigit()]
    if amounts:
        values["amount"] = amounts[0]
    return key, values
