"""The options of piquet: every rule of the seed as a default, the English game as a preset.

Each option names its clause: ``001`` is the seed file 001_776ed664a35a376f.txt (the piquet
rules 1–50 and the section for three players that follows them); the English options cite
David Parlett's rules of the Portland Club game (parlettgames.uk/histocs/piqrules.html),
which set down Cavendish's laws.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.rules import MOST_CHIPS, check_ranges, option

SEED = "001_776ed664a35a376f.txt"
PARLETT = "Parlett, rules of piquet (Cavendish's laws), parlettgames.uk/histocs/piqrules.html"

MOST_SCORE = 10_000
"""The largest score or threshold a piquet option may name (a partie is counted in hundreds)."""
MOST_PARTIES = 1_000
"""The most parties a match may be agreed to last."""

Scoring = Literal["koroliks", "rubicon"]
"""How deals add up: the seed's koroliks and partie, or the English rubicon partie."""

BlankWhen = Literal["exchanged", "dealt"]
"""Whether carte blanche is judged on the hand after the exchange or on the dealt hand."""

Leftover = Literal["look", "shown", "hidden"]
"""What becomes of the talon cards nobody took."""

Showing = Literal["on_demand", "always", "never"]
"""When the cards of a counted declaration are shown."""

DealerTakes = Literal["all_or_three", "any"]
"""What the dealer may take: all he is entitled to or exactly three, or any number."""


@dataclass(frozen=True)
class PiquetRules:
    """Every option of piquet for two and for three."""

    elder_min_exchange: int = option(
        3,
        "Fewest talon cards the elder hand may take if he exchanges at all.",
        f"{SEED}, rule 9; English game: {PARLETT}",
        least=1,
        most=5,
    )
    elder_may_refuse: bool = option(
        True,
        "The elder hand may refuse the talon altogether.",
        f"{SEED}, rule 10; English game: {PARLETT}",
    )
    dealer_may_refuse: bool = option(
        True, "The dealer may refuse the talon altogether.", f"{SEED}, rule 10"
    )
    dealer_takes: DealerTakes = option(
        "all_or_three",
        "The dealer takes all the talon left to him or only three (the elder's leftovers among "
        "them); 'any' lets him take any number from the top.",
        f"{SEED}, rule 9; English game: {PARLETT}",
    )
    leftover_talon: Leftover = option(
        "look",
        "The talon cards nobody took: each player may look at them ('look'), they are shown "
        "to all ('shown'), or they stay unseen ('hidden').",
        f"{SEED}, rule 11",
    )
    irregularities: bool = option(
        False,
        "Players may report the irregularities of the deal and the exchange as actions: a card "
        "exposed in the deal, a card too many, a discard too short; the engine applies the "
        "seed's remedy (a redeal by the same dealer, the opponent's choice, molchanka). For "
        "teaching and for scoring games played with paper cards; a program's deal has no such "
        "accidents.",
        f"{SEED}, rules 6, 12–17",
    )
    showing: Showing = option(
        "on_demand",
        "The cards of a counted declaration are shown when an opponent demands them "
        "('on_demand'), always ('always') or never ('never').",
        f"{SEED}, rule 23",
    )
    carte_blanche: int = option(
        10,
        "Carte blanche (no king, queen or jack) scores this, counted first.",
        f"{SEED}, rule 29",
        least=0,
        most=MOST_SCORE,
    )
    carte_blanche_when: BlankWhen = option(
        "exchanged",
        "Carte blanche is judged on the hand after the exchange (among the declarations).",
        f"{SEED}, rules 20 and 29; English game: {PARLETT}",
    )
    carte_rouge: int = option(
        20,
        "A hand whose twelve cards all go into counted declarations scores this (0: off).",
        f"{SEED}, rule 41; English game: {PARLETT}",
        least=0,
        most=MOST_SCORE,
    )
    min_set_rank: int = option(
        10, "The lowest rank that forms a fourteen or a trio.", f"{SEED}, rule 25", least=7, most=14
    )
    long_sequence_bonus: int = option(
        10,
        "A sequence of five or more scores its length plus this: quint 15, sixième 16 (the "
        "seed's 'five and fifteen' is the point's five beside the quint's fifteen).",
        f"{SEED}, rule 22",
        least=0,
        most=MOST_SCORE,
    )
    repique_at: int = option(
        30,
        "Points in hand before the first lead that make a repique.",
        f"{SEED}, rule 19",
        least=1,
        most=MOST_SCORE,
    )
    repique_to: int = option(
        90,
        "What the repiquing player's count becomes at that moment.",
        f"{SEED}, rule 19",
        least=0,
        most=MOST_SCORE,
    )
    pique_at: int = option(
        30,
        "Points by hand and leads that make a pique for the first leader.",
        f"{SEED}, rules 19, 32",
        least=1,
        most=MOST_SCORE,
    )
    pique_to: int = option(
        60, "What the piquing player's count becomes.", f"{SEED}, rule 19", least=0, most=MOST_SCORE
    )
    last_trick_extra: int = option(
        3,
        "Points for the last trick beyond the usual one.",
        f"{SEED}, rules 37, 39; English game: {PARLETT}",
        least=0,
        most=MOST_SCORE,
    )
    capot_drops_last_trick_extra: bool = option(
        True,
        "A capot does not add the last trick's extra points.",
        f"{SEED}, rule 39; English game: {PARLETT}",
    )
    lesa: int = option(
        10,
        "More than half the tricks (the cards) score this.",
        f"{SEED}, rule 40",
        least=0,
        most=MOST_SCORE,
    )
    capot: int = option(
        40,
        "All the tricks score this instead of the lesa.",
        f"{SEED}, rule 38",
        least=0,
        most=MOST_SCORE,
    )
    open_capot: int = option(
        80,
        "All the tricks, announced before the first lead, score this.",
        f"{SEED}, rule 38; English game: {PARLETT}",
        least=0,
        most=MOST_SCORE,
    )
    molchanka_doubles_tricks: bool = option(
        True,
        "When one player plays in molchanka, the other counts his leads and tricks double.",
        f"{SEED}, rules 17, 33; English game: {PARLETT}",
    )
    scoring: Scoring = option(
        "koroliks",
        "How the deals of a partie are scored.",
        f"{SEED}, rules 46–50; English game: {PARLETT}",
    )
    round_koroliks: bool = option(
        True, "Korolik records are rounded up to whole tens.", f"{SEED}, rule 46"
    )
    korolik_bonus: int = option(
        100,
        "Added to the difference of a korolik and of the partie.",
        f"{SEED}, rule 46",
        least=0,
        most=MOST_SCORE,
    )
    clean_sheet: int = option(
        100,
        "Scored when the opponent wins no deal in the whole partie.",
        f"{SEED}, rule 50",
        least=0,
        most=MOST_SCORE,
    )
    refet_closes_korolik: bool = option(
        True,
        "A refet (equal counts) closes its korolik at once; the next korolik is doubled.",
        f"{SEED}, rules 47–49",
    )
    parties: int = option(1, "Parties in a match.", f"{SEED}, rule 46", least=1, most=MOST_PARTIES)
    stake: int = option(
        1,
        "Kopecks per point of the net result (the ledger's unit).",
        f"{SEED}, rule 46",
        least=1,
        most=MOST_CHIPS,
    )
    rubicon: int = option(
        100,
        "The rubicon partie's threshold and bonus.",
        f"{PARLETT}, 'Rubicon Piquet'",
        least=1,
        most=MOST_SCORE,
    )
    three_talon_all_or_none: bool = option(
        True,
        "For three, the dealer takes both talon cards or none.",
        f"{SEED}, piquet for three",
    )
    three_repique_at: int = option(
        20,
        "For three: points in hand that make a repique.",
        f"{SEED}, piquet for three",
        least=1,
        most=MOST_SCORE,
    )
    three_pique_at: int = option(
        20,
        "For three: points by hand and leads that make a pique.",
        f"{SEED}, piquet for three",
        least=1,
        most=MOST_SCORE,
    )
    three_capot: int = option(
        20, "For three: the capot.", f"{SEED}, piquet for three", least=0, most=MOST_SCORE
    )
    three_open_capot: int = option(
        40,
        "For three: the announced capot (double, as for two).",
        f"{SEED}, piquet for three",
        least=0,
        most=MOST_SCORE,
    )
    three_target: int = option(
        100,
        "For three: the score (100, 150 or 200) whose first reacher leaves the game.",
        f"{SEED}, piquet for three",
        least=1,
        most=MOST_SCORE,
    )

    def __post_init__(self) -> None:
        check_ranges(self)
