"""Random hands played by PokerKit, written as PHH: the other side of the PHH tests.

PokerKit deals and plays each hand itself (its automations deal the cards, post the forced
bets and show down), a seeded chooser picks among the moves PokerKit allows, and the hand is
written with PokerKit's own ``HandHistory``. The tests then read the text at the table.
"""

from __future__ import annotations

import random
from typing import Any

pokerkit = __import__("pytest").importorskip("pokerkit")

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_DEALING,
    pokerkit.Automation.BOARD_DEALING,
    pokerkit.Automation.RUNOUT_COUNT_SELECTION,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)

BLINDS = {"blinds": (1, 2), "min_bet": 2}
FIXED = {"blinds": (1, 2), "small_bet": 2, "big_bet": 4}
STUD = {"bring_in": 1, "small_bet": 2, "big_bet": 4}
GAMES: dict[str, tuple[str, dict[str, Any], int]] = {
    "NT": ("NoLimitTexasHoldem", BLINDS, 9),
    "FT": ("FixedLimitTexasHoldem", FIXED, 9),
    "PO": ("PotLimitOmahaHoldem", BLINDS, 9),
    "F7S": ("FixedLimitSevenCardStud", STUD, 7),
    "F7S/8": ("FixedLimitSevenCardStudHighLowSplitEightOrBetter", STUD, 7),
    "FR": ("FixedLimitRazz", STUD, 7),
    "N2L1D": ("NoLimitDeuceToSevenLowballSingleDraw", BLINDS, 6),
    "F2L3D": ("FixedLimitDeuceToSevenLowballTripleDraw", FIXED, 6),
}
"""PokerKit's game for each PHH code the table plays, its forced bets, and most players.

``FO/8`` is left out: PokerKit 0.7's ``FixedLimitOmahaHoldemHighLowSplitEightOrBetter``
derives from its pot-limit mixin, so the hands it plays are not fixed-limit ones; the
fixed-limit Omaha high-low hands of tests/vectors/poker/phh are real ones instead.
"""


def _game(code: str, antes: int) -> Any:
    name, forced, _ = GAMES[code]
    cls = getattr(pokerkit, name)
    if "bring_in" in forced:
        return cls(
            AUTOMATIONS, True, antes, forced["bring_in"], forced["small_bet"], forced["big_bet"]
        )
    if "min_bet" in forced:
        return cls(AUTOMATIONS, True, antes, forced["blinds"], forced["min_bet"])
    return cls(AUTOMATIONS, True, antes, forced["blinds"], forced["small_bet"], forced["big_bet"])


def _move(state: Any, rng: random.Random) -> None:
    """One move PokerKit allows, chosen by ``rng`` (folds rare, so hands reach showdowns)."""
    if state.can_stand_pat_or_discard():
        hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
        state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, min(3, len(hole)))))
        return
    if state.can_post_bring_in() and rng.random() < 0.7:
        state.post_bring_in()
        return
    roll = 0.0 if state.can_post_bring_in() else rng.random()
    if state.can_complete_bet_or_raise_to() and roll < 0.35:
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        state.complete_bet_or_raise_to(rng.choice([low, high, rng.randint(low, high)]))
    elif state.can_fold() and roll > 0.9:
        state.fold()
    else:
        state.check_or_call()


def generated_hand(code: str, seed: int) -> str:
    """A hand of ``code`` dealt and played by PokerKit from ``seed``, as PHH text."""
    rng = random.Random(seed)
    most = GAMES[code][2]
    players = rng.randint(2, most)
    antes = rng.choice([0, 0, 1])
    stacks = [rng.choice([rng.randint(3, 40), rng.randint(40, 300)]) for _ in range(players)]
    game = _game(code, antes)
    state_random = random.getstate()
    random.seed(seed)  # PokerKit shuffles its deck with the module's generator
    try:
        state = game(stacks, players)
        while state.status:
            _move(state, rng)
    finally:
        random.setstate(state_random)
    history = pokerkit.HandHistory.from_game_state(game, state)
    history.finishing_stacks = list(state.stacks)
    return str(history.dumps())


def pokerkit_stacks(text: str) -> list[Any]:
    """The stacks PokerKit's own reading of a PHH hand ends with."""
    return final_stacks(pokerkit.HandHistory.loads(text))


def final_stacks(history: Any) -> list[Any]:
    """The stacks a PokerKit ``HandHistory`` ends with."""
    states = [state for state, _ in history.state_actions]
    return list(states[-1].stacks)
