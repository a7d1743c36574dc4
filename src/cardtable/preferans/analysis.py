"""After the deal: which cards of a played deal cost a trick, by the double-dummy solver.

Players settle "could it have been made?" by laying the hands open. For every card of the play
of a contract (a game or a misère) the solver values each legal card of the hand to move; a
card worth less to its side than the best one cost the difference. In an all-pass (rule 29 of
001_776ed664a35a376f.txt) a card is judged paranoid: by the tricks its player must take if the
other two play against him. Tricks led by the talon and cards after a revoke are not judged:
the first are nobody's lead, and after a revoke the penalty (rules 33–36) decides.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.cards import Card
from cardtable.engine.deal import DealSetup
from cardtable.engine.record import Record
from cardtable.engine.registry import get_game
from cardtable.errors import CardtableError, RecordError
from cardtable.preferans.actions import Play
from cardtable.preferans.deal import PreferansDeal
from cardtable.preferans.solver import card_values, position_of_deal
from cardtable.preferans.tricks import sorted_cards


@dataclass(frozen=True)
class CardJudgement:
    """One card played: what it was worth and what the best card was worth.

    ``declarer_tricks`` and ``best_tricks`` are the declarer's tricks in the whole deal under
    best play after the card played and after the best card; ``cost`` is the tricks the card
    cost its own side (0 for a best card). In an all-pass (``paranoid``) the "declarer" is the
    player himself, the other two playing against him.
    """

    deal: int
    trick: int
    seat: int
    card: Card
    declarer_tricks: int
    best_tricks: int
    best: tuple[Card, ...]
    cost: int
    paranoid: bool = False


def _judge(deal: PreferansDeal, card: Card, number: int) -> CardJudgement | None:
    if deal.talon_lead is not None or deal.renonces:
        return None
    position, seats = position_of_deal(deal, player=deal.card_seat)
    values = card_values(position)
    if card not in values:
        return None  # a revoke: the penalty decides from here
    already = position.taken[position.declarer]
    maximising = (position.to_move == position.declarer) != position.misere
    best_value = max(values.values()) if maximising else min(values.values())
    played = values[card]
    return CardJudgement(
        deal=number,
        trick=deal.trick_number + 1,
        seat=seats[position.to_move],
        card=card,
        declarer_tricks=already + played,
        best_tricks=already + best_value,
        best=sorted_cards([c for c, v in values.items() if v == best_value]),
        cost=abs(played - best_value),
        paranoid=deal.contract is None,
    )


def judge_record(record: Record, only: int | None = None) -> list[CardJudgement]:
    """Every card played in a preferans record, judged double dummy (of deal ``only``, if named).

    The deals before ``only`` are replayed unjudged; those after it are not played.
    """
    game = get_game(record.game)
    if game.name != "preferans":
        raise RecordError(f"record: a {game.name} record, not a preferans one")
    rules = game.rules(record.preset, record.rules)
    match = game.new_match(rules, record.seats, record.preset)
    judged: list[CardJudgement] = []
    for number, entry in enumerate(record.deals[:only], start=1):
        judging = only is None or number == only
        for move in entry.before:
            match.apply_between(move)
        deal = match.start_deal_from(DealSetup(entry.dealer, entry.deck, entry.seed))
        assert isinstance(deal, PreferansDeal)
        for index, text in enumerate(entry.actions, start=1):
            action = game.parse_action(text)
            if judging and isinstance(action, Play) and deal.phase == "play":
                judgement = _judge(deal, action.card, number)
                if judgement is not None:
                    judged.append(judgement)
            try:
                match.apply(action)
            except CardtableError as error:
                raise RecordError(f"deal {number}, action {index} ({text!r}): {error}") from None
    return judged
