"""A poker session as a match: the ledger, the rotation of the deal, the moves between deals."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from cardtable.cards import Card, Rank, cards_text
from cardtable.engine.deal import Deal, DealSetup, Event, Value, public_event
from cardtable.engine.game import Game
from cardtable.engine.match import Match, MatchGame
from cardtable.engine.reading import parse_json
from cardtable.engine.rules import rules_from_mapping
from cardtable.errors import CardtableError, IllegalAction, RulesError
from cardtable.poker.actions import (
    BetweenMove,
    Buy,
    ChooseOwn,
    DealerChoice,
    FirstDealer,
    Hour,
    Join,
    Leave,
    SeatByCards,
    Sell,
    TableAction,
    TimeUp,
    parse_between,
)
from cardtable.poker.deal import PokerDeal
from cardtable.poker.judge import CardJudge, HandJudge
from cardtable.poker.ledger import Ledger
from cardtable.poker.openers import PROGRESSION
from cardtable.poker.outcome import PokerOutcome
from cardtable.poker.rules import WILD_PRESETS
from cardtable.poker.session import (
    Seating,
    Session,
    first_dealer_by_jack,
    seat_by_cards,
)
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import VariantSpec, check_variant
from cardtable.poker.view import PokerView

SEED = "002_053e85955f9a4108.txt"


class PokerMatch(Match[TableAction, PokerView, PokerRules]):
    """A session of deals with the ledger, the rotation of the deal and the special deals.

    The match's seats are the chairs in clockwise order. With ``session.waiting`` the last
    chairs are empty at the start; their players sit down between deals (``join NAME``).
    """

    def __init__(
        self,
        game: Game[TableAction, PokerView, PokerRules],
        rules: PokerRules,
        seats: Sequence[str],
        preset: str | None,
        judge: CardJudge | None = None,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        spec = check_variant(rules.variant)
        if not spec.players_min <= len(seats) <= spec.players_max:
            raise IllegalAction(
                f"{spec.title} is played by {spec.players_min} to {spec.players_max} players, "
                f"not {len(seats)}"
            )
        self.judge = judge
        self.unopened = 0
        waiting = min(rules.session.waiting, len(seats) - 2)
        present = list(seats[: len(seats) - waiting])
        self.session = Session(present, 0, rules.session, rules.limits, rules.house)
        for name in seats:
            self.session.ledger.join(name)
        for name in present:
            self.session.ledger.buy(name, self._stake())
        self._judges: dict[VariantSpec, CardJudge] = {}
        self.own_variants: dict[str, VariantSpec] = {}
        self._offered: tuple[tuple[int, int], list[str]] = ((-1, -1), [])
        """The dealer's choices offered, and the moment of the match they were listed at."""
        self.time_up = False
        """Whether the agreed end of the session has come (the move ``time-up``)."""
        self.by_cards = rules.session.seating is Seating.CARDS
        self.seated = not self.by_cards
        """Whether the seats are taken: at once at random, or by cards before the first deal."""

    def order(self) -> list[int]:
        """The seats of the players at the table, clockwise: the session's seating."""
        return [self.seats.index(name) for name in self.session.seating]

    def _shuffled(self, salt: str) -> list[Card]:
        """The table's deck shuffled for dealing seats: chance from the recorded ``salt``."""
        deck = list(self.deck())
        random.Random(salt).shuffle(deck)
        return deck

    def _seat_by_cards(self, cards: Sequence[Card]) -> list[Event]:
        """The first dealer deals a card face up to each other player and they sit by them.

        "По кругу сдает по одной карте в открытую, начиная с игрока слева от себя. Игрок с
        самой младшей картой садится слева от сдающего ..." (Места за столом).
        """
        session = self.session
        dealer = session.dealer_name
        others = [name for name in self.session.from_dealers_left() if name != dealer]
        if len(cards) != len(others):
            raise IllegalAction(
                f"deal one card to each of the {len(others)} players but the dealer"
            )
        self._check_cards(cards)
        session.seating = seat_by_cards(dealer, others, cards)
        session.dealer = 0
        self.seated = True
        events = self._dealt_face_up(others, cards)
        text = "the players sit clockwise: " + ", ".join(session.seating)
        names = ", ".join(session.seating)
        return [*events, public_event("seat", None, text, key="seating", values={"names": names})]

    def _dealt_face_up(self, names: Sequence[str], cards: Sequence[Card]) -> list[Event]:
        # The seating's public events: each of ``names`` dealt his card face up, in turn.
        return [
            public_event(
                "seat",
                self.seats.index(name),
                f"{name} is dealt face up",
                [card],
                key="seat-card",
                values={"name": name},
            )
            for name, card in zip(names, cards, strict=True)
        ]

    def _check_cards(self, cards: Sequence[Card]) -> None:
        deck = self.deck()
        if len(set(cards)) != len(cards) or any(card not in deck for card in cards):
            raise IllegalAction(f"not cards of one deck of this table: {cards_text(cards)}")

    def _stake(self) -> int:
        limits = self.rules.limits
        return limits.freeze_out_stake if limits.freeze_out else self.rules.stake

    @property
    def ledger_book(self) -> Ledger:
        """The banker's ledger of this session."""
        return self.session.ledger

    def _playing(self) -> list[bool]:
        ledger = self.session.ledger
        chips = self.rules.limits.chips_limit_bets
        return [
            name in self.session.players and (ledger.stacks[name] > 0 or not chips)
            for name in self.seats
        ]

    @property
    def is_over(self) -> bool:
        """Whether the session has ended.

        After the agreed deals or time, when a freeze-out is won, or when fewer than two can
        play.
        """
        if self.current is not None:
            return False
        enough = self.rules.deals and len(self.deals) >= self.rules.deals
        return bool(enough) or self.time_up or self.session.is_over or sum(self._playing()) < 2

    def next_dealer(self) -> int:
        """The seat of the session's next dealer."""
        return self.seats.index(self.session.dealer_name)

    def deck(self) -> tuple[Card, ...]:
        """The table's deck (fifty-two cards, with jokers or stripped if the variant says)."""
        return self.rules.variant.hands.deck().cards()

    def variant(self) -> VariantSpec:
        """The variant of the next deal: the table's, or the one the dealer named."""
        choice = self.session.choice
        if choice is None:
            return self.rules.variant
        own = self.own_variants.get(choice.variant)
        return own if own is not None else chosen_variant(self.game, choice)

    def _judge(self, spec: VariantSpec) -> CardJudge:
        if self.judge is not None:
            return self.judge
        # One lookup: hashing a whole variant is dear, and a new match asks on its first deal.
        judge = self._judges.get(spec)
        if judge is None:
            judge = self._judges[spec] = HandJudge(spec.hands, spec.low_qualifier)
        return judge

    def _new_deal(self, setup: DealSetup) -> PokerDeal:
        prelude: list[Event] = []
        if not self.seated:
            # Seats by cards not dealt by hand (``seat CARDS``) are dealt here, from a deck
            # shuffled by the first deal's recorded seed, so that a record replays them.
            prelude = self._seat_by_cards(self._shuffled(f"seating {setup.seed}")[: self._others()])
        ledger = self.session.ledger
        terms = self.session.terms()
        antes = [terms.jackpot_antes.get(name, 0) for name in self.seats]
        spec = self.variant()
        rules = self.rules if spec == self.rules.variant else replace(self.rules, variant=spec)
        openers = None
        if spec.openers != "any":
            step = self.unopened % len(PROGRESSION) if spec.progressive_openers else 0
            openers = PROGRESSION[step]
            if step and spec.progressive_doubles:
                terms = replace(terms, factor=terms.factor * 2)
        return PokerDeal(
            len(self.seats),
            setup,
            rules,
            self._judge(spec),
            stacks=[ledger.stacks[name] for name in self.seats],
            in_deal=self._playing(),
            terms=terms,
            carried=ledger.pot,
            jackpot_antes=antes,
            openers=openers,
            order=self.order(),
            prelude=prelude,
        )

    def _others(self) -> int:
        """How many players besides the dealer are at the table."""
        return len(self.session.seating) - 1

    def _book(self, deal: Deal[TableAction, PokerView]) -> list[Event]:
        outcome = deal.outcome()
        assert isinstance(outcome, PokerOutcome)
        ledger = self.session.ledger
        self.unopened = self.unopened + 1 if outcome.void else 0
        changes = dict(zip(self.seats, outcome.changes, strict=True))
        ledger.move(
            changes,
            kitty=outcome.kitty,
            house=outcome.rake,
            pot=outcome.carried - ledger.pot,
        )
        events = []
        for seat in outcome.bonus_seats:
            paid = ledger.pay_bonus(self.seats[seat], self.session.players)
            amount = sum(paid.values())
            said = {"seat": seat, "amount": amount}
            events.append(
                public_event(
                    "bonus", seat, f"seat {seat} collects {amount}", key="bonus", values=said
                )
            )
        unopposed = outcome.won_unopposed_by
        self.session.finish_deal(
            best_category=outcome.best_category,
            won_unopposed_by=None if unopposed is None else self.seats[unopposed],
        )
        if self.is_over and ledger.kitty:
            ledger.share_kitty(self.session.players)
            events.append(public_event("kitty", None, "the kitty is shared", key="kitty"))
        return events

    def between_turn(self) -> int | None:
        """The dealer, while the next deal waits for him to name its game (dealer's choice).

        "Если все согласны играть по «выбору сдающего», последний выбирает вид игры"
        (Выбор сдающего): at a table that agreed it, the dealer names his deal's game (or the
        round's) before he deals. Seats taken by cards are dealt first, with the first deal.
        """
        if self.current is not None or self.is_over or not self.seated:
            return None
        if self.session.why_not_choose(DealerChoice(self.preset or "")) is not None:
            return None
        return self.next_dealer()

    def between_moves(self, seat: int) -> list[str]:
        """The dealer's choices of a shipped variant, the table's own first (``choose NAME``).

        Only variants of the table's deck and for the players at the table are offered, as
        the choice may not change the deck (Выбор сдающего); wild cards and the dealer's own
        variants are typed (``choose NAME wild CARDS``, ``choose-own JSON``).
        """
        if seat != self.between_turn():
            return []
        moment = (len(self.deals), len(self.between[-1]))
        if self._offered[0] != moment:
            self._offered = (moment, self._choices_offered())
        return list(self._offered[1])

    def offers_between(self, seat: int, text: str) -> bool:
        """Whether ``seat`` may send ``text`` now: an offered move or the dealer's own variant.

        The awaited dealer's own variant (``choose-own JSON``) is in no list of moves; like
        any other it is then checked whole by :meth:`apply_between`.
        """
        if text.startswith("choose-own ") and seat == self.between_turn():
            return True
        return super().offers_between(seat, text)

    def _choices_offered(self) -> list[str]:
        """Every game the dealer may name, the table's own first, then his own variants.

        Then each game again with each of the seed's common wild cards ("Он назначает любые
        козыри"; Козырные карты).
        """
        names = sorted(self.game.presets, key=lambda name: (name != self.preset, name))
        players = len(self.session.players)
        plain: list[str] = []
        wild: list[str] = []
        for name in names:
            choice = DealerChoice(name)
            if self._why_not_choose(choice) is not None:
                continue
            spec = chosen_variant(self.game, choice)
            if spec.players_min <= players <= spec.players_max:
                plain.append(choice.text())
                wild.extend(self._wild_choices(name))
        own = [DealerChoice(name).text() for name in self.own_variants]
        return plain + own + wild

    def _wild_choices(self, name: str) -> list[str]:
        offered = (DealerChoice(name, preset) for preset in WILD_PRESETS)
        return [choice.text() for choice in offered if self._why_not_choose(choice) is None]

    def _do_between(self, action_text: str) -> list[Event]:
        """A move between deals (:data:`~cardtable.poker.actions.BetweenMove`): read, then played.

        ``buy NAME N`` and ``sell NAME N`` (the banker), ``hour`` (the house's hourly
        charge), ``time-up``, ``join NAME [CARDS]``, ``seat CARDS``, ``leave NAME``,
        ``first-dealer CARDS``, ``choose VARIANT [wild ...]`` (the dealer's choice, "Выбор
        сдающего", never the limits or the deck) and ``choose-own JSON``. A move
        :meth:`why_not_between` refuses raises :class:`~cardtable.errors.IllegalAction`.
        """
        move = parse_between(action_text)
        reason = self.why_not_between(move)
        if reason is not None:
            raise IllegalAction(reason)
        return self._play_between(move)

    def why_not_between(self, move: BetweenMove) -> str | None:
        """Why ``move`` may not be played between deals now, or ``None`` if it may."""
        ledger = self.session.ledger
        match move:
            case Buy(name, chips):
                return ledger.why_not_buy(name, chips)
            case Sell(name, chips):
                return ledger.why_not_sell(name, chips, leaving=False)
            case TimeUp():
                return (
                    None
                    if self.rules.session.length_minutes
                    else "no end time was agreed at this table"
                )
            case Join(name, cards):
                return self._why_not_join(name, cards)
            case Leave(name):
                return None if name in self.session.seating else f"{name} is not playing"
            case SeatByCards():
                return self._why_not_seat()
            case FirstDealer():
                return self._why_not_first_dealer()
            case DealerChoice():
                return self._why_not_choose(move)
            case ChooseOwn(variant_json):
                return self._why_not_choose_own(variant_json)
        return None

    def _play_between(self, move: BetweenMove) -> list[Event]:
        ledger = self.session.ledger
        match move:
            case Buy(name, chips):
                ledger.buy(name, chips)
                return [_chips_event("buy", name, chips)]
            case Sell(name, chips):
                ledger.sell(name, chips)
                return [_chips_event("sell", name, chips)]
            case TimeUp():
                return self._time_up()
            case Hour():
                charge = ledger.charge_hour(self.session.players)
                text = f"the house charges {charge} for the hour"
                return [public_event("hour", None, text, key="hour", values={"amount": charge})]
            case Join(name, cards):
                return self._join(name, cards)
            case SeatByCards(cards):
                return self._seat_by_cards(cards)
            case Leave(name):
                chips = self.session.leave(name)
                text = f"{name} leaves with {chips} chips"
                return [
                    public_event(
                        "leave", None, text, key="leave", values={"name": name, "chips": chips}
                    )
                ]
            case FirstDealer(cards):
                return self._first_dealer(cards)
            case ChooseOwn(variant_json):
                return self._choose_own(variant_json)
            case DealerChoice():
                self.session.choose(move)
                named = move.text().removeprefix("choose ")
                return [
                    public_event(
                        "choose",
                        None,
                        f"the dealer chooses {named}",
                        key="choose",
                        values={"variant": named},
                    )
                ]

    def _why_not_choose(self, choice: DealerChoice) -> str | None:
        """A variant that is not dealt here, another deck, or no dealer's choice now."""
        try:
            spec = self.own_variants.get(choice.variant) or chosen_variant(self.game, choice)
        except IllegalAction as error:
            return str(error)
        if spec.hands.deck() != self.rules.variant.hands.deck():
            return "the dealer may not change the limits or the deck"
        return self.session.why_not_choose(choice)

    def _time_up(self) -> list[Event]:
        """The agreed end of the session has come: it ends now, strictly, between deals.

        "Перед началом игры следует договориться о времени ее окончания и строго его
        соблюдать" (Продолжительность игры); the kitty is then shared among those present.
        """
        self.time_up = True
        events = [
            public_event("time-up", None, "the agreed time is up: the session ends", key="time-up")
        ]
        ledger = self.session.ledger
        if ledger.kitty:
            ledger.share_kitty(self.session.players)
            events.append(public_event("kitty", None, "the kitty is shared", key="kitty"))
        return events

    def _choose_own(self, text: str) -> list[Event]:
        """The dealer names his own variant, written as the JSON of a ``[rules.variant]`` table.

        "Любой новый и легко объяснимый вариант, который разработал он сам".
        """
        spec = own_variant(text)
        self.session.choose(DealerChoice(spec.name))
        self.own_variants[spec.name] = spec
        text = f"the dealer chooses his own {spec.title}"
        return [
            public_event("choose", None, text, key="choose-own", values={"variant": spec.title})
        ]

    def _why_not_choose_own(self, text: str) -> str | None:
        """Unreadable, another deck, a shipped variant's name, or no dealer's choice now."""
        try:
            spec = own_variant(text)
        except IllegalAction as error:
            return str(error)
        if spec.hands.deck() != self.rules.variant.hands.deck():
            return "the dealer may not change the limits or the deck"
        if spec.name in self.game.presets:
            return f"{spec.name!r} is a shipped variant; name your own otherwise"
        return self.session.why_not_choose(DealerChoice(spec.name))

    def _join(self, name: str, cards: tuple[Card, ...]) -> list[Event]:
        """A player sits down between deals and buys the stake.

        At random seating he takes his own chair. By cards, once the seats are taken, the
        dealer deals a card face up to every player at the table (from his left) and the
        newcomer sits left of the lowest ("новый игрок занимает место слева от игрока с самой
        младшей картой"); ``cards`` are those dealt, or, if none are written, they come from
        the deck shuffled by the last deal's recorded seed. Before the seats are taken by
        cards he simply joins the players who will draw for them.
        """
        session = self.session
        dealer = session.dealer_name
        events: list[Event] = []
        if self.by_cards and self.seated:
            events = self._seat_newcomer(name, cards)
        elif self.by_cards:
            session.seating = [*session.seating, name]
        else:
            session.seating = [
                seat for seat in self.seats if seat in session.seating or seat == name
            ]
        session.dealer = session.seating.index(dealer)
        session.ledger.buy(name, self._stake())
        text = f"{name} sits down and buys {self._stake()} chips"
        said: dict[str, Value] = {"name": name, "chips": self._stake()}
        return [
            *events,
            public_event("join", self.seats.index(name), text, key="join", values=said),
        ]

    def _why_not_join(self, name: str, cards: tuple[Card, ...]) -> str | None:
        """No chair, already seated, a freeze-out under way, no stake, or cards not asked for."""
        session = self.session
        if name not in self.seats:
            return f"{name} has no chair at this table"
        if name in session.seating or name in session.out:
            return f"{name} has already sat down at this table"
        if self.rules.limits.freeze_out and session.deals:
            return "nobody joins a freeze-out once it has started"
        reason = session.ledger.why_not_buy(name, self._stake())
        if reason is not None:
            return reason
        if cards and not (self.by_cards and self.seated):
            return "a newcomer is dealt a card only once the seats are taken by cards"
        return None

    def _seat_newcomer(self, name: str, dealt: tuple[Card, ...]) -> list[Event]:
        """Deal a card face up to each player at the table; seat ``name`` left of the lowest."""
        players = self.session.from_dealers_left()
        if dealt:
            cards = list(dealt)
        elif self.deals:
            cards = self._shuffled(f"join {name} {self.deals[-1].setup.seed}")[: len(players)]
        else:
            raise IllegalAction(f"write the cards dealt to the players: join {name} CARDS")
        if len(cards) != len(players):
            raise IllegalAction(f"deal one card to each of the {len(players)} players at the table")
        self._check_cards(cards)
        self.session.join(name, cards)
        events = self._dealt_face_up(players, cards)
        seating = self.session.seating
        neighbour = seating[seating.index(name) - 1]
        said = {"name": name, "neighbour": neighbour}
        return [
            *events,
            public_event(
                "seat", None, f"{name} sits left of {neighbour}", key="sits-left", values=said
            ),
        ]

    def _why_not_seat(self) -> str | None:
        """``seat CARDS`` only where seats go by cards, and once, before the first deal."""
        if not self.by_cards:
            return "this table agreed to take its seats at random"
        if self.seated or self.deals:
            return "the seats are taken once, before the first deal"
        return None

    def _why_not_first_dealer(self) -> str | None:
        """The first dealer is chosen before the first deal and before the seats by cards."""
        if self.deals:
            return "the first dealer is chosen before the first deal"
        if self.by_cards and self.seated:
            return "the first dealer is chosen before the seats are taken by cards"
        return None

    def _first_dealer(self, cards: tuple[Card, ...]) -> list[Event]:
        """Cards dealt face up from the first chair: the first jack's holder deals first."""
        players = self.session.seating
        place = first_dealer_by_jack(cards, len(players), 0)
        if any(card.rank is Rank.JACK for card in cards[:-1]):
            raise IllegalAction("dealing stops at the first jack")
        self.session.dealer = place
        name = players[place]
        text = f"{name} gets the first jack and deals"
        return [
            public_event(
                "first-dealer", None, text, cards, key="first-dealer", values={"name": name}
            )
        ]

    def sheet_figures(self, deal: int) -> dict[str, Any]:
        """Deal ``deal``'s stacks and bets as everyone sees them, for its pots and side pots.

        The public view's stacks (once the deal is over, with the pots paid), the chips each
        seat has put in, who folded and who is all in; nothing before a deal.
        """
        shown = self.deals[deal - 1] if deal else None
        if not isinstance(shown, PokerDeal):
            return {"kind": "pots", "betting": None}
        betting = shown.betting
        return {
            "kind": "pots",
            "betting": {
                "stacks": list(shown.public_view().stacks),
                "pot": betting.pot,
                "dead": betting.dead,
                "contributed": list(betting.contributed),
                "folded": list(betting.folded),
                "all_in": list(betting.all_in),
            },
        }

    def ledger(self) -> dict[str, Fraction]:
        """Every account: players, kitty, house and the pot carried between deals."""
        return {name: Fraction(value) for name, value in self.session.ledger.balance().items()}


def _chips_event(kind: str, name: str, chips: int) -> Event:
    # "buy" or "sell": the public event of ``name`` buying or selling ``chips`` at the bank.
    return public_event(
        kind, None, f"{name} {kind}s {chips} chips", key=kind, values={"name": name, "chips": chips}
    )


def own_variant(text: str) -> VariantSpec:
    """Read a dealer's own variant from the JSON of a ``[rules.variant]`` table."""
    try:
        data = parse_json(text, what="the dealer's variant")
    except CardtableError as error:
        raise IllegalAction(str(error)) from None
    try:
        return check_variant(rules_from_mapping(VariantSpec, data, where="dealer's variant"))
    except RulesError as error:
        raise IllegalAction(str(error)) from None


def chosen_variant(game: MatchGame[TableAction, PokerRules], choice: DealerChoice) -> VariantSpec:
    """The variant a dealer names: a shipped one by name, with his wild cards if any."""
    try:
        spec: VariantSpec = game.rules(choice.variant).variant
    except (RulesError, IllegalAction, ValueError) as error:
        raise IllegalAction(f"no variant {choice.variant!r} is dealt here: {error}") from None
    if choice.wild:
        hands = replace(spec.hands, wild=tuple(choice.wild.split()))
        try:
            spec = check_variant(replace(spec, hands=hands))
        except RulesError as error:
            raise IllegalAction(str(error)) from None
    return spec
