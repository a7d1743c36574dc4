"""The conventions of the pulka as data: what every result writes, and where.

:class:`ScoringRules` holds every option of the score sheet; its defaults are the 1992
encyclopedia's classic game (001_776ed664a35a376f.txt, preferans rules 38–48 and "ПОДСЧЕТЫ И
РАСЧЕТЫ"). The conventions of the Russian Preferans Code — Sochi, Leningrad, Rostov — are
presets in ``conventions/*.toml`` beside this module, loaded with :func:`convention`.

Units follow the players' own: the classic sheet writes a six at 10 points and one whist per
trick, so a mountain point is worth one whist; the Code writes a six at 2 points and counts
a mountain point as 10 whists (003_b655b01c110fd414.txt, 4.1.1 b).

>>> sochi = convention("sochi")
>>> sochi.contract_points, sochi.mountain_point_whists
((2, 4, 6, 8, 10), 10)
>>> convention("classic-1992") == ScoringRules()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Literal

from cardtable.engine.rules import (
    MOST_POINTS,
    Preset,
    check_ranges,
    option,
    parse_preset,
    rules_from_mapping,
)
from cardtable.errors import RulesError, names_hint

SEED = "001_776ed664a35a376f.txt, preferans"
CODE = "Кодекс преферанса (1996)"
TOURNAMENT = "003_b655b01c110fd414.txt"
SKURATOV = "Скуратов О. С., «Преферанс. История, стратегия, тактика» (Leningrad, four players)"
LESNOY = "Лесной Д., «Русский преферанс», 'Сочинка: основные характеристики'"
SHRAM_LENINGRAD = "«Ленинградка», shram.kiev.ua/games/cards/2_preferans_9_leningradka.shtml"
SCORERS = "public scorers' tests, tests/vectors/preferans (docs/rules/preferans-scoring.md)"


@dataclass(frozen=True)
class ContractPrice:
    """The prices of one contract level, as :meth:`ScoringRules.price` reads them."""

    points: int
    """What the contract made writes in the pool (rule 42)."""
    remiz: int
    """What the declarer writes on his mountain per trick short (rule 43)."""
    whist: int
    """Whists a defender writes on the declarer per trick (rules 26, 44)."""
    consolation: int
    """Whists each other player writes on a declarer per trick short (rule 14)."""
    obligation: int
    """Tricks the defenders must take between them (rule 46)."""
    whister_remiz: int
    """What a whister writes on his mountain per trick of the obligation short (rule 45)."""


@dataclass(frozen=True)
class ScoringRules:
    """Every option of the score sheet; the defaults are the 1992 classic game."""

    pool: int = option(
        100,
        "The pool each player must write (the agreed number of rule 40, 4.2.2's 'пулька до 50').",
        f"{SEED} rule 40; {TOURNAMENT} 4.2.2",
        least=1,
        most=MOST_POINTS,
    )
    contract_points: tuple[int, int, int, int, int] = option(
        (10, 20, 30, 40, 50),
        "What a made six, seven, eight, nine and ten write in the pool.",
        f"{SEED} rule 42",
        least=0,
        most=MOST_POINTS,
        longest=5,
    )
    misere_points: int = option(
        50, "What a made misère writes in the pool.", f"{SEED} rule 42", least=0, most=MOST_POINTS
    )
    remiz_points: tuple[int, int, int, int, int] = option(
        (10, 20, 30, 40, 50),
        "What the declarer writes on his mountain for each trick short, six to ten (the "
        "price in Sochi and Rostov, twice the price in Leningrad).",
        f"{SEED} rule 43; {TOURNAMENT} 4.2.1; Leningrad: {SHRAM_LENINGRAD}; {SKURATOV} (a six "
        "one down costs 62 whists, two down 108)",
        least=0,
        most=MOST_POINTS,
        longest=5,
    )
    misere_remiz_points: int = option(
        50,
        "What a misère writes on the mountain for each trick taken (Leningrad: 20).",
        f"{SEED} rule 43; Leningrad: {SHRAM_LENINGRAD}",
        least=0,
        most=MOST_POINTS,
    )
    ten_whisted: bool = option(
        False,
        "A ten may be whisted; off, it is checked with the cards open and written with both "
        "defenders passing (a whist on it is refused).",
        f"{SEED} rule 26 («На игру в 10 взяток виста не существует»); the Code: whisted",
    )
    whist_per_trick: tuple[int, int, int, int, int] = option(
        (1, 2, 3, 4, 5),
        "Whists a defender writes on the declarer per trick, six to ten (the seed stops at nine, "
        "rule 26 having no whist on a ten; five continues its series where a ten is whisted).",
        f"{SEED} rules 26, 44",
        least=0,
        most=MOST_POINTS,
        longest=5,
    )
    consolation_per_trick: tuple[int, int, int, int, int] = option(
        (1, 2, 3, 4, 5),
        "Whists each other player (the dealer included) writes on a declarer per trick short.",
        f"{SEED} rule 14; {CODE} 3.8.1.2",
        least=0,
        most=MOST_POINTS,
        longest=5,
    )
    misere_consolation: bool = option(
        True,
        "The dealer of four writes consolation on a failed misère: a ten's, per trick taken "
        "(the misère is priced as a ten); the defenders write no whists on a misère.",
        f"{SEED} rules 14, 42-43",
    )
    whist_obligation: tuple[int, int, int, int, int] = option(
        (4, 2, 1, 1, 1),
        "Tricks the defenders must take between them against a six, seven, eight, nine, ten.",
        f"{SEED} rules 26, 46; {CODE} 3.8.2",
        least=0,
        most=10,
        longest=5,
    )
    obligation_share: Literal["pair", "each_half", "each_half_up", "together"] = option(
        "pair",
        "When both whist: the pair answers for what the two together left short of the "
        "obligation, written by the whister who took less than his half (an odd trick is the "
        "second whister's half, rule 46); 'each_half' (the Code) makes each answer for his own "
        "half, whatever his partner took; 'each_half_up' makes both answer for the odd one (an "
        "eight, nine or ten with no defence trick fines both); 'together' puts the whole "
        "shortfall on the second whister.",
        f"{SEED} rules 45-46; each_half: {CODE} 3.8.1.3, {TOURNAMENT} 4.2.1; each_half_up: "
        "the Leningrad tournament system ('за вист на 8 - 9 ответственность несут оба "
        "вистующих', github.com/Jura/preferans CONVENTIONS.md) and "
        f"{SCORERS} (preferans.pro, refinishru-Andre/pulka)",
    )
    whister_remiz_points: tuple[int, int, int, int, int] = option(
        (5, 10, 15, 20, 25),
        "What a whister writes on his mountain per trick of his obligation he did not take "
        "(the Code: the contract's price).",
        f"{SEED} rule 45; {CODE} 3.8.1.3; {TOURNAMENT} 4.2.1; Sochi: {LESNOY} ('вист "
        f"ответственный'); {SKURATOV} (Leningrad: a six made with the whister one short is worth "
        "23 whists)",
        least=0,
        most=MOST_POINTS,
        longest=5,
    )
    passer_tricks_to_whister: bool = option(
        True,
        "With one whister, the tricks of the defender who passed count as the whister's.",
        f"{SEED} rule 44",
    )
    gentleman_whist: bool = option(
        False,
        "When one defender whists, the other passes and the declarer goes down, the two share "
        "equally all the whists written on him (the defence's tricks and the consolation).",
        f"{SHRAM_LENINGRAD} ('вист джентльменский'); pref-game.ru forum, 'Ленинградка'; "
        "alikas.kz, 'Итог партии при ремизе играющего'",
    )
    half_whist: bool = option(
        True,
        "A lone whister may, with the declarer's consent, write whists for half the obligation "
        "without play (two tricks on a six, one on a seven).",
        f"{SEED} rule 27; {CODE} 3.8 'полвиста'",
    )
    half_whist_top: int = option(
        7,
        "The highest contract a half-whist may be said against.",
        f"{SEED} rule 27",
        least=6,
        most=10,
    )
    good_talon: bool = option(
        True,
        "With four players the dealer writes whists on the declarer for a good talon: one "
        "trick's worth for an ace or a marriage, three for two aces.",
        f"{SEED} rule 47",
    )
    good_talon_tricks: int = option(
        1,
        "The tricks' worth of whists the dealer of four writes for an ace or a marriage in the "
        "talon.",
        f"{SEED} rule 47",
        least=0,
        most=10,
    )
    good_talon_two_aces_tricks: int = option(
        3,
        "The tricks' worth of whists the dealer of four writes for two aces in the talon.",
        f"{SEED} rule 47",
        least=0,
        most=10,
    )
    allpass_column: Literal["mountain", "whists"] = option(
        "mountain",
        "Where all-pass tricks are written: on the taker's mountain, or (Rostov) as whists "
        "the player with the fewest tricks (both, if two tie) writes on each partner for "
        "every trick that partner took.",
        f"{SEED} rule 48; {CODE} 3.7.2.1-3.7.2.2",
    )
    allpass_per_trick: int = option(
        10,
        "What each all-pass trick writes (rule 48: 5 or 10 by agreement; the Code's "
        "conventions: 1, four tricks costing 30 whists among four).",
        f"{SEED} rule 48; {SKURATOV}",
        least=0,
        most=MOST_POINTS,
    )
    allpass_progression: tuple[int, ...] = option(
        (1,),
        "Multipliers of the first, second, third... all-pass in a row (the last repeats).",
        f"{CODE} 3.7; Sochi: {LESNOY} ('распасовка прогрессирующая: обычно в арифметической "
        f"прогрессии (1–2–3)'); {SKURATOV}: the variant 'с прогрессом' costs 2, 4, 6 a trick",
        least=0,
        most=1000,
        longest=100,
    )
    allpass_clean_points: int = option(
        0,
        "Points a player who took no trick on an all-pass writes in his pool (times the "
        "progression): the price of one trick (the Code; Rostov: one point).",
        f"{CODE} 3.7.2.1-3.7.2.2",
        least=0,
        most=MOST_POINTS,
    )
    coefficients: bool = option(
        False,
        "Deals may carry a coefficient (dark games, bombs, refets) multiplying all they write; "
        "off, as qualifying tournaments should avoid them.",
        f"{TOURNAMENT} 4.1.2",
    )
    robber: bool = option(
        False,
        "The preliminary 'разбойник' is played: each plays six to ten and a misère, results on "
        "the mountain, no whists.",
        f"{SEED} rule 38",
    )
    preliminary_allpass: bool = option(
        False,
        "Two rounds of preliminary all-pass: tricks times 10 on the mountain, 10 off the pool "
        "for every zero.",
        f"{SEED} rules 39-40",
    )
    preliminary_allpass_per_trick: int = option(
        10,
        "What each trick of a preliminary all-pass writes on its taker's mountain.",
        f"{SEED} rule 39",
        least=0,
        most=MOST_POINTS,
    )
    preliminary_allpass_clean_points: int = option(
        10,
        "What a player who took no trick in a preliminary all-pass writes in his pool.",
        f"{SEED} rules 39-40",
        least=0,
        most=MOST_POINTS,
    )
    write_off_mountain: bool = option(
        True,
        "A made contract may be written off the declarer's mountain instead of into his pool.",
        f"{SEED} rule 42",
    )
    help: bool = option(
        True,
        "A player whose pool is full closes his opponents' pools, writing whists on them.",
        f"{SEED} 'ПОДСЧЕТЫ И РАСЧЕТЫ'; {TOURNAMENT} 4.2.3",
    )
    help_whists_per_point: int = option(
        1,
        "Whists written on the opponent helped, per pool point (the seed: 'то же количество "
        "очков'; the Code: ten).",
        f"{SEED} 'ПОДСЧЕТЫ И РАСЧЕТЫ'; {TOURNAMENT} 4.2.3",
        least=0,
        most=MOST_POINTS,
    )
    open_pools_at_end: int = option(
        1,
        "How many pools may still be open when the pulka ends (the seed: when three are closed "
        "the fourth carries his pool to the mountain; the Code: none).",
        f"{SEED} 'ПОДСЧЕТЫ И РАСЧЕТЫ'; {TOURNAMENT} 4.2.3",
        least=0,
        most=3,
    )
    unclosed_factor: int = option(
        1,
        "Mountain points per pool point still missing at the end (Leningrad: two).",
        f"{TOURNAMENT} 4.2.3, 4.2.3.3",
        least=0,
        most=100,
    )
    overplayed_factor: int = option(
        0,
        "Mountain points written off per pool point beyond the pool at the end, where points "
        "stay in an overfull pool (Leningrad: two); 0 when points never overflow the pool.",
        f"{TOURNAMENT} 4.2.3.3",
        least=0,
        most=100,
    )
    mountain_point_whists: int = option(
        1,
        "Whists a mountain point is worth at the settlement, divided among all the players "
        "(the seed: 1300 points are 325 whists each among four; the Code: ten).",
        f"{SEED} 'ПОДСЧЕТЫ И РАСЧЕТЫ'; {TOURNAMENT} 4.1.1 b",
        least=0,
        most=MOST_POINTS,
    )
    rounding: Literal["exact", "whole", "pairs_up"] = option(
        "exact",
        "Balances kept exact, or rounded to whole whists by largest remainders so that they "
        "still sum to zero ('whole'), or settled pair by pair with each pair's net rounded up "
        "to a whole whist for the pair's winner ('pairs_up').",
        "cardtable decision, docs/rules/preferans-scoring.md; pairs_up: "
        f"{SCORERS} (preferans.pro's server test 'calculateFinalResult')",
    )

    def price(self, level: int) -> ContractPrice:
        """What a contract of ``level`` (six to ten) writes under this convention.

        >>> ScoringRules().price(7)
        ContractPrice(points=20, remiz=20, whist=2, consolation=2, obligation=2, whister_remiz=10)
        """
        i = level - 6
        return ContractPrice(
            points=self.contract_points[i],
            remiz=self.remiz_points[i],
            whist=self.whist_per_trick[i],
            consolation=self.consolation_per_trick[i],
            obligation=self.whist_obligation[i],
            whister_remiz=self.whister_remiz_points[i],
        )

    def __post_init__(self) -> None:
        check_ranges(self)
        if not self.allpass_progression:
            raise RulesError("option 'allpass_progression': needs at least one multiplier")


CONVENTIONS = ("classic-1992", "sochi", "leningrad", "rostov")
"""The conventions shipped with cardtable, in ``conventions/<name>.toml``."""


def convention_preset(name: str) -> Preset:
    """The preset of a named convention, checked against :class:`ScoringRules`."""
    if name not in CONVENTIONS:
        hint = names_hint(name, CONVENTIONS, "conventions", "cardtable preferans conventions")
        raise RulesError(f"no convention {name!r} ({hint})")
    folder = resources.files("cardtable.preferans").joinpath("conventions")
    text = folder.joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return parse_preset(name, text, ScoringRules)


def convention(name: str, overrides: Mapping[str, object] | None = None) -> ScoringRules:
    """The rules of a named convention, with any ``overrides`` applied."""
    base = rules_from_mapping(ScoringRules, convention_preset(name).overrides, where=name)
    if not overrides:
        return base
    return rules_from_mapping(ScoringRules, overrides, base=base, where=f"{name} rules")
