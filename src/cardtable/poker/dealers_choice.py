"""The dealer's choice between deals: the games the dealer may name and his own variants.

"Если все согласны играть по «выбору сдающего», последний выбирает вид игры" (Выбор
сдающего, 002_053e85955f9a4108.txt): never the limits or the deck.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardtable.engine.deal import Event, public_event
from cardtable.engine.game import Game
from cardtable.engine.match import MatchGame
from cardtable.engine.reading import parse_json
from cardtable.engine.rules import rules_from_mapping
from cardtable.errors import CardtableError, IllegalAction, RulesError
from cardtable.poker.actions import DealerChoice, TableAction
from cardtable.poker.rules import WILD_PRESETS
from cardtable.poker.seating import SeatingMatch
from cardtable.poker.table_rules import PokerRules
from cardtable.poker.variants import VariantSpec, check_variant
from cardtable.poker.view import PokerView


class ChoiceMatch(SeatingMatch):
    """A seated session whose dealer may name the next deal's game (``choose``, ``choose-own``).

    :class:`cardtable.poker.match.PokerMatch` dispatches these moves between deals.
    """

    def __init__(
        self,
        game: Game[TableAction, PokerView, PokerRules],
        rules: PokerRules,
        seats: Sequence[str],
        preset: str | None,
    ) -> None:
        super().__init__(game, rules, seats, preset)
        self.own_variants: dict[str, VariantSpec] = {}
        self._offered: tuple[tuple[int, int], list[str]] = ((-1, -1), [])
        """The dealer's choices offered, and the moment of the match they were listed at."""

    def variant(self) -> VariantSpec:
        """The variant of the next deal: the table's, or the one the dealer named."""
        choice = self.session.choice
        if choice is None:
            return self.rules.variant
        own = self.own_variants.get(choice.variant)
        return own if own is not None else chosen_variant(self.game, choice)

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

    def _why_not_choose(self, choice: DealerChoice) -> str | None:
        """A variant that is not dealt here, another deck, or no dealer's choice now."""
        try:
            spec = self.own_variants.get(choice.variant) or chosen_variant(self.game, choice)
        except IllegalAction as error:
            return str(error)
        if spec.hands.deck() != self.rules.variant.hands.deck():
            return "the dealer may not change the limits or the deck"
        return self.session.why_not_choose(choice)

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
