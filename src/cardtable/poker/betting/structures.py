"""The betting structures of a deal: who antes, the blinds, straddles, bring-in, the options.

002_053e85955f9a4108.txt, "Круги ставок", "Предварительная ставка", "Начало втемную",
"Ограничение на повышение ставок".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cardtable.engine.rules import MOST_CHIPS, check_ranges, option

SEED = "002_053e85955f9a4108.txt"


class AnteKind(StrEnum):
    """Who puts in the ante (предварительная ставка) before the deal."""

    NONE = "none"
    EVERYONE = "everyone"
    """Every player ("Обычно всеми игроками вносится обязательная небольшая ставка")."""
    DEALER = "dealer"
    """The dealer alone ("сдающий делает предварительную ставку", Начало втемную)."""
    DEALER_AND_LEFT = "dealer-and-left"
    """The dealer and his left neighbours (lowball's "сдающий и игрок слева от него")."""
    BIG_BLIND = "big-blind"
    """The last blind antes for the table (the modern big-blind ante; PHH ``antes``)."""


@dataclass(frozen=True)
class BettingRules:
    """What the table agreed about betting before the first deal ("д)" and "е)")."""

    checking: bool = option(
        True,
        "Whether a player may check (пропуск хода) when nothing has been bet.",
        f"{SEED}, О каких правилах следует договориться, д)",
    )
    raises_per_player: int = option(
        3,
        "The most raises one player may make in one betting round; 0 for no cap.",
        f"{SEED}, Ограничение на повышение ставок, а)",
        least=0,
        most=1000,
    )
    raises_per_round: int = option(
        0,
        "The most raises all players together may make in one betting round; 0 for no cap.",
        f"{SEED}, Ограничение на повышение ставок, б)",
        least=0,
        most=1000,
    )
    freeze_amount: int = option(
        0,
        "The freeze price added to a call (usually two to five times the maximum); 0: no freeze.",
        f"{SEED}, «Замораживание» повышения ставок",
        least=0,
        most=MOST_CHIPS,
    )
    short_all_in_reopens: bool = option(
        False,
        "Whether an all-in raise smaller than a full raise lets players who already acted "
        "raise again (the seed is silent; the WSOP rules PokerKit follows say no).",
        "PokerKit docs, simulation: Betting; WSOP Tournament Rules",
    )

    def __post_init__(self) -> None:
        check_ranges(self)


@dataclass(frozen=True)
class ForcedBets:
    """The antes, blinds, straddles and bring-in of every deal."""

    ante_kind: AnteKind = option(
        AnteKind.EVERYONE,
        "Who antes: none, everyone, dealer, dealer-and-left, or big-blind.",
        f"{SEED}, Предварительная ставка; Начало втемную; Лоуболл 1)",
    )
    ante: int = option(
        1,
        "The ante in chips; antes are dead (they do not count to call).",
        SEED,
        least=0,
        most=MOST_CHIPS,
    )
    ante_left: int = option(
        1,
        "With dealer-and-left antes, how many left neighbours ante with the dealer.",
        f"{SEED}, Лоуболл 1) (иногда также второй игрок слева)",
        least=0,
        most=9,
    )
    blinds: tuple[int, ...] = option(
        (),
        "Blind bets, live (they count to stay), posted clockwise from blind_start.",
        f"{SEED}, Начало втемную 2)-3)",
        least=1,
        most=MOST_CHIPS,
        longest=10,
    )
    blind_start: int = option(
        1,
        "Seats left of the dealer where the first blind sits (0: the dealer himself).",
        f"{SEED}, Начало втемную (игрок слева от него ставит одну фишку втемную)",
        least=0,
        most=9,
    )
    button_blind_heads_up: bool = option(
        False,
        "Two-handed, the dealer posts the first blind, acts first in the blinds' round and last "
        "after it (the modern rule); otherwise the blinds sit left of the dealer as at a full "
        "table.",
        "PokerKit docs, simulation: Blinds and straddles (heads-up)",
    )
    straddles: int = option(
        0,
        "How many voluntary blind bets, each double the last, may follow the blinds.",
        f"{SEED}, Начало втемную (до трех добровольных ставок втемную)",
        least=0,
        most=9,
    )
    bring_in: int = option(
        0,
        "A forced opening bet by the seat the variant names (stud); 0 for none.",
        "PokerKit docs, simulation: Bring-In",
        least=0,
        most=MOST_CHIPS,
    )
    blind_option: bool = option(
        False,
        "Whether the last blind may still raise when all have only called him; the seed ends "
        "the round when the turn comes back to the last raiser, a blind's raise included.",
        f"{SEED}, Круги ставок, в); Начало втемную 3)",
    )

    def __post_init__(self) -> None:
        check_ranges(self)

    def ante_seats(self, seats: int, dealer: int) -> list[int]:
        """The seats that ante before a deal dealt by ``dealer``."""
        if self.ante_kind is AnteKind.NONE or self.ante <= 0:
            return []
        if self.ante_kind is AnteKind.EVERYONE:
            return [(dealer + 1 + step) % seats for step in range(seats)]
        if self.ante_kind is AnteKind.DEALER:
            return [dealer]
        if self.ante_kind is AnteKind.BIG_BLIND:
            return [(dealer + self._blind_start(seats) + max(len(self.blinds), 1) - 1) % seats]
        return [(dealer + step) % seats for step in range(min(seats, self.ante_left + 1))]

    def blind_seats(self, seats: int, dealer: int) -> list[tuple[int, int]]:
        """Each blind's seat and amount, clockwise from ``blind_start`` seats left of dealer."""
        start = self._blind_start(seats)
        blinds = enumerate(self.blinds)
        return [((dealer + start + step) % seats, amount) for step, amount in blinds]

    def _blind_start(self, seats: int) -> int:
        return 0 if seats == 2 and self.button_blind_heads_up else self.blind_start
