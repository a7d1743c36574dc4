"""Each game's fixed action space, and a deal's legal moves as numbers in it.

An agent picks a number in ``range(space.size)``. Most numbers stand for one move text
(``pass``, ``6♠``, ``play K♥``). Three kinds stand for more:

* **picks and done.** A move that is a set of cards (the preferans discard, the piquet
  exchange, a poker draw: the deal's :class:`~cardtable.engine.CardChoice`) is made as a run
  of single-card picks, ``pick C`` for each card, ended by ``done``. While a run is open only
  picks and ``done`` are legal: a pick while fewer than the choice's most cards are picked,
  ``done`` once the number picked is one the choice allows. ``done`` makes the choice's move
  (``discard 7♠ 9♥``), which the deal checks like any other. So 12 + 1 outputs stand for the
  piquet elder's 1,508 exchanges; the agent sees its picks so far in its observation.
* **amounts.** Where the deal lists several bets or raises (poker's landmarks of a range:
  docs/architecture.md), ``bet least``, ``bet middle`` and ``bet most`` are the smallest, the
  middle one and the largest listed, a bet or a raise as the round stands (one amount listed
  is ``bet least`` alone; two are the least and the most).
* the rest are the game's own move texts, as :meth:`Game.action_text` writes them.

>>> space = action_space("preferans")
>>> space.size, space.texts[:3], space.texts[-1]
(108, ('pass', 'mine', 'whist'), 'done')
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from functools import cache

from cardtable.cards import Card, DeckSpec
from cardtable.engine.choices import CardChoice
from cardtable.engine.registry import SomeGame, get_game
from cardtable.errors import CardtableError

PICK = "pick"
DONE = "done"
AMOUNTS = ("bet least", "bet middle", "bet most")
"""The slots of the bets and raises listed: the smallest, the middle one, the largest."""
AMOUNT_VERBS = ("bet", "raise")

_STRAINS = ("♠", "♣", "♦", "♥", "NT")
KNOWN_ACTIONS = 4_096
"""Actions whose number a space keeps (then it forgets them all and starts over)."""


class SpaceError(CardtableError):
    """A legal move has no number in its game's action space (or a number stands for none)."""


@dataclass(frozen=True)
class ActionSpace:
    """A game's fixed action space: the text of every number, and its deck for the picks."""

    game: str
    texts: tuple[str, ...]
    deck: tuple[Card, ...]
    index: dict[str, int] = field(init=False, repr=False, compare=False)
    numbers: dict[Hashable, int] = field(init=False, repr=False, compare=False)
    """The numbers of actions met before that stand for one text (not a choice's or an amount)."""
    amounts: dict[Hashable, int] = field(init=False, repr=False, compare=False)
    """The chips of the bets and raises met before (their slot depends on the others listed)."""
    turns: dict[tuple[Hashable, ...], Turn] = field(init=False, repr=False, compare=False)
    """The turns of legal lists met before with no card to pick (a game repeats most lists)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {text: n for n, text in enumerate(self.texts)})
        object.__setattr__(self, "numbers", {})
        object.__setattr__(self, "amounts", {})
        object.__setattr__(self, "turns", {})

    @property
    def size(self) -> int:
        """How many numbers there are."""
        return len(self.texts)

    def pick(self, card: Card) -> int:
        """The number of the pick of ``card``."""
        return self.index[f"{PICK} {card.text()}"]

    @property
    def done(self) -> int:
        """The number that ends a run of picks."""
        return self.index[DONE]


def _cards(deck: Sequence[Card], verb: str) -> list[str]:
    return [f"{verb} {card.text()}" for card in deck]


def _preferans() -> list[str]:
    bids = [f"{level}{strain}" for level in range(6, 11) for strain in _STRAINS]
    deck = DeckSpec.named("32").cards()
    return [
        *("pass", "mine", "whist", "half-whist", "open", "closed", "claim", "agree", "refuse"),
        *bids[:20],
        "misère",
        *bids[20:],
        *(f"{level} without talon" for level in range(6, 11)),
        *(f"misdeal {kind}" for kind in ("exposed", "count", "turn")),
        *_cards(deck, "play"),
        *_cards(deck, PICK),
        DONE,
    ]


def _piquet() -> list[str]:
    deck = DeckSpec.named("32").cards()
    ranks = [card.text()[:-1] for card in deck if card.suit is deck[0].suit]
    seats = [f"seat {seat}" for seat in range(3)]
    return [
        *("refuse talon", "look", "no look", "demand", "trust", "sink"),
        *("good", "not good", "equal", "correct", "capot"),
        *(f"declare point {n}" for n in range(1, 13)),
        *(f"declare sequence {n}" for n in range(3, 9)),
        *(f"declare {kind} {rank}" for kind in ("fourteen", "trio") for rank in ranks),
        *("deal", "redeal", "accept deal"),
        *(f"misdeal exposed {where}" for where in (*seats, "talon")),
        *(f"misdeal {kind} {seat}" for kind in ("extra", "short") for seat in seats),
        *(f"take {n}" for n in range(1, 6)),
        *_cards(deck, "play"),
        *_cards(deck, PICK),
        DONE,
    ]


def _poker() -> list[str]:
    deck = DeckSpec.named("54").cards()
    return [
        *("fold", "check", "call", "all-in", "freeze", "straddle", "no straddle"),
        *(f"declare {side}" for side in ("high", "low", "both")),
        "stand pat",
        *AMOUNTS,
        *_cards(deck, "expose"),
        *_cards(deck, "wild"),
        *_cards(deck, PICK),
        DONE,
    ]


_SPACES = {
    "preferans": (_preferans, "32"),
    "piquet": (_piquet, "32"),
    "poker": (_poker, "54"),
}


@cache
def action_space(game: str) -> ActionSpace:
    """The fixed action space of ``game`` (its registry name or an alias)."""
    name = get_game(game).name
    if name not in _SPACES:
        raise SpaceError(f"{name} has no action space for learning agents")
    make, deck = _SPACES[name]
    return ActionSpace(name, tuple(make()), DeckSpec.named(deck).cards())


@dataclass
class Turn:
    """The moves of one decision as numbers: what each legal number plays.

    ``moves`` maps a number to the legal action it plays now; the picks of an open run map
    to nothing (they only add to :attr:`picked`). Built by :func:`turn` from the deal's legal
    actions, its choices and the cards picked so far.
    """

    moves: dict[int, Hashable]
    picks: dict[int, Card]
    done: Hashable | None
    picked: tuple[Card, ...]

    _mask: bytes = field(default=b"", init=False, repr=False, compare=False)

    @property
    def legal(self) -> list[int]:
        """Every legal number, ascending."""
        numbers = [*self.moves, *self.picks]
        return sorted(numbers)

    def mask(self, size: int) -> bytes:
        """The legal numbers of a space of ``size`` as a byte each, 1 where legal.

        Worked out once: a turn is shared by every position with the same legal list.
        """
        if len(self._mask) != size:
            mask = bytearray(size)
            for number in [*self.moves, *self.picks]:  # a few: cheaper than a numpy index
                mask[number] = 1
            self._mask = bytes(mask)
        return self._mask


def turn(
    game: SomeGame,
    space: ActionSpace,
    legal: Sequence[Hashable],
    choices: Sequence[CardChoice],
    picked: tuple[Card, ...] = (),
) -> Turn:
    """The numbers legal now, given the deal's ``legal`` actions and ``choices``.

    With cards ``picked`` in an open run, only further picks and ``done`` are legal. A turn
    without choices is shared by every position with the same legal list: do not change it.
    """
    if not choices and not picked:  # nothing to pick: the numbers depend on the legal list alone
        key = tuple(legal)
        known = space.turns.get(key)
        if known is None:
            known = Turn(_numbered(game, space, legal, choices), {}, None, ())
            if len(space.turns) >= KNOWN_ACTIONS:
                space.turns.clear()
            space.turns[key] = known
        return known
    picks, done = _picks(game, space, choices, picked)
    if picked:
        moves: dict[int, Hashable] = {}
        if done is not None:
            moves[space.done] = done
        return Turn(moves, picks, done, picked)
    moves = _numbered(game, space, legal, choices)
    return Turn(moves, picks, None, picked)


def _numbered(
    game: SomeGame, space: ActionSpace, legal: Sequence[Hashable], choices: Sequence[CardChoice]
) -> dict[int, Hashable]:
    moves: dict[int, Hashable] = {}
    amounts: list[tuple[int, Hashable]] = []
    verbs = {choice.verb for choice in choices}
    known, chips = space.numbers, space.amounts
    for action in legal:
        number = known.get(action)
        if number is not None:
            moves[number] = action
            continue
        amount = chips.get(action)
        if amount is not None:
            amounts.append((amount, action))
            continue
        text = game.action_text(action)
        verb, _, rest = text.partition(" ")
        if verbs and verb in verbs and any(choice.builds(text) for choice in choices):
            continue
        if verb in AMOUNT_VERBS and space.game == "poker":
            amount = int(rest.rsplit(" ", 1)[-1])
            amounts.append((amount, action))
            _keep(chips, action, amount)
            continue
        number = space.index.get(text)
        if number is None:
            raise SpaceError(f"the {space.game} action space has no number for {text!r}")
        moves[number] = action
        _keep(known, action, number)
    if amounts:
        amounts.sort(key=lambda item: item[0])
        ends = {0: amounts[0][1]}
        if len(amounts) > 1:
            ends[2] = amounts[-1][1]
        if len(amounts) > 2:
            ends[1] = amounts[len(amounts) // 2][1]
        for slot, action in ends.items():
            moves[space.index[AMOUNTS[slot]]] = action
    return moves


def _keep(known: dict[Hashable, int], action: Hashable, number: int) -> None:
    """Remember ``action``'s ``number`` (forgetting all when ``known`` is full)."""
    if len(known) >= KNOWN_ACTIONS:
        known.clear()
    known[action] = number


def _picks(
    game: SomeGame, space: ActionSpace, choices: Sequence[CardChoice], picked: tuple[Card, ...]
) -> tuple[dict[int, Card], Hashable | None]:
    """The cards that may be picked next, and the move ``done`` makes now (if any)."""
    picks: dict[int, Card] = {}
    done: Hashable | None = None
    chosen = set(picked)
    for choice in choices:
        offered = set(choice.cards)
        if not chosen <= offered:
            continue
        if len(picked) < choice.most:
            for card in choice.cards:
                if card not in chosen:
                    picks.setdefault(space.pick(card), card)
        if picked and done is None and len(picked) in choice.counts:
            done = game.parse_action(choice.text(picked))
    return picks, done


def numbers_of(
    game: SomeGame,
    space: ActionSpace,
    action: Hashable,
    legal: Sequence[Hashable],
    choices: Sequence[CardChoice],
) -> list[int]:
    """The numbers that play the legal ``action``: its picks and ``done``, or its one number.

    This is how a cardtable bot's move is played at a table of numbers.
    """
    text = game.action_text(action)
    for choice in choices:
        if choice.builds(text):
            words = set(text.split()[1:])
            picks = [space.pick(card) for card in choice.cards if card.text() in words]
            return [*picks, space.done]
    numbered = turn(game, space, legal, choices).moves
    for number, move in numbered.items():
        if move == action:
            return [number]
    raise SpaceError(f"{text!r} is no legal move with a number now")
