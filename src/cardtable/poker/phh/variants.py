"""The PHH variant codes and the table's rules: which catalogue variant plays each code."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from cardtable.engine.registry import get_game
from cardtable.errors import CardtableError, IllegalAction, RecordError
from cardtable.poker.phh.hand import PhhHand
from cardtable.poker.table_rules import PokerRules

PRESETS = {
    "NT": "holdem",
    "FT": "holdem",
    "PO": "omaha",
    "FO/8": "omaha-hi-lo",
    "F7S": "seven-card-stud-last-down",
    "F7S/8": "seven-card-stud-last-down",
    "FR": "razz",
    "N2L1D": "deuce-to-seven-triple-draw",
    "F2L3D": "deuce-to-seven-triple-draw",
}
"""The catalogue variant each PHH code is played as (with the code's limits and changes)."""


NOT_DEALT = {
    "NS": "short-deck hold'em ranks a flush above a full house, which no variant here does",
    "FB": "badugi hands (four cards of different suits and ranks) are not ranked here",
}
"""The PHH codes the table cannot deal, with the reason."""


NO_LIMIT = ("NT", "N2L1D")


POT_LIMIT = ("PO",)


STUD = ("F7S", "F7S/8", "FR")


def phh_rules(hand: PhhHand) -> PokerRules:
    """The table's rules for a PHH hand: its variant, forced bets and limits."""
    preset = PRESETS.get(hand.variant)
    if preset is None:
        if hand.variant in NOT_DEALT:
            reason = NOT_DEALT[hand.variant]
            raise RecordError(f"the table cannot deal PHH variant {hand.variant}: {reason}")
        known = ", ".join(PRESETS)
        raise RecordError(f"the table plays PHH variants {known}, not {hand.variant[:16]!r}")
    players = len(hand.starting_stacks)
    if players > _preset(preset).variant.players_max:
        raise RecordError(f"{players} players are too many for PHH variant {hand.variant}")
    blinds = list(hand.blinds_or_straddles)
    while blinds and blinds[-1] == 0:
        blinds.pop()
    if blinds and hand.variant in STUD:
        raise RecordError(f"PHH variant {hand.variant} has a bring-in, not blinds")
    forced: dict[str, Any] = {"blinds": blinds, "straddles": 0, "button_blind_heads_up": True}
    forced |= {"bring_in": _bring_in(hand), "blind_start": 1}
    # PokerKit gives the last blind his option; a bring-in has none.
    forced["blind_option"] = bool(blinds)
    forced |= _antes(hand.antes, len(blinds), players)
    big = max(hand.starting_stacks) * players
    # One hand, no chips added: the chips on the table limit the bets. No-limit is table
    # stakes, the other limits a freeze-out, which the seed forbids at table stakes.
    limits: dict[str, Any] = {"buy_in_minimum": 1, "top_up_minimum": 1, "freeze_out": True}
    limits |= {"round_minimum": [], "round_maximum": [], "maximum": big}
    if hand.variant in NO_LIMIT:
        limits |= {"system": "table-stakes", "minimum": max(hand.min_bet, 1)}
        limits |= {"raise_at_least_last": True, "freeze_out": False}
    elif hand.variant in POT_LIMIT:
        limits |= {"system": "pot", "minimum": max(hand.min_bet, 1), "raise_at_least_last": True}
    else:
        rounds = sum(step.do == "bet" for step in _preset(preset).variant.steps)
        small, big_bet = hand.small_bet, hand.big_bet
        if not 0 < small <= big_bet:
            raise RecordError(f"PHH variant {hand.variant} needs 0 < small_bet <= big_bet")
        # The bet size is each round's most; any smaller amount is let through, for the
        # bring-in's completion and an all-in for less, which PHH records as plain bets.
        half = 2 if hand.variant in STUD else rounds // 2
        sizes = [small] * half + [big_bet] * (rounds - half)
        limits |= {"system": "fixed", "minimum": 1, "maximum": big_bet}
        limits |= {"round_minimum": [1], "round_maximum": sizes}
    overrides: dict[str, Any] = {
        "forced": forced,
        "limits": limits,
        "stake": min(hand.starting_stacks),
        "deals": 1,
        # PokerKit lets a player who has acted raise again after a short all-in raise.
        "betting": {"raises_per_player": 0, "raises_per_round": 0, "short_all_in_reopens": True},
    }
    overrides |= _variant_changes(hand.variant)
    try:
        rules: PokerRules = get_game("poker").rules(preset, overrides)
    except CardtableError as error:
        raise RecordError(
            f"the hand's forced bets and limits do not make a table: {error}"
        ) from None
    return rules


@functools.cache
def _preset(name: str) -> PokerRules:
    rules: PokerRules = get_game("poker").rules(name)
    return rules


def _variant_changes(code: str) -> dict[str, Any]:
    """How a code's game differs from the catalogue preset it is played as."""
    if code == "F7S/8":
        hi_lo = {"win": "high-low", "declarations": "cards-speak", "low_qualifier": 8}
        return {"variant": {**hi_lo, "hands": {"low": "lowball"}}}
    if code == "N2L1D":
        steps = [
            {"do": "deal", "down": 5},
            {"do": "bet", "opens": "left"},
            {"do": "draw", "most": 5},
            {"do": "bet", "opens": "left"},
        ]
        return {"variant": {"steps": steps}}
    return {}


def _bring_in(hand: PhhHand) -> int:
    """The bring-in the table posts: the file's, or the completion when the low card completes.

    PokerKit lets the player who must bring in complete the bet instead (``pN cbr``); the
    table posts the forced bet for him, so it posts the completion.
    """
    if hand.variant not in STUD:
        return 0
    first = next((action for action in hand.actions if action.seat is not None), None)
    if first is not None and first.verb == "cbr":
        return first.amount
    if not hand.bring_in:
        raise RecordError(f"PHH variant {hand.variant} needs a bring_in")
    return hand.bring_in


def _antes(antes: Sequence[int], blinds: int, players: int) -> dict[str, Any]:
    paid = [ante for ante in antes if ante]
    if not paid:
        return {"ante_kind": "none"}
    if len(paid) == players and len(set(paid)) == 1:
        return {"ante_kind": "everyone", "ante": paid[0]}
    if len(paid) == 1 and blinds and antes[blinds - 1] == paid[0]:
        return {"ante_kind": "big-blind", "ante": paid[0]}
    raise RecordError("the table has antes from everyone, the big blind, or nobody")


def phh_code(rules: PokerRules) -> str:
    """The PHH code of the variant and limits ``rules`` play, or ``IllegalAction``."""
    name = rules.variant.name
    system = rules.limits.system.value
    stud = rules.forced.bring_in > 0
    last_down = rules.variant.last_card_down  # PHH's studs deal the seventh card down
    codes = {
        ("holdem", "table-stakes"): "NT",
        ("holdem", "fixed"): "FT",
        ("omaha", "pot"): "PO",
        ("omaha-hi-lo", "fixed"): "FO/8",
        ("deuce-to-seven-triple-draw", "fixed"): "F2L3D",
        ("deuce-to-seven-triple-draw", "table-stakes"): "N2L1D",
    }
    code = codes.get((name, system))
    if name.startswith("seven-card-stud") and stud and system == "fixed" and last_down:
        code = "F7S/8" if rules.variant.win == "high-low" else "F7S"
    if name == "razz" and stud and system == "fixed" and last_down:
        code = "FR"
    if code is None:
        raise IllegalAction(
            f"PHH has no code for {name!r} with {system} limits; keep cardtable's own record"
        )
    return code
