"""The options of a preferans deal and match: the seed's rule by default, the Code's as options.

Every option names its source: ``001`` is 001_776ed664a35a376f.txt (the 1992 encyclopedia after
Shevlyakovsky, preferans rules 1–48); "the Code" is the Russian Preferans Code of 1996 (copies
at http://pref.md/?page_id=167 and http://shram.kiev.ua/games/cards/2_preferans_10_hod_igry.shtml).

>>> PreferansRules().misere_rank
'top'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from cardtable.engine.rules import MOST_DEALS, MOST_POINTS, check_ranges, option

SEED = "001_776ed664a35a376f.txt, preferans"
CODE = "Кодекс преферанса (1996), http://pref.md/?page_id=167"

MisereRank = Literal["top", "after-8nt"]
HoldRule = Literal["after-pass", "senior", "none"]
LoneWhist = Literal["choose", "open", "closed"]
OpenWhistAfter = Literal["declarer-card", "first-card"]
MisereOpen = Literal["none", "defenders", "declarer"]
AllPassTalon = Literal["lead", "none"]
Convention = Literal["classic-1992", "sochi", "leningrad", "rostov"]


@dataclass(frozen=True)
class PreferansRules:
    """Every option of a preferans deal and of a match's sequence of deals."""

    deals: int = option(
        0,
        "Deals in a match; 0 plays until the pools are closed. When the agreed number is "
        "reached the pulka is closed, each pool's shortfall going to the mountain.",
        f"{SEED} rule 15 (the pulka is agreed before play); 003_b655b01c110fd414.txt 4.2.3",
        least=0,
        most=MOST_DEALS,
    )
    convention: Convention = option(
        "classic-1992",
        "The score sheet's convention (docs/rules/preferans-scoring.md): classic-1992, "
        "sochi, leningrad or rostov.",
        f"{SEED} rules 38–48; {CODE}, 4.1–4.2",
    )
    pool: int = option(
        0,
        "The pool every player must write; 0 takes the convention's own.",
        f"{SEED} rule 40",
        least=0,
        most=MOST_POINTS,
    )
    talon_after_round: int = option(
        1,
        "The round of dealing (1 or 2) after which the two talon cards are laid aside.",
        f"{SEED} rule 9",
        least=1,
        most=2,
    )
    misere_rank: MisereRank = option(
        "top",
        "Where misère stands on the ladder: 'top' above 10 without talon, or 'after-8nt' "
        "between 8NT and 9♠ as in the modern game.",
        f"{SEED} rule 17; modern: {CODE}, 3.3 and 3.6",
    )
    misere_first_bid_only: bool = option(
        False,
        "Misère may be bid only as a player's first call, and its bidder then only passes.",
        f"modern: {CODE}, 3.6",
    )
    without_talon_levels: tuple[int, ...] = option(
        (9, 10),
        "Levels that may be bid 'without talon'; each ranks just above the same level in NT.",
        f"{SEED} rule 17 (9 без прикупа, 10 без прикупа)",
        least=6,
        most=10,
        longest=5,
    )
    hold: HoldRule = option(
        "after-pass",
        "Holding the standing bid without raising: 'after-pass' (say 'mine' right after a "
        "pass), 'senior' (the senior hand says 'здесь' to a junior's bid) or 'none'.",
        f"{SEED} rule 19; modern 'здесь': {CODE}, 3.3",
    )
    ten_is_checked: bool = option(
        True,
        "A contract of ten is not whisted: all hands are laid open and the play checked.",
        f"{SEED} rule 26",
    )
    claim_levels: tuple[int, ...] = option(
        (6, 7),
        "Levels at which a lone whister may offer to score without play (two tricks at six, "
        "one at seven) if the declarer agrees.",
        f"{SEED} rule 27",
        least=6,
        most=10,
        longest=5,
    )
    lone_whist: LoneWhist = option(
        "choose",
        "How a lone whister defends: he chooses 'open' (both defenders' hands face up) or "
        "'closed' (the passer plays his own cards), or the table always plays one way.",
        f"{SEED} rule 28; modern open whist: {CODE}, 3.8",
    )
    open_whist_after: OpenWhistAfter = option(
        "declarer-card",
        "When an open whist lays the defenders' hands face up: after the declarer's first card "
        "('declarer-card'; a defender's opening lead is made closed) or after the opening lead, "
        "whoever makes it ('first-card').",
        f"{SEED} rule 28 («после первого хода играющего»); first-card: {CODE}, 3.8",
    )
    half_whist_levels: tuple[int, ...] = option(
        (),
        "Levels at which the second defender may say half-whist after the first passed.",
        f"modern: {CODE}, 3.8 (полвиста)",
        least=6,
        most=10,
        longest=5,
    )
    misere_open: MisereOpen = option(
        "none",
        "Hands laid face up after the first trick of a misère: none, the defenders' or the "
        "declarer's.",
        f"modern practice of catching a misère: {CODE}, 3.6",
    )
    allpass_talon: AllPassTalon = option(
        "lead",
        "All-pass: the talon cards are turned one by one and set the suit of the first two "
        "tricks ('lead'), or the talon stays face down ('none').",
        f"{SEED} rule 29; modern: https://summoning.ru/games/raspas-analiz-prikupa.shtml",
    )
    allpass_exit_levels: tuple[int, ...] = option(
        (),
        "The lowest bid of a deal after a run of all-passes: entry i after i+1 all-passes in "
        "a row, the last repeating; empty means six as always.",
        "modern 'выход из распасов': http://de.shram.kiev.ua/games/cards/"
        "2_preferans_9_leningradka.shtml",
        least=6,
        most=10,
        longest=10,
    )
    irregularities: bool = option(
        False,
        "Let the first hand, before the first call, claim a misdeal (a card exposed in the deal, "
        "a wrong card count, a deal out of turn): the deal is void and dealt again by the seat "
        "whose turn it is, with no penalty. For teaching and for scoring games played with "
        "paper cards; a program's deal has no such accidents.",
        f"{SEED} rules 11–12; {CODE}, 3.2.12–3.2.14",
    )
    renonce_allowed: bool = option(
        False,
        "Let a player revoke (for teaching and offline scoring); the penalties of rules 34–36 "
        "are then applied. Off: a card that does not follow is refused.",
        f"{SEED} rules 33–37",
    )

    def __post_init__(self) -> None:
        check_ranges(self)
